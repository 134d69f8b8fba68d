import { FUNNEL_COLUMNS, type FunnelReportDef, reportBySlug } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import { chartSpec } from "./report-chart";

const def = (slug: string) => reportBySlug(slug) as FunnelReportDef;
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    key: `2026-11-${String(n - i).padStart(2, "0")}`,
    name: `Row ${n - i}`,
    leads: (i * 7) % 13,
    appointmentsSet: i,
    revenue: i * 100,
  }));

describe("chartSpec", () => {
  it("charts the ten largest rows by the measure the report is sorted by", () => {
    const report = def("store-lead");
    const columns = report.columns.map((k) => FUNNEL_COLUMNS[k]);
    const spec = chartSpec(report, columns, rows(15), "revenue");
    expect(spec?.title).toBe("Top 10 by revenue");
    expect(spec?.column.kind).toBe("money");
    expect(spec?.data.map((d) => d.value)).toEqual([1400, 1300, 1200, 1100, 1000, 900, 800, 700, 600, 500]);
  });

  it("charts the default sort's measure when sorted by name, and a rate computed from the measures", () => {
    const report = def("store-lead");
    const columns = report.columns.map((k) => FUNNEL_COLUMNS[k]);
    expect(chartSpec(report, columns, rows(3), "name")?.column.key).toBe("leads");
    const one = { key: "1", name: "A", leads: 4, appointmentsSet: 1 };
    const rate = chartSpec(report, columns, [one], "appointmentRate");
    expect(rate?.data).toEqual([{ name: "A", value: 0.25 }]);
  });

  it("charts a period report's periods in time order under its interval", () => {
    const report = def("lead-count-summary");
    const columns = report.columns.map((k) => FUNNEL_COLUMNS[k]);
    const spec = chartSpec(report, columns, rows(3), "name", "day");
    expect(spec?.title).toBe("Leads by day");
    expect(spec?.data.map((d) => d.name)).toEqual(["Row 1", "Row 2", "Row 3"]);
  });

  it("draws nothing without rows", () => {
    const report = def("store-lead");
    expect(
      chartSpec(
        report,
        report.columns.map((k) => FUNNEL_COLUMNS[k]),
        [],
        "leads",
      ),
    ).toBeNull();
  });
});
