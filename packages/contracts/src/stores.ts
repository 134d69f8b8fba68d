import { z } from "zod";
import { idParam, idSchema, pageOf, pagingSchema, textSchema } from "./common";
import { endpoint } from "./endpoint";
import { blankToNull, ianaTimeZone, optionalText } from "./organizations";
import { US_STATES, usStateByCode } from "./us-states";

export const usStateCode = textSchema
  .trim()
  .toUpperCase()
  .refine((code) => usStateByCode(code) !== undefined, "Choose a US state (two-letter code such as NJ)")
  .meta({
    pattern: "^[A-Za-z]{2}$",
    description: `The two-letter code of one of the 50 US states, in any case: ${US_STATES.map((s) => s.code).join(", ")}`,
    example: "NJ",
  });

/** `POST /api/store/upsert`: the whole store (a form). Without `id` it creates one. */
export const storeUpsertRequest = z.object({
  id: idSchema.optional(),
  name: textSchema.trim().min(1, "Enter the store's name").max(120, "Use at most 120 characters"),
  /** An id of the `storesBrands` lookup list. */
  brandId: idSchema.nullable().default(null),
  storeNumber: optionalText(20).default(null),
  address: optionalText(200).default(null),
  city: optionalText(100).default(null),
  state: blankToNull(usStateCode.nullable()).default(null),
  zip: blankToNull(
    textSchema
      .trim()
      .regex(/^\d{5}$/, "Enter a 5-digit ZIP code")
      .nullable(),
  ).default(null),
  /** Defaults to the organization's time zone. */
  timeZone: blankToNull(ianaTimeZone.nullable()).default(null),
  organizationTerritoryId: idSchema.nullable().default(null),
  isActive: z.boolean().default(true),
  latitude: z
    .number()
    .min(-90, "Latitude is between -90 and 90")
    .max(90, "Latitude is between -90 and 90")
    .nullable()
    .default(null),
  longitude: z
    .number()
    .min(-180, "Longitude is between -180 and 180")
    .max(180, "Longitude is between -180 and 180")
    .nullable()
    .default(null),
});
export type StoreUpsertRequest = z.input<typeof storeUpsertRequest>;

export const storeDetail = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  brandId: z.number().int().nullable(),
  brandName: z.string().nullable(),
  storeNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  timeZone: z.string(),
  organizationTerritoryId: z.number().int().nullable(),
  territoryName: z.string().nullable(),
  isActive: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreDetail = z.infer<typeof storeDetail>;

export const STORE_SORT_KEYS = [
  "name",
  "storeNumber",
  "city",
  "state",
  "brand",
  "territory",
  "createdAt",
] as const;

/** `POST /api/store/search`: filters combine with AND; `search` matches name, number, city and address. */
export const storeSearchRequest = pagingSchema.extend({
  search: textSchema.trim().max(100).optional(),
  brandIds: z.array(idSchema).max(50).optional(),
  territoryIds: z.array(idSchema).max(500).optional(),
  states: z.array(usStateCode).max(50).optional(),
  isActive: z.boolean().optional(),
  sortBy: z.enum(STORE_SORT_KEYS).default("name"),
  sortDirection: z.enum(["asc", "desc"]).default("asc"),
});
export type StoreSearchRequest = z.input<typeof storeSearchRequest>;

export const storeSearchResponse = pageOf(storeDetail);

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025): each defined once, served by the server and called by the web from here.
// ---------------------------------------------------------------------------------------------------------

export const storesApi = {
  search: endpoint({
    name: "store.search",
    method: "POST",
    path: "/api/store/search",
    auth: "tenant",
    body: storeSearchRequest,
    response: storeSearchResponse,
  }),
  upsert: endpoint({
    name: "store.upsert",
    method: "POST",
    path: "/api/store/upsert",
    auth: "tenant",
    body: storeUpsertRequest,
    response: storeDetail,
  }),
  detail: endpoint({
    name: "store.byId",
    method: "GET",
    path: "/api/store/{id}",
    auth: "tenant",
    params: idParam,
    response: storeDetail,
  }),
} as const;
