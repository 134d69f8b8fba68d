import { describe, expect, it } from "vitest";
import {
  addDays,
  DATE_FORMAT,
  DAY_NAMES,
  dayName,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  endOfMonth,
  formatLocalDate,
  formatLocalDateShort,
  isLeapYear,
  isValidLocalDate,
  normalizeFirstDayOfWeek,
  parseLocalDate,
  startOfMonth,
  startOfWeek,
} from "./local-date";

describe("parseLocalDate", () => {
  it("parses yyyy-MM-dd", () => {
    expect(DATE_FORMAT).toBe("yyyy-MM-dd");
    expect(parseLocalDate("2026-11-16")).toEqual({ year: 2026, month: 11, day: 16 });
    expect(parseLocalDate("0001-01-01")).toEqual({ year: 1, month: 1, day: 1 });
    expect(parseLocalDate("9999-12-31")).toEqual({ year: 9999, month: 12, day: 31 });
  });

  it("accepts Feb 29 only in leap years", () => {
    expect(parseLocalDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseLocalDate("2000-02-29")).toEqual({ year: 2000, month: 2, day: 29 });
    expect(() => parseLocalDate("2026-02-29")).toThrow(RangeError);
    expect(() => parseLocalDate("1900-02-29")).toThrow(RangeError);
  });

  it.each([
    "2026-02-30",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-01-32",
    "0000-01-01",
    "2026-1-5",
    "26-01-05",
    "2026/01/05",
    "2026-01-05T00:00",
    " 2026-01-05",
    "2026-01-05 ",
    "",
    "20260105",
    "+02026-01-05",
  ])("rejects %j with a RangeError", (value) => {
    expect(() => parseLocalDate(value)).toThrow(RangeError);
    expect(isValidLocalDate(value)).toBe(false);
  });

  it("gives a readable message", () => {
    expect(() => parseLocalDate("2026-02-30")).toThrow(/Invalid date "2026-02-30".*01 to 28/);
    expect(() => parseLocalDate("2026-13-01")).toThrow(/month must be 01 to 12/);
    expect(() => parseLocalDate("05/01/2026")).toThrow(/expected the format yyyy-MM-dd/);
  });

  it("rejects non-strings", () => {
    expect(() => parseLocalDate(undefined as unknown as string)).toThrow(RangeError);
    expect(() => parseLocalDate(20260105 as unknown as string)).toThrow(RangeError);
    expect(isValidLocalDate(null)).toBe(false);
    expect(isValidLocalDate(new Date())).toBe(false);
    expect(isValidLocalDate("2026-12-31")).toBe(true);
  });
});

describe("formatLocalDate", () => {
  it("pads the fields", () => {
    expect(formatLocalDate({ year: 2026, month: 3, day: 8 })).toBe("2026-03-08");
    expect(formatLocalDate({ year: 50, month: 1, day: 1 })).toBe("0050-01-01");
  });

  it("validates the fields", () => {
    expect(() => formatLocalDate({ year: 2026, month: 2, day: 29 })).toThrow(RangeError);
    expect(() => formatLocalDate({ year: 2026, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => formatLocalDate({ year: 0, month: 1, day: 1 })).toThrow(RangeError);
    expect(() => formatLocalDate({ year: 10000, month: 1, day: 1 })).toThrow(RangeError);
    expect(() => formatLocalDate({ year: 2026, month: 1, day: 1.5 })).toThrow(RangeError);
  });
});

describe("isLeapYear / daysInMonth", () => {
  it("follows the Gregorian rules", () => {
    expect([1900, 2000, 2024, 2026, 2028, 2100].map(isLeapYear)).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([
      31, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(() => daysInMonth(2026, 0)).toThrow(RangeError);
    expect(() => daysInMonth(2026, 13)).toThrow(RangeError);
  });
});

describe("addDays", () => {
  it("moves across months, years and leap days", () => {
    expect(addDays("2026-11-16", 6)).toBe("2026-11-22");
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2028-02-29", 1)).toBe("2028-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-06-15", 0)).toBe("2026-06-15");
    expect(addDays("2026-01-01", 365)).toBe("2027-01-01");
    expect(addDays("2028-01-01", 366)).toBe("2029-01-01");
    expect(addDays("1970-01-01", -1)).toBe("1969-12-31");
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
  });

  it("does not depend on DST (pure calendar days)", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-10-31", 2)).toBe("2026-11-02");
  });

  it("rejects bad input", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDays("2026-01-01", 1.5)).toThrow(/expected an integer/);
    expect(() => addDays("2026-01-01", Number.NaN)).toThrow(RangeError);
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
    expect(() => addDays("0001-01-01", -1)).toThrow(RangeError);
  });
});

describe("daysBetween", () => {
  it("counts calendar days", () => {
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(364);
    expect(daysBetween("2026-12-31", "2026-01-01")).toBe(-364);
    expect(daysBetween("2026-03-01", "2026-03-31")).toBe(30);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
  });
});

describe("dayOfWeek / dayName", () => {
  it.each([
    ["1970-01-01", 4],
    ["1969-12-31", 3],
    ["2000-01-01", 6],
    ["2026-03-08", 0],
    ["2026-11-01", 0],
    ["2026-11-16", 1],
    ["2026-11-18", 3],
    ["2026-12-31", 4],
    ["2027-01-01", 5],
    ["2028-02-29", 2],
  ] as const)("%s is day %i", (date, expected) => {
    expect(dayOfWeek(date)).toBe(expected);
    expect(dayName(date)).toBe(DAY_NAMES[expected]);
  });

  it("names the days from Sunday", () => {
    expect(DAY_NAMES).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
  });

  it("cycles through 0..6", () => {
    for (let i = 0; i < 14; i++) expect(dayOfWeek(addDays("2026-11-15", i))).toBe(i % 7);
  });
});

describe("normalizeFirstDayOfWeek", () => {
  it("defaults to Monday", () => {
    expect(normalizeFirstDayOfWeek(null)).toBe(1);
    expect(normalizeFirstDayOfWeek(undefined)).toBe(1);
    expect(normalizeFirstDayOfWeek()).toBe(1);
  });

  it("keeps 0..6", () => {
    for (let d = 0; d <= 6; d++) expect(normalizeFirstDayOfWeek(d)).toBe(d);
  });

  it.each([7, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects %s", (value) => {
    expect(() => normalizeFirstDayOfWeek(value)).toThrow(RangeError);
  });

  it("rejects non-numbers", () => {
    expect(() => normalizeFirstDayOfWeek("1" as unknown as number)).toThrow(/0 \(Sunday\) to 6 \(Saturday\)/);
  });
});

describe("startOfWeek", () => {
  // 2026-11-15 is a Sunday, 2026-11-16 a Monday ... 2026-11-21 a Saturday.
  it("uses Monday when no first day is given", () => {
    expect(startOfWeek("2026-11-18")).toBe("2026-11-16");
    expect(startOfWeek("2026-11-18", null)).toBe("2026-11-16");
    expect(startOfWeek("2026-11-16", null)).toBe("2026-11-16");
    expect(startOfWeek("2026-11-22", undefined)).toBe("2026-11-16");
  });

  it("uses Sunday (0)", () => {
    expect(startOfWeek("2026-11-18", 0)).toBe("2026-11-15");
    expect(startOfWeek("2026-11-15", 0)).toBe("2026-11-15");
    expect(startOfWeek("2026-11-21", 0)).toBe("2026-11-15");
    expect(startOfWeek("2026-11-22", 0)).toBe("2026-11-22");
  });

  it("uses Saturday (6)", () => {
    expect(startOfWeek("2026-11-18", 6)).toBe("2026-11-14");
    expect(startOfWeek("2026-11-14", 6)).toBe("2026-11-14");
    expect(startOfWeek("2026-11-20", 6)).toBe("2026-11-14");
    expect(startOfWeek("2026-11-21", 6)).toBe("2026-11-21");
  });

  it("crosses month and year ends", () => {
    expect(startOfWeek("2027-01-01", 1)).toBe("2026-12-28");
    expect(startOfWeek("2026-03-01", 1)).toBe("2026-02-23");
  });

  it("always lands on the first day within the previous 6 days", () => {
    for (let first = 0; first <= 6; first++) {
      for (let i = 0; i < 21; i++) {
        const date = addDays("2026-12-20", i);
        const start = startOfWeek(date, first);
        expect(dayOfWeek(start)).toBe(first);
        const back = daysBetween(start, date);
        expect(back).toBeGreaterThanOrEqual(0);
        expect(back).toBeLessThanOrEqual(6);
      }
    }
  });

  it("rejects a bad first day or date", () => {
    expect(() => startOfWeek("2026-11-18", 7)).toThrow(RangeError);
    expect(() => startOfWeek("2026-11-31", 1)).toThrow(RangeError);
  });
});

describe("startOfMonth / endOfMonth", () => {
  it("finds the month's ends", () => {
    expect(startOfMonth("2026-11-18")).toBe("2026-11-01");
    expect(endOfMonth("2026-11-18")).toBe("2026-11-30");
    expect(endOfMonth("2026-02-01")).toBe("2026-02-28");
    expect(endOfMonth("2028-02-01")).toBe("2028-02-29");
    expect(endOfMonth("2026-12-31")).toBe("2026-12-31");
  });
});

describe("formatLocalDateShort", () => {
  it("writes English short dates", () => {
    expect(formatLocalDateShort("2026-11-16")).toBe("Nov 16, 2026");
    expect(formatLocalDateShort("2027-01-03")).toBe("Jan 3, 2027");
    expect(formatLocalDateShort("2026-05-31")).toBe("May 31, 2026");
  });
});
