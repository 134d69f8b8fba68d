import type { TemplateWindow } from "@fieldlead/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { TemplateGrid } from "./template-grid";

const tpl = (
  id: number,
  dayOfWeek: number,
  startTime: string,
  endTime: string,
  capacity: number,
  isActive = true,
) =>
  ({
    id,
    appointmentTypeId: 1,
    appointmentTypeName: "In-home consultation",
    territoryId: null,
    territoryName: null,
    storeId: null,
    storeName: null,
    dayOfWeek,
    startTime,
    endTime,
    capacity,
    isActive,
    timeZone: "America/New_York",
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  }) satisfies TemplateWindow;

const templates = [
  tpl(3, 1, "16:00", "18:00", 2),
  tpl(1, 1, "08:00", "10:00", 3),
  tpl(2, 1, "12:00", "14:00", 1),
  tpl(4, 0, "10:00", "12:00", 2, false),
  tpl(5, 6, "08:00", "10:00", 3),
];

const render = (props: Partial<Parameters<typeof TemplateGrid>[0]> = {}) => {
  const handlers = { onAdd: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  renderWithMantine(
    <TemplateGrid templates={templates} firstDayOfWeek={1} canEdit layout="grid" {...handlers} {...props} />,
  );
  return handlers;
};
const columnNames = () =>
  within(screen.getByLabelText("Weekly template"))
    .getAllByRole("region")
    .map((r) => r.getAttribute("aria-label"));

describe("TemplateGrid", () => {
  it("runs the week from the organization's first day: Monday", () => {
    render({ firstDayOfWeek: 1 });
    expect(columnNames()).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
  });

  it("runs the week from the organization's first day: Sunday", () => {
    render({ firstDayOfWeek: 0 });
    expect(columnNames()).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
  });

  it("shows each day's windows by start with their places, and days without any", () => {
    render();
    const monday = screen.getByRole("region", { name: "Monday" });
    expect(
      within(monday)
        .getAllByText(/^\d\d:\d\d–\d\d:\d\d$/)
        .map((e) => e.textContent),
    ).toEqual(["08:00–10:00", "12:00–14:00", "16:00–18:00"]);
    expect(within(monday).getByText("1 place")).toBeTruthy();
    expect(within(monday).getAllByText("3 places")).toHaveLength(1);
    expect(within(screen.getByRole("region", { name: "Tuesday" })).getByText("No windows")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Sunday" })).getByText("Off")).toBeTruthy();
  });

  it("adds to a day, edits and deletes a window by its buttons' names", async () => {
    const user = userEvent.setup();
    const h = render();
    await user.click(screen.getByRole("button", { name: "Add a window on Wednesday" }));
    expect(h.onAdd).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole("button", { name: "Edit Monday 12:00–14:00" }));
    expect(h.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    await user.click(screen.getByRole("button", { name: "Delete Saturday 08:00–10:00" }));
    expect(h.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
  });

  it("offers no buttons to someone who only reads, and lists the days one under the other on a phone", () => {
    render({ canEdit: false, layout: "list" });
    expect(screen.queryAllByRole("button")).toEqual([]);
    // Full day names in the list.
    expect(screen.getByRole("heading", { name: "Wednesday" })).toBeTruthy();
  });
});
