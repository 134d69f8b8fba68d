import { describe, expect, it } from "vitest";
import { formatMeasure, formatPeriod } from "./format";

describe("formatMeasure", () => {
  it("writes a missing value as a dash whatever the kind", () => {
    for (const kind of ["count", "money", "percent", "hours", "rate", "minutes"] as const) {
      expect(formatMeasure(kind, null)).toBe("–");
      expect(formatMeasure(kind, undefined)).toBe("–");
      expect(formatMeasure(kind, Number.NaN)).toBe("–");
    }
  });

  it("writes counts with thousands separators", () => {
    expect(formatMeasure("count", 0)).toBe("0");
    expect(formatMeasure("count", 1234567)).toBe("1,234,567");
  });

  it("writes money in dollars, with cents only below a thousand", () => {
    expect(formatMeasure("money", 0)).toBe("$0.00");
    expect(formatMeasure("money", 12.5)).toBe("$12.50");
    expect(formatMeasure("money", 999.99)).toBe("$999.99");
    expect(formatMeasure("money", 1000)).toBe("$1,000");
    expect(formatMeasure("money", 12345.67)).toBe("$12,346");
    expect(formatMeasure("money", -1500)).toBe("-$1,500");
  });

  it("writes a share as a percent with one decimal", () => {
    expect(formatMeasure("percent", 0)).toBe("0.0%");
    expect(formatMeasure("percent", 0.4253)).toBe("42.5%");
    expect(formatMeasure("percent", 1)).toBe("100.0%");
  });

  it("writes hours and rates with at most two decimals", () => {
    expect(formatMeasure("hours", 7.5)).toBe("7.5");
    expect(formatMeasure("hours", 1234.567)).toBe("1,234.57");
    expect(formatMeasure("rate", 2)).toBe("2");
    expect(formatMeasure("rate", 0.3333)).toBe("0.33");
  });

  it("writes minutes as at most two units of a duration", () => {
    expect(formatMeasure("minutes", 0)).toBe("0 min");
    expect(formatMeasure("minutes", 0.4)).toBe("< 1 min");
    expect(formatMeasure("minutes", 12.4)).toBe("12 min");
    expect(formatMeasure("minutes", 60)).toBe("1 h");
    expect(formatMeasure("minutes", 185)).toBe("3 h 5 min");
    expect(formatMeasure("minutes", 24 * 60)).toBe("1 d");
    expect(formatMeasure("minutes", 2 * 24 * 60 + 3 * 60 + 50)).toBe("2 d 4 h");
  });
});

describe("formatPeriod", () => {
  it("names one day once", () => {
    expect(formatPeriod({ startDate: "2026-11-02", endDate: "2026-11-02" })).toBe("2 Nov 2026");
  });

  it("names the month and year once within a month", () => {
    expect(formatPeriod({ startDate: "2026-11-01", endDate: "2026-11-30" })).toBe("1 – 30 Nov 2026");
  });

  it("names both months within a year, and both years across years", () => {
    expect(formatPeriod({ startDate: "2026-10-28", endDate: "2026-11-03" })).toBe("28 Oct – 3 Nov 2026");
    expect(formatPeriod({ startDate: "2025-12-28", endDate: "2026-01-03" })).toBe("28 Dec 2025 – 3 Jan 2026");
  });
});
