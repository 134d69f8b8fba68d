import type { TutorialItem } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { FakeXhr } from "../../../test/fake-xhr";
import { demoUser } from "../../../test/fixtures";
import { type MockRequest, mockApi } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { TutorialsPage } from "./tutorials-page";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  FakeXhr.reset();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  session.set({ ...demoUser, roleId: 1 });
});
afterEach(() => vi.unstubAllGlobals());

const LIST = "POST /api/support/tutorials";
const UPSERT = "POST /api/support/tutorial/upsert";

const base = (id: number, change: Partial<TutorialItem>): TutorialItem => ({
  id,
  title: `Tutorial ${id}`,
  description: null,
  sortOrder: id,
  video: { kind: "link", url: `https://example.com/${id}`, embedUrl: null },
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-24T10:00:00.000Z",
  ...change,
});

const UPLOADED = base(1, {
  title: "Your first shift",
  description: "Clock in, log approaches, clock out.",
  sortOrder: 0,
  video: {
    kind: "file",
    file: {
      fileName: "first-shift.mp4",
      contentType: "video/mp4",
      sizeBytes: 12_000_000,
      downloadUrl: "/api/support/files/dl-1",
      previewUrl: "/api/support/files/pv-1",
      linksExpireAt: "2026-12-01T10:15:00.000Z",
    },
  },
});
const EMBEDDED = base(2, {
  title: "Booking an appointment",
  sortOrder: 5,
  video: {
    kind: "link",
    url: "https://www.youtube.com/watch?v=abc123",
    embedUrl: "https://www.youtube-nocookie.com/embed/abc123",
  },
});
const LINKED = base(3, {
  title: "The QR page",
  sortOrder: 9,
  video: { kind: "link", url: "https://videos.example.com/qr-page", embedUrl: null },
});

function serve(rows: () => TutorialItem[], canManage: boolean, extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(fetchMock, {
    [LIST]: ({ body }: MockRequest) => {
      const b = (body ?? {}) as { page?: number; pageSize?: number };
      return {
        items: rows(),
        total: rows().length,
        page: b.page ?? 1,
        pageSize: b.pageSize ?? 50,
        canManage,
      };
    },
    ...extra,
  });
}

const renderPage = () =>
  renderRoutes([{ path: "/support/tutorials", Component: TutorialsPage }], "/support/tutorials");
const card = async (title: string) => (await screen.findByRole("article", { name: title })) as HTMLElement;

/** A file of any size without holding its bytes. */
function fileOf(name: string, size: number, type = "") {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

describe("TutorialsPage", { timeout: 30_000 }, () => {
  it("plays each tutorial with the player its video needs, in their order", async () => {
    // The server sends them in order; the page keeps it even when they arrive otherwise.
    serve(() => [LINKED, UPLOADED, EMBEDDED], false);
    renderPage();

    const uploaded = await card("Your first shift");
    expect(within(uploaded).getByText("Clock in, log approaches, clock out.")).toBeTruthy();
    const video = uploaded.querySelector("video") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("/api/support/files/pv-1");
    expect(video.hasAttribute("controls")).toBe(true);
    expect(video.getAttribute("aria-label")).toBe("Video: Your first shift");

    const embedded = await card("Booking an appointment");
    const frame = embedded.querySelector("iframe") as HTMLIFrameElement;
    expect(frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/abc123");
    expect(frame.getAttribute("title")).toBe("Video: Booking an appointment");
    expect(frame.hasAttribute("allowfullscreen")).toBe(true);
    expect(embedded.querySelector("video")).toBeNull();

    const linked = await card("The QR page");
    const watch = within(linked).getByRole("link", { name: /Watch the video/ });
    expect(watch.getAttribute("href")).toBe("https://videos.example.com/qr-page");
    expect(watch.getAttribute("target")).toBe("_blank");
    expect(watch.getAttribute("rel")).toContain("noopener");
    expect(watch.textContent).toContain("opens in a new tab");
    expect(linked.querySelector("iframe, video")).toBeNull();

    const titles = screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent);
    expect(titles).toEqual(["Your first shift", "Booking an appointment", "The QR page"]);
  });

  it("plays an uploaded file from its download link when it has no preview link", async () => {
    const file = {
      ...(UPLOADED.video as Extract<TutorialItem["video"], { kind: "file" }>).file,
      previewUrl: null,
    };
    const noPreview: TutorialItem = { ...UPLOADED, video: { kind: "file", file } };
    serve(() => [noPreview], false);
    renderPage();
    const video = (await card("Your first shift")).querySelector("video") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("/api/support/files/dl-1");
  });

  it("hides adding, changing and deleting from those who do not manage tutorials", async () => {
    serve(() => [UPLOADED], false);
    renderPage();
    await card("Your first shift");
    expect(screen.queryByRole("button", { name: "Add tutorial" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit Your first shift" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Your first shift" })).toBeNull();
  });

  it("offers them to a manager", async () => {
    serve(() => [UPLOADED], true);
    renderPage();
    const uploaded = await card("Your first shift");
    expect(screen.getByRole("button", { name: "Add tutorial" })).toBeTruthy();
    expect(within(uploaded).getByRole("button", { name: "Edit Your first shift" })).toBeTruthy();
    expect(within(uploaded).getByRole("button", { name: "Delete Your first shift" })).toBeTruthy();
  });

  it("says there are no tutorials yet, with the add button for a manager only", async () => {
    serve(() => [], false);
    const view = renderPage();
    expect(await screen.findByText("No tutorials yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add tutorial" })).toBeNull();
    view.unmount();

    serve(() => [], true);
    renderPage();
    expect(await screen.findByText("Add the first one: upload a video or link to one.")).toBeTruthy();
    // The header's button and the empty state's.
    expect(screen.getAllByRole("button", { name: "Add tutorial" })).toHaveLength(2);
  });

  it("adds a tutorial that links to a video, checking the address first", async () => {
    let rows = [UPLOADED];
    const api = serve(() => rows, true, {
      [UPSERT]: ({ body }: MockRequest) => {
        const b = body as { title: string; videoUrl: string; sortOrder: number };
        const saved = base(7, {
          title: b.title,
          sortOrder: b.sortOrder,
          video: { kind: "link", url: b.videoUrl, embedUrl: null },
        });
        rows = [...rows, saved];
        return saved;
      },
    });
    const user = userEvent.setup();
    renderPage();
    await card("Your first shift");
    await user.click(screen.getByRole("button", { name: "Add tutorial" }));
    const dialog = await screen.findByRole("dialog", { name: "Add tutorial" });

    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Reports");
    await user.click(within(dialog).getByRole("radio", { name: "Link to a video" }));
    const address = within(dialog).getByRole("textbox", { name: "Video address" });
    await user.type(address, "http://videos.example.com/reports");
    await user.click(within(dialog).getByRole("button", { name: "Add tutorial" }));
    expect(await within(dialog).findByText("Use a web address that starts with https://")).toBeTruthy();
    expect(api.bodies(UPSERT)).toHaveLength(0);

    await user.clear(address);
    await user.type(address, "https://videos.example.com/reports");
    await user.click(within(dialog).getByRole("button", { name: "Add tutorial" }));
    await waitFor(() =>
      expect(api.bodies(UPSERT)).toEqual([
        { title: "Reports", description: null, sortOrder: 1, videoUrl: "https://videos.example.com/reports" },
      ]),
    );
    expect(FakeXhr.all).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add tutorial" })).toBeNull());
    expect(await card("Reports")).toBeTruthy();
  });

  it("uploads a video with a progress bar, refusing one too large first", async () => {
    let rows = [EMBEDDED];
    const api = serve(() => rows, true);
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await card("Booking an appointment");
    await user.click(screen.getByRole("button", { name: "Add tutorial" }));
    const dialog = await screen.findByRole("dialog", { name: "Add tutorial" });
    expect(within(dialog).getByRole("radio", { name: "Upload a video" })).toHaveProperty("checked", true);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;

    await user.upload(input, fileOf("whole-day.mov", 230.5 * 1024 * 1024, "video/quicktime"));
    expect(
      await within(dialog).findByText("The file is 230.5 MB; the most a video can be is 200 MB."),
    ).toBeTruthy();
    await user.upload(input, fileOf("slides.pdf", 1000, "application/pdf"));
    expect(
      await within(dialog).findByText(
        "“slides.pdf” cannot be a video. Choose one of these kinds: MP4 video, WebM video, QuickTime video.",
      ),
    ).toBeTruthy();
    expect(FakeXhr.all).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Clocking in");
    const order = within(dialog).getByRole("textbox", { name: "Order" });
    expect(order).toHaveProperty("value", "6");
    await user.upload(input, new File(["...."], "clock-in.mp4", { type: "video/mp4" }));
    await user.click(within(dialog).getByRole("button", { name: "Add tutorial" }));

    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.last as FakeXhr;
    expect(`${xhr.method} ${xhr.url}`).toBe(UPSERT);
    expect(xhr.fields()).toEqual({
      title: "Clocking in",
      description: "",
      sortOrder: "6",
      file: "clock-in.mp4",
    });
    xhr.progress(3, 4);
    const bar = await within(dialog).findByRole("progressbar", { name: "Upload of clock-in.mp4" });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("75"));

    const saved: TutorialItem = { ...UPLOADED, id: 8, title: "Clocking in", sortOrder: 6 };
    rows = [EMBEDDED, saved];
    const lists = api.bodies(LIST).length;
    xhr.answer(200, saved);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add tutorial" })).toBeNull());
    expect(api.bodies(LIST).length).toBeGreaterThan(lists);
    expect(await card("Clocking in")).toBeTruthy();
  });

  it("keeps an uploaded video when its words change without a new file", async () => {
    const api = serve(() => [UPLOADED], true, { [UPSERT]: () => UPLOADED });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await card("Your first shift")).getByRole("button", { name: "Edit Your first shift" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Edit Your first shift" });
    expect(within(dialog).getByText(/Leave empty to keep first-shift\.mp4/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api.bodies(UPSERT)).toEqual([
        {
          id: 1,
          title: "Your first shift",
          description: "Clock in, log approaches, clock out.",
          sortOrder: 0,
        },
      ]),
    );
    expect(FakeXhr.all).toHaveLength(0);
  });

  it("asks before deleting a tutorial, naming it", async () => {
    let rows = [UPLOADED, LINKED];
    const api = serve(() => rows, true, {
      "DELETE /api/support/tutorial/3": () => {
        rows = [UPLOADED];
        return { ok: true };
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await card("The QR page")).getByRole("button", { name: "Delete The QR page" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete “The QR page”?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
        "/api/support/tutorial/3",
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("article", { name: "The QR page" })).toBeNull());
  });
});
