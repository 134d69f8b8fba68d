import type { LeadSource } from "./leads";

/**
 * The rights model (docs/decisions/0026): what each role may do in each subscription (capabilities), and which
 * rows it reaches (row scope). The server checks a capability on every call and filters rows by the scope; the
 * web's menu entries and buttons name the same capabilities. Role and subscription ids are read here and in the
 * seed only.
 */

// ---------------------------------------------------------------------------------------------------------
// Roles and subscriptions
// ---------------------------------------------------------------------------------------------------------

// Role and subscription ids are fixed by the spec (docs/spec/product-spec.md, §6 Roles and permissions);
// names and rights are ours (docs/domain.md, "Roles and subscriptions").
export const ROLE = {
  superAdmin: 1,
  admin: 2,
  manager: 3,
  regionalManager: 4,
  territoryManager: 5,
  fieldMarketingManager: 6,
  scheduler: 7,
  analyst: 8,
  leadGenerator: 14,
  leadGeneratorLead: 15,
} as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLES: readonly { id: RoleId; name: string; rank: number }[] = [
  { id: 1, name: "Super Admin", rank: 100 },
  { id: 2, name: "Admin", rank: 90 },
  { id: 3, name: "Manager", rank: 80 },
  { id: 4, name: "Regional Manager", rank: 70 },
  { id: 5, name: "Territory Manager", rank: 60 },
  { id: 6, name: "Field Marketing Manager", rank: 50 },
  { id: 7, name: "Scheduler", rank: 40 },
  { id: 8, name: "Analyst", rank: 30 },
  { id: 14, name: "Lead Generator", rank: 10 },
  { id: 15, name: "Lead Generator Lead", rank: 20 },
];

export function roleName(id: number): string {
  return ROLES.find((r) => r.id === id)?.name ?? `Role ${id}`;
}

/**
 * The selector territory-level managers use offers only these (docs/spec/product-spec.md, §6 Roles and
 * permissions).
 */
export const LEAD_GENERATOR_ROLE_IDS: readonly number[] = [14, 15];
/**
 * The selector for partner-program users offers only these (docs/spec/product-spec.md, §6 Roles and
 * permissions).
 */
export const PARTNER_ROLE_IDS: readonly number[] = [2, 3];

export const SUBSCRIPTION = {
  full: 1,
  secondPartner: 2,
  retailerProgram: 16,
} as const;
export type SubscriptionId = (typeof SUBSCRIPTION)[keyof typeof SUBSCRIPTION];

/** The roles an organization's people hold (the Super Admin operates the platform, outside any organization). */
export const ORGANIZATION_ROLES = ROLES.filter((r) => r.id !== ROLE.superAdmin);

export const SUBSCRIPTIONS: readonly { id: SubscriptionId; name: string }[] = [
  { id: 1, name: "Full product" },
  { id: 2, name: "Second partner program" },
  { id: 16, name: "Home-improvement retailer program" },
];

/** Who is asking: the role of their membership in the organization of the request, and its subscription. */
export type Who = { roleId: number; subscriptionId: number };

/** The seed's, the tests' and the selectors' spelling of the full product. */
export const FULL_PRODUCT: SubscriptionId = SUBSCRIPTION.full;

const {
  superAdmin,
  admin,
  manager,
  regionalManager,
  territoryManager,
  fieldMarketingManager,
  scheduler,
  analyst,
  leadGenerator,
  leadGeneratorLead,
} = ROLE;
const MANAGERS = [admin, manager, regionalManager, territoryManager] as const;
const LEAD_GENERATORS = [leadGenerator, leadGeneratorLead] as const;
const PORTAL = [admin, manager] as const;

type Rule = {
  /** Roles of the full product (subscription 1) that have the capability. The Super Admin has every one. */
  full: readonly RoleId[];
  /** Roles of a partner-program portal (subscriptions 2 and 16) that have it; none when absent. */
  portal?: readonly RoleId[];
  /** What a refused caller reads (403). */
  refusal: string;
};

/**
 * Every capability and who has it. Areas not built yet are here too: the menu names them, and the call that
 * arrives with the area checks the same capability.
 */
export const RIGHTS = {
  "dashboard.read": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, analyst],
    refusal: "The dashboard is for managers, schedulers and analysts.",
  },
  "leads.read": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, analyst, ...LEAD_GENERATORS],
    portal: PORTAL,
    refusal: "Your role does not give access to leads.",
  },
  "leads.edit": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, ...LEAD_GENERATORS],
    portal: PORTAL,
    refusal: "Analysts read leads; they cannot change them.",
  },
  "leads.capture": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, ...LEAD_GENERATORS],
    refusal: "Program users work their program's leads; they do not capture leads.",
  },
  "leads.reject": {
    full: [...MANAGERS, fieldMarketingManager, scheduler],
    portal: PORTAL,
    refusal: "Rejecting a lead, or taking a rejection back, is a manager's call.",
  },
  "leads.delete": {
    full: [...MANAGERS, fieldMarketingManager],
    portal: PORTAL,
    refusal: "Only managers can delete leads.",
  },
  "leads.restore": {
    full: [admin],
    portal: [admin],
    refusal: "Only an Admin can see and restore deleted leads.",
  },
  "leadSettings.read": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, ...LEAD_GENERATORS],
    refusal: "Only people who capture leads, Admins and Managers can see the lead settings.",
  },
  "appointments.read": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, analyst],
    refusal: "The appointment calendar is for managers, schedulers and analysts.",
  },
  "appointments.book": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, ...LEAD_GENERATORS],
    refusal: "Analysts read appointments; they cannot book, move or cancel them.",
  },
  "appointments.setup": {
    full: [admin, manager],
    refusal: "Only Admins and Managers set up appointment types, weekly templates and windows.",
  },
  "qrCodes.read": {
    full: [...MANAGERS, fieldMarketingManager, ...LEAD_GENERATORS],
    portal: PORTAL,
    refusal: "Your role does not give access to QR codes.",
  },
  "qrCodes.edit": {
    full: [...MANAGERS, fieldMarketingManager, ...LEAD_GENERATORS],
    refusal: "Your role can look at QR codes but not create or change them.",
  },
  "deliveries.manage": {
    full: [...MANAGERS, scheduler],
    refusal: "Deliveries to the destinations are for managers and schedulers.",
  },
  "labor.read": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, analyst, ...LEAD_GENERATORS],
    refusal: "Your role does not give access to labor.",
  },
  "labor.own": {
    full: [...MANAGERS, fieldMarketingManager, ...LEAD_GENERATORS],
    refusal: "Your role does not log time.",
  },
  "labor.team": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, analyst, leadGeneratorLead],
    refusal: "Only managers, schedulers, analysts and lead-generator leads see the team's labor.",
  },
  "labor.edit": {
    full: [...MANAGERS, fieldMarketingManager],
    refusal: "Only managers fix time logs, post hours and build schedules.",
  },
  "users.read": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, analyst],
    refusal: "Your role does not give access to the organization's people.",
  },
  "users.edit": {
    full: [...MANAGERS, fieldMarketingManager],
    refusal: "Your role can look at users but not change them.",
  },
  "users.portal": {
    full: [admin],
    refusal: "Only an Admin can create or change program-portal users.",
  },
  "stores.read": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, analyst],
    refusal: "Stores are for managers, schedulers and analysts.",
  },
  "stores.edit": { full: [...MANAGERS], refusal: "Your role can look at stores but not change them." },
  "charts.read": {
    full: [...MANAGERS, fieldMarketingManager, analyst],
    refusal: "Charts are for managers and analysts.",
  },
  "reports.read": {
    full: [...MANAGERS, fieldMarketingManager, analyst],
    portal: PORTAL,
    refusal: "Reports are for managers and analysts.",
  },
  "reports.smartCircle": {
    full: [admin, manager, analyst],
    refusal: "The Smart Circle report is for administrators, managers and analysts.",
  },
  "notifications.send": {
    full: [...MANAGERS, fieldMarketingManager],
    refusal: "Only managers send notifications.",
  },
  "support.read": {
    full: [...MANAGERS, fieldMarketingManager, scheduler, analyst, ...LEAD_GENERATORS],
    portal: PORTAL,
    refusal: "Support documents are for the organization's team.",
  },
  "support.manage": {
    full: [admin],
    refusal: "Only an Admin manages the organization's documents.",
  },
  "settings.manage": {
    full: [admin],
    refusal: "Only an Admin can see and change the organization's settings.",
  },
  "organizations.admin": {
    full: [admin],
    refusal: "Only an Admin of the organization can do this.",
  },
  "platform.operate": { full: [], refusal: "Only a Super Admin can do this." },
} as const satisfies Record<string, Rule>;

export type Capability = keyof typeof RIGHTS;
export const CAPABILITIES = Object.keys(RIGHTS) as Capability[];

export const isPlatformAdmin = (who: Who) => who.roleId === superAdmin;
/** The platform operator's standing in any organization: a Super Admin of the full product. */
export const PLATFORM_OPERATOR = { roleId: ROLE.superAdmin, subscriptionId: SUBSCRIPTION.full } as const;
/** The two partner-program portals (subscriptions 2 and 16). */
export const isPortalSubscription = (subscriptionId: number) =>
  subscriptionId === SUBSCRIPTION.retailerProgram || subscriptionId === SUBSCRIPTION.secondPartner;
export const isRetailerProgramSubscription = (subscriptionId: number) =>
  subscriptionId === SUBSCRIPTION.retailerProgram;
/** What a home-improvement retailer program user is (docs/domain.md): an Admin of the retailer's portal. */
export const RETAILER_PROGRAM_USER = {
  roleId: ROLE.admin,
  subscriptionId: SUBSCRIPTION.retailerProgram,
} as const;

/** Whether the caller has a capability. */
export function can(who: Who, capability: Capability): boolean {
  if (isPlatformAdmin(who)) return true;
  const rule: Rule = RIGHTS[capability];
  const roles = isPortalSubscription(who.subscriptionId) ? (rule.portal ?? []) : rule.full;
  return (roles as readonly number[]).includes(who.roleId);
}

/** Every capability the caller has (computed once per request into the tenant context). */
export function capabilitiesOf(who: Who): ReadonlySet<Capability> {
  return new Set(CAPABILITIES.filter((c) => can(who, c)));
}

/**
 * The full-product role ids holding a capability: for the few cross-organization reads that filter memberships
 * by role (the Smart Circle report spans every organization where the caller may read it).
 */
export function fullProductRolesWith(capability: Capability): number[] {
  return ROLES.map((r) => r.id).filter((roleId) =>
    can({ roleId, subscriptionId: SUBSCRIPTION.full }, capability),
  );
}

export function refusalOf(capability: Capability): string {
  return RIGHTS[capability].refusal;
}

// ---------------------------------------------------------------------------------------------------------
// Row scope: which rows of the organization a role reaches.
// ---------------------------------------------------------------------------------------------------------

/**
 * `organization`: every row; `territories`: rows of the membership's territories (a membership with none
 * reaches nothing, never everything); `self`: the caller's own rows. `program` narrows leads to a portal's
 * program.
 */
export type Reach = "organization" | "territories" | "self";
export type RowScope = {
  reach: Reach;
  territoryIds: number[];
  userId: number;
  program: Program | null;
};

const TERRITORY_ROLES: readonly number[] = [
  regionalManager,
  territoryManager,
  fieldMarketingManager,
  leadGeneratorLead,
];

/** Whether a role is limited to the territories of its membership (the server loads them only then). */
export const isTerritoryLimited = (who: Who) => !isPlatformAdmin(who) && TERRITORY_ROLES.includes(who.roleId);

export function reachOf(who: Who): Reach {
  if (isPlatformAdmin(who)) return "organization";
  if (who.roleId === leadGenerator) return "self";
  return TERRITORY_ROLES.includes(who.roleId) ? "territories" : "organization";
}

export type Program = Extract<LeadSource, "retailerProgram" | "secondPartner">;

export function programOf(who: Who): Program | null {
  if (isPlatformAdmin(who)) return null;
  if (who.subscriptionId === SUBSCRIPTION.retailerProgram) return "retailerProgram";
  if (who.subscriptionId === SUBSCRIPTION.secondPartner) return "secondPartner";
  return null;
}

export function rowScopeOf(who: Who & { userId: number; territoryIds: number[] }): RowScope {
  const reach = reachOf(who);
  return {
    reach,
    territoryIds: reach === "territories" ? who.territoryIds : [],
    userId: who.userId,
    program: programOf(who),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Roles a caller may hand out, and the role rules the user forms show.
// ---------------------------------------------------------------------------------------------------------

const rank = (id: number) => ROLES.find((r) => r.id === id)?.rank ?? 0;

/**
 * Role ids the caller may give: never above their own; territory-level managers only the lead-generator roles;
 * the partner selector only Admin and Manager. Lead generators, schedulers and analysts give none.
 */
export function assignableRoleIds(
  who: Who,
  selector: "all" | "lead-generators" | "partner" = "all",
): number[] {
  let ids: number[];
  if (isPlatformAdmin(who)) ids = ROLES.map((r) => r.id);
  else if (!can(who, "users.edit")) ids = [];
  else if (who.roleId === admin) ids = ROLES.filter((r) => r.id !== superAdmin).map((r) => r.id);
  else if (who.roleId === manager) ids = ROLES.filter((r) => rank(r.id) < rank(manager)).map((r) => r.id);
  else ids = [...LEAD_GENERATOR_ROLE_IDS];
  if (selector === "lead-generators") ids = ids.filter((id) => LEAD_GENERATOR_ROLE_IDS.includes(id));
  if (selector === "partner") ids = ids.filter((id) => PARTNER_ROLE_IDS.includes(id));
  return ids;
}

/** Lead generators work in the field: they land on Capture, see their own leads and are not shown as a filter. */
export const isLeadGeneratorRole = (roleId: number) =>
  (LEAD_GENERATORS as readonly number[]).includes(roleId);
