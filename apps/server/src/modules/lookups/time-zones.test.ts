import { describe, expect, it } from "vitest";
import { listTimeZones } from "./time-zones";

const offsetOf = (now: Date, id: string) => listTimeZones(now).find((z) => z.id === id)?.offsetMinutes;

describe("the time zone list", () => {
  it("gives each zone its offset at that moment, on either side of a DST change", () => {
    // New York leaves daylight time on 2026-11-01 at 06:00 UTC (02:00 EDT).
    expect(offsetOf(new Date("2026-11-01T05:59:59Z"), "America/New_York")).toBe(-240);
    expect(offsetOf(new Date("2026-11-01T06:00:00Z"), "America/New_York")).toBe(-300);
    // Adelaide (+10:30 / +9:30) changes on a half hour of UTC: 2026-04-04 at 16:30 UTC (03:00 ACDT on the 5th).
    expect(offsetOf(new Date("2026-04-04T16:29:59Z"), "Australia/Adelaide")).toBe(630);
    expect(offsetOf(new Date("2026-04-04T16:30:00Z"), "Australia/Adelaide")).toBe(570);
  });

  it("is built once per quarter hour and shared", () => {
    const a = listTimeZones(new Date("2026-11-23T10:00:01Z"));
    const b = listTimeZones(new Date("2026-11-23T10:14:59Z"));
    const c = listTimeZones(new Date("2026-11-23T10:15:00Z"));
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(a.length).toBeGreaterThan(300);
  });

  it("sorts by offset, then by name, and labels each with its offset", () => {
    const zones = listTimeZones(new Date("2026-01-15T12:00:00Z"));
    for (let i = 1; i < zones.length; i++) {
      const [p, q] = [zones[i - 1], zones[i]];
      expect(p.offsetMinutes < q.offsetMinutes || (p.offsetMinutes === q.offsetMinutes && p.id < q.id)).toBe(
        true,
      );
    }
    expect(zones.find((z) => z.id === "America/Los_Angeles")?.label).toBe("(UTC-08:00) America/Los Angeles");
  });
});
