import type { Capability, RowScope } from "@fieldlead/contracts";

/** Who is calling and for which organization: the first argument of every tenant service. */
export type TenantContext = {
  userId: number;
  sessionId: number;
  organizationId: number;
  membershipId: number | null;
  roleId: number;
  subscriptionId: number;
  /** The caller operates the platform (Super Admin). */
  isPlatformAdmin: boolean;
  /** Territories the membership is limited to (territory-limited roles); empty = not limited. */
  territoryIds: number[];
  /** IANA zone of the current organization. */
  timeZone: string;
  /** Minutes to add to UTC to get the caller's local time (from the `Offset` header), when no zone applies. */
  offsetMinutes: number;
  firstDayOfWeek: number | null;
  /** What the caller may do here (contracts' permissions.ts), computed once per request. */
  can: ReadonlySet<Capability>;
  /** Which rows the caller reaches (organization, territories, self; a portal's program). */
  scope: RowScope;
};

/** An authenticated caller without a tenant (account calls). */
export type SessionContext = {
  userId: number;
  sessionId: number;
  currentOrganizationId: number;
  offsetMinutes: number;
};
