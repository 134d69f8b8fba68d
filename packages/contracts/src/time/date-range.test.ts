import { describe, expect, it } from "vitest";
import {
  DATE_RANGE,
  DATE_RANGE_OPTIONS,
  type DateRangeOption,
  dateRangeLocalDates,
  dateRangeName,
  isDateRangeOption,
  type ResolvedDateRange,
  resolveCustomRange,
  resolveDateRange,
} from "./date-range";
import { addDays, dayOfWeek } from "./local-date";
import { formatDate, zonedDateTimeToUtc } from "./zone";

const NY = "America/New_York";
const LA = "America/Los_Angeles";
const BERLIN = "Europe/Berlin";
const SYDNEY = "Australia/Sydney";
const ZONES = [NY, LA, BERLIN, SYDNEY, "UTC", "Asia/Kolkata", "Pacific/Auckland"];

/** The instant at which the wall clock in `tz` reads `date time`. */
const at = (date: string, time: string, tz: string) => zonedDateTimeToUtc(date, time, tz);
const hours = (r: ResolvedDateRange) => (r.end.getTime() - r.start.getTime()) / 3_600_000;
const dates = (r: ResolvedDateRange) => [r.startDate, r.endDate];
const ALL_OPTIONS = DATE_RANGE_OPTIONS.map((o) => o.id);

describe("DATE_RANGE_OPTIONS", () => {
  it("lists the ten options with their contract ids", () => {
    expect(DATE_RANGE_OPTIONS).toEqual([
      { id: 1, name: "Today" },
      { id: 2, name: "Yesterday" },
      { id: 3, name: "This Week" },
      { id: 4, name: "Last Week" },
      { id: 5, name: "This Month" },
      { id: 6, name: "Last Month" },
      { id: 7, name: "This Year" },
      { id: 8, name: "Last Year" },
      { id: 9, name: "Last Year to Date" },
      { id: 10, name: "Year Before Last" },
    ]);
  });

  it("has matching named ids and names", () => {
    expect(Object.values(DATE_RANGE)).toEqual(ALL_OPTIONS);
    expect(DATE_RANGE.LAST_YEAR_TO_DATE).toBe(9);
    expect(dateRangeName(9)).toBe("Last Year to Date");
    expect(dateRangeName(DATE_RANGE.TODAY)).toBe("Today");
  });

  it("recognises options", () => {
    for (const id of ALL_OPTIONS) expect(isDateRangeOption(id)).toBe(true);
    for (const bad of [0, 11, -1, 1.5, Number.NaN, "1", null, undefined])
      expect(isDateRangeOption(bad)).toBe(false);
  });
});

describe("resolveDateRange: Today and Yesterday", () => {
  it("resolves an ordinary day", () => {
    const r = resolveDateRange(1, new Date("2026-06-15T16:00:00Z"), NY);
    expect(r).toEqual({
      startDate: "2026-06-15",
      endDate: "2026-06-15",
      start: new Date("2026-06-15T04:00:00Z"),
      end: new Date("2026-06-16T04:00:00Z"),
    });
    expect(hours(r)).toBe(24);
  });

  it("uses the local day, not the UTC day", () => {
    // 2026-06-16T02:00Z is still June 15 in New York but June 16 in Berlin.
    const now = new Date("2026-06-16T02:00:00Z");
    expect(dates(resolveDateRange(1, now, NY))).toEqual(["2026-06-15", "2026-06-15"]);
    expect(dates(resolveDateRange(1, now, BERLIN))).toEqual(["2026-06-16", "2026-06-16"]);
    expect(resolveDateRange(1, now, BERLIN).start).toEqual(new Date("2026-06-15T22:00:00Z"));
  });

  it.each([
    // Spring forward: 23-hour days.
    [NY, "2026-03-08", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", 23],
    [LA, "2026-03-08", "2026-03-08T08:00:00Z", "2026-03-09T07:00:00Z", 23],
    [BERLIN, "2026-03-29", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", 23],
    [SYDNEY, "2026-10-04", "2026-10-03T14:00:00Z", "2026-10-04T13:00:00Z", 23],
    // Fall back: 25-hour days.
    [NY, "2026-11-01", "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z", 25],
    [LA, "2026-11-01", "2026-11-01T07:00:00Z", "2026-11-02T08:00:00Z", 25],
    [BERLIN, "2026-10-25", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", 25],
    [SYDNEY, "2026-04-05", "2026-04-04T13:00:00Z", "2026-04-05T14:00:00Z", 25],
  ] as const)("Today in %s on %s spans %s to %s (%ih)", (tz, day, start, end, h) => {
    for (const time of ["00:00", "01:30", "12:00", "23:59:59"]) {
      const r = resolveDateRange(1, at(day, time, tz), tz);
      expect(dates(r)).toEqual([day, day]);
      expect(r.start).toEqual(new Date(start));
      expect(r.end).toEqual(new Date(end));
      expect(hours(r)).toBe(h);
    }
  });

  it("Yesterday on the day after a DST change is that 23h or 25h day", () => {
    const spring = resolveDateRange(2, at("2026-03-09", "08:00", NY), NY);
    expect(dates(spring)).toEqual(["2026-03-08", "2026-03-08"]);
    expect(hours(spring)).toBe(23);
    const fall = resolveDateRange(2, at("2026-11-02", "00:00", LA), LA);
    expect(dates(fall)).toEqual(["2026-11-01", "2026-11-01"]);
    expect(hours(fall)).toBe(25);
  });

  it("starts the day at 01:00 where DST skips midnight (São Paulo 2018-11-04)", () => {
    const r = resolveDateRange(1, new Date("2018-11-04T15:00:00Z"), "America/Sao_Paulo");
    expect(dates(r)).toEqual(["2018-11-04", "2018-11-04"]);
    expect(r.start).toEqual(new Date("2018-11-04T03:00:00Z"));
    expect(r.end).toEqual(new Date("2018-11-05T02:00:00Z"));
    expect(hours(r)).toBe(23);
  });
});

describe("resolveDateRange: This Week and Last Week", () => {
  // 2026-11-14 Sat, 15 Sun, 16 Mon, 17 Tue, 18 Wed, 19 Thu, 20 Fri, 21 Sat, 22 Sun.
  const week = (today: string, first: number | null | undefined, tz = NY) => {
    const now = at(today, "12:00", tz);
    return { thisWeek: resolveDateRange(3, now, tz, first), lastWeek: resolveDateRange(4, now, tz, first) };
  };

  it.each([
    // Monday (1, null and undefined)
    ["2026-11-18", 1, "2026-11-16", "2026-11-22"],
    ["2026-11-18", null, "2026-11-16", "2026-11-22"],
    ["2026-11-18", undefined, "2026-11-16", "2026-11-22"],
    ["2026-11-16", 1, "2026-11-16", "2026-11-22"], // today is the first day
    ["2026-11-22", 1, "2026-11-16", "2026-11-22"], // today is the last day
    ["2026-11-16", null, "2026-11-16", "2026-11-22"],
    ["2026-11-22", null, "2026-11-16", "2026-11-22"],
    // Sunday (0)
    ["2026-11-18", 0, "2026-11-15", "2026-11-21"],
    ["2026-11-15", 0, "2026-11-15", "2026-11-21"],
    ["2026-11-21", 0, "2026-11-15", "2026-11-21"],
    ["2026-11-22", 0, "2026-11-22", "2026-11-28"],
    // Saturday (6)
    ["2026-11-18", 6, "2026-11-14", "2026-11-20"],
    ["2026-11-14", 6, "2026-11-14", "2026-11-20"],
    ["2026-11-20", 6, "2026-11-14", "2026-11-20"],
    ["2026-11-21", 6, "2026-11-21", "2026-11-27"],
  ] as const)("today %s, first day %s -> %s..%s", (today, first, start, end) => {
    const { thisWeek, lastWeek } = week(today, first);
    expect(dates(thisWeek)).toEqual([start, end]);
    expect(dates(lastWeek)).toEqual([addDays(start, -7), addDays(end, -7)]);
    expect(thisWeek.start).toEqual(at(start, "00:00", NY));
    expect(thisWeek.end).toEqual(at(addDays(end, 1), "00:00", NY));
    expect(lastWeek.end).toEqual(thisWeek.start);
    expect(hours(thisWeek)).toBe(168);
  });

  it("starts on the first day for every first day and weekday", () => {
    for (let first = 0; first <= 6; first++) {
      for (let i = 0; i < 7; i++) {
        const today = addDays("2026-11-15", i);
        const { thisWeek, lastWeek } = week(today, first, BERLIN);
        expect(dayOfWeek(thisWeek.startDate)).toBe(first);
        expect(thisWeek.startDate <= today && today <= thisWeek.endDate).toBe(true);
        expect(thisWeek.endDate).toBe(addDays(thisWeek.startDate, 6));
        expect(lastWeek.endDate).toBe(addDays(thisWeek.startDate, -1));
      }
    }
  });

  it("a week containing a DST change has 167 or 169 hours", () => {
    expect(hours(week("2026-03-08", 1).thisWeek)).toBe(167);
    expect(hours(week("2026-03-09", 1).lastWeek)).toBe(167);
    expect(hours(week("2026-11-01", 0).thisWeek)).toBe(169);
    expect(hours(week("2026-04-05", 1, SYDNEY).thisWeek)).toBe(169);
  });

  it("crosses the year end", () => {
    expect(dates(week("2027-01-01", 1).thisWeek)).toEqual(["2026-12-28", "2027-01-03"]);
    expect(dates(week("2027-01-01", 1).lastWeek)).toEqual(["2026-12-21", "2026-12-27"]);
    expect(dates(week("2027-01-01", 6).thisWeek)).toEqual(["2026-12-26", "2027-01-01"]);
  });
});

describe("resolveDateRange: months", () => {
  it("This Month and Last Month", () => {
    const now = at("2026-03-15", "10:00", NY);
    const thisMonth = resolveDateRange(5, now, NY);
    expect(dates(thisMonth)).toEqual(["2026-03-01", "2026-03-31"]);
    expect(hours(thisMonth)).toBe(31 * 24 - 1);
    expect(dates(resolveDateRange(6, now, NY))).toEqual(["2026-02-01", "2026-02-28"]);
  });

  it("on the first and last day of a month", () => {
    expect(dates(resolveDateRange(5, at("2026-04-01", "00:00", NY), NY))).toEqual([
      "2026-04-01",
      "2026-04-30",
    ]);
    expect(dates(resolveDateRange(5, at("2026-04-30", "23:59", NY), NY))).toEqual([
      "2026-04-01",
      "2026-04-30",
    ]);
    expect(dates(resolveDateRange(6, at("2026-04-01", "00:00", NY), NY))).toEqual([
      "2026-03-01",
      "2026-03-31",
    ]);
    expect(dates(resolveDateRange(6, at("2026-03-31", "12:00", NY), NY))).toEqual([
      "2026-02-01",
      "2026-02-28",
    ]);
  });

  it("leap February", () => {
    expect(dates(resolveDateRange(5, at("2028-02-10", "12:00", BERLIN), BERLIN))).toEqual([
      "2028-02-01",
      "2028-02-29",
    ]);
    expect(dates(resolveDateRange(6, at("2028-03-10", "12:00", BERLIN), BERLIN))).toEqual([
      "2028-02-01",
      "2028-02-29",
    ]);
  });

  it("Last Month in January is December of last year", () => {
    expect(dates(resolveDateRange(6, at("2027-01-20", "12:00", SYDNEY), SYDNEY))).toEqual([
      "2026-12-01",
      "2026-12-31",
    ]);
  });

  it("a fall-back month has one extra hour", () => {
    expect(hours(resolveDateRange(5, at("2026-11-20", "12:00", LA), LA))).toBe(30 * 24 + 1);
    expect(hours(resolveDateRange(5, at("2026-04-20", "12:00", SYDNEY), SYDNEY))).toBe(30 * 24 + 1);
  });
});

describe("resolveDateRange: years", () => {
  const now = at("2026-06-15", "12:00", NY);

  it("This Year, Last Year, Year Before Last", () => {
    const thisYear = resolveDateRange(7, now, NY);
    expect(dates(thisYear)).toEqual(["2026-01-01", "2026-12-31"]);
    expect(thisYear.start).toEqual(new Date("2026-01-01T05:00:00Z"));
    expect(thisYear.end).toEqual(new Date("2027-01-01T05:00:00Z"));
    expect(hours(thisYear)).toBe(365 * 24);
    expect(dates(resolveDateRange(8, now, NY))).toEqual(["2025-01-01", "2025-12-31"]);
    expect(dates(resolveDateRange(10, now, NY))).toEqual(["2024-01-01", "2024-12-31"]);
    expect(hours(resolveDateRange(10, now, NY))).toBe(366 * 24);
  });

  it("Last Year to Date ends on the same month/day last year", () => {
    expect(dates(resolveDateRange(9, now, NY))).toEqual(["2025-01-01", "2025-06-15"]);
    expect(dates(resolveDateRange(9, at("2026-01-01", "00:00", NY), NY))).toEqual([
      "2025-01-01",
      "2025-01-01",
    ]);
    expect(dates(resolveDateRange(9, at("2026-12-31", "12:00", NY), NY))).toEqual([
      "2025-01-01",
      "2025-12-31",
    ]);
  });

  it("Last Year to Date on Feb 29 ends on Feb 28 of last year", () => {
    const r = resolveDateRange(9, at("2028-02-29", "09:00", NY), NY);
    expect(dates(r)).toEqual(["2027-01-01", "2027-02-28"]);
    expect(r.end).toEqual(new Date("2027-03-01T05:00:00Z"));
  });

  it("Last Year to Date into a leap year keeps the day", () => {
    expect(dates(resolveDateRange(9, at("2029-02-28", "09:00", NY), NY))).toEqual([
      "2028-01-01",
      "2028-02-28",
    ]);
    expect(dates(resolveDateRange(9, at("2029-03-01", "09:00", NY), NY))).toEqual([
      "2028-01-01",
      "2028-03-01",
    ]);
  });
});

describe("resolveDateRange: year end", () => {
  it("at 2026-12-31 23:30 in New York it is still 2026 there but 2027 in Berlin", () => {
    const now = at("2026-12-31", "23:30", NY);
    expect(now).toEqual(new Date("2027-01-01T04:30:00Z"));

    expect(dates(resolveDateRange(1, now, NY))).toEqual(["2026-12-31", "2026-12-31"]);
    expect(dates(resolveDateRange(2, now, NY))).toEqual(["2026-12-30", "2026-12-30"]);
    expect(dates(resolveDateRange(3, now, NY, 1))).toEqual(["2026-12-28", "2027-01-03"]);
    expect(dates(resolveDateRange(5, now, NY))).toEqual(["2026-12-01", "2026-12-31"]);
    expect(dates(resolveDateRange(6, now, NY))).toEqual(["2026-11-01", "2026-11-30"]);
    expect(dates(resolveDateRange(7, now, NY))).toEqual(["2026-01-01", "2026-12-31"]);
    expect(dates(resolveDateRange(8, now, NY))).toEqual(["2025-01-01", "2025-12-31"]);
    expect(dates(resolveDateRange(9, now, NY))).toEqual(["2025-01-01", "2025-12-31"]);
    expect(dates(resolveDateRange(10, now, NY))).toEqual(["2024-01-01", "2024-12-31"]);
    expect(resolveDateRange(7, now, NY).end).toEqual(new Date("2027-01-01T05:00:00Z"));

    // The same instant is 2027-01-01 05:30 in Berlin.
    expect(dates(resolveDateRange(1, now, BERLIN))).toEqual(["2027-01-01", "2027-01-01"]);
    expect(dates(resolveDateRange(2, now, BERLIN))).toEqual(["2026-12-31", "2026-12-31"]);
    expect(dates(resolveDateRange(6, now, BERLIN))).toEqual(["2026-12-01", "2026-12-31"]);
    expect(dates(resolveDateRange(7, now, BERLIN))).toEqual(["2027-01-01", "2027-12-31"]);
    expect(dates(resolveDateRange(8, now, BERLIN))).toEqual(["2026-01-01", "2026-12-31"]);
    expect(resolveDateRange(7, now, BERLIN).start).toEqual(new Date("2026-12-31T23:00:00Z"));
    expect(dates(resolveDateRange(1, now, SYDNEY))).toEqual(["2027-01-01", "2027-01-01"]);
  });

  it("at 2027-01-01 00:10 in New York it is the new year", () => {
    const now = at("2027-01-01", "00:10", NY);
    expect(now).toEqual(new Date("2027-01-01T05:10:00Z"));

    expect(dates(resolveDateRange(1, now, NY))).toEqual(["2027-01-01", "2027-01-01"]);
    expect(dates(resolveDateRange(2, now, NY))).toEqual(["2026-12-31", "2026-12-31"]);
    expect(dates(resolveDateRange(3, now, NY))).toEqual(["2026-12-28", "2027-01-03"]);
    expect(dates(resolveDateRange(4, now, NY))).toEqual(["2026-12-21", "2026-12-27"]);
    expect(dates(resolveDateRange(5, now, NY))).toEqual(["2027-01-01", "2027-01-31"]);
    expect(dates(resolveDateRange(6, now, NY))).toEqual(["2026-12-01", "2026-12-31"]);
    expect(dates(resolveDateRange(7, now, NY))).toEqual(["2027-01-01", "2027-12-31"]);
    expect(dates(resolveDateRange(8, now, NY))).toEqual(["2026-01-01", "2026-12-31"]);
    expect(dates(resolveDateRange(9, now, NY))).toEqual(["2026-01-01", "2026-01-01"]);
    expect(dates(resolveDateRange(10, now, NY))).toEqual(["2025-01-01", "2025-12-31"]);

    // Still 2026-12-31 21:10 in Los Angeles.
    expect(dates(resolveDateRange(1, now, LA))).toEqual(["2026-12-31", "2026-12-31"]);
    expect(dates(resolveDateRange(7, now, LA))).toEqual(["2026-01-01", "2026-12-31"]);
  });
});

describe("resolveDateRange: invariants", () => {
  it("start/end are local midnights bracketing startDate..endDate for every option, zone and first day", () => {
    const instants = [
      "2026-03-08T12:00:00Z",
      "2026-11-01T12:00:00Z",
      "2026-12-31T23:30:00Z",
      "2028-02-29T12:00:00Z",
    ];
    for (const iso of instants) {
      for (const tz of ZONES) {
        for (const first of [null, 0, 1, 6]) {
          for (const option of ALL_OPTIONS) {
            const r = resolveDateRange(option, new Date(iso), tz, first);
            expect(r.startDate <= r.endDate).toBe(true);
            expect(r.start.getTime()).toBeLessThan(r.end.getTime());
            expect(formatDate(r.start, tz)).toBe(r.startDate);
            expect(formatDate(new Date(r.start.getTime() - 1), tz)).toBe(addDays(r.startDate, -1));
            expect(formatDate(r.end, tz)).toBe(addDays(r.endDate, 1));
            expect(formatDate(new Date(r.end.getTime() - 1), tz)).toBe(r.endDate);
          }
        }
      }
    }
  });

  it("dateRangeLocalDates works on local dates without a zone", () => {
    expect(dateRangeLocalDates(3, "2026-11-18", 0)).toEqual(["2026-11-15", "2026-11-21"]);
    expect(dateRangeLocalDates(9, "2028-02-29")).toEqual(["2027-01-01", "2027-02-28"]);
  });
});

describe("resolveDateRange: invalid input", () => {
  const now = new Date("2026-06-15T12:00:00Z");

  it.each([0, 11, -1, 1.5, Number.NaN, "1", null, undefined])("rejects option %j", (option) => {
    expect(() => resolveDateRange(option as DateRangeOption, now, NY)).toThrow(RangeError);
    expect(() => resolveDateRange(option as DateRangeOption, now, NY)).toThrow(/Unknown date range option/);
  });

  it("rejects an invalid now", () => {
    expect(() => resolveDateRange(1, new Date("garbage"), NY)).toThrow(RangeError);
    expect(() => resolveDateRange(1, "2026-06-15" as unknown as Date, NY)).toThrow(RangeError);
  });

  it("rejects an unknown time zone", () => {
    expect(() => resolveDateRange(1, now, "Europe/Atlantis")).toThrow(/Unknown time zone/);
    expect(() => resolveDateRange(1, now, "")).toThrow(RangeError);
  });

  it("rejects an invalid first day of week", () => {
    expect(() => resolveDateRange(3, now, NY, 7)).toThrow(RangeError);
    expect(() => resolveDateRange(4, now, NY, -1)).toThrow(RangeError);
    expect(() => resolveDateRange(3, now, NY, 2.5)).toThrow(RangeError);
  });
});

describe("resolveCustomRange", () => {
  it("resolves inclusive local dates", () => {
    const r = resolveCustomRange("2026-03-01", "2026-03-31", NY);
    expect(r).toEqual({
      startDate: "2026-03-01",
      endDate: "2026-03-31",
      start: new Date("2026-03-01T05:00:00Z"),
      end: new Date("2026-04-01T04:00:00Z"),
    });
  });

  it("a single day, including DST days", () => {
    expect(hours(resolveCustomRange("2026-06-15", "2026-06-15", BERLIN))).toBe(24);
    expect(hours(resolveCustomRange("2026-03-08", "2026-03-08", LA))).toBe(23);
    expect(hours(resolveCustomRange("2026-11-01", "2026-11-01", LA))).toBe(25);
    expect(hours(resolveCustomRange("2026-10-04", "2026-10-04", SYDNEY))).toBe(23);
  });

  it("matches resolveDateRange for the same dates", () => {
    const named = resolveDateRange(8, new Date("2026-06-15T12:00:00Z"), SYDNEY);
    expect(resolveCustomRange(named.startDate, named.endDate, SYDNEY)).toEqual(named);
  });

  it("rejects a start after the end", () => {
    expect(() => resolveCustomRange("2026-03-02", "2026-03-01", NY)).toThrow(
      /start date 2026-03-02 is after the end date 2026-03-01/,
    );
    expect(() => resolveCustomRange("2027-01-01", "2026-12-31", NY)).toThrow(RangeError);
  });

  it("rejects bad dates and zones", () => {
    expect(() => resolveCustomRange("2026-02-30", "2026-03-01", NY)).toThrow(RangeError);
    expect(() => resolveCustomRange("2026-02-01", "2026-02-29", NY)).toThrow(RangeError);
    expect(() => resolveCustomRange("2026/02/01", "2026-03-01", NY)).toThrow(RangeError);
    expect(() => resolveCustomRange("2026-02-01", "2026-03-01", "Nope")).toThrow(RangeError);
  });
});
