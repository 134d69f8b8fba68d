import { eq, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { leads, serviceTypes, stores, territories, users } from "../../db/schema/index";
import type { Tx } from "../../platform/db";
import { readFlat, selfNamed } from "../../platform/query-kit";

/** The columns of a lead as lists and the detail show it, names joined in (one query, no query per row). */
export const leadRowColumns = {
  id: leads.id,
  kind: leads.kind,
  source: leads.source,
  capturedAt: leads.capturedAt,
  storeId: leads.storeId,
  storeName: stores.name,
  storeTimeZone: stores.timeZone,
  territoryId: leads.territoryId,
  territoryName: territories.name,
  capturedByUserId: leads.capturedByUserId,
  lgFirstName: users.firstName,
  lgLastName: users.lastName,
  serviceTypeId: leads.serviceTypeId,
  serviceTypeName: serviceTypes.name,
  statusId: leads.statusId,
  firstName: leads.firstName,
  lastName: leads.lastName,
  phone: leads.phone,
  email: leads.email,
  address: leads.address,
  city: leads.city,
  state: leads.state,
  zip: leads.zip,
  languageId: leads.languageId,
  notes: leads.notes,
  duplicateOfLeadId: leads.duplicateOfLeadId,
  rejectionReason: leads.rejectionReason,
  hdsfiGroupId: leads.hdsfiGroupId,
  hdJobTypeId: leads.hdJobTypeId,
  centahServiceId: leads.centahServiceId,
  centahAdCodeId: leads.centahAdCodeId,
  externalReference: leads.externalReference,
  revenue: leads.revenue,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  deletedAt: leads.deletedAt,
};

/** No columns beyond a lead's own. */
type NoExtra = Record<never, never>;

/**
 * `select <lead columns> from leads` with its store, territory, lead generator and service type, and `extra`
 * columns beside them (a page's sort values).
 */
export function selectLeadRows<E extends SelectedFields = NoExtra>(exec: Tx, extra?: E) {
  const [store, territory, user, serviceType] = LEAD_JOINS;
  return exec
    .select({ ...leadRowColumns, ...(extra ?? ({} as E)) })
    .from(leads)
    .leftJoin(store.table, store.on)
    .leftJoin(territory.table, territory.on)
    .leftJoin(user.table, user.on)
    .leftJoin(serviceType.table, serviceType.on)
    .$dynamic();
}

/** The tables a lead row's names come from, and how each joins (both reads below use them). */
const LEAD_JOINS = [
  { table: stores, on: eq(stores.id, leads.storeId) },
  { table: territories, on: eq(territories.id, leads.territoryId) },
  { table: users, on: eq(users.id, leads.capturedByUserId) },
  { table: serviceTypes, on: eq(serviceTypes.id, leads.serviceTypeId) },
] as const;

/**
 * The lead rows that match `where` (any order), read flat (query-kit `readFlat`): the same columns and values as
 * `selectLeadRows`, for exports, which read 100,000 of them.
 */
export function readLeadRowsFlat(exec: Tx, where: SQL | undefined): Promise<LeadRow[]> {
  const columns = selfNamed(leadRowColumns);
  const joins = sql.join(
    LEAD_JOINS.map((j) => sql`left join ${j.table} on ${j.on}`),
    sql` `,
  );
  const query = sql`select ${columns} from ${leads} ${joins}${where ? sql` where ${where}` : sql``}`;
  return readFlat<LeadRow>(exec, query, leadRowColumns);
}

export type LeadRow = Awaited<ReturnType<ReturnType<typeof selectLeadRows<NoExtra>>["execute"]>>[number];
