import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, type MockRequest, mockApi, optionSearch } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import type { BucketChart, LeadCountSeries, LeadCountSummary } from "../api/charts";
import { ChartsPage } from "./charts-page";

// happy-dom measures no SVG (a chart of width 0 warns and draws nothing): each drawing stands in as a marker, and
// the tests read the Table views and the requests. drawings.test.tsx renders the real ones.
vi.mock("../components/lead-count-drawing", () => ({
  LeadCountDrawing: () => <div data-testid="drawing">lead count</div>,
}));
vi.mock("../components/summary-drawing", () => ({
  SummaryDrawing: ({ kind }: { kind: string }) => <div data-testid="drawing">{kind}</div>,
}));
vi.mock("../components/bucket-drawing", () => ({
  BucketDrawing: () => <div data-testid="drawing">buckets</div>,
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  // An Analyst (charts.read).
  session.set({ ...demoUser, roleId: 8 });
});
afterEach(() => vi.unstubAllGlobals());

const LEAD_COUNT = "POST /api/charts/lead-count";
const SUMMARY = "POST /api/charts/lead-count-summary";
const DAYS = "POST /api/charts/lead-generator/days-of-week";
const HOURS = "POST /api/charts/lead-generator/hours-of-day";
const PERIOD = { startDate: "2025-10-01", endDate: "2025-10-31" };

const leadCount =
  (empty = false) =>
  (req: MockRequest): LeadCountSeries => {
    const interval = ((req.body as { interval?: string }).interval ?? "week") as LeadCountSeries["interval"];
    const n = (v: number) => (empty ? 0 : v);
    return {
      period: PERIOD,
      interval,
      points: [
        {
          date: "2025-09-29",
          label: "Sep 29",
          leads: n(40),
          appointmentsSet: n(12),
          sold: n(3),
          revenue: n(9000),
        },
        {
          date: "2025-10-06",
          label: "Oct 6",
          leads: n(1200),
          appointmentsSet: n(300),
          sold: n(80),
          revenue: n(50),
        },
      ],
    };
  };

const summary = (total = 30): LeadCountSummary => ({
  period: PERIOD,
  total,
  byStatus: total
    ? [
        { id: 1, name: "New", count: 20 },
        { id: 2, name: "Sold", count: 10 },
      ]
    : [],
  bySource: total
    ? [
        { id: "capture", name: "Capture", count: 24 },
        { id: "qr", name: "QR code", count: 6 },
      ]
    : [],
});

const days =
  (empty = false) =>
  (req: MockRequest): BucketChart => {
    const n = (v: number) => (empty ? 0 : v);
    return {
      period: PERIOD,
      measure: (req.body as { measure: BucketChart["measure"] }).measure,
      buckets: ["Sunday", "Monday", "Tuesday"].map((label, key) => ({ key, label })),
      series: [
        { id: 101, name: "Jo Park", isActive: true, values: [n(1), n(5), n(2)] },
        { id: 102, name: "Ana Ruiz", isActive: true, values: [0, n(3), n(4)] },
      ],
      others: [n(1), 0, n(2)],
      totals: [n(2), n(8), n(8)],
    };
  };

const hours = (req: MockRequest): BucketChart => ({
  period: PERIOD,
  measure: (req.body as { measure: BucketChart["measure"] }).measure,
  buckets: [9, 10].map((key) => ({ key, label: `${key}:00` })),
  series: [{ id: 101, name: "Jo Park", isActive: true, values: [3, 4] }],
  others: null,
  totals: [3, 4],
});

function serve({ empty = false }: { empty?: boolean } = {}) {
  return mockApi(fetchMock, {
    "GET /api/app/lookup-list": () =>
      lookupListOf({
        organizationTerritories: [{ id: 4, name: "North Jersey", organizationId: 7, isActive: true }],
      }),
    "POST /api/app/lookup-list/stores/search": optionSearch(() => [
      { id: 12, name: "Costco Wayne", organizationTerritoryId: 4 },
    ]),
    "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => [
      { id: 101, name: "Jo Park", isActive: true, organizationsTerritoryIds: [4] },
    ]),
    [LEAD_COUNT]: leadCount(empty),
    [SUMMARY]: () => summary(empty ? 0 : 30),
    [DAYS]: days(empty),
    [HOURS]: empty ? days(true) : hours,
  });
}

const renderPage = (path = "/charts") => renderRoutes([{ path: "/charts", Component: ChartsPage }], path);

/** A card by its heading, switched to its Table view. */
async function tableView(user: ReturnType<typeof userEvent.setup>, title: string) {
  const card = await screen.findByRole("region", { name: title });
  await waitFor(() => expect(within(card).queryByTestId("chart-loading")).toBeNull());
  await user.click(within(card).getByRole("radio", { name: "Table" }));
  return card;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((r) => r.textContent);

describe("ChartsPage", { timeout: 30_000 }, () => {
  it("sends the filter from the address to every chart, with the top eight lead generators", async () => {
    const api = serve();
    renderPage("/charts?range=6&territory=4&store=12&lg=101&type=3");
    await screen.findByRole("region", { name: "Lead count over time" });
    await waitFor(() => expect(api.bodies(HOURS)).toHaveLength(1));
    // Appointment types are not a filter of the charts: the address's `type` is left out.
    const filter = { dateRange: 6, territoryIds: [4], storeIds: [12], leadGeneratorIds: [101] };
    expect(api.bodies(LEAD_COUNT)[0]).toEqual(filter);
    expect(api.bodies(SUMMARY)[0]).toEqual(filter);
    expect(api.bodies(DAYS)[0]).toEqual({ ...filter, measure: "leads", top: 8 });
    expect(api.bodies(HOURS)[0]).toEqual({ ...filter, measure: "leads", top: 8 });
    // Every drawing, once its code has loaded: lead count, the donut and source bars, days and hours.
    await waitFor(() => expect(screen.getAllByTestId("drawing")).toHaveLength(5));
    expect(screen.getByRole("heading", { level: 1, name: "Charts" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Lead count over time",
      "Lead count summary",
      "Lead generators by day of week",
      "Lead generators by hour of day",
    ]);
  });

  it("shows the lead count over time as a table, and asks again for another interval", async () => {
    const api = serve();
    const user = userEvent.setup();
    const { router } = renderPage();
    const card = await tableView(user, "Lead count over time");
    const table = within(card).getByRole("table", { name: "Lead count over time" });
    expect(rowsOf(table)).toEqual([
      "PeriodLeadsAppointments setSoldRevenue",
      "Sep 2940123$9,000",
      "Oct 61,20030080$50.00",
      "Total1,24031283$9,050",
    ]);
    // The server chose weeks for the period: the control says so.
    expect((within(card).getByRole("radio", { name: "Week" }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(card).getByRole("radio", { name: "Month" }));
    await waitFor(() => expect(api.bodies(LEAD_COUNT).at(-1)).toMatchObject({ interval: "month" }));
    expect(router.state.location.search).toContain("interval=month");
  });

  it("lists the summary's statuses and sources beside the drawings, and as tables", async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole("region", { name: "Lead count summary" });
    const statuses = await within(card).findByRole("list", { name: "Leads by status" });
    expect(
      within(statuses)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["New20 (66.7%)", "Sold10 (33.3%)"]);
    expect(within(card).getByRole("list", { name: "Leads by source" }).textContent).toContain(
      "QR code6 (20.0%)",
    );

    await tableView(user, "Lead count summary");
    expect(rowsOf(within(card).getByRole("table", { name: "Leads by status" }))).toEqual([
      "StatusLeadsShare",
      "New2066.7%",
      "Sold1033.3%",
      "Total30100.0%",
    ]);
    expect(rowsOf(within(card).getByRole("table", { name: "Leads by source" }))[1]).toBe("Capture2480.0%");
  });

  it("tables the lead generators by day and by hour, and asks for another measure", async () => {
    const api = serve();
    const user = userEvent.setup();
    const { router } = renderPage();
    const days = await tableView(user, "Lead generators by day of week");
    expect(
      rowsOf(within(days).getByRole("table", { name: "Lead generators by day of week: Leads" })),
    ).toEqual([
      "DayJo ParkAna RuizEveryone elseTotal",
      "Sunday1012",
      "Monday5308",
      "Tuesday2428",
      "Total87318",
    ]);
    const hoursCard = await tableView(user, "Lead generators by hour of day");
    expect(rowsOf(within(hoursCard).getByRole("table"))).toEqual([
      "HourJo ParkTotal",
      "9:0033",
      "10:0044",
      "Total77",
    ]);

    const count = within(days).getByRole("combobox", { name: "Count" });
    await user.click(count);
    const options = await waitFor(() => {
      const list = document.getElementById(count.getAttribute("aria-controls") ?? "");
      if (!list) throw new Error("The options did not open");
      return list;
    });
    await user.click(within(options).getByRole("option", { name: "Appointments set", hidden: true }));
    await waitFor(() =>
      expect(api.bodies(DAYS).at(-1)).toMatchObject({ measure: "appointmentsSet", top: 8 }),
    );
    expect(router.state.location.search).toContain("dayMeasure=appointmentsSet");
    // The other card keeps its own measure.
    expect(api.bodies(HOURS).every((b) => b.measure === "leads")).toBe(true);
    expect(
      await within(days).findByRole("table", { name: "Lead generators by day of week: Appointments set" }),
    ).toBeTruthy();
  });

  it("says so in each card when the period has nothing", async () => {
    serve({ empty: true });
    renderPage();
    for (const title of ["Lead count over time", "Lead count summary"]) {
      const card = await screen.findByRole("region", { name: title });
      expect(await within(card).findByText("No leads in this period")).toBeTruthy();
    }
    for (const title of ["Lead generators by day of week", "Lead generators by hour of day"]) {
      const card = await screen.findByRole("region", { name: title });
      expect(await within(card).findByText("No leads in this period")).toBeTruthy();
    }
    expect(screen.queryAllByTestId("drawing")).toHaveLength(0);
  });
});
