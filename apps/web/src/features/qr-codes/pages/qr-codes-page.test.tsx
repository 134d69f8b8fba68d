import type { QrCodeItem } from "@fieldlead/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { mockApi, optionSearch, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { QrCodesPage } from "./qr-codes-page";
import { qrCode, qrLookups, qrSearch } from "./test-codes";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser, roleId: 3 });
  URL.createObjectURL = vi.fn(() => "blob:x");
  URL.revokeObjectURL = vi.fn();
  // A download clicks a link to the file: happy-dom would follow it and leave the page's origin.
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const SEARCH = "POST /api/QRCodes/search";
const UPSERT = "POST /api/QRCodes/upsert";
const EXPORT = "GET /api/QRCodes/export";

const file = (name: string, type: string) =>
  new Response("%PDF-1.7", {
    headers: { "content-type": type, "content-disposition": `attachment; filename="${name}"` },
  });

function serve(codes: QrCodeItem[] = [qrCode(1)], extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(fetchMock, {
    [SEARCH]: qrSearch(() => codes),
    [EXPORT]: ({ query }) =>
      query.get("format") === "csv"
        ? file("QR codes.csv", "text/csv")
        : file("QR codes.pdf", "application/pdf"),
    "GET /api/app/lookup-list": () => qrLookups,
    "POST /api/app/lookup-list/stores/search": optionSearch(() => [
      {
        id: 12,
        name: "Costco Wayne",
        address: null,
        city: null,
        organizationTerritoryId: null,
        organizationId: 7,
      },
      {
        id: 13,
        name: "Costco Paramus",
        address: null,
        city: null,
        organizationTerritoryId: null,
        organizationId: 7,
      },
    ]),
    "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => [
      { id: 101, name: "Jo Park", isActive: true, organizationsTerritoryIds: [] },
      { id: 102, name: "Sam Rivera", isActive: true, organizationsTerritoryIds: [] },
    ]),
    ...extra,
  });
}

const renderPage = (path = "/qr-codes") =>
  renderRoutes(
    [
      { path: "/qr-codes", Component: QrCodesPage },
      { path: "/qr-codes/mine", element: <h1>My code screen</h1> },
    ],
    path,
  );

/** The input of a select (its options list carries the same label). */
const inputLabelled = (label: RegExp | string, within_: HTMLElement = document.body) =>
  within(within_)
    .getAllByLabelText(label)
    .find((el) => el.tagName === "INPUT") as HTMLInputElement;

/** Picks an option of a select: its list is the one the input controls (in a portal). */
async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute("aria-controls") ?? "");
    if (!el || within(el).queryAllByRole("option", { hidden: true }).length === 0)
      throw new Error("The options did not open");
    return el;
  });
  await user.click(within(list).getByRole("option", { name: option, hidden: true }));
}

// Mantine renders a lot of DOM per row; happy-dom on a busy machine needs more than the default 5 s.
describe("QrCodesPage", { timeout: 30_000 }, () => {
  it("shows a server page of codes with their status, and asks for the next page", async () => {
    const codes = Array.from({ length: 30 }, (_, i) =>
      qrCode(i + 1, i === 1 ? { isLive: false } : i === 2 ? { isActive: false, isLive: false } : {}),
    );
    const api = serve(codes);
    const user = userEvent.setup();
    renderPage("/qr-codes?pageSize=10");

    const table = await screen.findByRole("table", { name: "QR codes" });
    expect(await within(table).findByText("Person 01")).toBeTruthy();
    expect(within(table).getAllByRole("row")).toHaveLength(11); // the header and 10 codes
    expect(screen.getByText("1–10 of 30")).toBeTruthy();
    // ("Updated" shows from the lg breakpoint, wider than happy-dom's window.)
    for (const header of ["Person", "Store", "Group", "Status", "Entries"])
      expect(within(table).getByRole("columnheader", { name: new RegExp(header) })).toBeTruthy();
    expect(api.bodies(SEARCH)[0]).toMatchObject({
      page: 1,
      pageSize: 10,
      sortBy: "userName",
      sortDirection: "asc",
      isActive: true,
    });
    // Active but its person gone: stopped, and says why.
    const row2 = within(table).getByText("Person 02").closest("tr") as HTMLElement;
    expect(within(row2).getAllByText(/Stopped/).length).toBeGreaterThan(0);
    expect(row2.textContent).toContain("its person is no longer active here");
    const row3 = within(table).getByText("Person 03").closest("tr") as HTMLElement;
    expect(within(row3).getAllByText("Inactive").length).toBeGreaterThan(0);
    expect(within(row3).queryByText(/Stopped/)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await within(table).findByText("Person 11")).toBeTruthy();
    expect(screen.getByText("11–20 of 30")).toBeTruthy();
    expect(api.bodies(SEARCH).at(-1)).toMatchObject({ page: 2 });

    await user.click(screen.getByRole("button", { name: /^Store/ }));
    await waitFor(() =>
      expect(api.bodies(SEARCH).at(-1)).toMatchObject({ page: 1, sortBy: "storeName", sortDirection: "asc" }),
    );
  });

  it("keeps the filters in the address, sends them, and prints what they select", async () => {
    const api = serve();
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText("Person 01");

    await user.type(screen.getByRole("searchbox", { name: "Person" }), "jo{Enter}");
    await waitFor(() => expect(router.state.location.search).toContain("search=jo"));
    await waitFor(() => expect(api.bodies(SEARCH).at(-1)).toMatchObject({ text: "jo" }));

    await choose(user, inputLabelled("Group"), "No group");
    await waitFor(() => expect(router.state.location.search).toContain("groups=0"));
    await choose(user, inputLabelled("Group"), "HVAC");
    await waitFor(() => expect(api.bodies(SEARCH).at(-1)).toMatchObject({ text: "jo", groups: [0, 1] }));

    await user.click(screen.getByRole("radio", { name: "All" }));
    await waitFor(() => expect(router.state.location.search).toContain("isActive=all"));
    await waitFor(() => expect(api.bodies(SEARCH).at(-1)?.isActive).toBeUndefined());

    await user.click(screen.getByRole("button", { name: "Print (PDF)" }));
    await waitFor(() => expect(api.calls.some((c) => `${c.method} ${c.path}` === EXPORT)).toBe(true));
    const pdf = api.calls.find((c) => `${c.method} ${c.path}` === EXPORT);
    expect(Object.fromEntries(pdf?.query ?? [])).toEqual({ format: "pdf", text: "jo", groups: "0,1" });

    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.path === "/api/QRCodes/export").map((c) => c.query.get("format")),
      ).toEqual(["pdf", "csv"]),
    );
  });

  it("checks the new code's fields before calling, then shows the server's 409 on the form", async () => {
    const api = serve([qrCode(1)], {
      [UPSERT]: () => problem(409, "Jo Park already has a code for HVAC."),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText("Person 01");

    await user.click(screen.getByRole("button", { name: "New code" }));
    const form = await screen.findByRole("form", { name: "New QR code" });
    await user.click(within(form).getByRole("button", { name: "Create" }));
    expect(await within(form).findByText("Choose the lead generator")).toBeTruthy();
    expect(within(form).getByText("Choose the store")).toBeTruthy();
    expect(api.bodies(UPSERT)).toHaveLength(0);

    await choose(user, within(form).getByRole("combobox", { name: /Lead generator/ }), "Jo Park");
    await choose(user, within(form).getByRole("combobox", { name: /Store/ }), "Costco Wayne");
    await choose(user, inputLabelled(/^Group/, form), "HVAC");
    await user.click(within(form).getByRole("button", { name: "Create" }));

    expect((await within(form).findByRole("alert")).textContent).toContain(
      "Jo Park already has a code for HVAC.",
    );
    expect(api.bodies(UPSERT)).toEqual([{ userId: 101, storeId: 12, group: 1, isActive: true }]);
    expect(within(form).queryByText("Choose the store")).toBeNull();
  });

  it("puts the server's field errors beside their fields", async () => {
    serve([qrCode(1)], {
      [UPSERT]: () =>
        problem(400, "body.storeId: That store is inactive", { "body.storeId": ["That store is inactive"] }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit Person 01 (HVAC)" }));
    const form = await screen.findByRole("form", { name: "Edit the code of Person 01" });
    await user.click(within(form).getByRole("button", { name: "Save" }));
    const store = within(form).getByRole("combobox", { name: /Store/ });
    await waitFor(() => expect(store.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getByText("That store is inactive")).toBeTruthy();
  });

  it("asks before deactivating a code, saying its printed copies stop working", async () => {
    const api = serve([qrCode(1)], {
      [UPSERT]: ({ body }) => ({ ...qrCode(1), ...(body as object), isLive: false }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "More actions for Person 01 (HVAC)" }));
    // The menu opens with a transition; its items are in the page before they count as visible.
    await user.click(await screen.findByRole("menuitem", { name: "Deactivate", hidden: true }));

    const dialog = await screen.findByRole("dialog", { name: "Deactivate this code?" });
    expect(dialog.textContent).toMatch(/printed code of Person 01 .* stops working/);
    expect(api.bodies(UPSERT)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() =>
      expect(api.bodies(UPSERT)).toEqual([{ id: 1, userId: 101, storeId: 12, group: 1, isActive: false }]),
    );
    // The list is asked again.
    await waitFor(() => expect(api.bodies(SEARCH).length).toBeGreaterThan(1));
  });

  it("shows a code large with the link it encodes, and prints that one code", async () => {
    const api = serve([qrCode(7)]);
    const user = userEvent.setup();
    renderPage();
    const show = await screen.findByRole("button", { name: "Show code Person 07 (HVAC)" });
    await user.click(show);

    const dialog = await screen.findByRole("dialog", { name: "QR code of Person 07" });
    const url = "https://leads.example.com/q/uid7abcd/1";
    const image = within(dialog).getByRole("img", { name: `QR code of Person 07 for ${url}` });
    expect(image.tagName.toLowerCase()).toBe("svg");
    expect((within(dialog).getByRole("textbox", { name: "Link" }) as HTMLInputElement).value).toBe(url);
    expect(within(dialog).getByRole("button", { name: "Copy the link" })).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Print this code" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/api/QRCodes/export")).toBe(true));
    const call = api.calls.find((c) => c.path === "/api/QRCodes/export");
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ format: "pdf", ids: "7" });

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(show));
  });

  it("invites to create the first code, and shows the error with a retry", async () => {
    let fail = true;
    serve([], {
      [SEARCH]: () =>
        fail
          ? problem(500, "Something went wrong on our side.")
          : { items: [], total: 0, page: 1, pageSize: 25 },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("Could not load this")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No QR codes yet")).toBeTruthy();
    expect(screen.getByText("Create one for a lead generator so shoppers can book themselves.")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "New code" })).toHaveLength(2);
  });

  it("lets a caller who may only read look and print, with no new, edit or deactivate buttons", async () => {
    // A program-portal Admin reads QR codes (qrCodes.read) without qrCodes.edit.
    session.set({ ...demoUser, roleId: 2, subscriptionId: 16 });
    serve([qrCode(1)]);
    renderPage();
    await screen.findByText("Person 01");
    expect(screen.queryByRole("button", { name: "New code" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^More actions/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Show code Person 01 (HVAC)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Print (PDF)" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Show my code" })).toBeNull();
  });

  it("offers a lead generator their own code first", async () => {
    session.set({ ...demoUser, roleId: 14 });
    serve([qrCode(1, { userId: 42 })]);
    const user = userEvent.setup();
    renderPage();
    const mine = await screen.findByRole("link", { name: "Show my code" });
    expect(mine.getAttribute("href")).toBe("/qr-codes/mine");
    // Before the filters and the list.
    const table = await screen.findByRole("table", { name: "QR codes" });
    expect(mine.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("button", { name: "New code" })).toBeTruthy();
    await user.click(mine);
    expect(await screen.findByRole("heading", { name: "My code screen" })).toBeTruthy();
  });
});
