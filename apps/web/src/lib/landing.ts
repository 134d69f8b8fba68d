import { ROLE, SUBSCRIPTION } from "@fieldlead/contracts";

/** Subscriptions of the two partner-program portals (docs/domain.md, "Roles and subscriptions"). */
export const isPortalSubscription = (subscriptionId: number) =>
  subscriptionId === SUBSCRIPTION.retailerProgram || subscriptionId === SUBSCRIPTION.secondPartner;

export const isLeadGenerator = (roleId: number) =>
  roleId === ROLE.leadGenerator || roleId === ROLE.leadGeneratorLead;

/** Where a user lands after signing in: lead generators on Capture, program users on Leads, others on the Dashboard. */
export function landingPathFor(user: { roleId: number; subscriptionId: number }): string {
  if (isLeadGenerator(user.roleId)) return "/capture";
  if (isPortalSubscription(user.subscriptionId)) return "/leads";
  return "/dashboard";
}
