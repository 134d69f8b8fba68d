import { describe, expect, it } from "vitest";
import { isShiftTimeProblem, type ShiftTime, shiftTime } from "../common/shift-time";
import { outsideAvailability, type PlannedShift, personConflicts } from "./shift-time";

// The time of a shift and its conflicts (docs/decisions/0040-labor.md), without a database.

const time = (workDate: string, start: string, end: string, zone: string) => {
  const t = shiftTime(workDate, start, end, zone);
  if (isShiftTimeProblem(t)) throw new Error(t.message);
  return t as ShiftTime;
};
const iso = (t: ShiftTime) => [t.startsAt.toISOString(), t.endsAt.toISOString(), t.minutes];

describe("shiftTime", () => {
  it("gives overnight shifts across both changes their real length in New York and Los Angeles, none in Phoenix", () => {
    expect(iso(time("2026-03-07", "22:00", "06:00", "America/New_York"))).toEqual([
      "2026-03-08T03:00:00.000Z",
      "2026-03-08T10:00:00.000Z",
      420,
    ]);
    expect(iso(time("2026-10-31", "22:00", "06:00", "America/New_York"))[2]).toBe(540);
    expect(iso(time("2026-03-07", "22:00", "06:00", "America/Los_Angeles"))).toEqual([
      "2026-03-08T06:00:00.000Z",
      "2026-03-08T13:00:00.000Z",
      420,
    ]);
    expect(iso(time("2026-10-31", "22:00", "06:00", "America/Los_Angeles"))[2]).toBe(540);
    expect(iso(time("2026-03-07", "22:00", "06:00", "America/Phoenix"))).toEqual([
      "2026-03-08T05:00:00.000Z",
      "2026-03-08T13:00:00.000Z",
      480,
    ]);
    expect(iso(time("2026-10-31", "22:00", "06:00", "America/Phoenix"))[2]).toBe(480);
  });

  it("ends the next day when the end is at or before the start; 01:30 on the fall-back night is the earlier one", () => {
    expect(time("2030-06-03", "09:00", "09:00", "America/New_York")).toMatchObject({
      endsNextDay: true,
      minutes: 1440,
    });
    expect(time("2030-06-03", "09:00", "17:00", "America/New_York")).toMatchObject({
      endsNextDay: false,
      minutes: 480,
    });
    expect(iso(time("2026-10-31", "23:00", "01:30", "America/New_York"))).toEqual([
      "2026-11-01T03:00:00.000Z",
      "2026-11-01T05:30:00.000Z",
      150,
    ]);
  });

  it("names the field of a time the clocks skip", () => {
    expect(shiftTime("2026-03-08", "02:15", "08:00", "America/New_York")).toMatchObject({
      field: "startTime",
    });
    expect(shiftTime("2026-03-07", "22:00", "02:30", "America/New_York")).toMatchObject({ field: "endTime" });
    // Phoenix skips nothing.
    expect(isShiftTimeProblem(shiftTime("2026-03-08", "02:15", "08:00", "America/Phoenix"))).toBe(false);
  });
});

const shift = (
  id: number,
  workDate: string,
  start: string,
  end: string,
  zone = "America/New_York",
): PlannedShift => ({
  id,
  storeName: `Store ${id}`,
  workDate,
  startTime: start,
  endTime: end,
  ...time(workDate, start, end, zone),
});

describe("conflicts", () => {
  it("reads available hours on the organization's clock, whatever the store's zone", () => {
    const rows = [{ dayOfWeek: 1, startTime: "09:00", endTime: "17:00" }];
    // 10:00-17:00 in Chicago is 11:00-18:00 in New York: outside.
    expect(
      outsideAvailability(
        shift(1, "2030-06-03", "10:00", "17:00", "America/Chicago"),
        rows,
        "America/New_York",
      ),
    ).toBe("available Monday 09:00–17:00");
    expect(
      outsideAvailability(
        shift(1, "2030-06-03", "08:00", "16:00", "America/Chicago"),
        rows,
        "America/New_York",
      ),
    ).toBeNull();
    // Ending at midnight belongs to the day before; 23:59 means until midnight.
    const late = [{ dayOfWeek: 1, startTime: "18:00", endTime: "23:59" }];
    expect(
      outsideAvailability(shift(1, "2030-06-03", "20:00", "00:00"), late, "America/New_York"),
    ).toBeNull();
    expect(outsideAvailability(shift(1, "2030-06-03", "20:00", "00:30"), late, "America/New_York")).toBe(
      "not available on Tuesdays",
    );
    expect(outsideAvailability(shift(1, "2030-06-03", "20:00", "00:30"), [], "America/New_York")).toBeNull();
  });

  it("marks both shifts of a double booking, and the shifts from the one that passes the weekly limit", () => {
    const week = { startDate: "2030-06-03", endDate: "2030-06-09" };
    const shifts = [
      shift(1, "2030-06-03", "08:00", "20:00"),
      shift(2, "2030-06-04", "08:00", "20:00"),
      shift(3, "2030-06-05", "08:00", "20:00"),
      shift(4, "2030-06-06", "08:00", "12:00"),
      shift(5, "2030-06-06", "11:00", "13:00"),
      // The week before: only there to be seen overlapping (it does not).
      shift(6, "2030-06-02", "08:00", "20:00"),
    ];
    const c = personConflicts(shifts, [], {
      orgTimeZone: "America/New_York",
      week,
      weeklyLimitMinutes: 40 * 60,
    });
    expect(c.weekMinutes).toBe(42 * 60);
    expect(c.overWeeklyLimit).toBe(true);
    expect([...c.byShift.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(c.byShift.get(3)).toEqual([]);
    // 40 hours exactly by the end of shift 4 is not over.
    expect(c.byShift.get(4)?.map((x) => x.kind)).toEqual(["overlap"]);
    expect(c.byShift.get(5)?.map((x) => [x.kind, x.otherShiftId])).toEqual([
      ["overlap", 4],
      ["overWeeklyLimit", null],
    ]);
  });
});
