import { capabilitiesOf, ROLE, rowScopeOf, SUBSCRIPTION } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import type { TenantContext } from "../../../platform/context";
import type { UnitOfWork } from "../../../platform/unit-of-work";
import type { FunnelDbRow, FunnelQuery, FunnelRepository } from "./funnel.repository";
import { bucketStart } from "./funnel.repository";
import { FUNNEL_EXPORT_MAX_ROWS, type FunnelInput, funnelService } from "./funnel.service";

/**
 * The service's own decisions, without a database: the order a report asks for by default, the export's cap, and
 * the period buckets' first dates.
 */

const who = { roleId: ROLE.manager, subscriptionId: SUBSCRIPTION.full };
const ctx: TenantContext = {
  userId: 1,
  sessionId: 1,
  organizationId: 7,
  membershipId: 1,
  roleId: who.roleId,
  subscriptionId: who.subscriptionId,
  isPlatformAdmin: false,
  territoryIds: [],
  timeZone: "America/New_York",
  offsetMinutes: 0,
  firstDayOfWeek: 1,
  can: capabilitiesOf(who),
  scope: rowScopeOf({ ...who, userId: 1, territoryIds: [] }),
};

const counts = {
  approaches: 0,
  hoursWorked: 0,
  shifts: 0,
  leads: 0,
  rejected: 0,
  duplicates: 0,
  appointmentsSet: 0,
  sent: 0,
  ran: 0,
  sold: 0,
  notSold: 0,
  noShow: 0,
  cancelled: 0,
  revenue: 0,
};

/** A repository that records the query and answers `total` rows (one of them on the page). */
function fakeRepo(total: number) {
  const asked: FunnelQuery[] = [];
  const row: FunnelDbRow = {
    ...counts,
    id: 3,
    keyText: null,
    subId: null,
    name: "Maple Store",
    detail: null,
    subName: null,
    isActive: true,
  };
  const answer = async (_exec: unknown, _s: unknown, q: FunnelQuery) => {
    asked.push(q);
    return { rows: [row], total, totals: counts };
  };
  const repo = { funnel: answer, ownerGroupFunnel: answer, activeLeadGenerators: async () => 0 };
  return { repo: repo as unknown as FunnelRepository, asked };
}

const uow = { read: {} } as unknown as UnitOfWork;
const input = (over: Partial<FunnelInput> = {}): FunnelInput => ({
  startDate: "2026-03-01",
  endDate: "2026-03-31",
  page: 1,
  pageSize: 50,
  format: "json",
  ...over,
});

describe("funnel service", () => {
  it("sorts by the report's default order, names A to Z and numbers most first when no direction is given", async () => {
    const { repo, asked } = fakeRepo(1);
    const svc = funnelService({ uow, repo });
    await svc.report(ctx, "reports.lgAgPerformance", input());
    await svc.report(ctx, "reports.lgAgPerformance", input({ sortBy: "name" }));
    await svc.report(ctx, "reports.lgAgPerformance", input({ sortBy: "sold" }));
    await svc.report(ctx, "reports.lgAgPerformance", input({ sortBy: "sold", sortDirection: "asc" }));
    expect(asked.map((q) => q.sort)).toEqual([
      { key: "leadsPerHour", direction: "desc" },
      { key: "name", direction: "asc" },
      { key: "sold", direction: "desc" },
      { key: "sold", direction: "asc" },
    ]);
    expect(asked[0]).toMatchObject({ dimension: "leadGenerator", interval: null, limit: 50, offset: 0 });
  });

  it("picks the period's interval by its length unless asked", async () => {
    const { repo, asked } = fakeRepo(1);
    const svc = funnelService({ uow, repo });
    const a = await svc.report(ctx, "reports.leadCountSummary", input());
    await svc.report(
      ctx,
      "reports.leadCountSummary",
      input({ startDate: "2026-01-01", endDate: "2026-12-31" }),
    );
    await svc.report(ctx, "reports.leadCountSummary", input({ interval: "week" }));
    expect(asked.map((q) => q.interval)).toEqual(["day", "month", "week"]);
    expect(a.kind === "page" && a.page.interval).toBe("day");
  });

  it(`refuses a file of more than ${FUNNEL_EXPORT_MAX_ROWS.toLocaleString("en-US")} rows, saying how to narrow it`, async () => {
    const { repo, asked } = fakeRepo(FUNNEL_EXPORT_MAX_ROWS + 1);
    const svc = funnelService({ uow, repo });
    await expect(svc.report(ctx, "reports.storeLead", input({ format: "csv" }))).rejects.toMatchObject({
      status: 400,
      message:
        "This report has 10,001 rows; a file holds at most 10,000. Narrow the period or the filters, or search.",
    });
    expect(asked[0]).toMatchObject({ limit: FUNNEL_EXPORT_MAX_ROWS + 1, offset: 0 });
    const ok = await funnelService({ uow, repo: fakeRepo(FUNNEL_EXPORT_MAX_ROWS).repo }).report(
      ctx,
      "reports.storeLead",
      input({ format: "csv" }),
    );
    expect(ok.kind).toBe("csv");
  });

  it("names the file by the report and the organization's local date of now", async () => {
    const now = () => new Date("2026-04-01T02:00:00Z");
    const file = await funnelService({ uow, repo: fakeRepo(1).repo, now }).report(
      ctx,
      "reports.storeLead",
      input({ format: "xlsx" }),
    );
    expect(file.kind === "xlsx" && file.filename).toBe("leads-by-store-2026-03-31.xlsx");
  });
});

describe("period buckets", () => {
  it("start on the day, the organization's first day of week, or the first of the month", () => {
    expect(bucketStart("2026-03-01", "day", 1)).toBe("2026-03-01");
    expect(bucketStart("2026-03-01", "week", 1)).toBe("2026-02-23");
    expect(bucketStart("2026-03-01", "week", 0)).toBe("2026-03-01");
    expect(bucketStart("2026-03-07", "week", 0)).toBe("2026-03-01");
    expect(bucketStart("2026-03-31", "month", 1)).toBe("2026-03-01");
  });
});
