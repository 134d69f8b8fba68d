import {
  type DuplicateMatch,
  type LeadHistoryAction,
  type LeadHistoryEntry,
  type LeadListItem,
  type LeadSource,
  leadStatusName,
  type RejectionReason,
  timeZoneOffsetMinutes,
} from "@fieldlead/contracts";
import type { LeadRow } from "./lead-rows";

const pad = (n: number) => String(n).padStart(2, "0");

const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();

/**
 * `yyyy-MM-dd HH:mm` on the wall clock of `timeZone`. Zones change their offset only on quarter hours, so the
 * offset is looked up once per zone and quarter hour (an export of 100,000 leads asks Intl a few thousand times,
 * not 100,000).
 */
export function localDateTime(at: Date, timeZone: string): string {
  const bucket = Math.floor(at.getTime() / QUARTER_HOUR_MS);
  const key = `${timeZone}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = timeZoneOffsetMinutes(timeZone, new Date(bucket * QUARTER_HOUR_MS));
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  const w = new Date(at.getTime() + offset * 60_000);
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

export const personName = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();

/** A history row as the lead's detail shows it (who by name; times as ISO instants). */
export function toHistoryEntry(h: {
  id: number;
  action: string;
  at: Date;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}): LeadHistoryEntry {
  return {
    id: h.id,
    action: h.action as LeadHistoryAction,
    at: h.at.toISOString(),
    userId: h.userId,
    userName: personName(h.firstName, h.lastName),
    before: h.before ?? null,
    after: h.after ?? null,
    reason: h.reason,
  };
}

/** A lead row as lists show it; times on the store's clock (the organization's when there is no store). */
export function toListItem(r: LeadRow, orgTimeZone: string): LeadListItem {
  const timeZone = r.storeTimeZone ?? orgTimeZone;
  return {
    id: r.id,
    kind: r.kind,
    source: r.source as LeadSource,
    capturedAt: r.capturedAt.toISOString(),
    capturedAtLocal: localDateTime(r.capturedAt, timeZone),
    timeZone,
    storeId: r.storeId,
    storeName: r.storeName,
    territoryId: r.territoryId,
    territoryName: r.territoryName,
    leadGeneratorId: r.capturedByUserId,
    leadGeneratorName: personName(r.lgFirstName, r.lgLastName),
    serviceTypeId: r.serviceTypeId,
    serviceTypeName: r.serviceTypeName,
    statusId: r.statusId,
    statusName: leadStatusName(r.statusId),
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    email: r.email,
    city: r.city,
    state: r.state,
    zip: r.zip,
    languageId: r.languageId,
    duplicateOfLeadId: r.duplicateOfLeadId,
    rejectionReason: r.rejectionReason as RejectionReason | null,
    hdsfiGroupId: r.hdsfiGroupId,
    hdJobTypeId: r.hdJobTypeId,
    centahServiceId: r.centahServiceId,
    centahAdCodeId: r.centahAdCodeId,
    externalReference: r.externalReference,
    revenue: r.revenue === null ? null : Number(r.revenue),
    deletedAt: r.deletedAt?.toISOString() ?? null,
  };
}

export function toDuplicateMatch(
  r: LeadRow,
  probe: { phone: string | null; email: string | null },
  visible: boolean,
  orgTimeZone: string,
): DuplicateMatch {
  const matchedOn: ("phone" | "email")[] = [];
  if (probe.phone && r.phone === probe.phone) matchedOn.push("phone");
  if (probe.email && r.email === probe.email) matchedOn.push("email");
  return {
    leadId: r.id,
    capturedAt: r.capturedAt.toISOString(),
    capturedAtLocal: localDateTime(r.capturedAt, r.storeTimeZone ?? orgTimeZone),
    storeName: r.storeName,
    leadGeneratorName: personName(r.lgFirstName, r.lgLastName),
    statusId: r.statusId,
    statusName: leadStatusName(r.statusId),
    matchedOn,
    visible,
  };
}
