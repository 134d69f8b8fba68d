import { z } from "zod";
import { idSchema, pageOf, pagingSchema, textSchema } from "./common";
import { endpoint } from "./endpoint";
import { isValidTimeZone } from "./time/zone";

let canonicalZones: Set<string> | null = null;

/**
 * An IANA zone name: one of the runtime's canonical zones (the list the time-zone lookup offers), "UTC",
 * or an Area/Location alias Intl knows ("Asia/Calcutta"). Offsets ("+05:00") and abbreviations ("EST") are refused.
 */
export function isIanaTimeZone(value: unknown): value is string {
  if (typeof value !== "string") return false;
  canonicalZones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  if (canonicalZones.has(value)) return true;
  return /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(value) && isValidTimeZone(value);
}

/** The shape of the names {@link isIanaTimeZone} takes, for the OpenAPI document (the list is checked too). */
export const IANA_TIME_ZONE_PATTERN = "^(?:UTC|[A-Za-z]+(?:/[A-Za-z0-9_+-]+)+)$";

export const ianaTimeZone = textSchema
  .trim()
  .min(1, "Choose a time zone")
  .refine(isIanaTimeZone, "Choose a time zone from the list (an IANA name such as America/New_York)")
  .meta({
    pattern: IANA_TIME_ZONE_PATTERN,
    description:
      "An IANA time zone: one of `GET /api/app/lookup-list/timezones`, or an Area/Location alias such as Asia/Calcutta; offsets (+05:00) and abbreviations (EST) are refused",
    example: "America/New_York",
  });

/** A form's empty string (or blank) is read as null before `schema` checks it. */
export const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema);

/** Optional text from a form: trimmed, an empty string means "none". */
export const optionalText = (max: number) =>
  textSchema
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((s) => (s === "" ? null : s))
    .nullable();

export const territory = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
});
export type Territory = z.infer<typeof territory>;

/** A territory in an organization save: no id adds one; an id renames or (de)activates it. Unlisted ones stay. */
export const territoryInput = z.object({
  id: idSchema.optional(),
  name: textSchema.trim().min(1, "Enter a territory name").max(100, "Use at most 100 characters"),
  isActive: z.boolean().default(true),
});

/**
 * The labor settings (docs/decisions/0040-labor.md) an Admin sets on the organization, with their bounds: the
 * longest shift (a punch in with no punch out is flagged missing after it), the weekly hours a schedule may hold
 * before it is marked, and how far from its store a punch may be before it is warned about.
 */
export const LABOR_SETTINGS = {
  maxShiftHours: { min: 4, max: 24, default: 12, unit: "hours" },
  weeklyHoursLimit: { min: 1, max: 80, default: 40, unit: "hours" },
  punchDistanceMeters: { min: 50, max: 50_000, default: 500, unit: "meters" },
} as const;
export type LaborSettingKey = keyof typeof LABOR_SETTINGS;

/** A whole number within a labor setting's bounds; every failure says the range. */
const laborSetting = (key: LaborSettingKey) => {
  const { min, max, unit } = LABOR_SETTINGS[key];
  const message = `Enter a whole number of ${unit} from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`;
  return z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(min, message)
    .max(max, message);
};

/** An organization with the settings an administrator edits. */
export const organizationDetail = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  organizationParentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  timeZone: z.string(),
  intFirstDayOfWeek: z.number().int().min(0).max(6).nullable(),
  crmIntegrationId: z.number().int().nullable(),
  showApproaches: z.boolean(),
  /** Labor: hours after a punch in at which a shift with no punch out is flagged missing. */
  maxShiftHours: z.number().int(),
  /** Labor: hours a person's week of schedules may hold before it is marked over the limit. */
  weeklyHoursLimit: z.number().int(),
  /** Labor: meters from the store beyond which a punch is warned about (never refused). */
  punchDistanceMeters: z.number().int(),
  isSmartCircleLG: z.boolean(),
  smartCircleCompany: z.string().nullable(),
  isDeleted: z.boolean(),
  territories: z.array(territory),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrganizationDetail = z.infer<typeof organizationDetail>;

/**
 * `PUT /api/organizations/upsert/smart-circle`: THE organization save (docs/decisions/0007).
 * Without `id` it creates an organization (Super Admin only; `name` and `timeZone` are then required).
 * With `id` it changes only the fields sent; `territories` lists territories to add or change.
 */
export const organizationUpsertRequest = z.object({
  id: idSchema.optional(),
  name: textSchema.trim().min(1, "Enter a name").max(120, "Use at most 120 characters").optional(),
  organizationParentId: idSchema.nullable().optional(),
  timeZone: ianaTimeZone.optional(),
  intFirstDayOfWeek: z
    .number()
    .int("Choose a day from 0 (Sunday) to 6 (Saturday)")
    .min(0, "Choose a day from 0 (Sunday) to 6 (Saturday)")
    .max(6, "Choose a day from 0 (Sunday) to 6 (Saturday)")
    .nullable()
    .optional(),
  crmIntegrationId: idSchema.nullable().optional(),
  showApproaches: z.boolean().optional(),
  /** Labor: the longest shift, 4 to 24 hours (12 when the organization is created without it). */
  maxShiftHours: laborSetting("maxShiftHours").optional(),
  /** Labor: the weekly hours limit of schedules, 1 to 80 hours (40 by default). */
  weeklyHoursLimit: laborSetting("weeklyHoursLimit").optional(),
  /** Labor: the distance from the store a punch is warned beyond, 50 to 50,000 meters (500 by default). */
  punchDistanceMeters: laborSetting("punchDistanceMeters").optional(),
  isSmartCircleLG: z.boolean().optional(),
  smartCircleCompany: optionalText(120).optional(),
  isDeleted: z.boolean().optional(),
  territories: z.array(territoryInput).max(500, "Save at most 500 territories at once").optional(),
});
export type OrganizationUpsertRequest = z.input<typeof organizationUpsertRequest>;

/** `POST /api/settings/organizations`: the organizations the caller administers. */
export const settingsOrganizationsRequest = z.object({
  /** Super Admin only: include soft-deleted organizations (to restore one). */
  includeDeleted: z.boolean().default(false),
  search: textSchema.trim().max(100).optional(),
});

/** Owner groups (and organizations whose parent the caller does not administer) with their children. */
export const settingsOrganization = organizationDetail.extend({ children: z.array(organizationDetail) });
export const settingsOrganizationsResponse = z.array(settingsOrganization);
export type SettingsOrganization = z.infer<typeof settingsOrganization>;

export const SMART_CIRCLE_SORT_KEYS = ["name", "email", "organization", "lastActivityAt"] as const;

/**
 * `POST /api/organizations/reports/smart-circle-users`; `format: "csv"` answers a text/csv download, `"xlsx"`
 * an Excel workbook.
 */
export const smartCircleUsersRequest = pagingSchema.extend({
  search: textSchema.trim().max(100).optional(),
  organizationIds: z.array(idSchema).max(200).optional(),
  isActive: z.boolean().optional(),
  sortBy: z.enum(SMART_CIRCLE_SORT_KEYS).default("name"),
  sortDirection: z.enum(["asc", "desc"]).default("asc"),
  format: z.enum(["json", "csv", "xlsx"]).default("json"),
});
export type SmartCircleUsersRequest = z.input<typeof smartCircleUsersRequest>;

export const smartCircleUser = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  smartCircleCompany: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  territories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  isActive: z.boolean(),
  /** The later of the last activity in the organization and the last sign-in (ISO 8601, UTC). */
  lastActivityAt: z.string().nullable(),
});
export type SmartCircleUser = z.infer<typeof smartCircleUser>;
export const smartCircleUsersResponse = pageOf(smartCircleUser);

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025): each defined once, served by the server and called by the web from here.
// ---------------------------------------------------------------------------------------------------------

export const organizationsApi = {
  // Tenant call for an Admin (the organization of the request, or one its owner group owns); platform call
  // for the Super Admin (any organization, creation included). docs/decisions/0007 and 0016.
  upsert: endpoint({
    name: "organizations.upsertSmartCircle",
    method: "PUT",
    path: "/api/organizations/upsert/smart-circle",
    auth: "tenant",
    summary:
      "The organization save. An Admin changes the organization named by `CurrentOrganizationId` (or, when it is an owner group, an organization it owns): any other `id` answers 404 and changes nothing; switch organization to change another one. Platform call: only a Super Admin creates organizations (no `id`), changes any organization, moves one to another owner group or deletes/restores it.",
    body: organizationUpsertRequest,
    response: organizationDetail,
  }),
  smartCircleUsers: endpoint({
    name: "organizations.reportsSmartCircleUsers",
    method: "POST",
    path: "/api/organizations/reports/smart-circle-users",
    auth: "tenant",
    summary:
      'Lead generators of Smart Circle organizations. `format: "csv"` answers a text/csv download, `"xlsx"` an Excel workbook.',
    body: smartCircleUsersRequest,
    response: smartCircleUsersResponse,
    download: true,
  }),
  /** Served beside the settings module's own routes (`organizationSettingsRoutes`). */
  settingsOrganizations: endpoint({
    name: "settings.organizations",
    method: "POST",
    path: "/api/settings/organizations",
    auth: "tenant",
    summary:
      "The organizations the caller may change from the request's organization (`CurrentOrganizationId`): for an Admin, that organization and, when it is an owner group, the organizations it owns; for a Super Admin (platform call), every organization.",
    body: settingsOrganizationsRequest,
    response: settingsOrganizationsResponse,
  }),
} as const;
