import type { LeadGeneratorOption } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { invalidateLookups, lookupListQueryOptions } from "../../../lib/lookup-list";
import { keyOf } from "../../../lib/queries";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, type MockRequest, optionSearch } from "../../../test/mock-api";
import { jsonResponse, renderRoutes } from "../../../test/render";
import { listItem } from "../components/test-leads";
import { LeadsPage } from "./leads-page";

const fetchMock = vi.fn<typeof fetch>();
const TOTAL = 25;
let generators: LeadGeneratorOption[] = [];
/** The mock refuses every cursor (as after a change of the server's cursors). */
let refuseCursors = false;

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  generators = [];
  refuseCursors = false;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    // Compact: the large lists come empty; the lead generators are searched a page at a time.
    if (url === "/api/app/lookup-list?compact=true") return jsonResponse(lookupListOf({}));
    if (url === "/api/app/lookup-list/lead-generators/search")
      return jsonResponse(
        optionSearch(() => generators)({ body: JSON.parse(String(init?.body)) } as MockRequest),
      );
    if (url === "/api/app/lookup-list/stores/search")
      return jsonResponse({ items: [], total: 0, page: 1, pageSize: 25 });
    if (url === "/api/leads/lookup-list/lead-type")
      return jsonResponse({ serviceTypes: [], sources: [], languageTypes: [], statuses: [] });
    if (url.endsWith("/search")) {
      const body = JSON.parse(String(init?.body ?? "{}"));
      if (body.format) {
        const name = `internal-leads-2026-05-01.${String(body.format).toUpperCase()}`;
        return new Response("file", { headers: { "content-disposition": `attachment; filename="${name}"` } });
      }
      // Like the server: a page starts at its number, or right after the row of the cursor sent as `after`,
      // which only the search it came from (same filters, sort and page size) takes.
      const { page = 1, pageSize: size = 25, after, ...rest } = body;
      const search = JSON.stringify({ ...rest, size });
      let first = (page - 1) * size + 1;
      if (after !== undefined) {
        const cursor = JSON.parse(atob(after));
        if (cursor.search !== search || refuseCursors)
          return jsonResponse({ status: 400, message: "This cursor belongs to another search order" }, 400);
        first = cursor.next;
      }
      const items = Array.from({ length: Math.min(size, TOTAL - first + 1) }, (_, i) => listItem(first + i));
      const next = first + items.length;
      const nextCursor = next <= TOTAL ? btoa(JSON.stringify({ search, next })) : null;
      return jsonResponse({ items, total: TOTAL, page, pageSize: size, totalCapped: false, nextCursor });
    }
    return jsonResponse({ status: 404, message: `No mock for ${url}` }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const searches = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => JSON.parse(String(init?.body)));
// Role queries walk the whole table in happy-dom; labels and text are quicker to find.
const nameHeader = () =>
  screen.getByText("Name", { selector: "button, button *" }).closest("button") as HTMLElement;
const lastSearch = (path = "/api/leads/internal/search") => searches(path).at(-1);
/** The lead a mock cursor starts at (the one after the last of the page that gave it), or none. */
const startOf = (body: { after?: string }) =>
  body.after === undefined ? undefined : (JSON.parse(atob(body.after)).next as number);

describe("LeadsPage", () => {
  it("asks the server for each page and each sort, and keeps them in the address", async () => {
    session.set({ ...demoUser, roleId: 3 });
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: "/leads", Component: LeadsPage }], "/leads?size=10");

    await screen.findByLabelText("Open lead Shopper Number1");
    expect(lastSearch()).toEqual({ page: 1, pageSize: 10, sortBy: "capturedAt", sortDirection: "desc" });
    expect(screen.getByText("1–10 of 25")).toBeTruthy();

    await user.click(screen.getByLabelText("Page 2"));
    await screen.findByLabelText("Open lead Shopper Number11");
    expect(lastSearch()).toMatchObject({ page: 2, pageSize: 10, sortBy: "capturedAt" });
    expect(startOf(lastSearch())).toBe(11);
    expect(screen.getByText("11–20 of 25")).toBeTruthy();
    expect(router.state.location.search).toContain("page=2");

    // Sorting by a header starts again from the first page, ascending.
    await user.click(nameHeader());
    await waitFor(() =>
      expect(lastSearch()).toEqual({ page: 1, pageSize: 10, sortBy: "lastName", sortDirection: "asc" }),
    );
    expect(nameHeader().closest("th")?.getAttribute("aria-sort")).toBe("ascending");
    await user.click(nameHeader());
    await waitFor(() => expect(lastSearch()).toMatchObject({ sortBy: "lastName", sortDirection: "desc" }));

    // The text filter goes to the server too, from the first page.
    await user.click(screen.getByLabelText("Page 2"));
    await user.click(screen.getByLabelText("Search"));
    await user.paste("Dana Whitfield");
    await waitFor(() => expect(lastSearch()).toMatchObject({ page: 1, text: "Dana Whitfield" }));
    expect(router.state.location.search).toContain("q=Dana+Whitfield");
  }, 15_000);

  it("moves to the next page by the cursor of the page before, and jumps to a page by its number", async () => {
    session.set({ ...demoUser, roleId: 3 });
    const user = userEvent.setup();
    renderRoutes([{ path: "/leads", Component: LeadsPage }], "/leads?size=5");
    await screen.findByLabelText("Open lead Shopper Number1");
    expect(lastSearch()).toEqual({ page: 1, pageSize: 5, sortBy: "capturedAt", sortDirection: "desc" });

    // A jump: no cursor fetches page 3 yet, so it goes by number.
    await user.click(screen.getByLabelText("Page 3"));
    await screen.findByLabelText("Open lead Shopper Number11");
    expect(lastSearch()).toEqual({ page: 3, pageSize: 5, sortBy: "capturedAt", sortDirection: "desc" });

    // The next page: the cursor page 3 answered.
    await user.click(screen.getByLabelText("Next page"));
    await screen.findByLabelText("Open lead Shopper Number16");
    expect(lastSearch()).toMatchObject({ page: 4, pageSize: 5 });
    expect(startOf(lastSearch())).toBe(16);
    await user.click(screen.getByLabelText("Next page"));
    await screen.findByLabelText("Open lead Shopper Number21");
    expect(startOf(lastSearch())).toBe(21);
    expect(screen.getByText("21–25 of 25")).toBeTruthy();

    // Back to page 2: page 1 answered its cursor.
    await user.click(screen.getByLabelText("Page 2"));
    await screen.findByLabelText("Open lead Shopper Number6");
    expect(lastSearch()).toMatchObject({ page: 2 });
    expect(startOf(lastSearch())).toBe(6);
  });

  it("forgets the cursors when the sort, the filters or the page size change", async () => {
    session.set({ ...demoUser, roleId: 3 });
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: "/leads", Component: LeadsPage }], "/leads?size=5");
    await screen.findByLabelText("Open lead Shopper Number1");
    await user.click(screen.getByLabelText("Next page"));
    await screen.findByLabelText("Open lead Shopper Number6");
    expect(startOf(lastSearch())).toBe(6);

    // Another sort starts from page 1; its next page goes by the new sort's cursor (the mock refuses another's).
    await user.click(nameHeader());
    await waitFor(() => expect(lastSearch()).toMatchObject({ page: 1, sortBy: "lastName" }));
    await screen.findByLabelText("Open lead Shopper Number1");
    await user.click(screen.getByLabelText("Next page"));
    await screen.findByLabelText("Open lead Shopper Number6");
    expect(lastSearch()).toMatchObject({ page: 2, sortBy: "lastName", sortDirection: "asc" });
    expect(startOf(lastSearch())).toBe(6);

    // A filter: the same.
    await user.click(screen.getByLabelText("Search"));
    await user.paste("Dana");
    await waitFor(() => expect(lastSearch()).toMatchObject({ page: 1, text: "Dana" }));
    await screen.findByLabelText("Open lead Shopper Number1");
    await user.click(screen.getByLabelText("Next page"));
    await screen.findByLabelText("Open lead Shopper Number6");
    expect(lastSearch()).toMatchObject({ page: 2, text: "Dana" });
    expect(startOf(lastSearch())).toBe(6);

    // A page in the address (a link, a reload, another page size): by number.
    await router.navigate("/leads?size=10&page=2&q=Dana&sort=lastName&dir=asc");
    await screen.findByLabelText("Open lead Shopper Number11");
    expect(lastSearch()).toEqual({
      page: 2,
      pageSize: 10,
      sortBy: "lastName",
      sortDirection: "asc",
      text: "Dana",
    });
    await user.click(screen.getByLabelText("Next page"));
    await screen.findByLabelText("Open lead Shopper Number21");
    expect(startOf(lastSearch())).toBe(21);
    // No cursor was ever sent to a search it did not come from.
    const refused = await Promise.all(
      fetchMock.mock.results.map(async (r) => (r.type === "return" ? (await r.value).status : 0)),
    );
    expect(refused.filter((status) => status === 400)).toEqual([]);
  });

  it("goes by the page number when the server refuses a cursor", async () => {
    session.set({ ...demoUser, roleId: 3 });
    refuseCursors = true;
    const user = userEvent.setup();
    renderRoutes([{ path: "/leads", Component: LeadsPage }], "/leads?size=5");
    await screen.findByLabelText("Open lead Shopper Number1");
    await user.click(screen.getByLabelText("Next page"));
    await screen.findByLabelText("Open lead Shopper Number6");
    const [byCursor, byNumber] = searches("/api/leads/internal/search").slice(-2);
    expect(startOf(byCursor)).toBe(6);
    expect(byNumber).toEqual({ page: 2, pageSize: 5, sortBy: "capturedAt", sortDirection: "desc" });
  });

  it("exports the current search as CSV or as an Excel workbook, every page, under the server's name", async () => {
    session.set({ ...demoUser, roleId: 3 });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: "/leads", Component: LeadsPage }], "/leads?size=10&page=2");
    await screen.findByLabelText("Open lead Shopper Number11");

    await user.click(screen.getByRole("button", { name: "Export Excel (.xlsx)" }));
    await waitFor(() => expect(saved).toEqual(["internal-leads-2026-05-01.xlsx"]));
    expect(lastSearch()).toMatchObject({ page: 1, format: "xlsx", sortBy: "capturedAt" });

    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe("internal-leads-2026-05-01.csv");
    expect(lastSearch()).toMatchObject({ page: 1, format: "csv" });
  });

  it("shows a program user only the program's list", async () => {
    session.set({ ...demoUser, roleId: 2, subscriptionId: 16 });
    renderRoutes([{ path: "/leads", Component: LeadsPage }], "/leads?tab=internal");

    await screen.findByLabelText("Open lead Shopper Number1");
    expect(screen.queryByText("Internal")).toBeNull();
    expect(screen.getByText("Retailer program")).toBeTruthy();
    expect(searches("/api/leads/internal/search")).toEqual([]);
    expect(lastSearch("/api/leads/leads-hd/search")).toMatchObject({ page: 1 });
  });

  it("reads the app's one lookup list (compact) and the lead generators by search, so a rename elsewhere shows in its filters at once", async () => {
    session.set({ ...demoUser, roleId: 3 });
    generators = [{ id: 9, name: "Luis Generator", isActive: true, organizationsTerritoryIds: [1] }];
    const user = userEvent.setup();
    const { queryClient } = renderRoutes([{ path: "/leads", Component: LeadsPage }], "/leads");
    await screen.findByLabelText("Open lead Shopper Number1");
    const lookupCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url) === "/api/app/lookup-list?compact=true");
    expect(lookupCalls()).toHaveLength(1); // the filters and the names share it
    // Compact: the large lists are not sent whole.
    expect(queryClient.getQueryData(lookupListQueryOptions().queryKey)).toMatchObject({ leadGenerator: [] });

    // The options of the Lead generator filter: the list its input controls (the table shows the names too).
    const input = screen.getByLabelText("Lead generator", { selector: "input" });
    const options = () => {
      const list = document.getElementById(input.getAttribute("aria-controls") ?? "");
      return Array.from(list?.querySelectorAll("[role=option]") ?? [], (o) => o.textContent);
    };
    await user.click(input);
    await waitFor(() => expect(options()).toEqual(["Luis Generator"]));
    // The first page of the lead generator search, cached under the endpoint's key.
    const firstPage = keyOf(appApi.leadGeneratorOptions, { body: { page: 1, pageSize: 25 } });
    expect(queryClient.getQueryData(firstPage)).toMatchObject({ items: generators, total: 1 });

    // What the Users screen does after renaming someone.
    generators = [{ id: 9, name: "Luis Renamed", isActive: true, organizationsTerritoryIds: [1] }];
    await invalidateLookups(queryClient);
    await waitFor(() => expect(options()).toEqual(["Luis Renamed"]));
    expect(lookupCalls()).toHaveLength(2);
  });
});
