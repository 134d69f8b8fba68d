import { zonedDateTimeParts } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import { localDateTime } from "./leads.mapper";

const exact = (at: Date, tz: string) => {
  const p = zonedDateTimeParts(at, tz);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
};

describe("localDateTime", () => {
  it("reads the wall clock across DST changes, half-hour zones and year ends", () => {
    expect(localDateTime(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toBe("2026-03-08 01:59");
    expect(localDateTime(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe("2026-03-08 03:00");
    expect(localDateTime(new Date("2026-11-01T05:30:00Z"), "America/New_York")).toBe("2026-11-01 01:30");
    expect(localDateTime(new Date("2026-11-01T06:30:00Z"), "America/New_York")).toBe("2026-11-01 01:30");
    expect(localDateTime(new Date("2026-12-31T23:30:00Z"), "Asia/Kolkata")).toBe("2027-01-01 05:00");
    expect(localDateTime(new Date("2026-04-05T02:45:00Z"), "Australia/Lord_Howe")).toBe(
      exact(new Date("2026-04-05T02:45:00Z"), "Australia/Lord_Howe"),
    );
  });

  it("agrees with Intl minute by minute through a year of transitions", () => {
    for (const tz of [
      "America/New_York",
      "America/Los_Angeles",
      "Europe/Berlin",
      "Australia/Lord_Howe",
      "Asia/Kathmandu",
    ]) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 13 * 60_000 + 7_000) {
        const at = new Date(t);
        if (localDateTime(at, tz) !== exact(at, tz)) throw new Error(`${tz} ${at.toISOString()}`);
      }
    }
  });
});
