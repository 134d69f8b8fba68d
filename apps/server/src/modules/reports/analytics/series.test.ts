import { describe, expect, it } from "vitest";
import { type GroupHead, pageOfRows, sortGroups } from "./series.groups";
import { bucketLabel, bucketStart } from "./series.repository";

describe("series buckets", () => {
  it("starts a day, a week (from the organization's first day) and a month", () => {
    // 2026-03-04 is a Wednesday.
    expect(bucketStart("2026-03-04", "day", 1)).toBe("2026-03-04");
    expect(bucketStart("2026-03-04", "week", 1)).toBe("2026-03-02");
    expect(bucketStart("2026-03-04", "week", 0)).toBe("2026-03-01");
    expect(bucketStart("2026-03-04", "week", 6)).toBe("2026-02-28");
    expect(bucketStart("2026-03-01", "week", 1)).toBe("2026-02-23");
    expect(bucketStart("2026-03-31", "month", 1)).toBe("2026-03-01");
  });

  it("names the buckets as the charts show them", () => {
    expect(bucketLabel("2026-03-02", "day")).toBe("2 Mar");
    expect(bucketLabel("2026-03-02", "week")).toBe("Week of 2 Mar");
    expect(bucketLabel("2026-03-01", "month")).toBe("Mar 2026");
    expect(bucketLabel("2025-12-29", "week")).toBe("Week of 29 Dec");
  });
});

describe("sorting and paging the report groups", () => {
  type Row = GroupHead & { leads: number; median: number | null };
  const row = (key: string, name: string, leads: number, median: number | null): Row => ({
    key,
    id: null,
    name,
    detail: null,
    isActive: true,
    leads,
    median,
  });
  const rows = [
    row("3", "oak", 2, null),
    row("1", "Maple", 2, 5),
    row("2", "maple", 7, 1.5),
    row("4", "Ash", 1, 5),
  ];
  const keys = (r: Row[]) => r.map((x) => x.key);

  it("sorts names as people read them (case aside), ties by key", () => {
    expect(keys(sortGroups(rows, "name", undefined))).toEqual(["4", "1", "2", "3"]);
    expect(keys(sortGroups(rows, "name", "desc"))).toEqual(["3", "2", "1", "4"]);
  });

  it("sorts a measure from the most by default, nulls last either way, ties by name", () => {
    expect(keys(sortGroups(rows, "leads", undefined))).toEqual(["2", "1", "3", "4"]);
    expect(keys(sortGroups(rows, "median", "asc"))).toEqual(["2", "4", "1", "3"]);
    expect(keys(sortGroups(rows, "median", "desc"))).toEqual(["4", "1", "2", "3"]);
  });

  it("pages the sorted groups", () => {
    const sorted = sortGroups(rows, "name", "asc");
    expect(keys(pageOfRows(sorted, { page: 2, pageSize: 3 }))).toEqual(["3"]);
    expect(pageOfRows(sorted, { page: 3, pageSize: 3 })).toEqual([]);
  });
});
