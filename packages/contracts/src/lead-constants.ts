// Kinds, sources, statuses, rejection reasons, consent destinations and the lead lists' limits: plain constants,
// without zod, so that a screen reading them does not load the schemas (docs/decisions/0029). leads.ts builds its
// schemas on them and re-exports them.

// ---------------------------------------------------------------------------------------------------------
// Kinds, sources, statuses and their transitions: the one place the server and the web read them from.
// ---------------------------------------------------------------------------------------------------------

export const LEAD_KINDS = ["internal", "external"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/**
 * Where a lead came from. `app` is the only internal source; the others are external
 * (docs/domain.md, "Leads").
 */
export const LEAD_SOURCES = [
  { id: "app", name: "Captured in the app", kind: "internal" },
  { id: "qr", name: "QR self-entry", kind: "external" },
  { id: "retailerProgram", name: "Retailer program", kind: "external" },
  { id: "secondPartner", name: "Second partner program", kind: "external" },
  { id: "web", name: "Web form", kind: "external" },
  { id: "import", name: "Import", kind: "external" },
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number]["id"];
export const LEAD_SOURCE_IDS = LEAD_SOURCES.map((s) => s.id) as [LeadSource, ...LeadSource[]];

export const LEAD_STATUS = {
  new: 1,
  contacted: 2,
  appointmentSet: 3,
  sent: 4,
  confirmed: 5,
  ran: 6,
  sold: 7,
  notSold: 8,
  noShow: 9,
  cancelled: 10,
  rejected: 11,
} as const;
export type LeadStatusId = (typeof LEAD_STATUS)[keyof typeof LEAD_STATUS];

/** The `leadStatus` lookup (same ids and names as the reference list the server applies). */
export const LEAD_STATUSES: readonly { id: LeadStatusId; name: string }[] = [
  { id: 1, name: "New" },
  { id: 2, name: "Contacted" },
  { id: 3, name: "Appointment Set" },
  { id: 4, name: "Sent" },
  { id: 5, name: "Confirmed" },
  { id: 6, name: "Ran" },
  { id: 7, name: "Sold" },
  { id: 8, name: "Not Sold" },
  { id: 9, name: "No Show" },
  { id: 10, name: "Cancelled" },
  { id: 11, name: "Rejected" },
];

/**
 * The legal next statuses of each status, along the funnel
 * `New -> Contacted -> Appointment Set -> Sent -> Confirmed -> Ran -> Sold / Not Sold`.
 * A lead may be sent without an appointment (to the retailer); a no-show or a cancelled lead may be booked
 * again; a rejected lead goes back to New when a manager restores it. Staying on the same status is not a change.
 */
export const LEAD_STATUS_TRANSITIONS: Readonly<Record<LeadStatusId, readonly LeadStatusId[]>> = {
  1: [2, 3, 4, 10, 11],
  2: [3, 4, 10, 11],
  3: [4, 5, 6, 9, 10],
  4: [5, 6, 9, 10, 11],
  5: [6, 9, 10],
  6: [7, 8],
  7: [8],
  8: [7],
  9: [3, 10],
  10: [2, 3],
  11: [1],
};

export function leadStatusName(id: number): string {
  return LEAD_STATUSES.find((s) => s.id === id)?.name ?? `Status ${id}`;
}

/** The statuses a lead in `from` may move to (the web offers only these). */
export function nextLeadStatuses(from: number): readonly LeadStatusId[] {
  return LEAD_STATUS_TRANSITIONS[from as LeadStatusId] ?? [];
}

export function isLegalLeadTransition(from: number, to: number): boolean {
  return from === to || nextLeadStatuses(from).includes(to as LeadStatusId);
}

export const REJECTION_REASONS = [
  { id: "duplicate", name: "Duplicate" },
  { id: "invalidPhone", name: "Invalid phone" },
  { id: "invalidEmail", name: "Invalid email" },
  { id: "outsideServiceArea", name: "Outside the service area" },
  { id: "noConsent", name: "No consent" },
  { id: "refusedByDestination", name: "Refused by a destination" },
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number]["id"];

/** Who a shopper may agree to be contacted by; each consent keeps the exact disclosure shown. */
export const CONSENT_DESTINATIONS = [
  { id: "crm", name: "Field-service CRM" },
  { id: "retailer", name: "Retailer" },
  { id: "retailerProgram", name: "Retailer program" },
  { id: "secondPartner", name: "Second partner program" },
] as const;
export type ConsentDestination = (typeof CONSENT_DESTINATIONS)[number]["id"];

export const LEAD_HISTORY_ACTIONS = [
  "created",
  "updated",
  "status",
  "rejected",
  "unrejected",
  "deleted",
  "restored",
  "sent",
  "revenue",
  /** A note someone added (`after.text`); nothing of the lead changed (docs/decisions/0032). */
  "note",
] as const;
export type LeadHistoryAction = (typeof LEAD_HISTORY_ACTIONS)[number];

export const CAPTURE_OUTCOMES = ["lead", "duplicate", "rejected", "invalid"] as const;
export type CaptureOutcome = (typeof CAPTURE_OUTCOMES)[number];

/** Leads counted for a search answer: past this the total reads "10,000+" (docs/decisions/0011). */
export const LEAD_SEARCH_COUNT_CAP = 10_000;
/** The longest cursor (`after`) a lead search takes; the ones it gives are far shorter. */
export const LEAD_CURSOR_MAX_LENGTH = 2_000;
/** Rows of one CSV export at most. */
export const LEAD_EXPORT_ROW_CAP = 100_000;
export const DEFAULT_DUPLICATE_WINDOW_DAYS = 30;

export const LEAD_SORT_KEYS = [
  "capturedAt",
  "id",
  "firstName",
  "lastName",
  "phone",
  "email",
  "status",
  "storeName",
  "territoryName",
  "leadGeneratorName",
  "serviceTypeName",
] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];
