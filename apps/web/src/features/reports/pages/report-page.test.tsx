import type { FunnelReportResponse, SpeedReportResponse } from "@fieldlead/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RootRoute } from "../../../app/root-route";
import { session } from "../../../lib/session";
import { demoUser } from "../../../test/fixtures";
import { lookupListOf, type MockRequest, mockApi, optionSearch, problem } from "../../../test/mock-api";
import { renderRoutes } from "../../../test/render";
import { reportsRoutes } from "../routes";
import { ReportPage } from "./report-page";

// recharts measures a layout happy-dom does not have: the bars are drawn by a stand-in that lists what they show.
vi.mock("../components/report-bar-chart", () => ({
  default: ({ title, data }: { title: string; data: { name: string; value: number }[] }) => (
    <figure aria-label={title}>{data.map((d) => `${d.name}=${d.value}`).join(";")}</figure>
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  session.set({ ...demoUser });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STORE_LEAD = "POST /api/reports/store-lead";
const SPEED = "POST /api/reports/speed-to-lead";
const SUMMARY = "POST /api/reports/lead-count-summary";
const OWNER = "POST /api/reports/owner-group/organization";

const measures = {
  approaches: 40,
  hoursWorked: 12.5,
  shifts: 3,
  leads: 20,
  rejected: 1,
  duplicates: 0,
  appointmentsSet: 10,
  sent: 18,
  ran: 8,
  sold: 4,
  notSold: 4,
  noShow: 1,
  cancelled: 1,
  revenue: 12500,
};
const row = (id: number, name: string, over: Partial<typeof measures> = {}, isActive = true) => ({
  ...measures,
  ...over,
  key: String(id),
  id,
  name,
  detail: id === 1 ? "Wayne, North Jersey" : null,
  subId: null,
  subName: null,
  isActive,
});

const funnel = (over: Partial<FunnelReportResponse> = {}): FunnelReportResponse => ({
  period: { startDate: "2026-11-01", endDate: "2026-11-30" },
  interval: null,
  items: [row(1, "Costco Wayne"), row(2, "Costco Closed - Inactive", { leads: 3, revenue: 900.5 }, false)],
  total: 2,
  page: 1,
  pageSize: 50,
  totals: { ...measures, leads: 1234, revenue: 13400.5, hoursWorked: 25 },
  ...over,
});

function serve(routes: Record<string, (req: MockRequest) => unknown>) {
  return mockApi(fetchMock, {
    "GET /api/app/lookup-list": () => lookupListOf({}),
    "POST /api/app/lookup-list/stores/search": optionSearch(() => []),
    "POST /api/app/lookup-list/lead-generators/search": optionSearch(() => []),
    ...routes,
  });
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: "/reports/funnel/:slug", Component: ReportPage },
      { path: "/reports/funnel", element: <h1>All reports screen</h1> },
    ],
    path,
  );

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

describe("ReportPage", { timeout: 30_000 }, () => {
  it("shows the report's rows, formatted, with the totals of every row in the footer and the period in words", async () => {
    const api = serve({ [STORE_LEAD]: () => funnel() });
    renderAt("/reports/funnel/store-lead");

    expect(await screen.findByRole("heading", { level: 1, name: "Leads by store" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: /Leads by store/ });
    await within(table).findByText("Costco Wayne");
    expect(within(table).getByText("Wayne, North Jersey")).toBeTruthy();
    const inactive = within(table).getByText("Costco Closed - Inactive").closest("tr");
    expect(inactive?.getAttribute("data-inactive")).toBe("true");
    // Money: no cents from $1,000, cents below; a rate computed from the row's measures.
    expect(within(inactive as HTMLElement).getByText("$900.50")).toBeTruthy();
    const footer = table.querySelector("tfoot") as HTMLElement;
    expect(within(footer).getByText("Total")).toBeTruthy();
    expect(within(footer).getByText("1,234")).toBeTruthy();
    expect(within(footer).getByText("$13,401")).toBeTruthy();
    expect(screen.getByText("1 – 30 Nov 2026")).toBeTruthy();
    // The bars: the rows by the measure the report is sorted by, the largest first.
    const chart = await screen.findByRole("figure", { name: "Top 2 by leads" });
    expect(chart.textContent).toBe("Costco Wayne=20;Costco Closed - Inactive=3");
    expect(api.bodies(STORE_LEAD)[0]).toEqual({
      dateRange: 5,
      page: 1,
      pageSize: 50,
      sortBy: "leads",
      sortDirection: "desc",
      format: "json",
    });
  });

  it("sorts on the server when a header is clicked: a number from the largest first, again to reverse", async () => {
    const user = userEvent.setup();
    const api = serve({ [STORE_LEAD]: () => funnel() });
    const { router } = renderAt("/reports/funnel/store-lead");
    await screen.findByText("Costco Wayne");

    const revenue = screen.getByRole("button", { name: "Sort by Revenue" });
    await user.click(revenue);
    await waitFor(() =>
      expect(api.bodies(STORE_LEAD).at(-1)).toMatchObject({ sortBy: "revenue", sortDirection: "desc" }),
    );
    expect(revenue.closest("th")?.getAttribute("aria-sort")).toBe("descending");
    await user.click(screen.getByRole("button", { name: "Sort by Revenue" }));
    await waitFor(() =>
      expect(api.bodies(STORE_LEAD).at(-1)).toMatchObject({ sortBy: "revenue", sortDirection: "asc" }),
    );
    expect(router.state.location.search).toContain("sortBy=revenue");

    await user.click(screen.getByRole("button", { name: "Sort by Store" }));
    await waitFor(() =>
      expect(api.bodies(STORE_LEAD).at(-1)).toMatchObject({ sortBy: "name", sortDirection: "asc" }),
    );
  });

  it("pages on the server, and a filter change goes back to the first page", async () => {
    const user = userEvent.setup();
    const api = serve({
      [STORE_LEAD]: ({ body }) => funnel({ total: 120, page: (body as { page: number }).page }),
    });
    const { router } = renderAt("/reports/funnel/store-lead");
    await screen.findByText("1–50 of 120");

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(api.bodies(STORE_LEAD).at(-1)).toMatchObject({ page: 2 }));
    expect(router.state.location.search).toContain("page=2");

    await choose(user, screen.getByRole("combobox", { name: "Period" }), "Last Month");
    await waitFor(() => expect(api.bodies(STORE_LEAD).at(-1)).toMatchObject({ page: 1, dateRange: 6 }));
    expect(router.state.location.search).not.toContain("page=");
  });

  it("exports every row with the same filter and sort as CSV, under the server's file name", async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
    );
    const api = serve({
      [STORE_LEAD]: ({ body }) =>
        (body as { format: string }).format === "json"
          ? funnel()
          : new Response("a,b", {
              headers: { "content-disposition": 'attachment; filename="leads-by-store-2026-11-30.CSV"' },
            }),
    });
    renderAt("/reports/funnel/store-lead?range=6&sortBy=revenue&sortDirection=asc&page=2");
    await screen.findByText("Costco Wayne");

    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toEqual(["leads-by-store-2026-11-30.csv"]));
    const sent = api.bodies(STORE_LEAD).at(-1);
    expect(sent).toEqual({ dateRange: 6, sortBy: "revenue", sortDirection: "asc", format: "csv" });
  });

  it("names the browser tab after the report on screen, and says when there is none", async () => {
    serve({ [STORE_LEAD]: () => funnel(), "POST /api/reports/lg-ag-analysis": () => funnel() });
    const { router } = renderRoutes(
      [{ Component: RootRoute, children: reportsRoutes }],
      "/reports/funnel/store-lead",
    );
    await screen.findByRole("heading", { level: 1, name: "Leads by store" });
    await waitFor(() => expect(document.title).toBe("Leads by store · FieldLead"));

    await act(() => router.navigate("/reports/funnel/lg-ag-analysis"));
    await screen.findByRole("heading", { level: 1, name: "Lead generator analysis" });
    await waitFor(() => expect(document.title).toBe("Lead generator analysis · FieldLead"));

    await act(() => router.navigate("/reports/funnel/nothing-here"));
    await screen.findByText("Report not found");
    await waitFor(() => expect(document.title).toBe("Report not found · FieldLead"));
  });

  it("says so when the address names no report, with a way back to the list", async () => {
    serve({});
    renderAt("/reports/funnel/no-such-report");
    expect(await screen.findByRole("heading", { level: 1, name: "Report not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "All reports" }).getAttribute("href")).toBe("/reports/funnel");
  });

  it("explains a refused owner-group report instead of an error", async () => {
    serve({ [OWNER]: () => problem(403, "You do not have access to this.") });
    renderAt("/reports/funnel/owner-group-organization");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("This report is not available to you")).toBeTruthy();
    expect(within(alert).getByText(/need organization-wide access/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Export CSV" })).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says there are no leads in the period and how to see more when the report is empty", async () => {
    serve({ [STORE_LEAD]: () => funnel({ items: [], total: 0 }) });
    renderAt("/reports/funnel/store-lead");
    expect(await screen.findByText("No leads in this period")).toBeTruthy();
    expect(screen.getByText(/Choose a longer period/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Export CSV" })).toHaveProperty("disabled", true);
  });

  it("groups speed to lead by what is chosen, its minutes written as durations", async () => {
    const user = userEvent.setup();
    const speed: SpeedReportResponse = {
      period: { startDate: "2026-11-01", endDate: "2026-11-30" },
      items: [
        {
          key: "1",
          id: 1,
          name: "Costco Wayne",
          detail: null,
          isActive: true,
          leads: 10,
          delivered: 9,
          deliveredWithin5Minutes: 7,
          deliveredWithinHour: 9,
          medianMinutesToDelivery: 3.2,
          p90MinutesToDelivery: 185,
          contacted: 5,
          contactedWithinHour: 4,
          medianMinutesToContact: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 50,
      totals: {
        leads: 10,
        delivered: 9,
        deliveredWithin5Minutes: 7,
        deliveredWithinHour: 9,
        medianMinutesToDelivery: 3.2,
        p90MinutesToDelivery: 185,
        contacted: 5,
        contactedWithinHour: 4,
        medianMinutesToContact: null,
      },
    };
    const api = serve({ [SPEED]: () => speed });
    renderAt("/reports/funnel/speed-to-lead");
    await screen.findByText("Costco Wayne");
    expect(api.bodies(SPEED)[0]).toMatchObject({ groupBy: "source", sortBy: "leads", sortDirection: "desc" });
    expect(screen.getAllByText("3 h 5 min").length).toBeGreaterThan(0);
    // Columns the server does not sort by have no sort button.
    expect(screen.queryByRole("button", { name: "Sort by Sent within 5 min" })).toBeNull();

    await choose(user, screen.getByRole("combobox", { name: "Group by" }), "Store");
    await waitFor(() => expect(api.bodies(SPEED).at(-1)).toMatchObject({ groupBy: "store" }));
    expect(screen.getByRole("button", { name: "Sort by Store" })).toBeTruthy();
  });

  it("shows the interval the server chose for the lead count summary, and asks for another when picked", async () => {
    const user = userEvent.setup();
    const api = serve({
      [SUMMARY]: ({ body }) =>
        funnel({
          interval: (body as { interval?: "day" | "week" }).interval ?? "day",
          items: [row(1, "1 Nov"), row(2, "2 Nov")],
        }),
    });
    renderAt("/reports/funnel/lead-count-summary");
    const interval = await screen.findByRole("combobox", { name: "Interval" });
    await waitFor(() => expect((interval as HTMLInputElement).value).toBe("Automatic (Day)"));
    expect(api.bodies(SUMMARY)[0]).not.toHaveProperty("interval");

    await choose(user, interval, "Week");
    await waitFor(() => expect(api.bodies(SUMMARY).at(-1)).toMatchObject({ interval: "week" }));
  });
});
