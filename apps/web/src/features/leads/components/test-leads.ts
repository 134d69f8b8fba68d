import type { CaptureEntryItem, LeadDetail, LeadListItem } from "@fieldlead/contracts";

/** A lead as the lists give it, for tests. */
export function listItem(id: number, change: Partial<LeadListItem> = {}): LeadListItem {
  return {
    id,
    kind: "internal",
    source: "app",
    capturedAt: "2026-11-20T23:04:56.000Z",
    capturedAtLocal: "2026-11-20 18:04",
    timeZone: "America/New_York",
    storeId: 1,
    storeName: "Costco Wayne",
    territoryId: 1,
    territoryName: "North Jersey",
    leadGeneratorId: 9,
    leadGeneratorName: "Luis Generator",
    serviceTypeId: 3,
    serviceTypeName: "Windows",
    statusId: 1,
    statusName: "New",
    firstName: "Shopper",
    lastName: `Number${id}`,
    phone: "2015550100",
    email: null,
    city: null,
    state: null,
    zip: null,
    languageId: 1,
    duplicateOfLeadId: null,
    rejectionReason: null,
    hdsfiGroupId: null,
    hdJobTypeId: null,
    centahServiceId: null,
    centahAdCodeId: null,
    externalReference: null,
    revenue: null,
    deletedAt: null,
    ...change,
  };
}

/** A lead with its whole story, for tests. */
export function detail(change: Partial<LeadDetail> = {}): LeadDetail {
  return {
    ...listItem(164),
    address: null,
    notes: null,
    answers: [],
    consents: [],
    history: [],
    duplicateOf: null,
    duplicates: [],
    captureEntryId: null,
    createdAt: "2026-11-20T23:04:56.000Z",
    updatedAt: "2026-11-20T23:04:56.000Z",
    nextStatusIds: [],
    canEdit: true,
    canDelete: true,
    ...change,
  };
}

/** A capture entry as the capture-entries search gives it, for tests. */
export const captureEntry = (id: number, change: Partial<CaptureEntryItem> = {}): CaptureEntryItem => ({
  id,
  receivedAt: "2026-11-20T23:04:56.000Z",
  receivedAtLocal: "2026-11-20 18:04",
  timeZone: "America/New_York",
  source: "qr",
  storeId: 1,
  storeName: "Costco Wayne",
  territoryId: 1,
  territoryName: "North Jersey",
  leadGeneratorId: 9,
  leadGeneratorName: "Luis Generator",
  outcome: "lead",
  leadId: 40 + id,
  rejectionReason: null,
  message: null,
  payload: {},
  ...change,
});
