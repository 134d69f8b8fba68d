import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { referenceItems, stores, territories } from "../../db/schema/index";
import type { TenantContext } from "../../platform/context";
import type { Tx } from "../../platform/db";

export type StoreFilters = {
  search?: string;
  brandIds?: number[];
  territoryIds?: number[];
  states?: string[];
  isActive?: boolean;
  sortBy: "name" | "storeNumber" | "city" | "state" | "brand" | "territory" | "createdAt";
  sortDirection: "asc" | "desc";
};

export type StoreValues = {
  name: string;
  brandId: number | null;
  storeNumber: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  timeZone: string;
  territoryId: number | null;
  isActive: boolean;
  latitude: string | null;
  longitude: string | null;
};

const columns = {
  id: stores.id,
  organizationId: stores.organizationId,
  name: stores.name,
  brandId: stores.brandId,
  brandName: referenceItems.name,
  storeNumber: stores.storeNumber,
  address: stores.address,
  city: stores.city,
  state: stores.state,
  zip: stores.zip,
  timeZone: stores.timeZone,
  territoryId: stores.territoryId,
  territoryName: territories.name,
  isActive: stores.isActive,
  latitude: stores.latitude,
  longitude: stores.longitude,
  createdAt: stores.createdAt,
  updatedAt: stores.updatedAt,
};
export type StoreRow = {
  id: number;
  organizationId: number;
  name: string;
  brandId: number | null;
  brandName: string | null;
  storeNumber: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  timeZone: string;
  territoryId: number | null;
  territoryName: string | null;
  isActive: boolean;
  latitude: string | null;
  longitude: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const brandJoin = and(eq(referenceItems.list, "storesBrands"), eq(referenceItems.id, stores.brandId));
// The territory is joined through the store's own organization, so a foreign id could never show a name.
const territoryJoin = and(
  eq(territories.id, stores.territoryId),
  eq(territories.organizationId, stores.organizationId),
);

/** Stores of the caller's organization; `scope` limits territory-bound callers to their territories. */
export function storesRepository() {
  return {
    async search(
      exec: Tx,
      ctx: TenantContext,
      scope: number[] | null,
      f: StoreFilters,
      page: { limit: number; offset: number },
    ): Promise<{ rows: StoreRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [eq(stores.organizationId, ctx.organizationId)];
      if (scope) conditions.push(scope.length ? inArray(stores.territoryId, scope) : sql`false`);
      if (f.brandIds?.length) conditions.push(inArray(stores.brandId, f.brandIds));
      if (f.territoryIds?.length) conditions.push(inArray(stores.territoryId, f.territoryIds));
      if (f.states?.length) conditions.push(inArray(stores.state, f.states));
      if (f.isActive !== undefined) conditions.push(eq(stores.isActive, f.isActive));
      for (const token of (f.search ?? "").split(/\s+/).filter(Boolean)) {
        const like = `%${likeEscape(token)}%`;
        conditions.push(
          or(
            ilike(stores.name, like),
            ilike(stores.storeNumber, like),
            ilike(stores.city, like),
            ilike(stores.address, like),
          ),
        );
      }
      const where = and(...conditions);
      const dir = f.sortDirection === "desc" ? desc : asc;
      const nulls = f.sortDirection === "desc" ? sql`nulls last` : sql`nulls first`;
      const key = {
        name: sql`lower(${stores.name})`,
        storeNumber: sql`${stores.storeNumber}`,
        city: sql`lower(${stores.city})`,
        state: sql`${stores.state}`,
        brand: sql`lower(${referenceItems.name})`,
        territory: sql`lower(${territories.name})`,
        createdAt: sql`${stores.createdAt}`,
      }[f.sortBy];
      const order =
        f.sortBy === "name"
          ? [dir(key)]
          : [sql`${key} ${sql.raw(f.sortDirection)} ${nulls}`, asc(sql`lower(${stores.name})`)];

      const [rows, [{ total }]] = await Promise.all([
        exec
          .select(columns)
          .from(stores)
          .leftJoin(referenceItems, brandJoin)
          .leftJoin(territories, territoryJoin)
          .where(where)
          .orderBy(...order, asc(stores.id))
          .limit(page.limit)
          .offset(page.offset),
        exec.select({ total: count() }).from(stores).where(where),
      ]);
      return { rows, total };
    },

    async findById(tx: Tx, ctx: TenantContext, id: number): Promise<StoreRow | null> {
      const [row] = await tx
        .select(columns)
        .from(stores)
        .leftJoin(referenceItems, brandJoin)
        .leftJoin(territories, territoryJoin)
        .where(and(eq(stores.organizationId, ctx.organizationId), eq(stores.id, id)))
        .limit(1);
      return row ?? null;
    },

    async territory(tx: Tx, ctx: TenantContext, territoryId: number) {
      const [row] = await tx
        .select({ id: territories.id, isActive: territories.isActive })
        .from(territories)
        .where(and(eq(territories.organizationId, ctx.organizationId), eq(territories.id, territoryId)))
        .limit(1);
      return row ?? null;
    },

    /** Another store of the organization with the same brand and number (store numbers are per retailer). */
    async sameNumber(
      tx: Tx,
      ctx: TenantContext,
      brandId: number | null,
      storeNumber: string,
      exceptId?: number,
    ) {
      const [row] = await tx
        .select({ id: stores.id, name: stores.name })
        .from(stores)
        .where(
          and(
            eq(stores.organizationId, ctx.organizationId),
            brandId === null ? sql`${stores.brandId} is null` : eq(stores.brandId, brandId),
            sql`lower(${stores.storeNumber}) = ${storeNumber.toLowerCase()}`,
            exceptId ? ne(stores.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async insert(tx: Tx, ctx: TenantContext, values: StoreValues): Promise<number> {
      const [row] = await tx
        .insert(stores)
        .values({ ...values, organizationId: ctx.organizationId })
        .returning({ id: stores.id });
      return row.id;
    },

    async update(tx: Tx, ctx: TenantContext, id: number, values: StoreValues) {
      await tx
        .update(stores)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(stores.organizationId, ctx.organizationId), eq(stores.id, id)));
    },
  };
}

export type StoresRepository = ReturnType<typeof storesRepository>;
