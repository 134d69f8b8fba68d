import { describe, expect, it } from "vitest";
import { hoursMinutes, hoursWithDecimal, periodText, plural } from "./format";
import {
  filterRequestOf,
  type LaborFilterValues,
  optionalPeriodParams,
  periodParams,
  periodRequestOf,
  SPELLED_OUT_NAMES,
  whoParams,
  whoRequestOf,
} from "./labor-filters";

const NONE: LaborFilterValues = {
  range: null,
  startDate: null,
  endDate: null,
  text: "",
  userIds: [],
  storeIds: [],
  territoryIds: [],
};

describe("Labor's filters", () => {
  it("ask a named range, or custom days once both are picked, and nothing else", () => {
    expect(periodRequestOf({ ...NONE, range: "5" })).toEqual({ dateRange: 5 });
    expect(
      periodRequestOf({ ...NONE, range: "custom", startDate: "2025-02-01", endDate: "2025-02-28" }),
    ).toEqual({ startDate: "2025-02-01", endDate: "2025-02-28" });
    // A half-picked custom range, or none at all: the server's default.
    expect(periodRequestOf({ ...NONE, range: "custom", startDate: "2025-02-01" })).toEqual({});
    expect(periodRequestOf(NONE)).toEqual({});
    // The custom days are not sent with a named range.
    expect(periodRequestOf({ ...NONE, range: "3", startDate: "2025-02-01", endDate: "2025-02-28" })).toEqual({
      dateRange: 3,
    });
  });

  it("leave an empty name or list out of the request", () => {
    expect(whoRequestOf({ text: "", userIds: [], storeIds: [], territoryIds: [] })).toEqual({});
    expect(whoRequestOf({ text: "jo", storeIds: [3] })).toEqual({ text: "jo", storeIds: [3] });
    expect(filterRequestOf({ ...NONE, range: "1", userIds: [7], territoryIds: [2] })).toEqual({
      dateRange: 1,
      userIds: [7],
      territoryIds: [2],
    });
  });

  it("keep each screen's names in the address", () => {
    const names = (codecs: Record<string, { name?: string }>) =>
      Object.fromEntries(Object.entries(codecs).map(([k, c]) => [k, c.name]));
    expect(names({ ...optionalPeriodParams(), ...whoParams() })).toEqual({
      range: "period",
      startDate: "from",
      endDate: "to",
      text: "q",
      userIds: "person",
      storeIds: "store",
      territoryIds: "territory",
    });
    expect(names({ ...periodParams(SPELLED_OUT_NAMES), ...whoParams(SPELLED_OUT_NAMES) })).toEqual(
      SPELLED_OUT_NAMES,
    );
    expect(names(whoParams({ text: "search" }))).toMatchObject({ text: "search", userIds: "person" });
    // This Week unless the list may have no period.
    expect(periodParams().range.fallback).toBe("3");
    expect(optionalPeriodParams().range.fallback).toBeNull();
  });
});

describe("Labor's formats", () => {
  it("write hours, counts and periods", () => {
    expect(hoursMinutes(125)).toBe("2:05");
    expect(hoursMinutes(undefined)).toBe("—");
    expect(hoursWithDecimal(450)).toBe("7:30 (7.5 h)");
    expect(plural(1, "person", "people")).toBe("1 person");
    expect(plural(1200, "shift")).toBe("1,200 shifts");
    expect(periodText({ startDate: "2025-10-06", endDate: "2025-10-12" })).toBe("2025-10-06 to 2025-10-12");
    expect(periodText({ startDate: "2025-10-06", endDate: "2025-10-06" })).toBe("2025-10-06");
  });
});
