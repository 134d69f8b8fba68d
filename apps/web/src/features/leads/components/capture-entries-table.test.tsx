import type { CaptureEntryItem } from "@fieldlead/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { CaptureEntriesTable } from "./capture-entries-table";
import { captureEntry as entry } from "./test-leads";

function renderTable(items: CaptureEntryItem[], filtered = false) {
  const props = {
    onOpenLead: vi.fn(),
    onOpenEntry: vi.fn(),
    onSortChange: vi.fn(),
  };
  const page = { items, total: items.length, page: 1, pageSize: 25, totalCapped: false };
  renderWithMantine(
    <CaptureEntriesTable
      data={page}
      loading={false}
      fetching={false}
      error={null}
      onRetry={() => {}}
      page={1}
      pageSize={25}
      sort={{ by: "receivedAt", direction: "desc" }}
      onPageChange={() => {}}
      onPageSizeChange={() => {}}
      filtered={filtered}
      {...props}
    />,
  );
  return props;
}

describe("CaptureEntriesTable", () => {
  it("shows when, how, where and by whom each entry came, and opens its lead or itself", async () => {
    const user = userEvent.setup();
    const props = renderTable([
      entry(1),
      entry(2, { outcome: "invalid", leadId: null, message: "No phone" }),
    ]);

    expect(screen.getByText("Capture entries")).toBeTruthy();
    // The store's clock with its zone, on one line.
    expect(screen.getAllByText("2026-11-20 18:04", { exact: false })[0]?.textContent).toBe(
      "2026-11-20 18:04 EST",
    );
    expect(screen.getAllByText("QR self-entry")).toHaveLength(2);
    expect(screen.getAllByText("Costco Wayne")).toHaveLength(2);
    expect(screen.getAllByText("Luis Generator")).toHaveLength(2);
    expect(screen.getByText("Submitted by")).toBeTruthy();
    expect(screen.getByText("No phone")).toBeTruthy();

    await user.click(screen.getByText("#41"));
    expect(props.onOpenLead).toHaveBeenCalledWith(41, "qr");
    await user.click(screen.getByLabelText("View entry 2"));
    expect(props.onOpenEntry).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));

    // Only the time sorts; its header says how.
    const received = screen.getByText("Received", { selector: "button, button *" }).closest("button");
    expect(received?.closest("th")?.getAttribute("aria-sort")).toBe("descending");
    await user.click(received as HTMLElement);
    expect(props.onSortChange).toHaveBeenCalledWith({ by: "receivedAt", direction: "asc" });
    expect(screen.queryByText("Store", { selector: "button, button *" })).toBeNull();
  });

  it("says whether the filters or the lack of entries leave it empty", () => {
    renderTable([], true);
    expect(screen.getByText("No entries match these filters")).toBeTruthy();
  });
});
