import {
  addDays,
  DAY_NAMES,
  dayOfWeek,
  normalizeFirstDayOfWeek,
  startOfWeek,
  zonedDateTimeToUtc,
} from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import { type GenerationTemplate, planWindows, weeksAhead } from "./generation";
import { todayIn, wallClockInstant, windowInstants } from "./wall-clock";

/**
 * The time matrix (docs/decisions/0035-windows-and-time.md): windows generated from the weekly template across
 * both daylight-saving changes of 2026 (8 March, 1 November) and 2027 (14 March, 7 November) in New York,
 * Phoenix (no daylight saving) and Los Angeles; weeks starting on Sunday and on Monday; a range across the year
 * end. Every expected instant is written out in UTC.
 */

const NY = "America/New_York";
const PHX = "America/Phoenix";
const LA = "America/Los_Angeles";
const LONG_AGO = new Date("2026-01-01T00:00:00Z");

let nextId = 1;
const template = (
  dayOfWeek: number,
  startTime: string,
  endTime: string,
  timeZone: string,
  capacity = 3,
): GenerationTemplate => ({
  id: nextId++,
  organizationId: 1,
  appointmentTypeId: 1,
  territoryId: null,
  storeId: null,
  dayOfWeek,
  startTime,
  endTime,
  capacity,
  timeZone,
});

const iso = (d: Date) => d.toISOString().replace(".000Z", "Z");
const hours = (w: { startsAt: Date; endsAt: Date }) =>
  (w.endsAt.getTime() - w.startsAt.getTime()) / 3_600_000;

/** The windows generated on one day from a Sunday template, as `start-end: startsAt..endsAt (real hours)`. */
function sundayWindows(day: string, timeZone: string) {
  const templates = [
    template(0, "01:00", "03:00", timeZone),
    template(0, "01:00", "02:00", timeZone),
    template(0, "02:30", "04:00", timeZone),
    template(0, "02:00", "03:00", timeZone),
    template(0, "08:00", "10:00", timeZone),
  ];
  const plan = planWindows(templates, { from: day, to: day }, LONG_AGO);
  return {
    windows: plan.windows.map(
      (w) => `${w.startTime}-${w.endTime}: ${iso(w.startsAt)}..${iso(w.endsAt)} (${hours(w)} h)`,
    ),
    skippedInGap: plan.skippedInGap,
  };
}

describe("the daylight-saving days of 2026 and 2027", () => {
  // Each change falls on a Sunday.
  it.each(["2026-03-08", "2026-11-01", "2027-03-14", "2027-11-07"])("%s is a Sunday", (day) => {
    expect(DAY_NAMES[dayOfWeek(day)]).toBe("Sunday");
  });

  it.each([
    ["2026-03-08", NY],
    ["2027-03-14", NY],
  ])("spring forward %s in New York: wall-clock labels kept, real length follows the clocks", (day, zone) => {
    const d = day.slice(0, 10);
    expect(sundayWindows(d, zone)).toEqual({
      windows: [
        // 01:00 EST to 03:00 EDT: two wall-clock hours, one real hour.
        `01:00-03:00: ${d}T06:00:00Z..${d}T07:00:00Z (1 h)`,
        // 02:00 does not exist: it moves forward to 03:00 EDT.
        `01:00-02:00: ${d}T06:00:00Z..${d}T07:00:00Z (1 h)`,
        // 02:30 moves forward by the gap, to 03:30 EDT.
        `02:30-04:00: ${d}T07:30:00Z..${d}T08:00:00Z (0.5 h)`,
        `08:00-10:00: ${d}T12:00:00Z..${d}T14:00:00Z (2 h)`,
      ],
      // 02:00-03:00 lies wholly in the skipped hour: it does not happen that day.
      skippedInGap: 1,
    });
  });

  it.each([
    ["2026-11-01", NY],
    ["2027-11-07", NY],
  ])("fall back %s in New York: an ambiguous start takes the earlier instant", (day, zone) => {
    expect(sundayWindows(day, zone)).toEqual({
      windows: [
        // 01:00 happens twice: the first (EDT). 03:00 EST. Two wall-clock hours, three real ones.
        `01:00-03:00: ${day}T05:00:00Z..${day}T08:00:00Z (3 h)`,
        // 01:00 EDT to 02:00 EST: one wall-clock hour, two real ones.
        `01:00-02:00: ${day}T05:00:00Z..${day}T07:00:00Z (2 h)`,
        `02:00-03:00: ${day}T07:00:00Z..${day}T08:00:00Z (1 h)`,
        `02:30-04:00: ${day}T07:30:00Z..${day}T09:00:00Z (1.5 h)`,
        `08:00-10:00: ${day}T13:00:00Z..${day}T15:00:00Z (2 h)`,
      ],
      skippedInGap: 0,
    });
  });

  it.each([
    ["2026-03-08", LA],
    ["2027-03-14", LA],
  ])("spring forward %s in Los Angeles", (day, zone) => {
    expect(sundayWindows(day, zone)).toEqual({
      windows: [
        `01:00-03:00: ${day}T09:00:00Z..${day}T10:00:00Z (1 h)`,
        `01:00-02:00: ${day}T09:00:00Z..${day}T10:00:00Z (1 h)`,
        `02:30-04:00: ${day}T10:30:00Z..${day}T11:00:00Z (0.5 h)`,
        `08:00-10:00: ${day}T15:00:00Z..${day}T17:00:00Z (2 h)`,
      ],
      skippedInGap: 1,
    });
  });

  it.each([
    ["2026-11-01", LA],
    ["2027-11-07", LA],
  ])("fall back %s in Los Angeles", (day, zone) => {
    expect(sundayWindows(day, zone)).toEqual({
      windows: [
        `01:00-03:00: ${day}T08:00:00Z..${day}T11:00:00Z (3 h)`,
        `01:00-02:00: ${day}T08:00:00Z..${day}T10:00:00Z (2 h)`,
        `02:00-03:00: ${day}T10:00:00Z..${day}T11:00:00Z (1 h)`,
        `02:30-04:00: ${day}T10:30:00Z..${day}T12:00:00Z (1.5 h)`,
        `08:00-10:00: ${day}T16:00:00Z..${day}T18:00:00Z (2 h)`,
      ],
      skippedInGap: 0,
    });
  });

  it.each(["2026-03-08", "2026-11-01", "2027-03-14", "2027-11-07"])(
    "%s in Phoenix (no daylight saving): every window as long as its labels, UTC-7",
    (day) => {
      expect(sundayWindows(day, PHX)).toEqual({
        windows: [
          `01:00-03:00: ${day}T08:00:00Z..${day}T10:00:00Z (2 h)`,
          `01:00-02:00: ${day}T08:00:00Z..${day}T09:00:00Z (1 h)`,
          `02:00-03:00: ${day}T09:00:00Z..${day}T10:00:00Z (1 h)`,
          `02:30-04:00: ${day}T09:30:00Z..${day}T11:00:00Z (1.5 h)`,
          `08:00-10:00: ${day}T15:00:00Z..${day}T17:00:00Z (2 h)`,
        ],
        skippedInGap: 0,
      });
    },
  );

  it("keeps the 08:00 window at 08:00 on the wall clock the day before and after each change", () => {
    const zones: [string, number, number][] = [
      // zone, UTC hour of 08:00 in winter, in summer
      [NY, 13, 12],
      [LA, 16, 15],
      [PHX, 15, 15],
    ];
    for (const [zone, winter, summer] of zones) {
      const daily = [0, 1, 2, 3, 4, 5, 6].map((d) => template(d, "08:00", "10:00", zone));
      const utcHours = (from: string, to: string) =>
        planWindows(daily, { from, to }, LONG_AGO).windows.map(
          (w) => `${w.localDate} ${w.startsAt.getUTCHours()}`,
        );
      expect(utcHours("2026-03-07", "2026-03-09"), zone).toEqual([
        `2026-03-07 ${winter}`,
        `2026-03-08 ${summer}`,
        `2026-03-09 ${summer}`,
      ]);
      expect(utcHours("2026-10-31", "2026-11-02"), zone).toEqual([
        `2026-10-31 ${summer}`,
        `2026-11-01 ${winter}`,
        `2026-11-02 ${winter}`,
      ]);
      expect(utcHours("2027-03-13", "2027-03-15"), zone).toEqual([
        `2027-03-13 ${winter}`,
        `2027-03-14 ${summer}`,
        `2027-03-15 ${summer}`,
      ]);
      expect(utcHours("2027-11-06", "2027-11-08"), zone).toEqual([
        `2027-11-06 ${summer}`,
        `2027-11-07 ${winter}`,
        `2027-11-08 ${winter}`,
      ]);
    }
  });
});

describe("the disambiguation rules", () => {
  it("moves a time the clocks skip forward by the gap, and takes the earlier of a time that happens twice", () => {
    expect(iso(wallClockInstant("2026-03-08", "02:30", NY))).toBe("2026-03-08T07:30:00Z"); // 03:30 EDT
    expect(iso(wallClockInstant("2026-11-01", "01:30", NY))).toBe("2026-11-01T05:30:00Z"); // 01:30 EDT
    expect(iso(wallClockInstant("2027-03-14", "02:30", LA))).toBe("2027-03-14T10:30:00Z"); // 03:30 PDT
    expect(iso(wallClockInstant("2027-11-07", "01:30", LA))).toBe("2027-11-07T08:30:00Z"); // 01:30 PDT
    expect(windowInstants("2026-03-08", "02:00", "03:00", NY)).toBeNull();
    expect(windowInstants("2026-03-08", "02:15", "02:45", NY)).toBeNull();
  });

  it("agrees with the contracts' zonedDateTimeToUtc at every quarter hour of every change day (the measurement of decision 0035)", () => {
    const days = ["2026-03-08", "2026-11-01", "2027-03-14", "2027-11-07"];
    let compared = 0;
    for (const zone of [NY, PHX, LA])
      for (const day of days)
        for (let minute = 0; minute < 24 * 60; minute += 15) {
          const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
          expect(iso(wallClockInstant(day, time, zone)), `${zone} ${day} ${time}`).toBe(
            iso(zonedDateTimeToUtc(day, time, zone)),
          );
          compared++;
        }
    expect(compared).toBe(3 * 4 * 96);
  });
});

describe("weeks", () => {
  const everyDay = (zone: string) => [0, 1, 2, 3, 4, 5, 6].map((d) => template(d, "09:00", "11:00", zone));
  const weekOf = (day: string, firstDayOfWeek: number) => {
    const from = startOfWeek(day, firstDayOfWeek);
    return { from, to: addDays(from, 6) };
  };

  it.each([
    // The spring-forward Sunday opens a Sunday week and closes a Monday week.
    [
      0,
      "2026-03-08",
      "2026-03-14",
      ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    ],
    [
      1,
      "2026-03-02",
      "2026-03-08",
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    ],
  ] as const)("first day of week %i: the week of 8 March 2026 is %s to %s", (first, from, to, names) => {
    expect(normalizeFirstDayOfWeek(first)).toBe(first);
    const range = weekOf("2026-03-08", first);
    expect(range).toEqual({ from, to });
    const windows = planWindows(everyDay(NY), range, LONG_AGO).windows;
    expect(windows.map((w) => DAY_NAMES[dayOfWeek(w.localDate)])).toEqual(names);
    // 09:00 New York is 14:00Z before the change and 13:00Z from the change on, each day still 09:00-11:00.
    expect(windows.map((w) => `${w.localDate} ${w.startTime} ${w.startsAt.getUTCHours()}`)).toEqual(
      windows.map((w) => `${w.localDate} 09:00 ${w.localDate < "2026-03-08" ? 14 : 13}`),
    );
  });

  it.each([
    [0, "2026-10-25", "2026-10-31"],
    [0, "2026-11-01", "2026-11-07"],
    [1, "2026-10-26", "2026-11-01"],
  ] as const)(
    "first day of week %i around the fall-back of 2026: %s to %s in Los Angeles",
    (first, from, to) => {
      const range = weekOf(from, first);
      expect(range).toEqual({ from, to });
      const windows = planWindows(everyDay(LA), range, LONG_AGO).windows;
      expect(windows).toHaveLength(7);
      expect(windows.map((w) => w.startsAt.getUTCHours())).toEqual(
        windows.map((w) => (w.localDate < "2026-11-01" ? 16 : 17)),
      );
    },
  );

  it.each([
    [0, "2026-12-27", "2027-01-02"],
    [1, "2026-12-28", "2027-01-03"],
  ] as const)("first day of week %i across the year end: %s to %s", (first, from, to) => {
    const range = weekOf("2027-01-01", first);
    expect(range).toEqual({ from, to });
    for (const zone of [NY, PHX, LA]) {
      const plan = planWindows(everyDay(zone), range, LONG_AGO);
      expect(plan.windows.map((w) => w.localDate)).toEqual(
        [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(from, i)),
      );
      const offset = { [NY]: 5, [PHX]: 7, [LA]: 8 }[zone] as number;
      for (const w of plan.windows)
        expect(iso(w.startsAt)).toBe(`${w.localDate}T${String(9 + offset).padStart(2, "0")}:00:00Z`);
    }
  });

  it("generates a range across the year end, a template day at a time, with nothing twice", () => {
    const plan = planWindows(
      [template(1, "08:00", "10:00", NY), template(5, "16:00", "18:00", LA)],
      { from: "2026-12-20", to: "2027-01-17" },
      LONG_AGO,
    );
    expect(
      plan.windows.map((w) => `${w.localDate} ${DAY_NAMES[dayOfWeek(w.localDate)]} ${w.timeZone}`),
    ).toEqual([
      "2026-12-21 Monday America/New_York",
      "2026-12-25 Friday America/Los_Angeles",
      "2026-12-28 Monday America/New_York",
      "2027-01-01 Friday America/Los_Angeles",
      "2027-01-04 Monday America/New_York",
      "2027-01-08 Friday America/Los_Angeles",
      "2027-01-11 Monday America/New_York",
      "2027-01-15 Friday America/Los_Angeles",
    ]);
  });
});

describe("generation from now on", () => {
  it("skips the windows that would already have started, and counts them", () => {
    // 2026-11-01 13:30Z is 08:30 EST: the 08:00 window of that Sunday has started, the 12:00 one has not.
    const now = new Date("2026-11-01T13:30:00Z");
    const plan = planWindows(
      [template(0, "08:00", "10:00", NY), template(0, "12:00", "14:00", NY)],
      { from: "2026-10-25", to: "2026-11-08" },
      now,
    );
    expect(plan.skippedInPast).toBe(3);
    expect(plan.windows.map((w) => `${w.localDate} ${w.startTime}`)).toEqual([
      "2026-11-01 12:00",
      "2026-11-08 08:00",
      "2026-11-08 12:00",
    ]);
  });

  it("keeps the next N weeks from today in each zone's own calendar", () => {
    // 2026-11-02 06:30Z: Monday in New York (01:30), still Sunday evening in Los Angeles (22:30).
    const now = new Date("2026-11-02T06:30:00Z");
    expect(todayIn(NY, now)).toBe("2026-11-02");
    expect(todayIn(LA, now)).toBe("2026-11-01");
    expect(weeksAhead(4, now)(NY)).toEqual({ from: "2026-11-02", to: "2026-11-29" });
    expect(weeksAhead(4, now)(LA)).toEqual({ from: "2026-11-01", to: "2026-11-28" });
    const plan = planWindows([template(0, "23:00", "23:30", LA)], weeksAhead(1, now), now);
    expect(plan.windows.map((w) => w.localDate)).toEqual(["2026-11-01"]);
  });
});
