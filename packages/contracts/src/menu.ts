import { type Capability, can, type Who } from "./permissions";
import type { RouteName } from "./routes";

/** Which icon a menu entry shows; the web's layout maps these to icons. */
export type MenuIcon =
  | "dashboard"
  | "capture"
  | "leads"
  | "appointments"
  | "deliveries"
  | "qr"
  | "labor"
  | "users"
  | "stores"
  | "charts"
  | "reports"
  | "notifications"
  | "support"
  | "settings"
  | "platform";

/**
 * One entry of the side menu (docs/domain.md, "The menu"). It names the capability that opens it
 * (permissions.ts): the menu shows it to whoever has that capability, and the server lets the same people make
 * its first call. The permissions walk (apps/server/test/permissions-walk.api.test.ts) checks that for every role
 * and subscription.
 */
export type MenuEntry = {
  key: string;
  label: string;
  path: string;
  icon?: MenuIcon;
  /** One line for the "coming soon" page of an area that is not built yet. */
  description: string;
  capability: Capability;
  /**
   * The call the screen makes first, for the areas built so far. `gate` names the capability the server checks
   * for it when the call serves more screens than this one (the lead settings serve the capture form too).
   */
  firstCall?: { endpoint: RouteName; gate?: Capability };
  children?: readonly MenuEntry[];
};

export const MENU: readonly MenuEntry[] = [
  {
    key: "dashboard",
    label: "Dashboard",
    path: "/dashboard",
    icon: "dashboard",
    description: "Panels, the leads chart by territory, and store and user listings at a glance.",
    capability: "dashboard.read",
    firstCall: { endpoint: "dashboard.panelsByTerritoryId" },
  },
  {
    key: "capture",
    label: "Capture",
    path: "/capture",
    icon: "capture",
    description: "Capture a shopper's lead at the store and book an appointment on the spot.",
    capability: "leads.capture",
    firstCall: { endpoint: "settings.leads.get", gate: "leadSettings.read" },
  },
  {
    key: "leads",
    label: "Leads",
    path: "/leads",
    icon: "leads",
    description: "Search, open and work internal, external, capture and rejected leads.",
    capability: "leads.read",
    firstCall: { endpoint: "leads.internalSearch" },
  },
  {
    key: "appointments",
    label: "Appointments",
    path: "/appointments",
    icon: "appointments",
    description: "Appointment types, their availability windows and the calendar.",
    capability: "appointments.read",
    children: [
      {
        key: "appointment-types",
        label: "Types",
        path: "/appointments/types",
        description: "Appointment types with their questions, technicians and business units.",
        capability: "appointments.setup",
        // The list itself (`appointmentTypesApi.search`) is also read by schedulers, analysts and lead generators;
        // the walk needs a call gated by exactly this capability: the editor's CRM lists, asked for with the list.
        firstCall: { endpoint: "appointments.typeServiceTitanLookUpList" },
      },
      {
        key: "appointment-windows",
        label: "Windows",
        path: "/appointments/windows",
        description: "The weekly template and the dated windows shoppers can book, with their capacity.",
        capability: "appointments.setup",
        // The template list is readable with appointments.read; the screen's settings form is the setup-only call.
        firstCall: { endpoint: "appointments.settings.get" },
      },
      {
        key: "appointment-calendar",
        label: "Calendar",
        path: "/appointments/calendar",
        description: "Windows and their bookings by day and week: what is booked and what is left.",
        capability: "appointments.read",
        firstCall: { endpoint: "appointments.scheduledAppointments" },
      },
      {
        key: "appointment-upcoming",
        label: "Upcoming",
        path: "/appointments/upcoming",
        description: "Booked appointments from today on, with filters and CSV or Excel export.",
        capability: "appointments.read",
        firstCall: { endpoint: "appointments.search" },
      },
    ],
  },
  {
    key: "deliveries",
    label: "Deliveries",
    path: "/deliveries",
    icon: "deliveries",
    description:
      "Leads on their way to the CRM, the retailer and the partner programs: what fails, and sending it again.",
    capability: "deliveries.manage",
    firstCall: { endpoint: "deliveries.search" },
  },
  {
    key: "qr-codes",
    label: "QR codes",
    path: "/qr-codes",
    icon: "qr",
    description: "QR codes of lead generators that shoppers scan to book themselves.",
    capability: "qrCodes.read",
    firstCall: { endpoint: "QRCodes.search" },
  },
  {
    key: "labor",
    label: "Labor",
    path: "/labor",
    icon: "labor",
    description: "Time logs, missing punches, schedules, hours and activities of the field team.",
    capability: "labor.read",
    children: [
      {
        key: "labor-history",
        label: "History",
        path: "/labor/history",
        description: "Labor history of the team over a date range.",
        capability: "labor.team",
        firstCall: { endpoint: "laborHistory.search" },
      },
      {
        key: "labor-time-logs",
        label: "Time logs",
        path: "/labor/time-logs",
        description: "Punches in and out at stores, and their corrections.",
        capability: "labor.own",
        firstCall: { endpoint: "laborHistory.today" },
      },
      {
        key: "labor-missing-punches",
        label: "Missing punches",
        path: "/labor/missing-punches",
        description: "Punches in without a punch out (and the reverse) that need fixing.",
        capability: "labor.team",
        firstCall: { endpoint: "laborHistory.missingPunches" },
      },
      {
        key: "labor-schedules",
        label: "Schedules",
        path: "/labor/schedules",
        description: "Planned shifts by week, per user and store.",
        capability: "labor.read",
        firstCall: { endpoint: "users.schedules" },
      },
      {
        key: "labor-hours",
        label: "Hours",
        path: "/labor/hours",
        description: "Hours by user, date and type, and posting them for payroll.",
        capability: "labor.team",
        // A lead generator reads their own hours (labor.read, self scope) on the phone; the screen is the team's.
        firstCall: { endpoint: "users.hoursSearch", gate: "labor.read" },
      },
      {
        key: "labor-activities",
        label: "Activities",
        path: "/labor/activities",
        description: "What lead generators did during their shifts, and who had no activity.",
        capability: "labor.read",
        firstCall: { endpoint: "users.activitySearch" },
      },
    ],
  },
  {
    key: "users",
    label: "Users",
    path: "/users",
    icon: "users",
    description: "People of the organization: invite, edit, roles, territories and trades.",
    capability: "users.read",
    firstCall: { endpoint: "users.search" },
  },
  {
    key: "stores",
    label: "Stores",
    path: "/stores",
    icon: "stores",
    description: "Retail stores where lead generators work, by territory.",
    capability: "stores.read",
    firstCall: { endpoint: "store.search" },
  },
  {
    key: "charts",
    label: "Charts",
    path: "/charts",
    icon: "charts",
    description: "Leads by day of week and hour of day, and lead counts over time.",
    capability: "charts.read",
    firstCall: { endpoint: "charts.leadCount" },
  },
  {
    key: "reports",
    label: "Reports",
    path: "/reports",
    icon: "reports",
    description:
      "The funnel from approaches to revenue by organization, territory, store and lead generator.",
    capability: "reports.read",
    children: [
      {
        key: "reports-funnel",
        label: "Funnel reports",
        path: "/reports/funnel",
        description:
          "The funnel from approaches to revenue by organization, territory, store and lead generator.",
        capability: "reports.read",
        firstCall: { endpoint: "reports.storeLead" },
      },
      {
        key: "reports-smart-circle-users",
        label: "Smart Circle users",
        path: "/reports/smart-circle-users",
        description:
          "Lead generators of Smart Circle organizations, with their last activity; CSV and Excel export.",
        capability: "reports.smartCircle",
        firstCall: { endpoint: "organizations.reportsSmartCircleUsers" },
      },
    ],
  },
  {
    key: "notifications",
    label: "Notifications",
    path: "/notifications",
    icon: "notifications",
    description: "Send a message to users, roles, territories or stores, in the app and by email.",
    capability: "notifications.send",
    firstCall: { endpoint: "notifications.lookupList" },
  },
  {
    key: "support",
    label: "Support",
    path: "/support",
    icon: "support",
    description: "Documents and tutorials for the team.",
    capability: "support.read",
    children: [
      {
        key: "support-documents",
        label: "Documents",
        path: "/support/documents",
        description: "Service-provider and product documents to read and download.",
        capability: "support.read",
        firstCall: { endpoint: "support.documentsServiceProvider" },
      },
      {
        key: "support-tutorials",
        label: "Tutorials",
        path: "/support/tutorials",
        description: "Short tutorials on using the product.",
        capability: "support.read",
        firstCall: { endpoint: "support.tutorials" },
      },
    ],
  },
  {
    key: "settings",
    label: "Settings",
    path: "/settings",
    icon: "settings",
    description:
      "Organization settings, service types and questions, business contacts, lead capture and destinations.",
    capability: "settings.manage",
    children: [
      {
        key: "settings-organization",
        label: "Organization",
        path: "/settings/organization",
        description: "Name, time zone, first day of the week and the organization's options.",
        capability: "settings.manage",
      },
      {
        key: "settings-service-types",
        label: "Service types",
        path: "/settings/service-types",
        description: "Service types, their questions and the answers offered.",
        capability: "settings.manage",
        firstCall: { endpoint: "settings.byOrgIdServiceType" },
      },
      {
        key: "settings-business-contacts",
        label: "Business contacts",
        path: "/settings/business-contacts",
        description: "Who hears about appointments, per organization, territory and appointment type.",
        capability: "settings.manage",
        firstCall: { endpoint: "settings.organizationByIdBusinessContact.get" },
      },
      {
        key: "settings-lead-capture",
        label: "Lead capture",
        path: "/settings/lead-capture",
        description: "The duplicate window and the consent texts shoppers agree to.",
        capability: "settings.manage",
        firstCall: { endpoint: "settings.leads.get", gate: "leadSettings.read" },
      },
      {
        key: "settings-destinations",
        label: "Destinations",
        path: "/settings/destinations",
        description: "Where appointments are sent: the field-service CRM, the retailer and partner programs.",
        capability: "settings.manage",
        firstCall: { endpoint: "destinations.list" },
      },
    ],
  },
  {
    key: "platform",
    label: "Platform",
    path: "/platform",
    icon: "platform",
    description: "Operate the platform: organizations, feature flags and the development mailbox.",
    capability: "platform.operate",
    children: [
      {
        key: "platform-organizations",
        label: "Organizations",
        path: "/platform/organizations",
        description: "Every organization on the platform, owner groups and Smart Circle settings.",
        capability: "platform.operate",
      },
      {
        key: "platform-features",
        label: "Features",
        path: "/platform/features",
        description: "Feature flags and what's new.",
        capability: "platform.operate",
      },
      {
        key: "platform-mailbox",
        label: "Mailbox",
        path: "/platform/mailbox",
        description: "Emails kept by the server when no SMTP server is configured.",
        capability: "platform.operate",
        firstCall: { endpoint: "platform.mailbox" },
      },
    ],
  },
];

/** The entries a caller may use, in menu order; a section with no entry left for them is left out. */
export function menuEntriesFor(who: Who, entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (!can(who, entry.capability)) continue;
    const children = entry.children ? menuEntriesFor(who, entry.children) : undefined;
    if (entry.children && children?.length === 0) continue;
    out.push(children ? { ...entry, children } : entry);
  }
  return out;
}

/** Every entry, sections and their children, flattened. */
export function flattenMenu(entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  return entries.flatMap((e) => [e, ...(e.children ? flattenMenu(e.children) : [])]);
}
