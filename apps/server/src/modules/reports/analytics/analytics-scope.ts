import {
  addDays,
  DATE_RANGE,
  type DateRangeOption,
  type LeadSource,
  normalizeFirstDayOfWeek,
  resolveDateRange,
  zonedDateTimeToUtc,
} from "@fieldlead/contracts";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { organizations, stores, territories } from "../../../db/schema/index";
import type { TenantContext } from "../../../platform/context";
import { rowsOf, type Tx } from "../../../platform/db";
import { badRequest, forbidden, notFound } from "../../../platform/errors";
import { requireCan, territoryScope } from "../../../platform/scope";

/**
 * What a dashboard, chart or report call reads (docs/decisions/0042), resolved once from the caller's rights and the
 * request's filter: the organizations, the period, and the narrowing of rows. Every query of the area builds its
 * conditions from this, so the rights are applied in one place:
 *
 * - the period is local dates of the organization's time zone (This Month when none is given); leads belong to it by
 *   their capture instant, time logs and activities by their work date;
 * - the caller's row scope (territories, own rows, a portal's program) is intersected with the request's lists:
 *   a list can narrow the scope, never widen it;
 * - a portal user reads its program's leads and no labor (approaches, hours, shifts are null).
 */
export type AnalyticsScope = {
  /** The request's organization, or an owner group's organizations (owner-group reports). */
  organizationIds: number[];
  period: AnalyticsPeriodRange;
  /** The organization's zone: the period's and the day, week and month buckets'. */
  timeZone: string;
  firstDayOfWeek: number;
  /** Null: not narrowed. An empty list reaches nothing. */
  territoryIds: number[] | null;
  storeIds: number[] | null;
  leadGeneratorIds: number[] | null;
  appointmentTypeIds: number[] | null;
  sources: LeadSource[] | null;
  /** Whether approaches, hours and shifts are counted (not for a portal, a source or an appointment type filter). */
  labor: boolean;
};

export type AnalyticsPeriodRange = {
  startDate: string;
  endDate: string;
  /** Local midnight of the start date (inclusive) and of the day after the end date (exclusive), as instants. */
  start: Date;
  end: Date;
  days: number;
};

export type AnalyticsFilterInput = {
  dateRange?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  territoryIds?: number[] | null;
  storeIds?: number[] | null;
  leadGeneratorIds?: number[] | null;
  appointmentTypeIds?: number[] | null;
  sources?: LeadSource[] | null;
  organizationIds?: number[] | null;
};

/** The part of a request an error's field is in: a POST call's body, or a GET call's query string. */
export type FieldSource = "body" | "querystring";

/** The longest period a call may cover with custom dates (a little over three years). */
export const MAX_PERIOD_DAYS = 1_100;

export function periodOf(
  tenant: { timeZone: string; firstDayOfWeek: number | null },
  input: Pick<AnalyticsFilterInput, "dateRange" | "startDate" | "endDate">,
  now: Date,
  /** Where the dates came from, for the error's field names. */
  from: FieldSource = "body",
): AnalyticsPeriodRange {
  let startDate: string;
  let endDate: string;
  if (input.startDate || input.endDate) {
    if (!input.startDate || !input.endDate) {
      const field = input.startDate ? "endDate" : "startDate";
      throw badRequest("Give both the first and the last day of the period, or pick a named range.", {
        [`${from}.${field}`]: ["Give both dates of the period."],
      });
    }
    if (input.startDate > input.endDate) {
      throw badRequest(`The start date ${input.startDate} is after the end date ${input.endDate}.`, {
        [`${from}.startDate`]: ["The start date is after the end date."],
      });
    }
    startDate = input.startDate;
    endDate = input.endDate;
  } else {
    const r = resolveDateRange(
      (input.dateRange ?? DATE_RANGE.THIS_MONTH) as DateRangeOption,
      now,
      tenant.timeZone,
      tenant.firstDayOfWeek,
    );
    startDate = r.startDate;
    endDate = r.endDate;
  }
  const start = zonedDateTimeToUtc(startDate, "00:00", tenant.timeZone);
  const end = zonedDateTimeToUtc(addDays(endDate, 1), "00:00", tenant.timeZone);
  const days =
    Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
  if (days > MAX_PERIOD_DAYS) {
    throw badRequest(
      `A period covers at most ${MAX_PERIOD_DAYS} days; this one covers ${days}. Pick a shorter one.`,
      {
        [`${from}.startDate`]: [`At most ${MAX_PERIOD_DAYS} days.`],
      },
    );
  }
  return { startDate, endDate, start, end, days };
}

/** The period of the same length that ends where `p` starts (the dashboard's comparison). */
export function previousPeriod(tenant: { timeZone: string }, p: AnalyticsPeriodRange): AnalyticsPeriodRange {
  const endDate = addDays(p.startDate, -1);
  const startDate = addDays(p.startDate, -p.days);
  return {
    startDate,
    endDate,
    start: zonedDateTimeToUtc(startDate, "00:00", tenant.timeZone),
    end: p.start,
    days: p.days,
  };
}

/** `wanted` within what the caller reaches: null when neither narrows, the intersection otherwise. */
function narrow<T>(reach: readonly T[] | null, wanted: readonly T[] | null | undefined): T[] | null {
  const w = wanted?.length ? [...new Set(wanted)] : null;
  if (reach === null) return w;
  if (w === null) return [...reach];
  return w.filter((x) => reach.includes(x));
}

export type ScopeOptions = {
  capability: "dashboard.read" | "charts.read" | "reports.read";
  /** Owner-group reports: the request's organization and the organizations it owns. */
  ownerGroup?: boolean;
  /** A territory in the path (the dashboard): 0 for every territory the caller reaches. */
  territoryId?: number;
  /** Where the call's filter came from, for the errors' field names: the body (default), or a GET call's query string. */
  from?: FieldSource;
  now: Date;
};

/**
 * Checks the caller's right and resolves the scope. A territory in the path that is not the organization's, or that
 * the caller does not reach, answers 404 as if it did not exist; so do ids in the lists that are another
 * organization's (they simply match nothing).
 */
export async function analyticsScope(
  exec: Tx,
  ctx: TenantContext,
  input: AnalyticsFilterInput,
  opts: ScopeOptions,
): Promise<AnalyticsScope> {
  requireCan(ctx, opts.capability);
  const period = periodOf(ctx, input, opts.now, opts.from ?? "body");
  const reachTerritories = territoryScope(ctx);
  let territoryIds = narrow(reachTerritories, input.territoryIds);

  if (opts.territoryId !== undefined && opts.territoryId !== 0) {
    const id = opts.territoryId;
    const found = await rowsOf<{ id: number }>(
      exec,
      sql`select ${territories.id} as id from ${territories}
          where ${territories.organizationId} = ${ctx.organizationId} and ${territories.id} = ${id}`,
    );
    if (!found.length || (reachTerritories !== null && !reachTerritories.includes(id))) {
      throw notFound("The territory");
    }
    territoryIds = territoryIds === null ? [id] : territoryIds.filter((t) => t === id);
  }

  let organizationIds = [ctx.organizationId];
  if (opts.ownerGroup) {
    if (ctx.scope.reach !== "organization" || ctx.scope.program) {
      throw forbidden("Owner-group reports need access to the whole organization.");
    }
    const group = await rowsOf<{ id: number }>(
      exec,
      sql`select ${organizations.id} as id from ${organizations}
          where ${and(
            or(eq(organizations.id, ctx.organizationId), eq(organizations.parentId, ctx.organizationId)),
            eq(organizations.isDeleted, false),
          )} order by ${organizations.id}`,
    );
    organizationIds = narrow(
      group.map((g) => g.id),
      input.organizationIds,
    ) ?? [ctx.organizationId];
  } else if (input.organizationIds?.length) {
    throw badRequest("Only the owner-group reports take organizations.", {
      "body.organizationIds": ["Leave this out: the report covers the request's organization."],
    });
  }

  const program = ctx.scope.program;
  const sources = narrow(program ? [program] : null, input.sources ?? null);
  const leadGeneratorIds = narrow(ctx.scope.reach === "self" ? [ctx.userId] : null, input.leadGeneratorIds);
  const appointmentTypeIds = narrow(null, input.appointmentTypeIds);
  return {
    organizationIds,
    period,
    timeZone: ctx.timeZone,
    firstDayOfWeek: normalizeFirstDayOfWeek(ctx.firstDayOfWeek),
    territoryIds,
    storeIds: narrow(null, input.storeIds),
    leadGeneratorIds,
    appointmentTypeIds,
    sources,
    labor: !program && sources === null && appointmentTypeIds === null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Conditions: the scope as SQL, per table. Each starts with the organization so the indexes that lead with it serve.
// ---------------------------------------------------------------------------------------------------------

const inList = (column: AnyPgColumn | SQL, ids: readonly (number | string)[]): SQL =>
  ids.length
    ? sql`${column} in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql`false`;

/** The organization condition: `= $1` for one, `in (...)` for an owner group. */
export function orgCondition(column: AnyPgColumn, s: AnalyticsScope): SQL {
  return s.organizationIds.length === 1
    ? eq(column, s.organizationIds[0])
    : inArray(column, s.organizationIds);
}

/**
 * The stores a territory filter keeps, as a subquery (time logs and activities carry a store, not a territory).
 * Null when the scope is not narrowed by territory.
 */
export function storesOfTerritories(s: AnalyticsScope): SQL | null {
  if (s.territoryIds === null) return null;
  return sql`(select ${stores.id} from ${stores} where ${orgCondition(stores.organizationId, s)}
    and ${inList(stores.territoryId, s.territoryIds)})`;
}

/**
 * The conditions on leads: live, captured in the period (by default), in the caller's and the request's scope.
 * `t` names the leads table's columns (the table or an alias of it).
 */
export function leadConditions(
  t: {
    organizationId: AnyPgColumn;
    deletedAt: AnyPgColumn;
    capturedAt: AnyPgColumn;
    territoryId: AnyPgColumn;
    storeId: AnyPgColumn;
    capturedByUserId: AnyPgColumn;
    source: AnyPgColumn;
    id: AnyPgColumn;
  },
  s: AnalyticsScope,
  /** Null: leads of any capture date (appointment outcomes read appointments by their start). */
  period: Pick<AnalyticsPeriodRange, "start" | "end"> | null = s.period,
): SQL {
  const c: SQL[] = [orgCondition(t.organizationId, s), sql`${t.deletedAt} is null`];
  if (period) c.push(sql`${t.capturedAt} >= ${period.start}`, sql`${t.capturedAt} < ${period.end}`);
  if (s.territoryIds !== null) c.push(inList(t.territoryId, s.territoryIds));
  if (s.storeIds !== null) c.push(inList(t.storeId, s.storeIds));
  if (s.leadGeneratorIds !== null) c.push(inList(t.capturedByUserId, s.leadGeneratorIds));
  if (s.sources !== null) c.push(inList(t.source, s.sources));
  if (s.appointmentTypeIds !== null) {
    c.push(sql`exists (select 1 from appointments ap where ap.organization_id = ${t.organizationId}
      and ap.lead_id = ${t.id} and ${inList(sql`ap.appointment_type_id`, s.appointmentTypeIds)})`);
  }
  return and(...c) as SQL;
}

/**
 * The conditions on a labor table (time logs, activities): work date in the period, the people and stores in scope.
 */
export function laborConditions(
  t: { organizationId: AnyPgColumn; workDate: AnyPgColumn; userId: AnyPgColumn; storeId: AnyPgColumn },
  s: AnalyticsScope,
  period: Pick<AnalyticsPeriodRange, "startDate" | "endDate"> = s.period,
): SQL {
  const c: SQL[] = [
    orgCondition(t.organizationId, s),
    sql`${t.workDate} between ${period.startDate}::date and ${period.endDate}::date`,
  ];
  const inTerritories = storesOfTerritories(s);
  if (inTerritories) c.push(sql`${t.storeId} in ${inTerritories}`);
  if (s.storeIds !== null) c.push(inList(t.storeId, s.storeIds));
  if (s.leadGeneratorIds !== null) c.push(inList(t.userId, s.leadGeneratorIds));
  return and(...c) as SQL;
}

export { inList };
