import { ROLE, SUBSCRIPTION } from "@fieldlead/contracts";
import { isPortalSubscription } from "../lib/landing";

export { landingPathFor } from "../lib/landing";

/** Which icon a menu entry shows; the layout maps these to Tabler icons (kept out of this pure module). */
export type MenuIcon =
  | "dashboard"
  | "capture"
  | "leads"
  | "appointments"
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

export type MenuItem = {
  key: string;
  label: string;
  path: string;
  icon?: MenuIcon;
  /** One line for the "coming soon" page of an area that is not built yet. */
  description: string;
  children?: MenuItem[];
};

type MenuDef = Omit<MenuItem, "children"> & {
  /** Role ids of the full product that may use the entry (the Super Admin sees everything). */
  roles: readonly number[];
  /** Role ids of a partner-program portal (subscription 2 or 16) that may use it; none when absent. */
  portalRoles?: readonly number[];
  children?: MenuDef[];
};

const {
  superAdmin,
  admin,
  manager,
  regionalManager,
  territoryManager,
  fieldMarketingManager,
  scheduler,
  analyst,
} = ROLE;
const LG = [ROLE.leadGenerator, ROLE.leadGeneratorLead] as const;
const MANAGERS = [admin, manager, regionalManager, territoryManager] as const;
const ALL_FULL = [...MANAGERS, fieldMarketingManager, scheduler, analyst, ...LG] as const;
const PORTAL = [admin, manager] as const;

/**
 * The menu of docs/domain.md ("The menu") in its order; who may see each entry follows its roles table
 * ("Roles and subscriptions").
 */
const MENU: MenuDef[] = [
  {
    key: "dashboard",
    label: "Dashboard",
    path: "/dashboard",
    icon: "dashboard",
    description: "Panels, the leads chart by territory, and store and user listings at a glance.",
    roles: [...MANAGERS, fieldMarketingManager, scheduler, analyst],
  },
  {
    key: "capture",
    label: "Capture",
    path: "/capture",
    icon: "capture",
    description: "Capture a shopper's lead at the store and book an appointment on the spot.",
    roles: LG,
  },
  {
    key: "leads",
    label: "Leads",
    path: "/leads",
    icon: "leads",
    description: "Search, open and work internal, external, capture and rejected leads.",
    roles: [...MANAGERS, fieldMarketingManager, scheduler, ...LG],
    portalRoles: PORTAL,
  },
  {
    key: "appointments",
    label: "Appointments",
    path: "/appointments",
    icon: "appointments",
    description: "Appointment types, their availability windows and the calendar.",
    roles: [...MANAGERS, scheduler],
    children: [
      {
        key: "appointment-types",
        label: "Types",
        path: "/appointments/types",
        description: "Appointment types with their questions, technicians and business units.",
        roles: [...MANAGERS],
      },
      {
        key: "appointment-windows",
        label: "Windows",
        path: "/appointments/windows",
        description: "The weekly template and the dated windows shoppers can book, with their capacity.",
        roles: [...MANAGERS, scheduler],
      },
      {
        key: "appointment-calendar",
        label: "Calendar",
        path: "/appointments/calendar",
        description: "Booked appointments by day and week: move, cancel and send them.",
        roles: [...MANAGERS, scheduler],
      },
    ],
  },
  {
    key: "qr-codes",
    label: "QR codes",
    path: "/qr-codes",
    icon: "qr",
    description: "QR codes of lead generators that shoppers scan to book themselves.",
    roles: [...MANAGERS, fieldMarketingManager, ...LG],
    portalRoles: PORTAL,
  },
  {
    key: "labor",
    label: "Labor",
    path: "/labor",
    icon: "labor",
    description: "Time logs, missing punches, schedules, hours and activities of the field team.",
    roles: [...MANAGERS, fieldMarketingManager, ...LG],
    children: [
      {
        key: "labor-history",
        label: "History",
        path: "/labor/history",
        description: "Labor history of the team over a date range.",
        roles: [...MANAGERS, fieldMarketingManager],
      },
      {
        key: "labor-time-logs",
        label: "Time logs",
        path: "/labor/time-logs",
        description: "Punches in and out at stores, and their corrections.",
        roles: [...MANAGERS, fieldMarketingManager, ...LG],
      },
      {
        key: "labor-missing-punches",
        label: "Missing punches",
        path: "/labor/missing-punches",
        description: "Punches in without a punch out (and the reverse) that need fixing.",
        roles: [...MANAGERS, fieldMarketingManager],
      },
      {
        key: "labor-schedules",
        label: "Schedules",
        path: "/labor/schedules",
        description: "Planned shifts by week, per user and store.",
        roles: [...MANAGERS, fieldMarketingManager, ...LG],
      },
      {
        key: "labor-hours",
        label: "Hours",
        path: "/labor/hours",
        description: "Hours by user, date and type, and posting them for payroll.",
        roles: [...MANAGERS, fieldMarketingManager],
      },
      {
        key: "labor-activities",
        label: "Activities",
        path: "/labor/activities",
        description: "What lead generators did during their shifts, and who had no activity.",
        roles: [...MANAGERS, fieldMarketingManager, ...LG],
      },
    ],
  },
  {
    key: "users",
    label: "Users",
    path: "/users",
    icon: "users",
    description: "People of the organization: invite, edit, roles, territories and trades.",
    roles: [...MANAGERS, fieldMarketingManager],
  },
  {
    key: "stores",
    label: "Stores",
    path: "/stores",
    icon: "stores",
    description: "Retail stores where lead generators work, by territory.",
    roles: [...MANAGERS],
  },
  {
    key: "charts",
    label: "Charts",
    path: "/charts",
    icon: "charts",
    description: "Leads by day of week and hour of day, and lead counts over time.",
    roles: [...MANAGERS, fieldMarketingManager, analyst],
  },
  {
    key: "reports",
    label: "Reports",
    path: "/reports",
    icon: "reports",
    description:
      "The funnel from approaches to revenue by organization, territory, store and lead generator.",
    roles: [...MANAGERS, fieldMarketingManager, analyst],
    portalRoles: PORTAL,
    children: [
      {
        key: "reports-funnel",
        label: "Funnel",
        path: "/reports/funnel",
        description:
          "The funnel from approaches to revenue by organization, territory, store and lead generator.",
        roles: [...MANAGERS, fieldMarketingManager, analyst],
      },
      {
        key: "reports-smart-circle-users",
        label: "Smart Circle users",
        path: "/reports/smart-circle-users",
        description:
          "Lead generators of Smart Circle organizations, with their last activity; CSV and Excel export.",
        // The server's report roles (admins, managers, analysts); never program-portal users.
        roles: [admin, manager, analyst],
        portalRoles: [],
      },
    ],
  },
  {
    key: "notifications",
    label: "Notifications",
    path: "/notifications",
    icon: "notifications",
    description: "Send a message to users, roles, territories or stores, in the app and by email.",
    roles: [...MANAGERS, fieldMarketingManager],
  },
  {
    key: "support",
    label: "Support",
    path: "/support",
    icon: "support",
    description: "Documents and tutorials for the team.",
    roles: ALL_FULL,
    children: [
      {
        key: "support-documents",
        label: "Documents",
        path: "/support/documents",
        description: "Service-provider and product documents to read and download.",
        roles: ALL_FULL,
      },
      {
        key: "support-tutorials",
        label: "Tutorials",
        path: "/support/tutorials",
        description: "Short tutorials on using the product.",
        roles: ALL_FULL,
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
    roles: [admin],
    children: [
      {
        key: "settings-organization",
        label: "Organization",
        path: "/settings/organization",
        description: "Name, time zone, first day of the week and the organization's options.",
        roles: [admin],
      },
      {
        key: "settings-service-types",
        label: "Service types",
        path: "/settings/service-types",
        description: "Service types, their questions and the answers offered.",
        roles: [admin],
      },
      {
        key: "settings-business-contacts",
        label: "Business contacts",
        path: "/settings/business-contacts",
        description: "Who hears about appointments, per organization, territory and appointment type.",
        roles: [admin],
      },
      {
        key: "settings-lead-capture",
        label: "Lead capture",
        path: "/settings/lead-capture",
        description: "The duplicate window and the consent texts shoppers agree to.",
        roles: [admin],
      },
      {
        key: "settings-destinations",
        label: "Destinations",
        path: "/settings/destinations",
        description: "Where appointments are sent: the field-service CRM, the retailer and partner programs.",
        roles: [admin],
      },
    ],
  },
  {
    key: "platform",
    label: "Platform",
    path: "/platform",
    icon: "platform",
    description: "Operate the platform: organizations, feature flags and the development mailbox.",
    roles: [superAdmin],
    children: [
      {
        key: "platform-organizations",
        label: "Organizations",
        path: "/platform/organizations",
        description: "Every organization on the platform, owner groups and Smart Circle settings.",
        roles: [superAdmin],
      },
      {
        key: "platform-features",
        label: "Features",
        path: "/platform/features",
        description: "Feature flags and what's new.",
        roles: [superAdmin],
      },
      {
        key: "platform-mailbox",
        label: "Mailbox",
        path: "/platform/mailbox",
        description: "Emails kept by the server when no SMTP server is configured.",
        roles: [superAdmin],
      },
    ],
  },
];

function allowed(def: MenuDef, roleId: number, subscriptionId: number): boolean {
  if (roleId === superAdmin) return true;
  if (isPortalSubscription(subscriptionId)) return def.portalRoles?.includes(roleId) ?? false;
  return def.roles.includes(roleId);
}

function build(defs: MenuDef[], roleId: number, subscriptionId: number, parent?: MenuDef): MenuItem[] {
  const out: MenuItem[] = [];
  for (const def of defs) {
    // A child of a portal entry inherits the portal rights of its parent.
    const effective = parent && !def.portalRoles ? { ...def, portalRoles: parent.portalRoles } : def;
    if (!allowed(effective, roleId, subscriptionId)) continue;
    const { roles: _r, portalRoles: _p, children, ...item } = def;
    const kids = children ? build(children, roleId, subscriptionId, def) : undefined;
    if (children && kids?.length === 0) continue;
    out.push(kids ? { ...item, children: kids } : item);
  }
  return out;
}

/** The side menu of a role in a subscription: only the entries that role may use. */
export function menuFor(roleId: number, subscriptionId: number): MenuItem[] {
  return build(MENU, roleId, subscriptionId);
}

/** Every entry of the menu, flattened (for routes and the "coming soon" pages). */
export function allMenuItems(): MenuItem[] {
  return flatten(build(MENU, ROLE.superAdmin, SUBSCRIPTION.full));
}

/** Every entry a role may use in a subscription, flattened (the sections and their children). */
export function menuItemsFor(roleId: number, subscriptionId: number): MenuItem[] {
  return flatten(menuFor(roleId, subscriptionId));
}

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...(i.children ? flatten(i.children) : [])]);
}

const covers = (item: MenuItem, path: string) => path === item.path || path.startsWith(`${item.path}/`);

/** Whether a role may open a path: the most specific menu entry covering it is one of the role's. */
export function canOpen(path: string, roleId: number, subscriptionId: number): boolean {
  const target = allMenuItems()
    .filter((i) => covers(i, path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (!target) return true;
  return menuItemsFor(roleId, subscriptionId).some((i) => i.key === target.key);
}
