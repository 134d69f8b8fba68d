import type { FunnelMeasures, FunnelRow, TimeLogItem } from "@fieldlead/contracts";
import type { MockRequest } from "../../../test/mock-api";
import type { DashboardPanels, DashboardSeries } from "../api/dashboard";

/** Every measure at zero, for building the rows and panels of a test. */
export const zeroMeasures = (patch: Partial<FunnelMeasures> = {}): FunnelMeasures => ({
  approaches: 0,
  hoursWorked: 0,
  shifts: 0,
  leads: 0,
  rejected: 0,
  duplicates: 0,
  appointmentsSet: 0,
  sent: 0,
  ran: 0,
  sold: 0,
  notSold: 0,
  noShow: 0,
  cancelled: 0,
  revenue: 0,
  ...patch,
});

export const PERIOD = { startDate: "2025-10-01", endDate: "2025-10-31" };
export const PREVIOUS = { startDate: "2025-08-31", endDate: "2025-09-30" };

export function panelsOf(patch: Partial<DashboardPanels> = {}): DashboardPanels {
  return {
    period: PERIOD,
    previousPeriod: PREVIOUS,
    current: zeroMeasures({
      leads: 1250,
      appointmentsSet: 400,
      sent: 380,
      ran: 200,
      sold: 92,
      revenue: 123_456,
      approaches: 5000,
      hoursWorked: 812.5,
    }),
    previous: zeroMeasures({
      leads: 1000,
      appointmentsSet: 400,
      sent: 300,
      ran: 210,
      sold: 100,
      revenue: 100_000,
      approaches: 0,
      hoursWorked: 800,
    }),
    activeLeadGenerators: 14,
    ...patch,
  };
}

export function seriesOf(points: Partial<DashboardSeries["points"][number]>[] = []): DashboardSeries {
  return {
    period: PERIOD,
    interval: "day",
    points: points.map((p, i) => ({
      date: `2025-10-${String(i + 1).padStart(2, "0")}`,
      label: `Oct ${i + 1}`,
      leads: 0,
      appointmentsSet: 0,
      sold: 0,
      revenue: 0,
      ...p,
    })),
  };
}

export function funnelRow(i: number, patch: Partial<FunnelRow> = {}): FunnelRow {
  return {
    ...zeroMeasures({
      leads: 100 - i,
      appointmentsSet: 40 - i,
      sold: 10,
      revenue: 2500,
      hoursWorked: 30 + i,
    }),
    key: String(i),
    id: i,
    name: `Store ${String(i).padStart(2, "0")}`,
    detail: null,
    subId: null,
    subName: null,
    isActive: true,
    ...patch,
  };
}

/** A server page of a funnel listing, with the totals of every row. */
export const listingOf =
  (all: () => readonly FunnelRow[]) =>
  ({ body }: MockRequest) => {
    const b = (body ?? {}) as { page?: number; pageSize?: number };
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 50;
    const items = all();
    return {
      period: PERIOD,
      interval: null,
      items: items.slice((page - 1) * pageSize, page * pageSize),
      total: items.length,
      page,
      pageSize,
      totals: zeroMeasures({
        leads: items.reduce((n, r) => n + r.leads, 0),
        revenue: items.reduce((n, r) => n + r.revenue, 0),
      }),
    };
  };

/** A closed shift of Jo Park (101) at Costco Wayne, 09:00 to 17:00 New York time. */
export function timeLog(id: number, patch: Partial<TimeLogItem> = {}): TimeLogItem {
  return {
    id,
    userId: 101,
    userName: "Jo Park",
    storeId: 12,
    storeName: "Costco Wayne",
    timeZone: "America/New_York",
    workDate: "2025-10-06",
    hoursTypeId: null,
    hoursTypeName: null,
    punchInAt: "2025-10-06T13:00:00.000Z",
    punchOutAt: "2025-10-06T21:00:00.000Z",
    localPunchIn: "2025-10-06 09:00",
    localPunchOut: "2025-10-06 17:00",
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
    leadCount: 4,
    createdAt: "2025-10-06T13:00:00.000Z",
    updatedAt: "2025-10-06T21:00:00.000Z",
    canEdit: false,
    canPropose: false,
    ...patch,
  };
}
