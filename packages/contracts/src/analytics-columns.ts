// The reports', the dashboard's and the charts' measures and columns (docs/decisions/0042): plain constants and
// functions without zod, so that a screen reading them does not load the schemas (docs/decisions/0029). The server
// writes its CSV and XLSX files from these columns and the web draws its tables from them: one definition of what
// each report shows and how each rate is computed.

/** What the funnel counts for a group of rows (a lead generator, a store, a day...). */
export type FunnelMeasures = {
  /** Approaches logged as activities; null where the grouping has no labor (appointment type, source, period...). */
  approaches: number | null;
  /** Hours punched in (closed time logs, by their work date); null as for approaches. */
  hoursWorked: number | null;
  /** Shifts worked (closed time logs); null as for approaches. */
  shifts: number | null;
  /** Leads captured in the period, rejected ones left out. */
  leads: number;
  rejected: number;
  /** Leads linked to an earlier lead of the same shopper. */
  duplicates: number;
  /** Leads with an appointment booked (cancelled or not). */
  appointmentsSet: number;
  /** Leads delivered to at least one destination. */
  sent: number;
  /** Leads whose appointment was run: Ran, Sold or Not Sold. */
  ran: number;
  sold: number;
  notSold: number;
  noShow: number;
  cancelled: number;
  revenue: number;
};

/**
 * The statuses that only follow a booking (Appointment Set, Confirmed, Ran, Sold, Not Sold, No Show): a lead in one
 * of them counts as an appointment set even when the booking was made outside the product (docs/decisions/0042).
 * Sent and Cancelled can come without one, so those count only with an appointment on record.
 */
export const APPOINTMENT_SET_STATUSES = [3, 5, 6, 7, 8, 9] as const;
/** The statuses that only follow a delivery (Sent, Confirmed, Ran, Sold, Not Sold); else `first_delivered_at` says. */
export const SENT_STATUSES = [4, 5, 6, 7, 8] as const;

export const FUNNEL_MEASURE_KEYS = [
  "approaches",
  "hoursWorked",
  "shifts",
  "leads",
  "rejected",
  "duplicates",
  "appointmentsSet",
  "sent",
  "ran",
  "sold",
  "notSold",
  "noShow",
  "cancelled",
  "revenue",
] as const satisfies readonly (keyof FunnelMeasures)[];
export type FunnelMeasureKey = (typeof FUNNEL_MEASURE_KEYS)[number];

/** Ratios of the measures, computed where they are shown (null when the divisor is 0 or unknown). */
export const FUNNEL_RATES = {
  /** Leads that got an appointment. */
  appointmentRate: (m) => ratio(m.appointmentsSet, m.leads),
  /** Appointments that were run. */
  ranRate: (m) => ratio(m.ran, m.appointmentsSet),
  /** Run appointments that sold. */
  closeRate: (m) => ratio(m.sold, m.ran),
  /** Approaches that became a lead. */
  approachConversion: (m) => ratio(m.leads, m.approaches),
  leadsPerHour: (m) => ratio(m.leads, m.hoursWorked),
  appointmentsPerHour: (m) => ratio(m.appointmentsSet, m.hoursWorked),
  approachesPerHour: (m) => ratio(m.approaches, m.hoursWorked),
  revenuePerHour: (m) => ratio(m.revenue, m.hoursWorked),
  revenuePerLead: (m) => ratio(m.revenue, m.leads),
} as const satisfies Record<string, (m: FunnelMeasures) => number | null>;
export type FunnelRateKey = keyof typeof FUNNEL_RATES;
export const FUNNEL_RATE_KEYS = Object.keys(FUNNEL_RATES) as FunnelRateKey[];

export function ratio(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole === 0) return null;
  return part / whole;
}

/** Columns a funnel report sorts by: the group's name, any measure or any rate. */
export const FUNNEL_SORT_KEYS = ["name", ...FUNNEL_MEASURE_KEYS, ...FUNNEL_RATE_KEYS] as const;
export type FunnelSortKey = (typeof FUNNEL_SORT_KEYS)[number];

/**
 * How a column is written: a whole count, money (two decimals), a share (0..1, shown as a percent), hours (two
 * decimals), a rate (two decimals), minutes, or text.
 */
export type ColumnKind = "count" | "money" | "percent" | "hours" | "rate" | "minutes" | "text";

export type AnalyticsColumn = {
  key: string;
  label: string;
  kind: ColumnKind;
};

const col = (key: string, label: string, kind: ColumnKind): AnalyticsColumn => ({ key, label, kind });

/** Every measure and rate column of a funnel row, by key; reports pick theirs from here. */
export const FUNNEL_COLUMNS = {
  approaches: col("approaches", "Approaches", "count"),
  hoursWorked: col("hoursWorked", "Hours", "hours"),
  shifts: col("shifts", "Shifts", "count"),
  leads: col("leads", "Leads", "count"),
  rejected: col("rejected", "Rejected", "count"),
  duplicates: col("duplicates", "Duplicates", "count"),
  appointmentsSet: col("appointmentsSet", "Appointments set", "count"),
  sent: col("sent", "Sent", "count"),
  ran: col("ran", "Ran", "count"),
  sold: col("sold", "Sold", "count"),
  notSold: col("notSold", "Not sold", "count"),
  noShow: col("noShow", "No show", "count"),
  cancelled: col("cancelled", "Cancelled", "count"),
  revenue: col("revenue", "Revenue", "money"),
  appointmentRate: col("appointmentRate", "Appointment rate", "percent"),
  ranRate: col("ranRate", "Ran rate", "percent"),
  closeRate: col("closeRate", "Close rate", "percent"),
  approachConversion: col("approachConversion", "Approaches to leads", "percent"),
  leadsPerHour: col("leadsPerHour", "Leads per hour", "rate"),
  appointmentsPerHour: col("appointmentsPerHour", "Appointments per hour", "rate"),
  approachesPerHour: col("approachesPerHour", "Approaches per hour", "rate"),
  revenuePerHour: col("revenuePerHour", "Revenue per hour", "money"),
  revenuePerLead: col("revenuePerLead", "Revenue per lead", "money"),
} as const satisfies Record<FunnelMeasureKey | FunnelRateKey, AnalyticsColumn>;
export type FunnelColumnKey = keyof typeof FUNNEL_COLUMNS;

/** A funnel column's value for a row: the measure, or the rate computed from the row's measures. */
export function funnelValue(row: FunnelMeasures, key: FunnelColumnKey): number | null {
  if (key in FUNNEL_RATES) return FUNNEL_RATES[key as FunnelRateKey](row);
  return row[key as FunnelMeasureKey];
}

// ---------------------------------------------------------------------------------------------------------
// Groupings
// ---------------------------------------------------------------------------------------------------------

/**
 * What a funnel report's rows are: one per organization of the owner group, lead generator, store, territory,
 * appointment type (by id, or by name across an owner group's organizations), lead generator and appointment type,
 * lead source, or period (day, week or month in the organization's time zone).
 */
export const FUNNEL_DIMENSIONS = [
  "organization",
  "leadGenerator",
  "store",
  "territory",
  "appointmentType",
  "appointmentTypeName",
  "leadGeneratorAppointmentType",
  "source",
  "period",
] as const;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];

/** The groupings that have labor (approaches, hours, shifts); the others answer null for those. */
export const LABOR_DIMENSIONS: readonly FunnelDimension[] = [
  "organization",
  "leadGenerator",
  "store",
  "territory",
  "period",
];

export const PERIOD_INTERVALS = ["day", "week", "month"] as const;
export type PeriodInterval = (typeof PERIOD_INTERVALS)[number];

/** The interval a period grouping uses when none is asked for: days up to 31 days, weeks up to 26 weeks, months. */
export function defaultInterval(days: number): PeriodInterval {
  if (days <= 31) return "day";
  if (days <= 183) return "week";
  return "month";
}

/** The suffix of an inactive lead generator's name (the spec, section 4). */
export const INACTIVE_SUFFIX = " - Inactive";

// ---------------------------------------------------------------------------------------------------------
// Speed to lead and appointment outcomes: their own measures
// ---------------------------------------------------------------------------------------------------------

export const SPEED_GROUPINGS = ["source", "territory", "store", "leadGenerator"] as const;
export type SpeedGrouping = (typeof SPEED_GROUPINGS)[number];

export const SPEED_COLUMNS = [
  col("leads", "Leads", "count"),
  col("delivered", "Sent", "count"),
  col("deliveredWithin5Minutes", "Sent within 5 min", "count"),
  col("deliveredWithinHour", "Sent within 1 hour", "count"),
  col("medianMinutesToDelivery", "Median to send", "minutes"),
  col("p90MinutesToDelivery", "90% sent within", "minutes"),
  col("contacted", "Contacted", "count"),
  col("contactedWithinHour", "Contacted within 1 hour", "count"),
  col("medianMinutesToContact", "Median to contact", "minutes"),
] as const;

export const OUTCOME_GROUPINGS = ["appointmentType", "leadGenerator", "store", "territory"] as const;
export type OutcomeGrouping = (typeof OUTCOME_GROUPINGS)[number];

export const OUTCOME_COLUMNS = [
  col("appointments", "Appointments", "count"),
  col("pending", "Not yet run", "count"),
  col("ran", "Ran", "count"),
  col("sold", "Sold", "count"),
  col("notSold", "Not sold", "count"),
  col("noShow", "No show", "count"),
  col("cancelled", "Cancelled", "count"),
  col("revenue", "Revenue", "money"),
] as const;

/** Days of week, 0 (Sunday) to 6 (Saturday) as the spec numbers them. */
export const DAY_OF_WEEK_LABELS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];
