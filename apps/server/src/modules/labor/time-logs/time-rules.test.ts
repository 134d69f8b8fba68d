import { describe, expect, it } from "vitest";
import {
  coordinate,
  dayEndsAt,
  distanceMeters,
  elapsedMinutes,
  localDateTime,
  missingDueAt,
  punchDistance,
  shiftInstants,
  weekStartOf,
} from "./time-rules";

// The time rules of time logs (docs/decisions/0040-labor.md): real elapsed minutes across daylight-saving changes,
// shifts over midnight, the missing-punch due time in the store's zone, weeks from either first day.

const NY = "America/New_York";
const LA = "America/Los_Angeles";
const PHX = "America/Phoenix";

const shift = (date: string, start: string, end: string | null, tz: string) => {
  const s = shiftInstants(date, start, end, tz);
  if ("field" in s) throw new Error(s.message);
  return {
    in: s.punchInAt.toISOString(),
    out: s.punchOutAt?.toISOString() ?? null,
    minutes: s.punchOutAt ? elapsedMinutes(s.punchInAt, s.punchOutAt) : null,
  };
};

describe("a shift's real length", () => {
  it("refuses a time the clocks skip, naming its field, instead of moving it", () => {
    expect(shiftInstants("2026-03-08", "02:30", "08:00", "America/New_York")).toMatchObject({
      field: "startTime",
    });
    expect(shiftInstants("2026-03-07", "22:00", "02:30", "America/New_York")).toMatchObject({
      field: "endTime",
    });
    expect(shiftInstants("2026-03-08", "02:30", null, "America/New_York")).toMatchObject({
      field: "startTime",
    });
    expect(shiftInstants("2026-03-08", "02:30", null, "America/Phoenix")).toEqual({
      punchInAt: new Date("2026-03-08T09:30:00.000Z"),
      punchOutAt: null,
    });
  });

  it("is an hour shorter across spring forward in New York and Los Angeles, not in Phoenix", () => {
    // 8 March 2026: 02:00 does not happen in New York and Los Angeles; Phoenix keeps UTC-7.
    expect(shift("2026-03-08", "01:00", "04:00", NY)).toEqual({
      in: "2026-03-08T06:00:00.000Z",
      out: "2026-03-08T08:00:00.000Z",
      minutes: 120,
    });
    expect(shift("2026-03-08", "01:00", "04:00", LA)).toEqual({
      in: "2026-03-08T09:00:00.000Z",
      out: "2026-03-08T11:00:00.000Z",
      minutes: 120,
    });
    expect(shift("2026-03-08", "01:00", "04:00", PHX)).toEqual({
      in: "2026-03-08T08:00:00.000Z",
      out: "2026-03-08T11:00:00.000Z",
      minutes: 180,
    });
    // A whole day's shift the same day: eight labelled hours, seven real ones.
    expect(shift("2026-03-08", "00:00", "08:00", NY).minutes).toBe(7 * 60);
    expect(shift("2026-03-08", "00:00", "08:00", PHX).minutes).toBe(8 * 60);
  });

  it("is an hour longer across fall back in New York and Los Angeles, not in Phoenix", () => {
    // 1 November 2026: 01:00-02:00 happens twice (the first, daylight time, is the one a label means).
    expect(shift("2026-11-01", "00:30", "03:00", NY)).toEqual({
      in: "2026-11-01T04:30:00.000Z",
      out: "2026-11-01T08:00:00.000Z",
      minutes: 210,
    });
    expect(shift("2026-11-01", "00:30", "03:00", LA)).toEqual({
      in: "2026-11-01T07:30:00.000Z",
      out: "2026-11-01T11:00:00.000Z",
      minutes: 210,
    });
    expect(shift("2026-11-01", "00:30", "03:00", PHX).minutes).toBe(150);
    expect(shift("2026-11-01", "08:00", "17:00", NY).minutes).toBe(9 * 60);
    // An overnight shift across the change: 22:00 EDT to 06:00 EST is nine real hours.
    expect(shift("2026-10-31", "22:00", "06:00", NY)).toEqual({
      in: "2026-11-01T02:00:00.000Z",
      out: "2026-11-01T11:00:00.000Z",
      minutes: 9 * 60,
    });
    expect(shift("2026-10-31", "22:00", "06:00", PHX).minutes).toBe(8 * 60);
  });

  it("ends the next day when the end is at or before the start (over midnight)", () => {
    expect(shift("2026-06-12", "22:00", "02:00", NY)).toEqual({
      in: "2026-06-13T02:00:00.000Z",
      out: "2026-06-13T06:00:00.000Z",
      minutes: 240,
    });
    expect(shift("2026-06-12", "09:00", "09:00", LA).minutes).toBe(24 * 60);
    expect(shift("2026-06-12", "09:00", null, LA)).toEqual({
      in: "2026-06-12T16:00:00.000Z",
      out: null,
      minutes: null,
    });
  });

  it("reads instants on the store's wall clock", () => {
    expect(localDateTime(new Date("2026-11-01T05:30:00Z"), NY)).toBe("2026-11-01 01:30");
    expect(localDateTime(new Date("2026-11-01T06:30:00Z"), NY)).toBe("2026-11-01 01:30");
    expect(localDateTime(new Date("2026-06-13T06:00:00Z"), NY)).toBe("2026-06-13 02:00");
    expect(localDateTime(new Date("2026-06-13T06:00:00Z"), PHX)).toBe("2026-06-12 23:00");
  });
});

describe("when an open log is missing its punch out", () => {
  it("is 04:00 store-local the day after, in each store's zone", () => {
    expect(dayEndsAt("2026-11-20", NY).toISOString()).toBe("2026-11-21T09:00:00.000Z");
    expect(dayEndsAt("2026-11-20", LA).toISOString()).toBe("2026-11-21T12:00:00.000Z");
    // The night clocks fall back: 04:00 EST.
    expect(dayEndsAt("2026-10-31", NY).toISOString()).toBe("2026-11-01T09:00:00.000Z");
    expect(dayEndsAt("2026-03-07", NY).toISOString()).toBe("2026-03-08T08:00:00.000Z");
  });

  it("is the longest shift after the punch in when that comes first", () => {
    const morning = { punchInAt: new Date("2026-11-20T11:00:00Z"), workDate: "2026-11-20", timeZone: NY };
    expect(missingDueAt(morning, 12).toISOString()).toBe("2026-11-20T23:00:00.000Z");
    const evening = { punchInAt: new Date("2026-11-20T23:00:00Z"), workDate: "2026-11-20", timeZone: NY };
    expect(missingDueAt(evening, 12).toISOString()).toBe("2026-11-21T09:00:00.000Z");
    const la = { punchInAt: new Date("2026-11-21T02:00:00Z"), workDate: "2026-11-20", timeZone: LA };
    expect(missingDueAt(la, 12).toISOString()).toBe("2026-11-21T12:00:00.000Z");
    expect(missingDueAt(la, 4).toISOString()).toBe("2026-11-21T06:00:00.000Z");
  });
});

describe("weeks", () => {
  it("start on Monday (1, and when unset) or Sunday (0), across a week boundary", () => {
    // Saturday 17, Sunday 18, Monday 19 October 2026.
    expect(weekStartOf("2026-10-17", 1)).toBe("2026-10-12");
    expect(weekStartOf("2026-10-18", 1)).toBe("2026-10-12");
    expect(weekStartOf("2026-10-19", 1)).toBe("2026-10-19");
    expect(weekStartOf("2026-10-18", null)).toBe("2026-10-12");
    expect(weekStartOf("2026-10-17", 0)).toBe("2026-10-11");
    expect(weekStartOf("2026-10-18", 0)).toBe("2026-10-18");
    expect(weekStartOf("2026-10-19", 0)).toBe("2026-10-18");
    // Across a year end.
    expect(weekStartOf("2027-01-01", 1)).toBe("2026-12-28");
    expect(weekStartOf("2027-01-01", 0)).toBe("2026-12-27");
  });
});

describe("distance from the store", () => {
  it("is the great-circle distance in meters, when both places are known", () => {
    // Costco Wayne NJ to a point about 1.1 km north.
    expect(distanceMeters(40.9254, -74.2765, 40.9354, -74.2765)).toBeGreaterThan(1100);
    expect(distanceMeters(40.9254, -74.2765, 40.9354, -74.2765)).toBeLessThan(1115);
    expect(distanceMeters(40, -74, 40, -74)).toBe(0);
    expect(
      punchDistance(
        { latitude: 40.9254, longitude: -74.2765 },
        { latitude: "40.9254", longitude: "-74.2765" },
      ),
    ).toBe(0);
    expect(
      punchDistance({ latitude: 40.9, longitude: -74.2 }, { latitude: null, longitude: "-74.2" }),
    ).toBeNull();
    expect(punchDistance({}, { latitude: "40.9", longitude: "-74.2" })).toBeNull();
    expect(coordinate(" ", 90)).toBeNull();
    expect(coordinate("abc", 90)).toBeNull();
    expect(coordinate("91", 90)).toBeNull();
    expect(coordinate("-74.5", 180)).toBe(-74.5);
  });
});
