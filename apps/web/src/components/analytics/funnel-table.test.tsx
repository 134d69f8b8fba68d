import { type AnalyticsColumn, FUNNEL_COLUMNS } from "@fieldlead/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { analyticsValue, FunnelTable, type FunnelTableProps } from "./funnel-table";

type Row = {
  key: string;
  name: string;
  subId: number | null;
  subName: string | null;
  leads: number;
  appointmentsSet: number;
  revenue: number;
  isActive: boolean;
  detail: string | null;
};
const columns: AnalyticsColumn[] = [
  FUNNEL_COLUMNS.leads,
  FUNNEL_COLUMNS.appointmentRate,
  FUNNEL_COLUMNS.revenue,
];
const rows: Row[] = [
  {
    key: "8",
    name: "Liam Lee",
    subId: 5,
    subName: "Roofing",
    leads: 10,
    appointmentsSet: 4,
    revenue: 2500,
    isActive: true,
    detail: "North Jersey",
  },
  {
    key: "8",
    name: "Liam Lee",
    subId: 6,
    subName: "Windows",
    leads: 0,
    appointmentsSet: 0,
    revenue: 0,
    isActive: true,
    detail: null,
  },
];

const renderTable = (props: Partial<FunnelTableProps<Row>> = {}) =>
  renderWithMantine(
    <FunnelTable<Row>
      label="Leads by lead generator and appointment type"
      rowLabel="Lead generator"
      subLabel="Appointment type"
      columns={columns}
      rows={rows}
      totals={{ leads: 10, appointmentsSet: 4, revenue: 2500 }}
      total={2}
      page={1}
      pageSize={50}
      onPageChange={() => {}}
      {...props}
    />,
  );

describe("analyticsValue", () => {
  it("reads a measure, computes a rate from the measures, and answers null for none", () => {
    expect(analyticsValue({ leads: 4 }, "leads")).toBe(4);
    expect(analyticsValue({ leads: 4, appointmentsSet: 1 }, "appointmentRate")).toBe(0.25);
    expect(analyticsValue({ leads: 0, appointmentsSet: 0 }, "appointmentRate")).toBeNull();
    expect(analyticsValue({ approaches: null }, "approaches")).toBeNull();
  });
});

describe("FunnelTable", () => {
  it("names the table, shows the second name column, right-aligned numbers and a dash for a rate over nothing", () => {
    renderTable();
    const table = screen.getByRole("table", { name: "Leads by lead generator and appointment type" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Lead generator", "Appointment type", "Leads", "Appointment rate", "Revenue"]);
    const [first, second] = within(table).getAllByRole("row").slice(1, 3) as HTMLElement[];
    expect(within(first).getByRole("rowheader").textContent).toBe("Liam LeeNorth Jersey");
    expect(within(first).getByText("Roofing")).toBeTruthy();
    expect(within(first).getByText("40.0%")).toBeTruthy();
    expect(within(first).getByText("$2,500")).toBeTruthy();
    expect(within(second).getByText("–")).toBeTruthy();
    expect(within(second).getByText("$0.00")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Sort by/ })).toBeNull();
  });

  it("sorts a name from A and a number from the largest on the first click, and marks the sorted column", async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    renderTable({ onSort, sortBy: "leads", sortDirection: "desc", sortKeys: ["name", "leads", "revenue"] });
    expect(
      screen.getByRole("button", { name: "Sort by Leads" }).closest("th")?.getAttribute("aria-sort"),
    ).toBe("descending");
    // Keys the server does not sort by are plain headers.
    expect(screen.queryByRole("button", { name: "Sort by Appointment rate" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Sort by Lead generator" }));
    expect(onSort).toHaveBeenLastCalledWith("name", "asc");
    await user.click(screen.getByRole("button", { name: "Sort by Revenue" }));
    expect(onSort).toHaveBeenLastCalledWith("revenue", "desc");
    await user.click(screen.getByRole("button", { name: "Sort by Leads" }));
    expect(onSort).toHaveBeenLastCalledWith("leads", "asc");
  });

  it("shows placeholder rows while the first page loads, and no totals yet", () => {
    renderTable({ rows: undefined, totals: undefined, total: undefined, loading: true, pageSize: 25 });
    expect(screen.getAllByTestId("skeleton-row")).toHaveLength(10);
    expect(screen.getByText("Loading…")).toBeTruthy();
    expect(screen.getByRole("table").querySelector("tfoot")).toBeNull();
  });

  it("pages through the report's rows", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderTable({ total: 120, onPageChange });
    expect(screen.getByText("1–50 of 120")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it("makes a name a button that opens its row, named by the caller, and leaves the rows it cannot open plain", async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderTable({
      rows: [rows[0], { ...rows[1], key: "9", name: "Unassigned" }],
      onOpen,
      openLabel: (r) => `Time logs of ${r.name}`,
      canOpen: (r) => r.key !== "9",
    });
    const open = screen.getByRole("button", { name: "Time logs of Liam Lee" });
    // Still the row's header, the name visible in the button.
    expect(open.closest("th")?.getAttribute("scope")).toBe("row");
    expect(open.textContent).toBe("Liam Lee");
    expect(screen.queryByRole("button", { name: /Unassigned/ })).toBeNull();
    expect(screen.getByRole("rowheader", { name: "Unassigned" })).toBeTruthy();

    await user.click(open);
    expect(onOpen).toHaveBeenCalledWith(rows[0]);
  });

  it("says what is empty in the table's own words", () => {
    renderTable({ rows: [], total: 0, empty: { title: "No appointments in this period" } });
    expect(screen.getByText("No appointments in this period")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
