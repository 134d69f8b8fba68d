import type { FunnelColumnKey, FunnelDimension, FunnelSortKey } from "./analytics-columns";
import type { RouteName } from "./routes";

// What each report of the Reports area is (docs/decisions/0042): its address on the web, its call, what its rows
// are and which columns it shows. Plain data (no zod): the web's report screens and the server's exports read the
// same list, so a report's CSV has the columns its table has.

type Base = {
  /** The web address: /reports/funnel/<slug>. */
  slug: string;
  title: string;
  description: string;
  endpoint: RouteName;
  /** The heading of the rows' name column. */
  rowLabel: string;
  /** Sums over an owner group's organizations (needs organization-wide access). */
  ownerGroup?: boolean;
  section: "Funnel" | "Lead generators" | "Places" | "Owner group" | "Speed and outcomes";
};

export type FunnelReportDef = Base & {
  kind: "funnel";
  dimension: FunnelDimension;
  columns: readonly FunnelColumnKey[];
  defaultSort: { key: FunnelSortKey; direction: "asc" | "desc" };
  /** The heading of the second name column (lead generator and appointment type). */
  subLabel?: string;
};
export type SpeedReportDef = Base & { kind: "speed" };
export type OutcomeReportDef = Base & { kind: "outcome" };
export type ReportDef = FunnelReportDef | SpeedReportDef | OutcomeReportDef;

const FUNNEL: readonly FunnelColumnKey[] = [
  "leads",
  "appointmentsSet",
  "appointmentRate",
  "sent",
  "ran",
  "sold",
  "closeRate",
  "revenue",
];
const WITH_LABOR: readonly FunnelColumnKey[] = ["approaches", "hoursWorked", ...FUNNEL, "leadsPerHour"];

export const REPORTS: readonly ReportDef[] = [
  {
    kind: "funnel",
    slug: "lg-ag-analysis",
    title: "Lead generator analysis",
    description:
      "Each lead generator's funnel: approaches, leads, appointments, ran, sold, revenue and the rates between them.",
    endpoint: "reports.lgAgAnalysis",
    section: "Lead generators",
    dimension: "leadGenerator",
    rowLabel: "Lead generator",
    columns: [...WITH_LABOR, "ranRate", "revenuePerLead"],
    defaultSort: { key: "leads", direction: "desc" },
  },
  {
    kind: "funnel",
    slug: "lg-ag-performance",
    title: "Lead generator performance",
    description: "Each lead generator per hour worked: leads, appointments, approaches and revenue per hour.",
    endpoint: "reports.lgAgPerformance",
    section: "Lead generators",
    dimension: "leadGenerator",
    rowLabel: "Lead generator",
    columns: [
      "hoursWorked",
      "shifts",
      "leads",
      "leadsPerHour",
      "appointmentsSet",
      "appointmentsPerHour",
      "approaches",
      "approachesPerHour",
      "sold",
      "revenue",
      "revenuePerHour",
    ],
    defaultSort: { key: "leadsPerHour", direction: "desc" },
  },
  {
    kind: "funnel",
    slug: "approaches",
    title: "Approaches",
    description: "Approaches logged against leads captured, per lead generator.",
    endpoint: "reports.approaches",
    section: "Lead generators",
    dimension: "leadGenerator",
    rowLabel: "Lead generator",
    columns: [
      "approaches",
      "leads",
      "approachConversion",
      "hoursWorked",
      "approachesPerHour",
      "leadsPerHour",
    ],
    defaultSort: { key: "approaches", direction: "desc" },
  },
  {
    kind: "funnel",
    slug: "lead-count-lg-appointment-type",
    title: "Leads by lead generator and appointment type",
    description: "Each lead generator's leads split by the appointment type they were booked for.",
    endpoint: "reports.leadCountLgAppointmentType",
    section: "Lead generators",
    dimension: "leadGeneratorAppointmentType",
    rowLabel: "Lead generator",
    subLabel: "Appointment type",
    columns: FUNNEL,
    defaultSort: { key: "name", direction: "asc" },
  },
  {
    kind: "funnel",
    slug: "lead-count-summary",
    title: "Lead count summary",
    description: "Leads and what became of them, day by day, week by week or month by month.",
    endpoint: "reports.leadCountSummary",
    section: "Funnel",
    dimension: "period",
    rowLabel: "Period",
    columns: [
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
    ],
    defaultSort: { key: "name", direction: "asc" },
  },
  {
    kind: "funnel",
    slug: "lead-count-appointment-type",
    title: "Leads by appointment type",
    description: "The funnel per appointment type; leads without an appointment in a row of their own.",
    endpoint: "reports.leadCountAppointmentType",
    section: "Funnel",
    dimension: "appointmentType",
    rowLabel: "Appointment type",
    columns: FUNNEL,
    defaultSort: { key: "leads", direction: "desc" },
  },
  {
    kind: "funnel",
    slug: "store-lead",
    title: "Leads by store",
    description: "Each store's funnel with the hours worked there.",
    endpoint: "reports.storeLead",
    section: "Places",
    dimension: "store",
    rowLabel: "Store",
    columns: WITH_LABOR,
    defaultSort: { key: "leads", direction: "desc" },
  },
  {
    kind: "funnel",
    slug: "lead-count-territory",
    title: "Leads by territory",
    description: "Each territory's funnel with the hours worked in it.",
    endpoint: "reports.leadCountTerritory",
    section: "Places",
    dimension: "territory",
    rowLabel: "Territory",
    columns: WITH_LABOR,
    defaultSort: { key: "leads", direction: "desc" },
  },
  {
    kind: "funnel",
    slug: "owner-group-organization",
    title: "Owner group by organization",
    description: "The funnel of each organization of the owner group.",
    endpoint: "reports.ownerGroupOrganization",
    section: "Owner group",
    ownerGroup: true,
    dimension: "organization",
    rowLabel: "Organization",
    columns: WITH_LABOR,
    defaultSort: { key: "leads", direction: "desc" },
  },
  {
    kind: "funnel",
    slug: "owner-group-lead-generator",
    title: "Owner group by lead generator",
    description: "Every lead generator of the owner group's organizations.",
    endpoint: "reports.ownerGroupLeadGenerator",
    section: "Owner group",
    ownerGroup: true,
    dimension: "leadGenerator",
    rowLabel: "Lead generator",
    columns: WITH_LABOR,
    defaultSort: { key: "leads", direction: "desc" },
  },
  {
    kind: "funnel",
    slug: "owner-group-appointment-type",
    title: "Owner group by appointment type",
    description: "Appointment types across the owner group's organizations, types of the same name added up.",
    endpoint: "reports.ownerGroupAppointmentType",
    section: "Owner group",
    ownerGroup: true,
    dimension: "appointmentTypeName",
    rowLabel: "Appointment type",
    columns: FUNNEL,
    defaultSort: { key: "leads", direction: "desc" },
  },
  {
    kind: "speed",
    slug: "speed-to-lead",
    title: "Speed to lead",
    description: "How fast leads reach a destination and get a first contact after capture.",
    endpoint: "reports.speedToLead",
    section: "Speed and outcomes",
    rowLabel: "Source",
  },
  {
    kind: "outcome",
    slug: "lead-ran",
    title: "Appointments ran",
    description:
      "Appointments of the period by outcome: not yet run, ran, sold, not sold, no show, cancelled.",
    endpoint: "reports.leadRan",
    section: "Speed and outcomes",
    rowLabel: "Appointment type",
  },
];

export const reportBySlug = (slug: string): ReportDef | undefined => REPORTS.find((r) => r.slug === slug);
