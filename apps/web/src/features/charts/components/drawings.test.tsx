import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { BucketDrawing } from "./bucket-drawing";
import { LeadCountDrawing } from "./lead-count-drawing";
import { SummaryDrawing } from "./summary-drawing";

// happy-dom lays nothing out: every box is 0 by 0, and a chart of no size draws nothing. Here every box measures
// 600 by 300, so the drawings render their SVG and legends.
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, contentRect: { width: 600, height: 300 } } as unknown as ResizeObserverEntry],
      this as unknown as ResizeObserver,
    );
  }
  unobserve() {}
  disconnect() {}
}
beforeEach(() => {
  vi.stubGlobal("ResizeObserver", SizedResizeObserver);
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
    width: 600,
    height: 300,
    top: 0,
    left: 0,
    right: 600,
    bottom: 300,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(300);
});
afterEach(() => vi.unstubAllGlobals());

const PERIOD = { startDate: "2025-10-01", endDate: "2025-10-31" };

describe("the chart drawings", () => {
  it("draws the lead count as three named lines", () => {
    const { container } = renderWithMantine(
      <LeadCountDrawing
        height={300}
        points={[
          { date: "2025-10-01", label: "Oct 1", leads: 4, appointmentsSet: 2, sold: 1, revenue: 0 },
          { date: "2025-10-02", label: "Oct 2", leads: 6, appointmentsSet: 3, sold: 0, revenue: 0 },
        ]}
      />,
    );
    expect(container.querySelector("svg")).toBeTruthy();
    for (const name of ["Leads", "Appointments set", "Sold"]) expect(screen.getByText(name)).toBeTruthy();
  });

  it("draws the lead generators stacked, with everyone else in the legend", () => {
    const { container } = renderWithMantine(
      <BucketDrawing
        height={300}
        chart={{
          period: PERIOD,
          measure: "leads",
          buckets: [
            { key: 0, label: "Sunday" },
            { key: 1, label: "Monday" },
          ],
          series: [{ id: 101, name: "Jo Park", isActive: true, values: [1, 2] }],
          others: [3, 0],
          totals: [4, 2],
        }}
      />,
    );
    expect(container.querySelector("svg")).toBeTruthy();
    expect(screen.getByText("Jo Park")).toBeTruthy();
    expect(screen.getByText("Everyone else")).toBeTruthy();
  });

  it("draws the summary's donut and source bars", () => {
    const { container } = renderWithMantine(
      <>
        <SummaryDrawing kind="status" total={3} slices={[{ name: "New", count: 3, color: "blue.6" }]} />
        <SummaryDrawing kind="source" height={120} sources={[{ name: "Capture", count: 3, color: "" }]} />
      </>,
    );
    expect(container.querySelectorAll("svg").length).toBeGreaterThanOrEqual(2);
  });
});
