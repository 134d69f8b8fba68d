import type { LoggedInUser } from "@fieldlead/contracts";

/** A signed-in Admin of one organization. */
export const demoUser: LoggedInUser = {
  token: "tok-123",
  currentOrganizationId: 7,
  userId: 42,
  roleId: 2,
  subscriptionId: 1,
  organizations: [
    {
      id: 7,
      organizationParentId: 1,
      intFirstDayOfWeek: 1,
      crmIntegrationId: null,
      showApproaches: true,
      isSmartCircleLG: false,
      isDeleted: false,
      name: "Summit Home East",
    },
  ],
  wingenWebConfig: { sideMenuOpen: true },
  intFirstDayOfWeek: 1,
};
