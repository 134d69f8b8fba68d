import { describe, expect, it } from "vitest";
import {
  assertTimeZone,
  formatDate,
  formatOffsetDate,
  formatOffsetDateTime,
  formatUtcOffset,
  isValidTimeZone,
  parseLocalTime,
  timeZoneOffsetMinutes,
  zonedDateTimeParts,
  zonedDateTimeToUtc,
} from "./zone";

const utc = (iso: string) => new Date(iso);

describe("isValidTimeZone", () => {
  it.each([
    "UTC",
    "America/New_York",
    "America/Los_Angeles",
    "Europe/Berlin",
    "Australia/Sydney",
    "Asia/Kolkata",
  ])("accepts %s", (tz) => {
    expect(isValidTimeZone(tz)).toBe(true);
    expect(() => assertTimeZone(tz)).not.toThrow();
  });

  it.each(["", " ", "Mars/Olympus_Mons", "America/NewYork", "+01:00", "EST5EDT6"])("rejects %j", (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
    expect(() => assertTimeZone(tz)).toThrow(RangeError);
  });

  it("rejects non-strings", () => {
    expect(isValidTimeZone(undefined)).toBe(false);
    expect(isValidTimeZone(null)).toBe(false);
    expect(isValidTimeZone(5)).toBe(false);
  });

  it("gives a readable message", () => {
    expect(() => assertTimeZone("Mars/Olympus_Mons")).toThrow(/Unknown time zone "Mars\/Olympus_Mons"/);
  });
});

describe("timeZoneOffsetMinutes", () => {
  it.each([
    ["America/New_York", "2026-01-15T12:00:00Z", -300],
    ["America/New_York", "2026-07-15T12:00:00Z", -240],
    ["America/Los_Angeles", "2026-01-15T12:00:00Z", -480],
    ["America/Los_Angeles", "2026-07-15T12:00:00Z", -420],
    ["Europe/Berlin", "2026-01-15T12:00:00Z", 60],
    ["Europe/Berlin", "2026-07-15T12:00:00Z", 120],
    ["Australia/Sydney", "2026-01-15T12:00:00Z", 660],
    ["Australia/Sydney", "2026-07-15T12:00:00Z", 600],
    ["Asia/Kolkata", "2026-07-15T12:00:00Z", 330],
    ["Asia/Kathmandu", "2026-07-15T12:00:00Z", 345],
    ["UTC", "2026-07-15T12:00:00Z", 0],
  ] as const)("%s at %s is %i", (tz, at, expected) => {
    expect(timeZoneOffsetMinutes(tz, utc(at))).toBe(expected);
  });

  it("switches exactly at the transition instant", () => {
    // 2026-03-08 02:00 EST = 07:00Z: clocks jump to 03:00 EDT.
    expect(timeZoneOffsetMinutes("America/New_York", utc("2026-03-08T06:59:59.999Z"))).toBe(-300);
    expect(timeZoneOffsetMinutes("America/New_York", utc("2026-03-08T07:00:00Z"))).toBe(-240);
    // 2026-11-01 02:00 EDT = 06:00Z: clocks fall back to 01:00 EST.
    expect(timeZoneOffsetMinutes("America/New_York", utc("2026-11-01T05:59:59Z"))).toBe(-240);
    expect(timeZoneOffsetMinutes("America/New_York", utc("2026-11-01T06:00:00Z"))).toBe(-300);
  });

  it("defaults to now", () => {
    expect(timeZoneOffsetMinutes("UTC")).toBe(0);
  });

  it("rejects an unknown zone or invalid instant", () => {
    expect(() => timeZoneOffsetMinutes("Nowhere/Land", new Date())).toThrow(RangeError);
    expect(() => timeZoneOffsetMinutes("UTC", new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("formatDate", () => {
  it("gives the local date of the instant", () => {
    expect(formatDate(utc("2026-11-16T12:00:00Z"), "America/New_York")).toBe("2026-11-16");
    expect(formatDate(utc("2026-11-16T03:00:00Z"), "America/New_York")).toBe("2026-11-15");
    expect(formatDate(utc("2026-11-16T23:30:00Z"), "Australia/Sydney")).toBe("2026-11-17");
  });

  it("puts the same instant on different local days in different zones (year end)", () => {
    // 2026-12-31 23:30 in New York.
    const instant = utc("2027-01-01T04:30:00Z");
    expect(formatDate(instant, "America/New_York")).toBe("2026-12-31");
    expect(formatDate(instant, "America/Los_Angeles")).toBe("2026-12-31");
    expect(formatDate(instant, "UTC")).toBe("2027-01-01");
    expect(formatDate(instant, "Europe/Berlin")).toBe("2027-01-01");
    expect(formatDate(instant, "Australia/Sydney")).toBe("2027-01-01");
  });

  it("handles local midnight exactly", () => {
    expect(formatDate(utc("2027-01-01T05:00:00Z"), "America/New_York")).toBe("2027-01-01");
    expect(formatDate(utc("2027-01-01T04:59:59.999Z"), "America/New_York")).toBe("2026-12-31");
    expect(formatDate(utc("2026-12-31T23:00:00Z"), "Europe/Berlin")).toBe("2027-01-01");
    expect(formatDate(utc("2026-12-31T22:59:59Z"), "Europe/Berlin")).toBe("2026-12-31");
  });

  it("does not depend on the host's zone", () => {
    expect(formatDate(utc("2026-06-30T22:00:00Z"), "UTC")).toBe("2026-06-30");
    expect(formatDate(utc("2026-06-30T22:00:00Z"), "Europe/Berlin")).toBe("2026-07-01");
  });

  it("rejects an invalid date or zone", () => {
    expect(() => formatDate(new Date("not a date"), "UTC")).toThrow(RangeError);
    expect(() => formatDate("2026-01-01" as unknown as Date, "UTC")).toThrow(RangeError);
    expect(() => formatDate(new Date(), "Bad/Zone")).toThrow(RangeError);
  });
});

describe("zonedDateTimeParts", () => {
  it("reads the wall clock with a 24-hour clock", () => {
    expect(zonedDateTimeParts(utc("2026-11-16T05:07:09Z"), "America/New_York")).toEqual({
      year: 2026,
      month: 11,
      day: 16,
      hour: 0,
      minute: 7,
      second: 9,
    });
    expect(zonedDateTimeParts(utc("2026-11-16T23:59:59Z"), "UTC").hour).toBe(23);
  });
});

describe("parseLocalTime", () => {
  it("parses HH:mm and HH:mm:ss", () => {
    expect(parseLocalTime("00:00")).toEqual({ hour: 0, minute: 0, second: 0 });
    expect(parseLocalTime("23:59:59")).toEqual({ hour: 23, minute: 59, second: 59 });
  });

  it.each(["24:00", "9:00", "12:60", "12:00:60", "12", "12:00:00.000", "", "noon", " 12:00"])(
    "rejects %j",
    (t) => {
      expect(() => parseLocalTime(t)).toThrow(RangeError);
    },
  );
});

describe("zonedDateTimeToUtc", () => {
  it("converts ordinary local times", () => {
    expect(zonedDateTimeToUtc("2026-01-15", "09:00", "America/New_York").toISOString()).toBe(
      "2026-01-15T14:00:00.000Z",
    );
    expect(zonedDateTimeToUtc("2026-07-15", "09:00:30", "America/New_York").toISOString()).toBe(
      "2026-07-15T13:00:30.000Z",
    );
    expect(zonedDateTimeToUtc("2026-07-01", "00:00", "Europe/Berlin").toISOString()).toBe(
      "2026-06-30T22:00:00.000Z",
    );
    expect(zonedDateTimeToUtc("2026-01-01", "00:00", "Australia/Sydney").toISOString()).toBe(
      "2025-12-31T13:00:00.000Z",
    );
    expect(zonedDateTimeToUtc("2026-07-01", "00:00", "Australia/Sydney").toISOString()).toBe(
      "2026-06-30T14:00:00.000Z",
    );
    expect(zonedDateTimeToUtc("2026-07-01", "00:00", "Asia/Kathmandu").toISOString()).toBe(
      "2026-06-30T18:15:00.000Z",
    );
    expect(zonedDateTimeToUtc("2026-07-01", "12:34:56", "UTC").toISOString()).toBe(
      "2026-07-01T12:34:56.000Z",
    );
  });

  describe("spring forward (nonexistent times move forward by the gap)", () => {
    it.each([
      // New York: 2026-03-08 02:00 EST -> 03:00 EDT.
      ["America/New_York", "2026-03-08", "01:59:59", "2026-03-08T06:59:59.000Z"],
      ["America/New_York", "2026-03-08", "02:00", "2026-03-08T07:00:00.000Z"],
      ["America/New_York", "2026-03-08", "02:30", "2026-03-08T07:30:00.000Z"],
      ["America/New_York", "2026-03-08", "02:59:59", "2026-03-08T07:59:59.000Z"],
      ["America/New_York", "2026-03-08", "03:00", "2026-03-08T07:00:00.000Z"],
      ["America/New_York", "2026-03-08", "03:30", "2026-03-08T07:30:00.000Z"],
      // Los Angeles: 2026-03-08 02:00 PST -> 03:00 PDT.
      ["America/Los_Angeles", "2026-03-08", "02:30", "2026-03-08T10:30:00.000Z"],
      ["America/Los_Angeles", "2026-03-08", "03:30", "2026-03-08T10:30:00.000Z"],
      // Berlin: 2026-03-29 02:00 CET -> 03:00 CEST.
      ["Europe/Berlin", "2026-03-29", "02:30", "2026-03-29T01:30:00.000Z"],
      ["Europe/Berlin", "2026-03-29", "03:00", "2026-03-29T01:00:00.000Z"],
      // Sydney (southern hemisphere): 2026-10-04 02:00 AEST -> 03:00 AEDT.
      ["Australia/Sydney", "2026-10-04", "02:30", "2026-10-03T16:30:00.000Z"],
      ["Australia/Sydney", "2026-10-04", "01:59", "2026-10-03T15:59:00.000Z"],
      // Lord Howe has a 30-minute DST: 2026-10-04 02:00 +10:30 -> 02:30 +11.
      ["Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:45:00.000Z"],
      // São Paulo skipped midnight: 2018-11-04 00:00 -03 -> 01:00 -02.
      ["America/Sao_Paulo", "2018-11-04", "00:00", "2018-11-04T03:00:00.000Z"],
    ] as const)("%s %s %s -> %s", (tz, date, time, expected) => {
      expect(zonedDateTimeToUtc(date, time, tz).toISOString()).toBe(expected);
    });

    it("lands on the wall time shifted by the gap", () => {
      const instant = zonedDateTimeToUtc("2026-03-08", "02:30", "America/New_York");
      expect(zonedDateTimeParts(instant, "America/New_York")).toMatchObject({ day: 8, hour: 3, minute: 30 });
    });

    it("handles a whole skipped day (Samoa, 2011-12-30)", () => {
      const instant = zonedDateTimeToUtc("2011-12-30", "12:00", "Pacific/Apia");
      expect(zonedDateTimeParts(instant, "Pacific/Apia")).toMatchObject({
        year: 2011,
        month: 12,
        day: 31,
        hour: 12,
      });
    });
  });

  describe("fall back (ambiguous times take the earlier instant)", () => {
    it.each([
      // New York: 2026-11-01 02:00 EDT -> 01:00 EST; 01:00-01:59 happens twice.
      ["America/New_York", "2026-11-01", "00:59", "2026-11-01T04:59:00.000Z"],
      ["America/New_York", "2026-11-01", "01:00", "2026-11-01T05:00:00.000Z"],
      ["America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00.000Z"],
      ["America/New_York", "2026-11-01", "01:59:59", "2026-11-01T05:59:59.000Z"],
      ["America/New_York", "2026-11-01", "02:00", "2026-11-01T07:00:00.000Z"],
      ["America/Los_Angeles", "2026-11-01", "01:30", "2026-11-01T08:30:00.000Z"],
      ["America/Los_Angeles", "2026-11-01", "02:00", "2026-11-01T10:00:00.000Z"],
      // Berlin: 2026-10-25 03:00 CEST -> 02:00 CET.
      ["Europe/Berlin", "2026-10-25", "02:30", "2026-10-25T00:30:00.000Z"],
      ["Europe/Berlin", "2026-10-25", "03:00", "2026-10-25T02:00:00.000Z"],
      // Sydney: 2026-04-05 03:00 AEDT -> 02:00 AEST.
      ["Australia/Sydney", "2026-04-05", "02:30", "2026-04-04T15:30:00.000Z"],
      ["Australia/Sydney", "2026-04-05", "03:00", "2026-04-04T17:00:00.000Z"],
    ] as const)("%s %s %s -> %s", (tz, date, time, expected) => {
      expect(zonedDateTimeToUtc(date, time, tz).toISOString()).toBe(expected);
    });
  });

  it("round-trips every hour of a year and every minute around DST changes (earlier instant when ambiguous)", () => {
    const pad = (n: number) => String(n).padStart(2, "0");
    const failures: string[] = [];
    const check = (ms: number, tz: string) => {
      const p = zonedDateTimeParts(new Date(ms), tz);
      const back = zonedDateTimeToUtc(
        `${p.year}-${pad(p.month)}-${pad(p.day)}`,
        `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`,
        tz,
      );
      const same = JSON.stringify(zonedDateTimeParts(back, tz)) === JSON.stringify(p);
      // Equal, or one hour earlier for the second occurrence of a fall-back hour.
      const diff = ms - back.getTime();
      if (!same || (diff !== 0 && diff !== 3_600_000)) failures.push(`${tz} ${new Date(ms).toISOString()}`);
    };
    const transitions: Record<string, string[]> = {
      "America/New_York": ["2026-03-08T07:00:00Z", "2026-11-01T06:00:00Z"],
      "America/Los_Angeles": ["2026-03-08T10:00:00Z", "2026-11-01T09:00:00Z"],
      "Europe/Berlin": ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z"],
      "Australia/Sydney": ["2026-04-04T16:00:00Z", "2026-10-03T16:00:00Z"],
    };
    for (const [tz, changes] of Object.entries(transitions)) {
      for (
        let ms = Date.parse("2026-01-01T00:30:00Z");
        ms < Date.parse("2027-01-01T00:00:00Z");
        ms += 3_600_000
      ) {
        check(ms, tz);
      }
      for (const change of changes) {
        const t = Date.parse(change);
        expect(timeZoneOffsetMinutes(tz, new Date(t - 1000))).not.toBe(
          timeZoneOffsetMinutes(tz, new Date(t)),
        );
        for (let ms = t - 3 * 3_600_000; ms <= t + 3 * 3_600_000; ms += 60_000) check(ms, tz);
      }
    }
    expect(failures).toEqual([]);
  });

  it("rejects invalid input", () => {
    expect(() => zonedDateTimeToUtc("2026-02-30", "00:00", "UTC")).toThrow(RangeError);
    expect(() => zonedDateTimeToUtc("2026-02-28", "24:00", "UTC")).toThrow(RangeError);
    expect(() => zonedDateTimeToUtc("2026-02-28", "00:00", "Not/AZone")).toThrow(RangeError);
  });
});

describe("fixed offsets (the caller's browser, where no time zone applies)", () => {
  it("names offsets on both sides of UTC, with half and quarter hours", () => {
    expect(formatUtcOffset(0)).toBe("UTC+00:00");
    expect(formatUtcOffset(-300)).toBe("UTC-05:00");
    expect(formatUtcOffset(330)).toBe("UTC+05:30");
    expect(formatUtcOffset(-570)).toBe("UTC-09:30");
    expect(formatUtcOffset(345)).toBe("UTC+05:45");
  });

  it("moves the date across midnight, month and year ends", () => {
    const newYearUtc = utc("2027-01-01T03:30:00Z");
    expect(formatOffsetDate(newYearUtc, 0)).toBe("2027-01-01");
    expect(formatOffsetDate(newYearUtc, -300)).toBe("2026-12-31");
    expect(formatOffsetDateTime(newYearUtc, -300)).toBe("2026-12-31 22:30");
    expect(formatOffsetDateTime(utc("2026-02-28T20:00:00Z"), 840)).toBe("2026-03-01 10:00");
    expect(formatOffsetDateTime(utc("2028-02-28T20:00:00Z"), 840)).toBe("2028-02-29 10:00");
    expect(formatOffsetDateTime(utc("2026-06-30T23:59:00Z"), 1)).toBe("2026-07-01 00:00");
  });

  it("refuses an invalid instant", () => {
    expect(() => formatOffsetDate(new Date("nope"), 0)).toThrow(RangeError);
  });
});
