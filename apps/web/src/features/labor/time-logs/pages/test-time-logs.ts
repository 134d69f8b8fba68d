import type { LaborHistoryRow, TimeLogItem } from "@fieldlead/contracts";
import type { MockRequest } from "../../../../test/mock-api";
import type { LaborToday } from "../api/time-logs";

/** A closed log of Jo Park (user 101) at Costco Wayne, 09:00 to 17:00 New York time on 2025-03-03. */
export function timeLog(id: number, patch: Partial<TimeLogItem> = {}): TimeLogItem {
  return {
    id,
    userId: 101,
    userName: "Jo Park",
    storeId: 12,
    storeName: "Costco Wayne",
    timeZone: "America/New_York",
    workDate: "2025-03-03",
    hoursTypeId: null,
    hoursTypeName: null,
    punchInAt: "2025-03-03T14:00:00.000Z",
    punchOutAt: "2025-03-03T22:00:00.000Z",
    localPunchIn: "2025-03-03 09:00",
    localPunchOut: "2025-03-03 17:00",
    minutes: 480,
    state: "closed",
    missing: null,
    flaggedAt: null,
    proposal: null,
    inDistanceMeters: null,
    outDistanceMeters: null,
    farFromStore: false,
    source: "punch",
    notes: null,
    posted: false,
    leadCount: 0,
    createdAt: "2025-03-03T14:00:00.000Z",
    updatedAt: "2025-03-03T22:00:00.000Z",
    canEdit: true,
    canPropose: false,
    ...patch,
  };
}

/** A log missing its punch out. */
export const missingLog = (id: number, patch: Partial<TimeLogItem> = {}) =>
  timeLog(id, {
    punchOutAt: null,
    localPunchOut: null,
    minutes: null,
    state: "missing",
    missing: "punchOut",
    flaggedAt: "2025-03-04T05:00:00.000Z",
    ...patch,
  });

/** A log whose person proposed 09:00 to 17:30. */
export const proposedLog = (id: number, patch: Partial<TimeLogItem> = {}) =>
  missingLog(id, {
    state: "proposed",
    proposal: {
      punchInAt: "2025-03-03T14:00:00.000Z",
      punchOutAt: "2025-03-03T22:30:00.000Z",
      localPunchIn: "2025-03-03 09:00",
      localPunchOut: "2025-03-03 17:30",
      reason: "Phone died",
      proposedAt: "2025-03-04T13:00:00.000Z",
    },
    ...patch,
  });

export function todayOf(patch: Partial<LaborToday> = {}): LaborToday {
  return {
    open: null,
    shifts: [
      {
        id: 5,
        storeId: 12,
        storeName: "Costco Wayne",
        workDate: "2025-03-03",
        startTime: "09:00",
        endTime: "17:00",
        timeZone: "America/New_York",
      },
    ],
    suggestedStoreId: 12,
    stores: [
      { id: 12, name: "Costco Wayne", timeZone: "America/New_York" },
      { id: 13, name: "Costco Paramus", timeZone: "America/New_York" },
    ],
    missing: [],
    minutesThisWeek: 605,
    minutesToday: 0,
    ...patch,
  };
}

export function historyRow(i: number, patch: Partial<LaborHistoryRow> = {}): LaborHistoryRow {
  return {
    userId: 100 + i,
    userName: `Person ${String(i).padStart(2, "0")}`,
    periodStart: "2025-03-03",
    periodEnd: "2025-03-03",
    minutes: 480 + i,
    shiftCount: 1,
    storeNames: ["Costco Wayne"],
    attentionCount: 0,
    leadCount: 3,
    leadsNotPunchedIn: 0,
    approaches: 12,
    shiftsWithApproachesNoLeads: 0,
    scheduledMinutes: 480,
    ...patch,
  };
}

/** A server page over a list, as the labor searches answer it. */
export const pageOf =
  <T>(all: () => readonly T[], extra: (req: MockRequest) => Record<string, unknown> = () => ({})) =>
  (req: MockRequest) => {
    const b = (req.body ?? {}) as { page?: number; pageSize?: number };
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 25;
    const items = all();
    return {
      items: items.slice((page - 1) * pageSize, page * pageSize),
      total: items.length,
      page,
      pageSize,
      ...extra(req),
    };
  };

export const PERIOD = { startDate: "2025-03-03", endDate: "2025-03-09" };

export const storeOptions = [
  {
    id: 12,
    name: "Costco Wayne",
    address: null,
    city: null,
    organizationTerritoryId: null,
    organizationId: 7,
  },
  {
    id: 13,
    name: "Costco Paramus",
    address: null,
    city: null,
    organizationTerritoryId: null,
    organizationId: 7,
  },
];
