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

/** Roles limited to the territories assigned to their membership. */
export const TERRITORY_LIMITED_ROLES: readonly number[] = [4, 5, 6, 15];
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

/** Subscriptions of the program portals: their users work their program's leads only. */
export const PROGRAM_SUBSCRIPTION_IDS: readonly number[] = [
  SUBSCRIPTION.secondPartner,
  SUBSCRIPTION.retailerProgram,
];

/** Roles that read leads (docs/decisions/0010-leads-model-and-rights.md); all but Analysts also change them. */
export const LEAD_READER_ROLE_IDS: readonly number[] = [
  ROLE.superAdmin,
  ROLE.admin,
  ROLE.manager,
  ROLE.regionalManager,
  ROLE.territoryManager,
  ROLE.fieldMarketingManager,
  ROLE.scheduler,
  ROLE.analyst,
  ROLE.leadGenerator,
  ROLE.leadGeneratorLead,
];

/**
 * Whether someone captures leads in the app: the platform operator, or a role that changes leads (a lead reader
 * other than an Analyst) outside the program portals. The server's leads policy and the lead-settings right
 * (the capture form shows the organization's disclosures) both ask this.
 */
export function capturesLeads(who: {
  isPlatformAdmin: boolean;
  roleId: number;
  subscriptionId: number;
}): boolean {
  if (who.isPlatformAdmin) return true;
  return (
    LEAD_READER_ROLE_IDS.includes(who.roleId) &&
    who.roleId !== ROLE.analyst &&
    !PROGRAM_SUBSCRIPTION_IDS.includes(who.subscriptionId)
  );
}

export const SUBSCRIPTIONS: readonly { id: SubscriptionId; name: string }[] = [
  { id: 1, name: "Full product" },
  { id: 2, name: "Second partner program" },
  { id: 16, name: "Home-improvement retailer program" },
];
