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
    capability: "dashboard.read",
    firstCall: { endpoint: "dashboard.panelsByTerritoryId" },
  },
  {
    key: "capture",
    label: "Capture",
    path: "/capture",
    icon: "capture",
    capability: "leads.capture",
    firstCall: { endpoint: "settings.leads.get", gate: "leadSettings.read" },
  },
  {
    key: "leads",
    label: "Leads",
    path: "/leads",
    icon: "leads",
    capability: "leads.read",
    firstCall: { endpoint: "leads.internalSearch" },
  },
  {
    key: "appointments",
    label: "Appointments",
    path: "/appointments",
    icon: "appointments",
    capability: "appointments.read",
    children: [
      {
        key: "appointment-types",
        label: "Types",
        path: "/appointments/types",
        capability: "appointments.setup",
        // The list itself (`appointmentTypesApi.search`) is also read by schedulers, analysts and lead generators;
        // the walk needs a call gated by exactly this capability: the editor's CRM lists, asked for with the list.
        firstCall: { endpoint: "appointments.typeServiceTitanLookUpList" },
      },
      {
        key: "appointment-windows",
        label: "Windows",
        path: "/appointments/windows",
        capability: "appointments.setup",
        // The template list is readable with appointments.read; the screen's settings form is the setup-only call.
        firstCall: { endpoint: "appointments.settings.get" },
      },
      {
        key: "appointment-calendar",
        label: "Calendar",
        path: "/appointments/calendar",
        capability: "appointments.read",
        firstCall: { endpoint: "appointments.scheduledAppointments" },
      },
      {
        key: "appointment-upcoming",
        label: "Upcoming",
        path: "/appointments/upcoming",
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
    capability: "deliveries.manage",
    firstCall: { endpoint: "deliveries.search" },
  },
  {
    key: "qr-codes",
    label: "QR codes",
    path: "/qr-codes",
    icon: "qr",
    capability: "qrCodes.read",
    firstCall: { endpoint: "QRCodes.search" },
  },
  {
    key: "labor",
    label: "Labor",
    path: "/labor",
    icon: "labor",
    capability: "labor.read",
    children: [
      {
        key: "labor-history",
        label: "History",
        path: "/labor/history",
        capability: "labor.team",
        firstCall: { endpoint: "laborHistory.search" },
      },
      {
        key: "labor-time-logs",
        label: "Time logs",
        path: "/labor/time-logs",
        capability: "labor.own",
        firstCall: { endpoint: "laborHistory.today" },
      },
      {
        key: "labor-missing-punches",
        label: "Missing punches",
        path: "/labor/missing-punches",
        capability: "labor.team",
        firstCall: { endpoint: "laborHistory.missingPunches" },
      },
      {
        key: "labor-schedules",
        label: "Schedules",
        path: "/labor/schedules",
        capability: "labor.read",
        firstCall: { endpoint: "users.schedules" },
      },
      {
        key: "labor-hours",
        label: "Hours",
        path: "/labor/hours",
        capability: "labor.team",
        // A lead generator reads their own hours (labor.read, self scope) on the phone; the screen is the team's.
        firstCall: { endpoint: "users.hoursSearch", gate: "labor.read" },
      },
      {
        key: "labor-activities",
        label: "Activities",
        path: "/labor/activities",
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
    capability: "users.read",
    firstCall: { endpoint: "users.search" },
  },
  {
    key: "stores",
    label: "Stores",
    path: "/stores",
    icon: "stores",
    capability: "stores.read",
    firstCall: { endpoint: "store.search" },
  },
  {
    key: "charts",
    label: "Charts",
    path: "/charts",
    icon: "charts",
    capability: "charts.read",
    firstCall: { endpoint: "charts.leadCount" },
  },
  {
    key: "reports",
    label: "Reports",
    path: "/reports",
    icon: "reports",
    capability: "reports.read",
    children: [
      {
        key: "reports-funnel",
        label: "Funnel reports",
        path: "/reports/funnel",
        capability: "reports.read",
        firstCall: { endpoint: "reports.storeLead" },
      },
      {
        key: "reports-smart-circle-users",
        label: "Smart Circle users",
        path: "/reports/smart-circle-users",
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
    capability: "notifications.send",
    firstCall: { endpoint: "notifications.lookupList" },
  },
  {
    key: "support",
    label: "Support",
    path: "/support",
    icon: "support",
    capability: "support.read",
    children: [
      {
        key: "support-documents",
        label: "Documents",
        path: "/support/documents",
        capability: "support.read",
        firstCall: { endpoint: "support.documentsServiceProvider" },
      },
      {
        key: "support-tutorials",
        label: "Tutorials",
        path: "/support/tutorials",
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
    capability: "settings.manage",
    children: [
      {
        key: "settings-organization",
        label: "Organization",
        path: "/settings/organization",
        capability: "settings.manage",
      },
      {
        key: "settings-service-types",
        label: "Service types",
        path: "/settings/service-types",
        capability: "settings.manage",
        firstCall: { endpoint: "settings.byOrgIdServiceType" },
      },
      {
        key: "settings-business-contacts",
        label: "Business contacts",
        path: "/settings/business-contacts",
        capability: "settings.manage",
        firstCall: { endpoint: "settings.organizationByIdBusinessContact.get" },
      },
      {
        key: "settings-lead-capture",
        label: "Lead capture",
        path: "/settings/lead-capture",
        capability: "settings.manage",
        firstCall: { endpoint: "settings.leads.get", gate: "leadSettings.read" },
      },
      {
        key: "settings-destinations",
        label: "Destinations",
        path: "/settings/destinations",
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
    capability: "platform.operate",
    children: [
      {
        key: "platform-organizations",
        label: "Organizations",
        path: "/platform/organizations",
        capability: "platform.operate",
      },
      {
        key: "platform-features",
        label: "Features",
        path: "/platform/features",
        capability: "platform.operate",
      },
      {
        key: "platform-mailbox",
        label: "Mailbox",
        path: "/platform/mailbox",
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
