import type { LoggedInUser } from "@fieldlead/contracts";

/** Roles that add and change stores (the server checks the same): Super Admin, Admin and managers. */
const STORE_EDITOR_ROLES: readonly number[] = [1, 2, 3, 4, 5];

export const canEditStores = (user: Pick<LoggedInUser, "roleId" | "subscriptionId"> | null) =>
  !!user && user.subscriptionId === 1 && STORE_EDITOR_ROLES.includes(user.roleId);
