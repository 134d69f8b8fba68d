import { eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { leads, serviceTypes, stores, territories, users } from "../../db/schema/index";
import type { Tx } from "../../platform/db";

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
  return exec
    .select({ ...leadRowColumns, ...(extra ?? ({} as E)) })
    .from(leads)
    .leftJoin(stores, eq(stores.id, leads.storeId))
    .leftJoin(territories, eq(territories.id, leads.territoryId))
    .leftJoin(users, eq(users.id, leads.capturedByUserId))
    .leftJoin(serviceTypes, eq(serviceTypes.id, leads.serviceTypeId))
    .$dynamic();
}

export type LeadRow = Awaited<ReturnType<ReturnType<typeof selectLeadRows<NoExtra>>["execute"]>>[number];
