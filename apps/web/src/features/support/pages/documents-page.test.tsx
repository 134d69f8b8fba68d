import type { DocumentItem } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { FakeXhr } from "../../../test/fake-xhr";
import { demoUser } from "../../../test/fixtures";
import { type MockRequest, mockApi, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { DocumentsPage } from "./documents-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  FakeXhr.reset();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  session.set(demoUser);
});
afterEach(() => vi.unstubAllGlobals());

const SP = "POST /api/support/documents/service-provider";
const PRODUCT = "POST /api/support/documents/wingen";
const SP_UPSERT = "POST /api/support/documents/service-provider/upsert";

const MB = 1024 * 1024;

const doc = (
  id: number,
  change: Partial<DocumentItem> = {},
  file: Partial<DocumentItem["file"]> = {},
): DocumentItem => ({
  id,
  kind: "serviceProvider",
  organizationId: 7,
  title: `Document ${id}`,
  description: null,
  file: {
    fileName: `document-${id}.pdf`,
    contentType: "application/pdf",
    sizeBytes: Math.round(1.2 * MB),
    downloadUrl: `/api/support/files/dl-${id}`,
    previewUrl: `/api/support/files/pv-${id}`,
    linksExpireAt: "2026-12-01T10:15:00.000Z",
    ...file,
  },
  updatedByName: "Jo Park",
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-24T10:00:00.000Z",
  ...change,
});

const HANDBOOK = doc(
  1,
  { title: "Field handbook", description: "How a shift runs, from the first approach to the last booking." },
  { fileName: "field-handbook.pdf" },
);
const POLICY = doc(
  2,
  { title: "Expense policy" },
  {
    fileName: "expense-policy.docx",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    sizeBytes: 48_300,
    previewUrl: null,
  },
);
const BADGE = doc(
  3,
  { title: "Badge photo" },
  { fileName: "badge.png", contentType: "image/png", sizeBytes: 512 },
);

/** A list as the server answers it, filtered by the search, with whether the caller manages it. */
const listOf =
  (rows: () => DocumentItem[], canManage: boolean) =>
  ({ body }: MockRequest) => {
    const b = (body ?? {}) as { search?: string; page?: number; pageSize?: number };
    const words = (b.search ?? "").toLowerCase();
    const items = rows().filter((d) => !words || d.title.toLowerCase().includes(words));
    return { items, total: items.length, page: b.page ?? 1, pageSize: b.pageSize ?? 25, canManage };
  };

function serve(
  rows: () => DocumentItem[],
  { canManage = true, product = () => [] as DocumentItem[], productManage = false, extra = {} } = {},
) {
  return mockApi(fetchMock, {
    [SP]: listOf(rows, canManage),
    [PRODUCT]: listOf(product, productManage),
    ...extra,
  });
}

const renderPage = (path = "/support/documents") =>
  renderRoutes([{ path: "/support/documents", Component: DocumentsPage }], path);

const table = (name = "Service-provider documents") => screen.findByRole("table", { name });
const rowOf = async (title: string) => {
  const cell = await within(await table()).findByText(title);
  return cell.closest("tr") as HTMLElement;
};
const fileInput = (dialog: HTMLElement) => dialog.querySelector('input[type="file"]') as HTMLInputElement;

/** A file of any size without holding its bytes. */
function fileOf(name: string, size: number, type = "") {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

describe("DocumentsPage", { timeout: 30_000 }, () => {
  it("lists the organization's documents with their type, size and change, and the actions each one offers", async () => {
    const api = serve(() => [HANDBOOK, POLICY]);
    renderPage();

    const row = await rowOf("Field handbook");
    expect(within(row).getByText(/first approach to the last booking/)).toBeTruthy();
    expect(within(row).getAllByText("PDF").length).toBeGreaterThan(0);
    expect(within(row).getAllByText("1.2 MB").length).toBeGreaterThan(0);
    expect(within(row).getAllByText(/by Jo Park/).length).toBeGreaterThan(0);
    expect(within(row).getByRole("button", { name: "Preview Field handbook" })).toBeTruthy();
    const download = within(row).getByRole("link", { name: "Download Field handbook" });
    expect(download.getAttribute("href")).toBe("/api/support/files/dl-1");
    expect(download.hasAttribute("download")).toBe(true);
    expect(within(row).getByRole("button", { name: "Edit Field handbook" })).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Delete Field handbook" })).toBeTruthy();

    // A Word file cannot be shown in the browser: no preview, only the download.
    const policy = await rowOf("Expense policy");
    expect(within(policy).getAllByText("Word document").length).toBeGreaterThan(0);
    expect(within(policy).getAllByText("47.2 KB").length).toBeGreaterThan(0);
    expect(within(policy).queryByRole("button", { name: "Preview Expense policy" })).toBeNull();
    expect(within(policy).getByRole("link", { name: "Download Expense policy" })).toBeTruthy();

    expect(screen.getByRole("button", { name: "Upload document" })).toBeTruthy();
    expect(api.bodies(SP)[0]).toEqual({ page: 1, pageSize: 25 });
  });

  it("previews a PDF in a titled frame and an image with its alternative text", async () => {
    serve(() => [HANDBOOK, BADGE]);
    const user = userEvent.setup();
    renderPage();

    await user.click(
      within(await rowOf("Field handbook")).getByRole("button", { name: "Preview Field handbook" }),
    );
    const pdf = await screen.findByRole("dialog", { name: "Field handbook" });
    const frame = pdf.querySelector("iframe") as HTMLIFrameElement;
    expect(frame.getAttribute("title")).toBe("Preview of Field handbook");
    expect(frame.getAttribute("src")).toBe("/api/support/files/pv-1");
    await user.click(within(pdf).getByRole("button", { name: "Close the preview" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Field handbook" })).toBeNull());

    await user.click(within(await rowOf("Badge photo")).getByRole("button", { name: "Preview Badge photo" }));
    const image = await screen.findByRole("dialog", { name: "Badge photo" });
    const img = within(image).getByRole("img", { name: "Badge photo" });
    expect(img.getAttribute("src")).toBe("/api/support/files/pv-3");
    expect(image.querySelector("iframe")).toBeNull();
  });

  it("searches once typing pauses", async () => {
    const api = serve(() => [HANDBOOK, POLICY]);
    const user = userEvent.setup();
    renderPage();
    await rowOf("Field handbook");

    await user.type(screen.getByRole("searchbox", { name: "Search" }), "expense");
    await waitFor(() => expect(api.bodies(SP).at(-1)).toEqual({ page: 1, pageSize: 25, search: "expense" }));
    // One search for the words, not one per key.
    expect(api.bodies(SP).filter((b) => b.search)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText("Field handbook")).toBeNull());
    expect(await screen.findByText("Expense policy")).toBeTruthy();
  });

  it("shows the product documents on their tab, without the managers' buttons for those who do not manage them", async () => {
    const api = serve(() => [HANDBOOK], {
      product: () => [doc(9, { kind: "product", organizationId: null, title: "Release notes" })],
    });
    const user = userEvent.setup();
    renderPage();
    await rowOf("Field handbook");

    await user.click(screen.getByRole("tab", { name: "Product" }));
    const row = (await within(await table("Product documents")).findByText("Release notes")).closest(
      "tr",
    ) as HTMLElement;
    expect(api.bodies(PRODUCT)).toHaveLength(1);
    expect(within(row).getByRole("button", { name: "Preview Release notes" })).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Download Release notes" })).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Edit Release notes" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Delete Release notes" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Upload document" })).toBeNull();
  });

  it("says there are no documents yet, offering the upload to managers only", async () => {
    serve(() => [], { canManage: true });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("No documents yet")).toBeTruthy();
    // The header's button and the empty state's.
    expect(screen.getAllByRole("button", { name: "Upload document" })).toHaveLength(2);

    await user.click(screen.getByRole("tab", { name: "Product" }));
    expect(
      await screen.findByText("Documents about the product show here when they are added."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upload document" })).toBeNull();
  });

  it("refuses a file that is too large or of another kind before sending anything", async () => {
    serve(() => [HANDBOOK]);
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await rowOf("Field handbook");
    await user.click(screen.getByRole("button", { name: "Upload document" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload document" });

    await user.upload(fileInput(dialog), fileOf("site-survey.pdf", Math.round(31.2 * MB), "application/pdf"));
    expect(
      await within(dialog).findByText("The file is 31.2 MB; the most a document can be is 25 MB."),
    ).toBeTruthy();

    await user.upload(fileInput(dialog), fileOf("setup.exe", 2_000, "application/x-msdownload"));
    expect(
      await within(dialog).findByText(
        "“setup.exe” cannot be a document. Choose one of these kinds: PDF, PNG image, JPEG image, GIF image, WebP image, Word document, Excel workbook, PowerPoint presentation, text file, CSV file.",
      ),
    ).toBeTruthy();

    // Saving asks for a title and a file; nothing was sent.
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByText("Give the document a title")).toBeTruthy();
    expect(FakeXhr.all).toHaveLength(0);
    expect(fetchMock.mock.calls.every(([url]) => !String(url).includes("upsert"))).toBe(true);
  });

  it("uploads with a progress bar, then closes and reads the list again", async () => {
    let rows = [HANDBOOK];
    const api = serve(() => rows);
    const user = userEvent.setup();
    renderPage();
    await rowOf("Field handbook");
    await user.click(screen.getByRole("button", { name: "Upload document" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload document" });

    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Safety sheet");
    await user.type(
      within(dialog).getByRole("textbox", { name: "Description" }),
      "Read before the first shift.",
    );
    await user.upload(fileInput(dialog), new File(["%PDF-1.7"], "Safety.PDF", { type: "application/pdf" }));
    expect(within(dialog).getByTestId("chosen-file").textContent).toBe("Safety.PDF (8 bytes)");
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));

    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.last as FakeXhr;
    expect(`${xhr.method} ${xhr.url}`).toBe(SP_UPSERT);
    expect(xhr.headers.Authorization).toBe("Bearer tok-123");
    expect(xhr.headers.CurrentOrganizationId).toBe("7");
    expect(xhr.fields()).toEqual({
      title: "Safety sheet",
      description: "Read before the first shift.",
      file: "Safety.PDF",
    });

    xhr.progress(42, 100);
    const bar = await within(dialog).findByRole("progressbar", { name: "Upload of Safety.PDF" });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("42"));
    expect(within(dialog).getByText("Safety.PDF: Uploading… 42%")).toBeTruthy();

    const saved = doc(4, { title: "Safety sheet", description: "Read before the first shift." });
    rows = [HANDBOOK, saved];
    const lists = api.bodies(SP).length;
    xhr.progress(100, 100);
    xhr.answer(200, saved);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Upload document" })).toBeNull());
    expect(api.bodies(SP).length).toBeGreaterThan(lists);
    expect(await within(await table()).findByText("Safety sheet")).toBeTruthy();
  });

  it("cancels an upload with its Cancel button and keeps the form", async () => {
    serve(() => [HANDBOOK]);
    const user = userEvent.setup();
    renderPage();
    await rowOf("Field handbook");
    await user.click(screen.getByRole("button", { name: "Upload document" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload document" });
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Big deck");
    await user.upload(fileInput(dialog), new File(["PK"], "deck.pptx"));
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    (FakeXhr.last as FakeXhr).progress(10, 100);

    await user.click(await within(dialog).findByRole("button", { name: "Cancel upload" }));
    expect((FakeXhr.last as FakeXhr).aborted).toBe(true);
    expect(await within(dialog).findByText("The upload was cancelled; nothing was saved.")).toBeTruthy();
    expect(within(dialog).queryByRole("progressbar")).toBeNull();
    expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveProperty("value", "Big deck");
  });

  it("shows the server's words when it refuses the file's content", async () => {
    serve(() => [HANDBOOK]);
    const user = userEvent.setup();
    renderPage();
    await rowOf("Field handbook");
    await user.click(screen.getByRole("button", { name: "Upload document" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload document" });
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Not a PDF");
    await user.upload(fileInput(dialog), new File(["MZ"], "renamed.pdf", { type: "application/pdf" }));
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    (FakeXhr.last as FakeXhr).answer(
      415,
      {
        status: 415,
        title: "Unsupported Media Type",
        message: "The file is not a PDF, whatever its name says.",
      },
      "application/problem+json",
    );
    expect(await within(dialog).findByText("The file is not a PDF, whatever its name says.")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Upload document" })).toBeTruthy();
  });

  it("opens the file picker from the keyboard through the Choose file button", async () => {
    serve(() => [HANDBOOK]);
    const user = userEvent.setup();
    renderPage();
    await rowOf("Field handbook");
    await user.click(screen.getByRole("button", { name: "Upload document" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload document" });
    const picker = vi.spyOn(fileInput(dialog), "click");

    const choose = within(dialog).getByRole("button", { name: "Choose file" });
    choose.focus();
    await user.keyboard("{Enter}");
    expect(picker).toHaveBeenCalledTimes(1);
  });

  it("changes a document's words as JSON when no new file is chosen", async () => {
    let rows = [HANDBOOK];
    const api = serve(() => rows, {
      extra: {
        [SP_UPSERT]: ({ body }: MockRequest) => {
          const b = body as { title: string };
          rows = [{ ...HANDBOOK, title: b.title }];
          return rows[0];
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await rowOf("Field handbook")).getByRole("button", { name: "Edit Field handbook" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Edit Field handbook" });
    expect(within(dialog).getByText(/Leave empty to keep field-handbook\.pdf/)).toBeTruthy();
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.type(title, "Field handbook 2027");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(api.bodies(SP_UPSERT)).toEqual([
        {
          id: 1,
          title: "Field handbook 2027",
          description: "How a shift runs, from the first approach to the last booking.",
        },
      ]),
    );
    expect(FakeXhr.all).toHaveLength(0);
    expect(await within(await table()).findByText("Field handbook 2027")).toBeTruthy();
  });

  it("asks before deleting, naming the document, then reads the list again", async () => {
    let rows = [HANDBOOK, POLICY];
    const api = serve(() => rows, {
      extra: {
        "DELETE /api/support/documents/2": () => {
          rows = [HANDBOOK];
          return { ok: true };
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await rowOf("Expense policy")).getByRole("button", { name: "Delete Expense policy" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Delete “Expense policy”?" });
    expect(within(dialog).getByText(/expense-policy\.docx/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
        "/api/support/documents/2",
      ]),
    );
    await waitFor(() => expect(screen.queryByText("Expense policy")).toBeNull());
  });

  it("says when the list could not be loaded", async () => {
    mockApi(fetchMock, { [SP]: () => problem(500, "The database is resting.") });
    renderPage();
    expect(await screen.findByText("The database is resting.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
