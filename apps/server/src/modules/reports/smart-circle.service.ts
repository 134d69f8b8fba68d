import {
  formatOffsetDate,
  formatUtcOffset,
  fullProductRolesWith,
  roleName,
  type SmartCircleUser,
  type smartCircleUsersRequest,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { type ExportColumn, type ExportFile, exportFile } from "../../platform/export";
import { inChunks, type Page, pageOf, pageResult } from "../../platform/query-kit";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { requireSmartCircleReportRole } from "./reports.policy";
import type { SmartCircleRepository, SmartCircleRow } from "./smart-circle.repository";

type Input = z.output<typeof smartCircleUsersRequest>;

/** An export holds at most this many rows; narrow the filters for more. */
export const SMART_CIRCLE_EXPORT_MAX_ROWS = 50_000;

/** Rows read per query while an export streams. */
const EXPORT_CHUNK = 1000;

export type SmartCircleReport = { kind: "page"; page: Page<SmartCircleUser> } | ExportFile;

/**
 * The report spans organizations in different time zones, so its file speaks the caller's own clock: the
 * `Offset` header of the browser that asked (the API always answers instants in UTC ISO form). The last activity
 * is that clock's wall time: a real date cell in XLSX (the sheet sorts and filters by it), `yyyy-MM-dd HH:mm` in CSV.
 */
const exportColumns = (offsetMinutes: number): ExportColumn<SmartCircleUser>[] => [
  { header: "Name", value: (u) => u.name },
  { header: "Email", value: (u) => u.email },
  { header: "Phone", value: (u) => u.phone },
  { header: "Organization", value: (u) => u.organizationName },
  { header: "Smart Circle company", value: (u) => u.smartCircleCompany },
  { header: "Role", value: (u) => u.roleName },
  { header: "Territories", value: (u) => u.territories.map((t) => t.name).join("; ") },
  { header: "Active", value: (u) => (u.isActive ? "Yes" : "No") },
  {
    header: `Last activity (${formatUtcOffset(offsetMinutes)})`,
    value: (u) => (u.lastActivityAt ? new Date(Date.parse(u.lastActivityAt) + offsetMinutes * 60_000) : null),
  },
];

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toItem = (r: SmartCircleRow): SmartCircleUser => ({
  userId: r.userId,
  name: `${r.firstName} ${r.lastName}`.trim(),
  email: r.email,
  phone: r.phone,
  organizationId: r.organizationId,
  organizationName: r.organizationName,
  smartCircleCompany: r.smartCircleCompany,
  roleId: r.roleId,
  roleName: roleName(r.roleId),
  territories: r.territories,
  isActive: r.isActive,
  lastActivityAt: iso(r.lastActivityAt),
});

export function smartCircleService(d: { uow: UnitOfWork; repo: SmartCircleRepository }) {
  return {
    /** Lead generators of the Smart Circle organizations the caller may see: a page, or a CSV or XLSX file. */
    async smartCircleUsers(ctx: TenantContext, input: Input): Promise<SmartCircleReport> {
      requireSmartCircleReportRole(ctx);
      const allowed = await d.repo.allowedSmartCircleOrganizationIds(
        d.uow.read,
        ctx,
        fullProductRolesWith("reports.smartCircle"),
      );
      const filters = { ...input };
      if (input.format !== "json") {
        // The memberships first (in order, at most the cap); their rows are read a chunk at a time as it downloads.
        const ids = await d.repo.smartCircleMembershipIdsAcrossAllowedOrganizations(
          d.uow.read,
          allowed,
          filters,
          SMART_CIRCLE_EXPORT_MAX_ROWS,
        );
        const read = async (slice: number[]) =>
          (await d.repo.smartCircleRowsByMembershipIds(d.uow.read, allowed, slice)).map(toItem);
        return exportFile({
          format: input.format,
          title: "Smart Circle users",
          date: formatOffsetDate(new Date(), ctx.offsetMinutes),
          columns: exportColumns(ctx.offsetMinutes),
          chunks: inChunks(ids, EXPORT_CHUNK, read),
        });
      }
      const { rows, total } = await d.repo.smartCircleUsersAcrossAllowedOrganizations(
        d.uow.read,
        allowed,
        filters,
        pageOf(input),
      );
      return { kind: "page", page: pageResult(rows.map(toItem), total, input) };
    },
  };
}

export type SmartCircleService = ReturnType<typeof smartCircleService>;
