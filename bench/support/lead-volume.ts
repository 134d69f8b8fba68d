/**
 * The million-lead organization the lead benchmarks share: generated once into a database and reused, the
 * searches they time, and the tenant context of a demo user (to build a search's SQL without a request).
 */
import { capabilitiesOf, isTerritoryLimited, type LeadSearchRequest, rowScopeOf } from "@fieldlead/contracts";
import pg from "pg";
import { generateLeads } from "../../apps/server/src/db/leads-volume";
import { applyReferenceData } from "../../apps/server/src/db/reference-data";
import { seedDemo } from "../../apps/server/src/db/seed";
import {
  leadsRepository,
  leadsSearchRepository,
  leadsService,
} from "../../apps/server/src/modules/leads/index";
import {
  contactsRepository,
  leadFormReader,
  serviceTypesRepository,
} from "../../apps/server/src/modules/settings/index";
import type { TenantContext } from "../../apps/server/src/platform/context";
import type { Database } from "../../apps/server/src/platform/db";
import { unitOfWork } from "../../apps/server/src/platform/unit-of-work";

export const ORG = "Summit Home East";
export const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/fl_bench";

export type Scenario = {
  label: string;
  user: string;
  path: string;
  body: Partial<LeadSearchRequest> & Record<string, unknown>;
};

/** The value at quantile `p` (0..1) of `xs`. */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))];
};
/** Milliseconds as the tables print them: one decimal under 10, whole above. */
export const ms = (x: number) => (x < 10 ? x.toFixed(1) : Math.round(x).toString());

export async function one<T>(d: Database, sql: string, params: unknown[] = []) {
  return (await d.executeSql(sql, params)).rows[0] as T;
}

/** Creates the PostgreSQL benchmark database when it is missing (or drops it first with `fresh`). */
export async function ensurePgDatabase(url: string, fresh: boolean) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString(),
  });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount;
  if (exists && fresh) await admin.query(`drop database ${name} with (force)`);
  if (!exists || fresh) await admin.query(`create database ${name}`);
  await admin.end();
}

/** Migrates and seeds the database, then generates leads until the organization holds `count`. */
export async function prepareDatabase(d: Database, count: number, label: string) {
  await d.migrate();
  await applyReferenceData(d.db);
  if (await d.isEmpty()) await seedDemo(d.db);
  const { id: orgId } = await one<{ id: number }>(d, "select id from organizations where name = $1", [ORG]);
  const { n } = await one<{ n: number }>(
    d,
    "select count(*)::int as n from leads where organization_id = $1",
    [orgId],
  );
  if (n < count) {
    const missing = count - n;
    console.log(`[${label}] generating ${missing.toLocaleString("en-US")} leads in ${ORG}...`);
    const t0 = performance.now();
    const written = await generateLeads(d.db, {
      skipForeignKeyChecks: true,
      organizationId: orgId,
      count: missing,
      years: 2,
      batchSize: d.kind === "pglite" ? 25_000 : 100_000,
      onBatch: (done, total) => {
        const s = (performance.now() - t0) / 1000;
        process.stdout.write(
          `\r  ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} (${Math.round(done / s).toLocaleString("en-US")} leads/s)   `,
        );
      },
    });
    const s = (performance.now() - t0) / 1000;
    console.log(
      `\n[${label}] generated ${written.toLocaleString("en-US")} leads in ${s.toFixed(1)} s (${Math.round(written / s).toLocaleString("en-US")} leads/s, answers and capture entries included)`,
    );
    await d.executeSql("analyze");
  }
  const { n: total } = await one<{ n: number }>(
    d,
    "select count(*)::int as n from leads where organization_id = $1",
    [orgId],
  );
  return { orgId, total };
}

/** The lead searches the benchmarks time: views, date ranges, filters, text, sorts, and scoped users. */
export async function leadScenarios(d: Database, orgId: number): Promise<Scenario[]> {
  const store = await one<{ id: number }>(
    d,
    "select id from stores where organization_id = $1 and name = 'Costco Wayne'",
    [orgId],
  );
  const lg = await one<{ id: number }>(d, "select id from users where email = 'lg@demo.local'");
  const territory = await one<{ id: number }>(
    d,
    "select territory_id as id from leads where organization_id = $1 and territory_id is not null limit 1",
    [orgId],
  );
  const admin = "admin@demo.local";
  const internal = (label: string, body: Scenario["body"]): Scenario => ({
    label: `internal, ${label}`,
    user: admin,
    path: "internal",
    body,
  });
  return [
    internal("all time", {}),
    internal("This Month", { dateRange: 5 }),
    internal("This Year, one store", { dateRange: 7, storeIds: [store.id] }),
    internal("Last Year, one lead generator", { dateRange: 8, leadGeneratorIds: [lg.id] }),
    internal("This Year, status Sold", { dateRange: 7, statusIds: [7] }),
    internal("text: phone prefix 201555", { text: "201555" }),
    internal("text: last name 'garc'", { text: "garc" }),
    internal("text: 'olivia smi' (first and last name)", { text: "olivia smi" }),
    internal("text: email prefix 'emma.lee'", { text: "emma.lee" }),
    internal("This Month, sorted by last name", { dateRange: 5, sortBy: "lastName", sortDirection: "asc" }),
    internal("all time, sorted by last name", { sortBy: "lastName", sortDirection: "asc" }),
    internal("all time, sorted by last name desc", { sortBy: "lastName", sortDirection: "desc" }),
    internal("all time, sorted by first name", { sortBy: "firstName", sortDirection: "asc" }),
    internal("all time, one territory, sorted by last name", {
      territoryIds: [territory.id],
      sortBy: "lastName",
      sortDirection: "asc",
    }),
    internal("all time, status Sold, sorted by last name", {
      statusIds: [7],
      sortBy: "lastName",
      sortDirection: "asc",
    }),
    internal("text: last name 'garc', sorted by last name", {
      text: "garc",
      sortBy: "lastName",
      sortDirection: "asc",
    }),
    {
      label: "external, all time, sorted by last name",
      user: admin,
      path: "external",
      body: { sortBy: "lastName", sortDirection: "asc" },
    },
    internal("all time, page 20", { page: 20 }),
    internal("all time, page 400", { page: 400 }),
    { label: "external, This Year", user: admin, path: "external", body: { dateRange: 7 } },
    { label: "leads-hd, all time", user: admin, path: "leads-hd", body: {} },
    { label: "leads-centah, all time", user: admin, path: "leads-centah", body: {} },
    { label: "rejected, This Year", user: admin, path: "rejected", body: { dateRange: 7 } },
    { label: "capture-leads, This Month", user: admin, path: "capture-leads", body: { dateRange: 5 } },
    {
      label: "internal as regional manager (2 territories), This Month",
      user: "regional@demo.local",
      path: "internal",
      body: { dateRange: 5 },
    },
    {
      label: "internal as lead generator (own leads), This Year",
      user: "lg@demo.local",
      path: "internal",
      body: { dateRange: 7 },
    },
    {
      label: "leads-hd as retailer-program user, all time",
      user: "hd@demo.local",
      path: "leads-hd",
      body: {},
    },
  ];
}

/** The search path of each list, and the service's name for it (capture entries have no lead view). */
export const VIEW: Record<
  string,
  "internal" | "external" | "retailerProgram" | "secondPartner" | "rejected"
> = {
  internal: "internal",
  external: "external",
  "leads-hd": "retailerProgram",
  "leads-centah": "secondPartner",
  rejected: "rejected",
};

/** The tenant context the server would build for `userId` in the organization (to build a search's SQL). */
export async function tenantContextOf(d: Database, orgId: number, userId: number): Promise<TenantContext> {
  const org = await one<{ time_zone: string; first_day_of_week: number | null }>(
    d,
    "select time_zone, first_day_of_week from organizations where id = $1",
    [orgId],
  );
  const m = await one<{ role_id: number; subscription_id: number; territory_ids: number[] | string }>(
    d,
    `select m.role_id, m.subscription_id,
            coalesce(array_agg(mt.territory_id) filter (where mt.territory_id is not null), '{}') as territory_ids
     from memberships m left join membership_territories mt on mt.membership_id = m.id
     where m.organization_id = $1 and m.user_id = $2 group by m.id`,
    [orgId, userId],
  );
  const territoryIds = Array.isArray(m.territory_ids)
    ? m.territory_ids.map(Number)
    : m.territory_ids.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  const who = { roleId: m.role_id, subscriptionId: m.subscription_id };
  const limitedTo = isTerritoryLimited(who) ? territoryIds : [];
  return {
    userId,
    sessionId: 0,
    organizationId: orgId,
    membershipId: null,
    roleId: m.role_id,
    subscriptionId: m.subscription_id,
    isPlatformAdmin: false,
    territoryIds: limitedTo,
    timeZone: org.time_zone,
    offsetMinutes: 0,
    firstDayOfWeek: org.first_day_of_week,
    can: capabilitiesOf(who),
    scope: rowScopeOf({ ...who, userId, territoryIds: limitedTo }),
  };
}

/**
 * The SQL a search runs (its page and its count), built by the leads service as a request would build it: the
 * request's defaults, then the scenario's body.
 */
export function searchSqlOf(d: Database) {
  const svc = leadsService({
    uow: unitOfWork(d),
    repo: leadsRepository(),
    search: leadsSearchRepository(),
    forms: leadFormReader({ serviceTypes: serviceTypesRepository(), contacts: contactsRepository() }),
  });
  return (ctx: TenantContext, view: (typeof VIEW)[string], body: Scenario["body"]) =>
    svc.searchSql(ctx, view, {
      page: 1,
      pageSize: 25,
      sortBy: "capturedAt",
      sortDirection: "desc",
      format: "json",
      ...body,
    } as LeadSearchRequest);
}
