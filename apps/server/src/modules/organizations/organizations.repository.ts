import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { organizations, territories } from "../../db/schema/index";
import type { TenantContext } from "../../platform/context";
import type { Tx } from "../../platform/db";
import { likePattern } from "../../platform/query-kit";

const parent = alias(organizations, "parent");

const orgColumns = {
  id: organizations.id,
  uid: organizations.uid,
  name: organizations.name,
  parentId: organizations.parentId,
  parentName: parent.name,
  timeZone: organizations.timeZone,
  firstDayOfWeek: organizations.firstDayOfWeek,
  crmIntegrationId: organizations.crmIntegrationId,
  showApproaches: organizations.showApproaches,
  maxShiftHours: organizations.maxShiftHours,
  weeklyHoursLimit: organizations.weeklyHoursLimit,
  punchDistanceMeters: organizations.punchDistanceMeters,
  isSmartCircleLG: organizations.isSmartCircleLG,
  smartCircleCompany: organizations.smartCircleCompany,
  isDeleted: organizations.isDeleted,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
};

export type OrganizationRow = {
  id: number;
  uid: string;
  name: string;
  parentId: number | null;
  parentName: string | null;
  timeZone: string;
  firstDayOfWeek: number | null;
  crmIntegrationId: number | null;
  showApproaches: boolean;
  maxShiftHours: number;
  weeklyHoursLimit: number;
  punchDistanceMeters: number;
  isSmartCircleLG: boolean;
  smartCircleCompany: string | null;
  isDeleted: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type OrganizationValues = {
  name: string;
  parentId: number | null;
  timeZone: string;
  firstDayOfWeek: number | null;
  crmIntegrationId: number | null;
  showApproaches: boolean;
  maxShiftHours: number;
  weeklyHoursLimit: number;
  punchDistanceMeters: number;
  isSmartCircleLG: boolean;
  smartCircleCompany: string | null;
  isDeleted: boolean;
};

/** The labor settings: a new organization without them takes the columns' defaults (docs/decisions/0040). */
type LaborSettingValues = "maxShiftHours" | "weeklyHoursLimit" | "punchDistanceMeters";

/**
 * Organizations are the tenants themselves, so these reads and writes are by organization id; which ids a
 * caller may touch is decided by the service from the request's organization (`organizationAndChildren`).
 */
export function organizationsRepository() {
  return {
    /**
     * The organization of a request and, when it is an owner group, the live organizations it owns: what an
     * Admin working in `organizationId` administers (docs/decisions/0016).
     */
    async organizationAndChildren(exec: Tx, organizationId: number): Promise<number[]> {
      const children = await exec
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.parentId, organizationId), eq(organizations.isDeleted, false)));
      return [organizationId, ...children.map((c) => c.id)];
    },

    /** Organizations by id (null: every one, for the platform admin), with their parent's name. */
    async list(
      exec: Tx,
      opts: {
        ids: number[] | null;
        includeDeleted: boolean;
        search?: string;
      },
    ): Promise<OrganizationRow[]> {
      return exec
        .select(orgColumns)
        .from(organizations)
        .leftJoin(parent, eq(parent.id, organizations.parentId))
        .where(
          and(
            opts.ids ? inArray(organizations.id, opts.ids) : undefined,
            opts.includeDeleted ? undefined : eq(organizations.isDeleted, false),
            opts.search ? ilike(organizations.name, likePattern(opts.search)) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
    },

    async findById(tx: Tx, id: number, forUpdate = false): Promise<OrganizationRow | null> {
      const q = tx
        .select(orgColumns)
        .from(organizations)
        .leftJoin(parent, eq(parent.id, organizations.parentId))
        .where(eq(organizations.id, id))
        .limit(1);
      const [row] = forUpdate ? await q.for("update", { of: organizations }) : await q;
      return row ?? null;
    },

    async liveChildCount(tx: Tx, id: number): Promise<number> {
      const [r] = await tx
        .select({ n: count() })
        .from(organizations)
        .where(and(eq(organizations.parentId, id), eq(organizations.isDeleted, false)));
      return r.n;
    },

    async insert(
      tx: Tx,
      values: Omit<OrganizationValues, LaborSettingValues> &
        Partial<Pick<OrganizationValues, LaborSettingValues>> & { uid: string },
    ): Promise<number> {
      const [row] = await tx.insert(organizations).values(values).returning({ id: organizations.id });
      return row.id;
    },

    async update(tx: Tx, id: number, values: Partial<OrganizationValues>) {
      await tx
        .update(organizations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(organizations.id, id));
    },

    /** Owner groups for the lookup list: organizations that have live children, as far as the caller can see them. */
    async parentOrganizations(exec: Tx, ctx: TenantContext) {
      const child = exec
        .select({ parentId: organizations.parentId })
        .from(organizations)
        .where(and(eq(organizations.isDeleted, false), isNotNull(organizations.parentId)));
      // Others than the platform admin see their own organization's group (or their organization, if it is one).
      const own = exec
        .select({ parentId: organizations.parentId })
        .from(organizations)
        .where(eq(organizations.id, ctx.organizationId));
      return exec
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(
          and(
            eq(organizations.isDeleted, false),
            inArray(organizations.id, child),
            ctx.isPlatformAdmin
              ? undefined
              : or(eq(organizations.id, ctx.organizationId), eq(organizations.id, sql`(${own})`)),
          ),
        )
        .orderBy(asc(organizations.name));
    },

    /** The territories of the caller's organization by name, for the lookup list. */
    async lookupTerritories(exec: Tx, ctx: TenantContext) {
      return exec
        .select({
          id: territories.id,
          name: territories.name,
          organizationId: territories.organizationId,
          isActive: territories.isActive,
        })
        .from(territories)
        .where(eq(territories.organizationId, ctx.organizationId))
        .orderBy(asc(territories.name));
    },

    async territoriesOf(tx: Tx, organizationIds: number[]) {
      if (organizationIds.length === 0) return [];
      return tx
        .select({
          id: territories.id,
          organizationId: territories.organizationId,
          name: territories.name,
          isActive: territories.isActive,
        })
        .from(territories)
        .where(inArray(territories.organizationId, organizationIds))
        .orderBy(asc(sql`lower(${territories.name})`), asc(territories.id));
    },

    async insertTerritories(tx: Tx, organizationId: number, list: { name: string; isActive: boolean }[]) {
      if (list.length === 0) return;
      await tx.insert(territories).values(list.map((t) => ({ organizationId, ...t })));
    },

    async updateTerritory(
      tx: Tx,
      organizationId: number,
      id: number,
      values: { name: string; isActive: boolean },
    ) {
      await tx
        .update(territories)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(territories.organizationId, organizationId), eq(territories.id, id)));
    },

    /** Organizations that could become a parent: live, top-level, not the one being edited. */
    async isLiveTopLevel(tx: Tx, id: number, exceptId?: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(
          and(
            eq(organizations.id, id),
            eq(organizations.isDeleted, false),
            isNull(organizations.parentId),
            exceptId ? ne(organizations.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof organizationsRepository>;
