import {
  formatOffsetDate,
  formatOffsetDateTime,
  formatUtcOffset,
  roleName,
  type SmartCircleUser,
  type smartCircleUsersRequest,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { toCsv } from "../../platform/csv";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { toXlsx } from "../../platform/xlsx";
import { requireSmartCircleReportRole, SMART_CIRCLE_REPORT_ROLES } from "./organizations.policy";
import type { SmartCircleRepository, SmartCircleRow } from "./smart-circle.repository";

type Input = z.output<typeof smartCircleUsersRequest>;

/** An export holds at most this many rows; narrow the filters for more. */
export const SMART_CIRCLE_EXPORT_MAX_ROWS = 50_000;

export type SmartCircleReport =
  | { kind: "page"; page: { items: SmartCircleUser[]; total: number; page: number; pageSize: number } }
  | { kind: "csv"; filename: string; body: string }
  | { kind: "xlsx"; filename: string; body: Buffer };

/**
 * The report spans organizations in different time zones, so its file speaks the caller's own clock: the
 * `Offset` header of the browser that asked (the API always answers instants in UTC ISO form).
 */
const exportHeader = (offsetMinutes: number) => [
  "Name",
  "Email",
  "Phone",
  "Organization",
  "Smart Circle company",
  "Role",
  "Territories",
  "Active",
  `Last activity (${formatUtcOffset(offsetMinutes)})`,
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
        SMART_CIRCLE_REPORT_ROLES,
      );
      const filters = { ...input };
      if (input.format !== "json") {
        const { rows } = await d.repo.smartCircleUsersAcrossAllowedOrganizations(
          d.uow.read,
          allowed,
          filters,
          {
            limit: SMART_CIRCLE_EXPORT_MAX_ROWS,
            offset: 0,
          },
        );
        const cells = (u: SmartCircleUser) => [
          u.name,
          u.email,
          u.phone,
          u.organizationName,
          u.smartCircleCompany,
          u.roleName,
          u.territories.map((t) => t.name).join("; "),
          u.isActive ? "Yes" : "No",
        ];
        const items = rows.map(toItem);
        const offset = ctx.offsetMinutes;
        const name = `smart-circle-users-${formatOffsetDate(new Date(), offset)}`;
        if (input.format === "xlsx") {
          // The last activity as a real date cell (the caller's wall clock), so the sheet sorts and filters by it.
          const body = toXlsx(
            "Smart Circle users",
            exportHeader(offset),
            items.map((u) => [
              ...cells(u),
              u.lastActivityAt ? new Date(Date.parse(u.lastActivityAt) + offset * 60_000) : null,
            ]),
          );
          return { kind: "xlsx", filename: `${name}.xlsx`, body };
        }
        const body = toCsv(
          exportHeader(offset),
          items.map((u) => [
            ...cells(u),
            u.lastActivityAt ? formatOffsetDateTime(new Date(u.lastActivityAt), offset) : "",
          ]),
        );
        return { kind: "csv", filename: `${name}.csv`, body };
      }
      const { rows, total } = await d.repo.smartCircleUsersAcrossAllowedOrganizations(
        d.uow.read,
        allowed,
        filters,
        {
          limit: input.pageSize,
          offset: (input.page - 1) * input.pageSize,
        },
      );
      return {
        kind: "page",
        page: { items: rows.map(toItem), total, page: input.page, pageSize: input.pageSize },
      };
    },
  };
}

export type SmartCircleService = ReturnType<typeof smartCircleService>;
