import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, mockApi } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import type { DashboardPanels, DashboardSeries } from "../api/dashboard";
import { DashboardPage } from "./dashboard-page";
import { funnelRow, listingOf, PERIOD, panelsOf, seriesOf, timeLog, zeroMeasures } from "./test-dashboard";

// happy-dom measures no SVG (a chart of width 0 warns and draws nothing): the drawing stands in as a marker, and
// the tests read the Table view's numbers and the requests instead.
vi.mock("../components/leads-bar-drawing", () => ({
  LeadsBarDrawing: ({ points }: { points: unknown[] }) => (
    <div data-testid="leads-drawing">{points.length}</div>
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  // A Manager, who lands on the dashboard.
  session.set({ ...demoUser, roleId: 3 });
  URL.createObjectURL = vi.fn(() => "blob:x");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const STORES = "POST /api/dashboard/stores";
const USERS = "POST /api/dashboard/users";
const EXPORT = "GET /api/dashboard/stores/export";
const LOGS = "GET /api/dashboard/users/101/time-logs";

function serve({
  panels = panelsOf(),
  series = seriesOf([
    { leads: 12, appointmentsSet: 5 },
    { leads: 8, appointmentsSet: 2 },
  ]),
  stores = Array.from({ length: 30 }, (_, i) => funnelRow(i + 1)),
  users = [funnelRow(101, { name: "Jo Park", key: "101" }), funnelRow(102, { name: "Ana Ruiz", key: "102" })],
}: {
  panels?: DashboardPanels;
  series?: DashboardSeries;
  stores?: ReturnType<typeof funnelRow>[];
  users?: ReturnType<typeof funnelRow>[];
} = {}) {
  return mockApi(fetchMock, {
    "GET /api/app/lookup-list": () =>
      lookupListOf({
        organizationTerritories: [
          { id: 4, name: "North Jersey", organizationId: 7, isActive: true },
          { id: 5, name: "South Jersey", organizationId: 7, isActive: true },
        ],
      }),
    "GET /api/dashboard/panels/0": () => panels,
    "GET /api/dashboard/panels/4": () => panels,
    "GET /api/dashboard/leads-bar-chart/0": () => series,
    "GET /api/dashboard/leads-bar-chart/4": () => series,
    [STORES]: listingOf(() => stores),
    [USERS]: listingOf(() => users),
    [EXPORT]: () =>
      new Response("a,b", {
        headers: {
          "content-type": "application/octet-stream",
          "content-disposition": 'attachment; filename="Dashboard stores.XLSX"',
        },
      }),
    [LOGS]: () => ({
      period: PERIOD,
      items: [
        timeLog(1),
        timeLog(2, {
          workDate: "2025-10-07",
          localPunchIn: "2025-10-07 10:00",
          punchInAt: "2025-10-07T14:00:00.000Z",
          localPunchOut: null,
          punchOutAt: null,
          minutes: null,
          state: "missing",
          missing: "punchOut",
        }),
      ],
      totalMinutes: 480,
      truncated: false,
    }),
  });
}

const renderPage = (path = "/dashboard") =>
  renderRoutes([{ path: "/dashboard", Component: DashboardPage }], path);

const calls = (api: ReturnType<typeof serve>, prefix: string) =>
  api.calls.filter((c) => `${c.method} ${c.path}`.startsWith(prefix));

/** Picks an option of a Mantine Select: its list is the one the input controls. */
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

describe("DashboardPage", { timeout: 30_000 }, () => {
  it("shows each panel's value and its change against the period before, in words as well as colour", async () => {
    const api = serve();
    renderPage();
    const leads = await screen.findByRole("listitem", { name: "Leads" });
    expect(await within(leads).findByText("1,250")).toBeTruthy();
    expect(leads.textContent).toContain("+25% vs 31 Aug – 30 Sep 2025");

    const panel = (name: string) => screen.getByRole("listitem", { name }).textContent;
    expect(panel("Appointments set")).toContain("400No change vs");
    expect(panel("Ran")).toContain("\u22125%");
    expect(panel("Sold")).toContain("\u22128%");
    expect(panel("Revenue")).toContain("$123,456+23%");
    expect(panel("Approaches")).toContain("5,000Up from 0");
    expect(panel("Hours")).toContain("812.5+2%");
    expect(panel("Active lead generators")).toContain("14");
    expect(screen.getByRole("heading", { level: 2, name: "Totals, 1 – 31 Oct 2025" })).toBeTruthy();

    // This Month unless the address says otherwise; every territory (0).
    const [first] = calls(api, "GET /api/dashboard/panels/");
    expect(first.path).toBe("/api/dashboard/panels/0");
    expect(first.query.get("dateRange")).toBe("5");
  });

  it("asks for the territory chosen in the path of each call, and narrows the listings to it", async () => {
    const api = serve();
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole("listitem", { name: "Leads" });
    await waitFor(() => expect(api.bodies(STORES)).toHaveLength(1));
    expect(api.bodies(STORES)[0].territoryIds).toBeUndefined();

    await choose(user, screen.getByRole("combobox", { name: "Territory" }), "North Jersey");
    await waitFor(() => expect(calls(api, "GET /api/dashboard/panels/4")).toHaveLength(1));
    await waitFor(() => expect(calls(api, "GET /api/dashboard/leads-bar-chart/4")).toHaveLength(1));
    await waitFor(() => expect(api.bodies(STORES).at(-1)).toMatchObject({ territoryIds: [4], page: 1 }));
    expect(router.state.location.search).toContain("territory=4");

    await choose(user, screen.getByRole("combobox", { name: "Period" }), "Last Month");
    await waitFor(() =>
      expect(calls(api, "GET /api/dashboard/panels/4").at(-1)?.query.get("dateRange")).toBe("6"),
    );
    expect(api.bodies(STORES).at(-1)).toMatchObject({ dateRange: 6, territoryIds: [4] });
    expect(router.state.location.search).toContain("range=6");

    // One click back to This Month in every territory.
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(calls(api, "GET /api/dashboard/panels/0")).toHaveLength(2));
    expect(calls(api, "GET /api/dashboard/panels/0").at(-1)?.query.get("dateRange")).toBe("5");
    expect((screen.getByRole("combobox", { name: "Territory" }) as HTMLInputElement).value).toBe(
      "All territories",
    );
    expect(router.state.location.search).toBe("");
  });

  it("pages the lead generators on the server, and leaves a row with no one behind it unopened", async () => {
    const api = serve({
      users: [
        ...Array.from({ length: 12 }, (_, i) =>
          funnelRow(101 + i, { name: `Person ${i + 1}`, key: `${101 + i}` }),
        ),
        funnelRow(0, { id: null, key: "none", name: "No lead generator" }),
      ],
    });
    const user = userEvent.setup();
    const { router } = renderPage("/dashboard?tab=users&page=2");
    const table = await screen.findByRole("table", { name: "Lead generators" });
    expect(await within(table).findByText("No lead generator")).toBeTruthy();
    expect(api.bodies(USERS)[0]).toMatchObject({ page: 2, pageSize: 10 });
    expect(within(table).queryByRole("button", { name: /No lead generator/ })).toBeNull();
    expect(within(table).getByRole("button", { name: "Time logs of Person 11" })).toBeTruthy();
    expect(screen.getByText("11–13 of 13")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Previous page" }));
    expect(await within(table).findByRole("button", { name: "Time logs of Person 1" })).toBeTruthy();
    expect(router.state.location.search).not.toContain("page=");
  });

  it("pages, sorts and searches the stores on the server", async () => {
    const api = serve();
    const user = userEvent.setup();
    const { router } = renderPage();
    const table = await screen.findByRole("table", { name: "Stores" });
    expect(await within(table).findByText("Store 01")).toBeTruthy();
    expect(api.bodies(STORES)[0]).toEqual({
      dateRange: 5,
      page: 1,
      pageSize: 10,
      sortBy: "leads",
      sortDirection: "desc",
    });
    // The totals of every store, not only the page.
    expect(within(table).getByText("Total").closest("tr")?.textContent).toContain("2,535");

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await within(table).findByText("Store 11")).toBeTruthy();
    expect(api.bodies(STORES).at(-1)).toMatchObject({ page: 2 });

    await user.click(within(table).getByRole("button", { name: "Sort by Sold" }));
    await waitFor(() =>
      expect(api.bodies(STORES).at(-1)).toMatchObject({ page: 1, sortBy: "sold", sortDirection: "desc" }),
    );
    expect(router.state.location.search).toContain("sortBy=sold");

    await user.type(screen.getByRole("searchbox", { name: "Search stores" }), "Wayne{Enter}");
    await waitFor(() => expect(api.bodies(STORES).at(-1)).toMatchObject({ search: "Wayne", page: 1 }));
    expect(router.state.location.search).toContain("q=Wayne");
  });

  it("exports every store with the period, territory, search and order on screen", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage("/dashboard?range=6&territory=4&q=costco&sortBy=revenue&sortDirection=asc");
    await screen.findByRole("table", { name: "Stores" });
    expect(api.bodies(STORES)[0]).toMatchObject({
      dateRange: 6,
      territoryIds: [4],
      search: "costco",
      sortBy: "revenue",
      sortDirection: "asc",
    });

    await user.click(screen.getByRole("button", { name: "Export Excel (.xlsx)" }));
    await waitFor(() => expect(calls(api, EXPORT)).toHaveLength(1), { timeout: 5_000 });
    expect(Object.fromEntries(calls(api, EXPORT)[0].query)).toEqual({
      dateRange: "6",
      territoryId: "4",
      search: "costco",
      sortBy: "revenue",
      sortDirection: "asc",
      format: "xlsx",
    });
  });

  it("lists the lead generators, and opens one's time logs of the period with their total", async () => {
    const api = serve();
    const user = userEvent.setup();
    renderPage("/dashboard?from=2025-10-01&to=2025-10-31");
    await user.click(await screen.findByRole("tab", { name: "Lead generators" }));
    const table = await screen.findByRole("table", { name: "Lead generators" });
    expect(await within(table).findByText("Ana Ruiz")).toBeTruthy();
    expect(api.bodies(USERS)[0]).toEqual({
      startDate: "2025-10-01",
      endDate: "2025-10-31",
      page: 1,
      pageSize: 10,
      sortBy: "leads",
      sortDirection: "desc",
    });
    // Hours are the lead generators' own column, and the totals are everyone's.
    expect(within(table).getByRole("columnheader", { name: /Hours/ })).toBeTruthy();
    expect(within(table).getByText("Total").closest("tr")?.textContent).toContain("$5,000");
    expect(screen.queryByRole("button", { name: /^Export/ })).toBeNull();

    await user.click(within(table).getByRole("button", { name: "Time logs of Jo Park" }));
    const drawer = await screen.findByRole("dialog", { name: "Time logs of Jo Park" });
    const logs = await within(drawer).findByRole("table", { name: "Time logs of Jo Park" });
    const [, first, second] = within(logs).getAllByRole("row");
    expect(first.textContent).toContain("2025-10-06Costco Wayne");
    expect(first.textContent).toContain("09:00 – 17:00 EDT");
    expect(first.textContent).toContain("8 h");
    expect(first.textContent).toContain("Closed");
    expect(second.textContent).toContain("10:00 – no punch out EDT");
    expect(second.textContent).toContain("Missing punch");
    expect(within(logs).getByText("Total").closest("tr")?.textContent).toContain("8 h");
    expect(drawer.textContent).toContain("1 – 31 Oct 2025: 2 shifts, 8 h in all");
    const [call] = calls(api, LOGS);
    expect(call.query.get("startDate")).toBe("2025-10-01");
    expect(call.query.get("endDate")).toBe("2025-10-31");
    expect(call.query.get("dateRange")).toBeNull();
  });

  it("shows the leads chart's numbers as a table", async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole("region", { name: "Leads and appointments" });
    // The drawing first (loaded lazily), described for screen readers.
    expect((await within(card).findByTestId("leads-drawing")).textContent).toBe("2");
    expect(within(card).getByRole("figure").getAttribute("aria-describedby")).toBeTruthy();
    expect(card.textContent).toContain("20 leads and 7 appointments set in all");
    await user.click(within(card).getByRole("radio", { name: "Table" }));
    const table = await within(card).findByRole("table", { name: "Leads and appointments" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "PeriodLeadsAppointments set",
      "Oct 1125",
      "Oct 282",
      "Total207",
    ]);
  });

  it("says so when the period has nothing", async () => {
    serve({
      panels: panelsOf({ current: zeroMeasures(), previous: zeroMeasures(), activeLeadGenerators: 0 }),
      series: seriesOf([{}, {}, {}]),
      stores: [],
      users: [],
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/Nothing was recorded in this period/)).toBeTruthy();
    expect(screen.getByRole("listitem", { name: "Leads" }).textContent).toContain("0No change");
    const card = screen.getByRole("region", { name: "Leads and appointments" });
    expect(await within(card).findByText("No leads in this period")).toBeTruthy();
    expect(await screen.findByText("No store had leads in this period")).toBeTruthy();
    // Nothing to export.
    expect((screen.getByRole("button", { name: "Export Excel (.xlsx)" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole("tab", { name: "Lead generators" }));
    expect(await screen.findByText("No lead generator worked in this period")).toBeTruthy();
  });
});
