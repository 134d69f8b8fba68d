import { and, asc, count, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import { membershipStores, referenceItems, stores, territories } from "../../db/schema/index";
import type { TenantContext } from "../../platform/context";
import type { Tx } from "../../platform/db";
import { likePattern, type PageWindow, searchWords, sortBy } from "../../platform/query-kit";

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

const brandJoin = and(eq(referenceItems.list, "storesBrands"), eq(referenceItems.id, stores.brandId));
// The territory is joined through the store's own organization, so a foreign id could never show a name.
const territoryJoin = and(
  eq(territories.id, stores.territoryId),
  eq(territories.organizationId, stores.organizationId),
);

export type StoreOptionFilters = {
  search?: string;
  ids?: number[];
  territoryIds?: number[];
  brandIds?: number[];
  includeInactive?: boolean;
};

/** A store as a picker shows it (the lookup list's store, with its state and brand). */
const optionColumns = {
  id: stores.id,
  name: stores.name,
  address: stores.address,
  city: stores.city,
  organizationTerritoryId: stores.territoryId,
  organizationId: stores.organizationId,
  isActive: stores.isActive,
  brandId: stores.brandId,
};

/**
 * What the stores list and the store picker both filter by: the organization, the caller's territories, brands,
 * territories, and every word of the search in the name, number, city or address.
 */
function storeConditions(
  ctx: TenantContext,
  scope: number[] | null,
  f: { brandIds?: number[]; territoryIds?: number[]; search?: string },
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(stores.organizationId, ctx.organizationId)];
  if (scope) conditions.push(scope.length ? inArray(stores.territoryId, scope) : sql`false`);
  if (f.brandIds?.length) conditions.push(inArray(stores.brandId, f.brandIds));
  if (f.territoryIds?.length) conditions.push(inArray(stores.territoryId, f.territoryIds));
  for (const word of searchWords(f.search)) {
    const pattern = likePattern(word);
    conditions.push(
      or(
        ilike(stores.name, pattern),
        ilike(stores.storeNumber, pattern),
        ilike(stores.city, pattern),
        ilike(stores.address, pattern),
      ),
    );
  }
  return conditions;
}

/** Stores of the caller's organization; `scope` limits territory-bound callers to their territories. */
export function storesRepository() {
  return {
    async search(
      exec: Tx,
      ctx: TenantContext,
      scope: number[] | null,
      f: StoreFilters,
      page: PageWindow,
    ): Promise<{ rows: StoreRow[]; total: number }> {
      const conditions = storeConditions(ctx, scope, f);
      if (f.states?.length) conditions.push(inArray(stores.state, f.states));
      if (f.isActive !== undefined) conditions.push(eq(stores.isActive, f.isActive));
      const where = and(...conditions);
      // Any sort but the name: nulls low, then the name (A to Z); the id breaks ties.
      const thenName = (by: SQL) => [
        { by, nulls: "low" as const },
        { by: sql`lower(${stores.name})`, direction: "asc" as const },
      ];
      const order = sortBy(
        {
          name: sql`lower(${stores.name})`,
          storeNumber: thenName(sql`${stores.storeNumber}`),
          city: thenName(sql`lower(${stores.city})`),
          state: thenName(sql`${stores.state}`),
          brand: thenName(sql`lower(${referenceItems.name})`),
          territory: thenName(sql`lower(${territories.name})`),
          createdAt: thenName(sql`${stores.createdAt}`),
        },
        { key: f.sortBy, direction: f.sortDirection },
        { key: "name", direction: "asc" },
        { tieBreak: [{ by: stores.id, direction: "asc" }] },
      );

      const [rows, [{ total }]] = await Promise.all([
        exec
          .select(columns)
          .from(stores)
          .leftJoin(referenceItems, brandJoin)
          .leftJoin(territories, territoryJoin)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        exec.select({ total: count() }).from(stores).where(where),
      ]);
      return { rows, total };
    },

    /**
     * Every store of the organization by name, for the lookup list's store keys (each key filters it: active,
     * in the caller's territories, Costco).
     */
    async lookupStores(exec: Tx, ctx: TenantContext) {
      return exec
        .select(optionColumns)
        .from(stores)
        .where(eq(stores.organizationId, ctx.organizationId))
        .orderBy(asc(stores.name));
    },

    /**
     * A page of the stores a caller may pick: the caller's own stores first (assigned to their membership), then
     * by name (`stores_org_name_idx`: organization, lower(name)). Every word must be in the name, number, address
     * or city. One query for the page, one for the total.
     */
    async options(
      exec: Tx,
      ctx: TenantContext,
      scope: number[] | null,
      f: StoreOptionFilters,
      page: PageWindow,
    ) {
      const conditions = storeConditions(ctx, scope, f);
      if (!f.includeInactive) conditions.push(eq(stores.isActive, true));
      if (f.ids) conditions.push(f.ids.length ? inArray(stores.id, f.ids) : sql`false`);
      const where = and(...conditions);
      // Own stores: the caller's membership's (membership_stores_key: organization, membership, store).
      const mine =
        ctx.membershipId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${membershipStores} where ${membershipStores.organizationId} = ${ctx.organizationId} and ${membershipStores.membershipId} = ${ctx.membershipId} and ${membershipStores.storeId} = ${stores.id})`;
      const [rows, [{ total }]] = await Promise.all([
        exec
          .select({ ...optionColumns, mine })
          .from(stores)
          .where(where)
          .orderBy(sql`${mine} desc`, sql`lower(${stores.name})`, asc(stores.id))
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

    /**
     * Stores of the organization with an address whose street, city or ZIP contains `query` (the offline address
     * provider's own suggestions, through its port: integrations/address).
     */
    async addressSuggestions(exec: Tx, ctx: { organizationId: number }, query: string, limit: number) {
      const pattern = likePattern(query);
      return exec
        .selectDistinct({
          id: stores.id,
          address: stores.address,
          city: stores.city,
          state: stores.state,
          zip: stores.zip,
        })
        .from(stores)
        .where(
          and(
            eq(stores.organizationId, ctx.organizationId),
            isNotNull(stores.address),
            or(ilike(stores.address, pattern), ilike(stores.city, pattern), ilike(stores.zip, pattern)),
          ),
        )
        .limit(limit);
    },

    /** One store's address and where it is, or `null` (also for another organization's store). */
    async addressDetails(exec: Tx, ctx: { organizationId: number }, id: number) {
      const [row] = await exec
        .select({
          id: stores.id,
          address: stores.address,
          city: stores.city,
          state: stores.state,
          zip: stores.zip,
          latitude: stores.latitude,
          longitude: stores.longitude,
          timeZone: stores.timeZone,
        })
        .from(stores)
        .where(and(eq(stores.organizationId, ctx.organizationId), eq(stores.id, id)))
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
