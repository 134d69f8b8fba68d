import { z } from "zod";
import { freeFormJson, idParam, idSchema, okResponse, pageOf, pagingSchema, textSchema } from "./common";
import { endpoint } from "./endpoint";

const option = z.object({ id: z.number().int(), name: z.string() });
export type LookupOption = z.infer<typeof option>;

export const lookupStore = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  organizationTerritoryId: z.number().int().nullable(),
  organizationId: z.number().int(),
});
export const lookupLeadGenerator = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  organizationsTerritoryIds: z.array(z.number().int()),
});
export const lookupAppointmentType = z.object({
  id: z.number().int(),
  name: z.string(),
  territory: z.string().nullable(),
  organizationId: z.number().int(),
  organizationTerritoryId: z.number().int().nullable(),
});
export const lookupTerritory = z.object({
  id: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  isActive: z.boolean(),
});
export const lookupTimeZone = z.object({
  id: z.string(),
  name: z.string(),
  offsetMinutes: z.number().int(),
  label: z.string(),
});
export const lookupCode = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

/**
 * Every key of the spec's lookup list (docs/spec/product-spec.md, §3 Entities and their fields). Keys of
 * areas not built yet are empty lists.
 */
export const lookupList = z.object({
  parentOrganizations: z.array(option),
  organizationTerritories: z.array(lookupTerritory),
  allOrganizationTerritories: z.array(lookupTerritory),
  stores: z.array(lookupStore),
  allStores: z.array(lookupStore),
  scheduleAppointmentTypes: z.array(lookupAppointmentType),
  leadGenerator: z.array(lookupLeadGenerator),
  leadStatus: z.array(option),
  languageTypes: z.array(option),
  userActivities: z.array(option),
  userReasons: z.array(option),
  storesBrands: z.array(option),
  userHoursTypes: z.array(option),
  timeZones: z.array(lookupTimeZone),
  roles: z.array(option),
  userTrades: z.array(option),
  hdsfiGroup: z.array(lookupCode),
  costcoStores: z.array(lookupStore),
  technicians: z.array(option),
  serviceTitanBussiness: z.array(option),
  serviceTypeField: z.array(option),
  centahServiceId: z.array(lookupCode),
  centahAdCode: z.array(lookupCode),
  hdJobType: z.array(lookupCode),
  imeSubCategories: z.array(option),
  serviceTitanJobTypes: z.array(option),
  hdsfiGroupForAppointmentTypes: z.array(lookupCode),
  serviceTitanCampaigns: z.array(option),
});
export type LookupList = z.infer<typeof lookupList>;
export const LOOKUP_LIST_KEYS = Object.keys(lookupList.shape) as (keyof LookupList)[];

/** The large lists: every store and lead generator of the organization (megabytes at 5,000 stores). */
export const LARGE_LOOKUP_KEYS = ["stores", "allStores", "costcoStores", "leadGenerator"] as const;

export const lookupListQuery = z.object({
  /** `true`/`false` as words: `?includeInactive=false` is false (a plain coercion would read any text as true). */
  includeInactive: z.stringbool().optional(),
  /**
   * Leave the large lists (`stores`, `allStores`, `costcoStores`, `leadGenerator`) empty: the web reads them a
   * page at a time through the option searches. Without it the answer holds every key, as the spec's clients expect.
   */
  compact: z.stringbool().optional(),
});

const optionSearch = pagingSchema.extend({
  /** Words of the name (and, for stores, the number, address or city), case and accents ignored. */
  search: textSchema.trim().max(100).optional(),
  /** Exactly these (names for ids already on screen: a saved filter, a lead's store). */
  ids: z.array(idSchema).max(200).optional(),
  /** Only those of these territories. */
  territoryIds: z.array(idSchema).max(200).optional(),
  includeInactive: z.boolean().optional(),
  pageSize: z.number().int().min(1).max(100).default(25),
});

export const storeOptionsRequest = optionSearch.extend({
  /** Only stores of these brands (the Costco list is brand 1's). */
  brandIds: z.array(idSchema).max(50).optional(),
});
export type StoreOptionsRequest = z.input<typeof storeOptionsRequest>;
export const storeOption = lookupStore.extend({
  isActive: z.boolean(),
  brandId: z.number().int().nullable(),
  /**
   * One of the caller's own stores (assigned to them under Users > Stores). A page lists these first, so a lead
   * generator finds the stores they work at on top (the capture form shows them apart, as "My stores"). The
   * search always answers it; optional for the pickers' test data.
   */
  mine: z.boolean().optional(),
});
export type StoreOption = z.infer<typeof storeOption>;
export const storeOptionsPage = pageOf(storeOption);

export const leadGeneratorOptionsRequest = optionSearch;
export type LeadGeneratorOptionsRequest = z.input<typeof leadGeneratorOptionsRequest>;
export type LeadGeneratorOption = z.infer<typeof lookupLeadGenerator>;
export const leadGeneratorOptionsPage = pageOf(lookupLeadGenerator);

export const rolesQuery = z.object({
  /** "lead-generators": the territory-level selector (14, 15); "partner": the partner-program selector (2, 3). */
  selector: z.enum(["all", "lead-generators", "partner"]).optional(),
});
export const rolesResponse = z.array(option);
export const timeZonesResponse = z.array(lookupTimeZone);

export const feature = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feature = z.infer<typeof feature>;
export const featureUpdatesResponse = z.object({
  features: z.array(feature),
  activeFeatures: z.array(feature),
});
export const featureUpsertRequest = z.object({
  id: idSchema.optional(),
  name: textSchema.trim().min(1, "Enter a name").max(120, "Use at most 120 characters"),
  description: textSchema.trim().max(2000, "Use at most 2000 characters").default(""),
  isActive: z.boolean().default(false),
});
export type FeatureUpsertRequest = z.input<typeof featureUpsertRequest>;

export const typeOption = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export const dataTypesResponse = z.array(typeOption);
export const fieldTypesResponse = z.array(
  typeOption.extend({ dataTypeIds: z.array(z.number().int()), hasChoices: z.boolean() }),
);

/** The caller's web settings (side menu open...): free-form, at most 32 levels and 64 KB. */
export const webConfigUpsertRequest = z.object({ config: freeFormJson() });
export const webConfigUpsertResponse = z.object({ wingenWebConfig: z.record(z.string(), z.unknown()) });

export const addressSuggestionsQuery = z.object({
  query: textSchema.trim().min(1, "Type part of an address, city or ZIP code").max(200),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const addressSuggestion = z.object({
  id: z.string(),
  label: z.string(),
  source: z.enum(["organization", "zip"]),
});
export const addressSuggestionsResponse = z.array(addressSuggestion);
export const addressDetails = z.object({
  id: z.string(),
  address: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string().nullable(),
});
export type AddressDetails = z.infer<typeof addressDetails>;
export const addressIdParam = z.object({ id: textSchema.min(1).max(200) });

export const mailboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const mailboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** Files sent with it (a calendar file): name, media type and text content. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;
export const mailboxResponse = z.object({
  transport: z.enum(["smtp", "mailbox"]),
  messages: z.array(mailboxMessage),
});

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025): each defined once, served by the server and called by the web from here.
// ---------------------------------------------------------------------------------------------------------

export const appApi = {
  lookupList: endpoint({
    name: "app.lookupList",
    method: "GET",
    path: "/api/app/lookup-list",
    auth: "tenant",
    query: lookupListQuery,
    response: lookupList,
  }),
  storeOptions: endpoint({
    name: "app.lookupListStoresSearch",
    method: "POST",
    path: "/api/app/lookup-list/stores/search",
    auth: "tenant",
    summary:
      "The stores a caller may pick (in their territories), a page at a time, by name, number, address or city; or exactly `ids`.",
    body: storeOptionsRequest,
    response: storeOptionsPage,
  }),
  leadGeneratorOptions: endpoint({
    name: "app.lookupListLeadGeneratorsSearch",
    method: "POST",
    path: "/api/app/lookup-list/lead-generators/search",
    auth: "tenant",
    summary:
      "The lead generators a caller may pick (themselves for a lead generator, their territories' for territory roles), a page at a time, by name; or exactly `ids`.",
    body: leadGeneratorOptionsRequest,
    response: leadGeneratorOptionsPage,
  }),
  roles: endpoint({
    name: "app.lookupListRoles",
    method: "GET",
    path: "/api/app/lookup-list/roles",
    auth: "tenant",
    query: rolesQuery,
    response: rolesResponse,
  }),
  timeZones: endpoint({
    name: "app.lookupListTimezones",
    method: "GET",
    path: "/api/app/lookup-list/timezones",
    auth: "session",
    response: timeZonesResponse,
  }),
  featureUpdates: endpoint({
    name: "app.featureUpdates",
    method: "GET",
    path: "/api/app/feature/updates",
    auth: "session",
    response: featureUpdatesResponse,
  }),
  featureUpsert: endpoint({
    name: "app.featureUpsert",
    method: "POST",
    path: "/api/app/feature/upsert",
    auth: "tenant",
    body: featureUpsertRequest,
    response: feature,
  }),
  featureDelete: endpoint({
    name: "app.featureByIdDelete",
    method: "DELETE",
    path: "/api/app/feature/{id}/delete",
    auth: "tenant",
    params: idParam,
    response: okResponse,
  }),
  dataTypes: endpoint({
    name: "app.dataType",
    method: "GET",
    path: "/api/app/data-type",
    auth: "session",
    response: dataTypesResponse,
  }),
  fieldTypes: endpoint({
    name: "app.fieldType",
    method: "GET",
    path: "/api/app/field-type",
    auth: "session",
    response: fieldTypesResponse,
  }),
  webConfigUpsert: endpoint({
    name: "app.wingenWebConfigUpsert",
    method: "POST",
    path: "/api/app/wingen-web-config/upsert",
    auth: "session",
    body: webConfigUpsertRequest,
    response: webConfigUpsertResponse,
  }),
  addressSuggestions: endpoint({
    name: "app.addressSuggestions",
    method: "GET",
    path: "/api/app/address-suggestions",
    auth: "tenant",
    query: addressSuggestionsQuery,
    response: addressSuggestionsResponse,
  }),
  addressDetails: endpoint({
    name: "app.addressDetailsById",
    method: "GET",
    path: "/api/app/address-details/{id}",
    auth: "tenant",
    params: addressIdParam,
    response: addressDetails,
  }),
  /** Platform operation outside the spec's catalogue (Super Admin only). */
  mailbox: endpoint({
    name: "platform.mailbox",
    method: "GET",
    path: "/api/platform/mailbox",
    auth: "tenant",
    query: mailboxQuery,
    response: mailboxResponse,
  }),
} as const;
