import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek, daysBetween } from "./local-date";
import { WEEK_LIST_DAYS_AHEAD, WEEK_LIST_DAYS_BACK, type WeekEntry, weekEntry, weekList } from "./week-list";
import { zonedDateTimeToUtc } from "./zone";

const NY = "America/New_York";
const at = (date: string, time: string, tz: string) => zonedDateTimeToUtc(date, time, tz);

/** Checks everything that must hold for any week list built around `today`. */
function expectWellFormed(weeks: WeekEntry[], today: string, first: number) {
  const windowStart = addDays(today, -WEEK_LIST_DAYS_BACK);
  const windowEnd = addDays(today, WEEK_LIST_DAYS_AHEAD);
  expect(weeks.length === 21 || weeks.length === 22).toBe(true);
  // The first week contains today - 30 and the last week contains today + 112.
  expect(weeks[0].startDate <= windowStart && windowStart <= weeks[0].endDate).toBe(true);
  const last = weeks[weeks.length - 1];
  expect(last.startDate <= windowEnd && windowEnd <= last.endDate).toBe(true);
  expect(weeks.filter((w) => w.isCurrentWeek)).toHaveLength(1);
  weeks.forEach((w, i) => {
    expect(dayOfWeek(w.startDate)).toBe(first);
    expect(w.date).toBe(w.startDate);
    expect(w.endDate).toBe(addDays(w.startDate, 6));
    expect(w.isCurrentWeek).toBe(w.startDate <= today && today <= w.endDate);
    // Every week intersects the window, and the weeks follow each other without gaps.
    expect(w.endDate >= windowStart && w.startDate <= windowEnd).toBe(true);
    if (i > 0) expect(daysBetween(weeks[i - 1].startDate, w.startDate)).toBe(7);
  });
}

describe("weekList", () => {
  it("spans about 30 days back to about 112 days ahead", () => {
    expect(WEEK_LIST_DAYS_BACK).toBe(30);
    expect(WEEK_LIST_DAYS_AHEAD).toBe(112);
  });

  it("lists Monday weeks around Wednesday 2026-11-18 by default", () => {
    const weeks = weekList(at("2026-11-18", "12:00", NY), NY);
    expect(weeks).toHaveLength(21);
    // today - 30 = 2026-10-19 (a Monday); today + 112 = 2027-03-10 (a Wednesday).
    expect(weeks[0]).toEqual({
      description: "Oct 19, 2026 - Oct 25, 2026",
      date: "2026-10-19",
      startDate: "2026-10-19",
      endDate: "2026-10-25",
      dayName: "Monday",
      isCurrentWeek: false,
    });
    expect(weeks[4]).toEqual({
      description: "Nov 16, 2026 - Nov 22, 2026",
      date: "2026-11-16",
      startDate: "2026-11-16",
      endDate: "2026-11-22",
      dayName: "Monday",
      isCurrentWeek: true,
    });
    expect(weeks[20].description).toBe("Mar 8, 2027 - Mar 14, 2027");
    expect(weeks.find((w) => w.startDate === "2026-12-28")?.description).toBe("Dec 28, 2026 - Jan 3, 2027");
    expectWellFormed(weeks, "2026-11-18", 1);
  });

  it("treats null and undefined as Monday", () => {
    const now = at("2026-11-18", "12:00", NY);
    expect(weekList(now, NY, null)).toEqual(weekList(now, NY, 1));
    expect(weekList(now, NY, undefined)).toEqual(weekList(now, NY, 1));
  });

  it("uses Sunday and Saturday weeks", () => {
    const now = at("2026-11-18", "12:00", NY);
    const sunday = weekList(now, NY, 0);
    expect(sunday.every((w) => w.dayName === "Sunday")).toBe(true);
    expect(sunday.find((w) => w.isCurrentWeek)?.description).toBe("Nov 15, 2026 - Nov 21, 2026");
    expect(sunday[0].startDate).toBe("2026-10-18");
    expectWellFormed(sunday, "2026-11-18", 0);

    const saturday = weekList(now, NY, 6);
    expect(saturday.every((w) => w.dayName === "Saturday")).toBe(true);
    expect(saturday.find((w) => w.isCurrentWeek)?.startDate).toBe("2026-11-14");
    expectWellFormed(saturday, "2026-11-18", 6);
  });

  it("has 22 weeks when the window starts late in a week", () => {
    // today - 30 = 2026-10-25, a Sunday: the last day of a Monday week.
    const weeks = weekList(at("2026-11-24", "12:00", NY), NY, 1);
    expect(weeks).toHaveLength(22);
    expect(weeks[0].startDate).toBe("2026-10-19");
    expect(weeks[21].startDate).toBe("2027-03-15");
    expectWellFormed(weeks, "2026-11-24", 1);
  });

  it("marks the current week when today is its first or last day", () => {
    const first = weekList(at("2026-11-16", "00:00", NY), NY, 1);
    expect(first.find((w) => w.isCurrentWeek)?.startDate).toBe("2026-11-16");
    const last = weekList(at("2026-11-22", "23:59:59", NY), NY, 1);
    expect(last.find((w) => w.isCurrentWeek)?.startDate).toBe("2026-11-16");
  });

  it("holds for every first day of week over a whole year, including DST days", () => {
    for (let first = 0; first <= 6; first++) {
      for (let i = 0; i < 366; i += 5) {
        const today = addDays("2026-01-01", i);
        expectWellFormed(weekList(at(today, "12:00", NY), NY, first), today, first);
      }
    }
  });

  it("uses the local day in the organization's zone", () => {
    // Sunday 2026-11-22 20:00 in New York is already Monday 2026-11-23 in Sydney.
    const now = at("2026-11-22", "20:00", NY);
    expect(weekList(now, NY).find((w) => w.isCurrentWeek)?.startDate).toBe("2026-11-16");
    expect(weekList(now, "Australia/Sydney").find((w) => w.isCurrentWeek)?.startDate).toBe("2026-11-23");
  });

  it("crosses the year end", () => {
    // 2026-12-31 23:30 New York = 2027-01-01 in Berlin; both in the week of Dec 28.
    const now = at("2026-12-31", "23:30", NY);
    for (const tz of [NY, "Europe/Berlin"]) {
      const current = weekList(now, tz).find((w) => w.isCurrentWeek);
      expect(current?.description).toBe("Dec 28, 2026 - Jan 3, 2027");
    }
    // With Friday weeks the two zones are in different weeks.
    expect(weekList(now, NY, 5).find((w) => w.isCurrentWeek)?.startDate).toBe("2026-12-25");
    expect(weekList(now, "Europe/Berlin", 5).find((w) => w.isCurrentWeek)?.startDate).toBe("2027-01-01");
  });

  it("rejects invalid input", () => {
    const now = new Date("2026-11-18T12:00:00Z");
    expect(() => weekList(now, NY, 7)).toThrow(RangeError);
    expect(() => weekList(now, NY, -1)).toThrow(RangeError);
    expect(() => weekList(now, "Not/AZone")).toThrow(RangeError);
    expect(() => weekList(new Date(Number.NaN), NY)).toThrow(RangeError);
  });
});

describe("weekEntry", () => {
  it("describes one week", () => {
    expect(weekEntry("2026-11-16", "2026-12-01")).toEqual({
      description: "Nov 16, 2026 - Nov 22, 2026",
      date: "2026-11-16",
      startDate: "2026-11-16",
      endDate: "2026-11-22",
      dayName: "Monday",
      isCurrentWeek: false,
    });
    expect(weekEntry("2026-11-15", "2026-11-21").isCurrentWeek).toBe(true);
    expect(weekEntry("2026-11-15", "2026-11-21").dayName).toBe("Sunday");
  });
});
