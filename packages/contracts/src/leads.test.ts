import { describe, expect, it } from "vitest";
import { normalizeEmail, normalizePhone } from "./contact";
import {
  isLegalLeadTransition,
  LEAD_STATUS,
  LEAD_STATUS_TRANSITIONS,
  LEAD_STATUSES,
  leadSearchRequest,
  nextLeadStatuses,
} from "./leads";

describe("lead status transitions", () => {
  it("has an entry for every status, pointing only at known statuses and never at itself", () => {
    const ids = LEAD_STATUSES.map((s) => s.id);
    expect(
      Object.keys(LEAD_STATUS_TRANSITIONS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(ids);
    for (const [from, to] of Object.entries(LEAD_STATUS_TRANSITIONS)) {
      for (const s of to) expect(ids).toContain(s);
      expect(to).not.toContain(Number(from));
    }
  });

  it("follows the funnel and allows staying put", () => {
    expect(isLegalLeadTransition(LEAD_STATUS.new, LEAD_STATUS.contacted)).toBe(true);
    expect(isLegalLeadTransition(LEAD_STATUS.ran, LEAD_STATUS.sold)).toBe(true);
    expect(isLegalLeadTransition(LEAD_STATUS.sold, LEAD_STATUS.new)).toBe(false);
    expect(isLegalLeadTransition(LEAD_STATUS.new, LEAD_STATUS.ran)).toBe(false);
    expect(isLegalLeadTransition(LEAD_STATUS.sold, LEAD_STATUS.sold)).toBe(true);
    expect(nextLeadStatuses(LEAD_STATUS.rejected)).toEqual([LEAD_STATUS.new]);
    expect(nextLeadStatuses(99)).toEqual([]);
  });

  it("lets every status be reached from New", () => {
    const seen = new Set<number>([LEAD_STATUS.new]);
    const queue: number[] = [LEAD_STATUS.new];
    while (queue.length)
      for (const n of nextLeadStatuses(queue.shift()!)) if (!seen.has(n)) seen.add(n) && queue.push(n);
    expect(seen.size).toBe(LEAD_STATUSES.length);
  });
});

describe("normalization", () => {
  it.each([
    ["(201) 555-0101", "2015550101"],
    ["+1 201.555.0101", "2015550101"],
    ["12015550101", "2015550101"],
    ["555-0101", null],
    ["(101) 555-0101", null],
    ["", null],
    [null, null],
  ])("phone %j -> %j", (raw, out) => expect(normalizePhone(raw)).toBe(out));

  it.each([
    [" Pat@Example.COM ", "pat@example.com"],
    ["pat@example", null],
    ["two words@example.com", null],
  ])("email %j -> %j", (raw, out) => expect(normalizeEmail(raw)).toBe(out));
});

describe("leadSearchRequest", () => {
  it("reads a missing body as the first page of the default sort", () => {
    expect(leadSearchRequest.parse(null)).toMatchObject({
      page: 1,
      pageSize: 25,
      sortBy: "capturedAt",
      sortDirection: "desc",
      format: "json",
    });
  });
  it("refuses unknown sort keys and bad dates", () => {
    expect(leadSearchRequest.safeParse({ sortBy: "password" }).success).toBe(false);
    expect(leadSearchRequest.safeParse({ startDate: "2026-02-30" }).success).toBe(false);
  });
});
