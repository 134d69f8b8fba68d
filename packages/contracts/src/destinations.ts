import { z } from "zod";
import { idSchema, pageOf, pathIdSchema, textSchema } from "./common";
import { endpoint } from "./endpoint";
import { CONSENT_DESTINATIONS, type ConsentDestination } from "./lead-constants";
import { consentDestinationSchema } from "./leads";

/**
 * Destinations and deliveries (docs/decisions/0039-deliveries.md). Each organization sends its leads and
 * appointments to up to four destinations: its field-service CRM (ServiceTitan), the retailer, the retailer's
 * program and the second partner program. Booking, moving or cancelling an appointment records one delivery per
 * enabled destination in the same transaction; a worker sends it, retries with backoff, and marks it dead after a
 * bounded time, alerting the organization's Admins. Credentials are written, never read back.
 */

export const DESTINATIONS: readonly { id: ConsentDestination; name: string; vendor: string }[] =
  CONSENT_DESTINATIONS.map((d) => ({
    id: d.id,
    name: d.name,
    vendor: d.id === "crm" ? "servicetitan" : d.id,
  }));
export const destinationName = (id: ConsentDestination) =>
  CONSENT_DESTINATIONS.find((d) => d.id === id)?.name ?? id;

export const DELIVERY_STATES = ["pending", "sending", "sent", "failed", "dead"] as const;
export type DeliveryStateName = (typeof DELIVERY_STATES)[number];
export const DELIVERY_STATE_LABELS: Record<DeliveryStateName, string> = {
  pending: "Pending",
  sending: "Sending",
  sent: "Sent",
  failed: "Failing",
  dead: "Dead",
};

/** What became of the lead's job at the CRM (read back on a schedule). */
export const JOB_OUTCOMES = ["pending", "ran", "sold", "notSold", "noShow", "cancelled"] as const;
export type JobOutcomeName = (typeof JOB_OUTCOMES)[number];
export const JOB_OUTCOME_LABELS: Record<JobOutcomeName, string> = {
  pending: "Not run yet",
  ran: "Ran",
  sold: "Sold",
  notSold: "Not sold",
  noShow: "No show",
  cancelled: "Cancelled",
};

// ---------------------------------------------------------------------------------------------------------
// Settings, one shape per destination
// ---------------------------------------------------------------------------------------------------------

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, "Enter the full address, starting with https://");
const positiveId = (what: string) =>
  z
    .number(`Enter ${what} as a whole number`)
    .int(`Enter ${what} as a whole number`)
    .positive(`Enter ${what} as a whole number above 0`);
const optionalId = (what: string) => positiveId(what).nullable().default(null);

export const crmSettings = z
  .object({
    apiUrl: httpUrl,
    authUrl: httpUrl,
    tenantId: positiveId("the tenant id"),
    clientId: textSchema.trim().min(1, "Enter the client id").max(200),
    appKey: textSchema.trim().min(1, "Enter the app key").max(200),
    /** `booking`: a booking a CSR accepts; `job`: customer, location and job straight onto the dispatch board. */
    mode: z.enum(["booking", "job"]).default("booking"),
    bookingProviderId: optionalId("the booking provider id"),
    campaignId: optionalId("the campaign id"),
    businessUnitId: optionalId("the business unit id"),
    jobTypeId: optionalId("the job type id"),
    priority: z.enum(["Low", "Normal", "High", "Urgent"]).default("Normal"),
  })
  .superRefine((s, ctx) => {
    if (s.mode === "booking" && s.bookingProviderId === null)
      ctx.addIssue({
        code: "custom",
        path: ["bookingProviderId"],
        message: "Booking mode needs the booking provider id ServiceTitan gave the organization.",
      });
  });
export const crmCredentials = z.object({
  clientSecret: textSchema.min(1, "Enter the client secret").max(500),
});

// The three HTTP destinations (the retailer and the two programs: docs/integrations/*.openapi.yaml).
const text = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
const wholeId = (message: string) => z.number({ error: message }).int({ error: message });

/** The base URL of the partner's API: http(s), no query or fragment (our paths are appended to it). */
export const partnerEndpoint = z
  .string({ error: "Give the address of the partner's API (https://...)." })
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && !url.search && !url.hash;
      } catch {
        return false;
      }
    },
    { error: "The endpoint is the address of the partner's API, starting with https:// (no ? or #)." },
  );

export const partnerCredentials = z.object({
  secret: z
    .string({ error: "Give the secret shared with the partner." })
    .min(16, { error: "The shared secret has at least 16 characters." }),
});
export type PartnerCredentials = z.infer<typeof partnerCredentials>;

/** One of a program's own codes (a group, a job type, a service, an ad code) as the organization maps it. */
const codedItem = (what: string) =>
  z.object({
    id: wholeId(`Each ${what} needs a whole-number id.`),
    name: text(`Each ${what} needs a name.`),
    code: text(`Each ${what} needs the program's code.`),
  });
export type PartnerCode = { id: number; name: string; code: string };

/** Refuses two items with one id, and a default that is not one of them (either would send the wrong code). */
function checkList(
  ctx: z.RefinementCtx,
  list: readonly { id: number }[],
  listKey: string,
  defaultId: number | null,
  defaultKey: string,
  what: string,
) {
  const seen = new Set<number>();
  list.forEach((item, index) => {
    if (seen.has(item.id))
      ctx.addIssue({
        code: "custom",
        path: [listKey, index, "id"],
        message: `Two ${what}s have the id ${item.id}.`,
      });
    seen.add(item.id);
  });
  if (defaultId !== null && !seen.has(defaultId))
    ctx.addIssue({
      code: "custom",
      path: [defaultKey],
      message: `The default ${what} (${defaultId}) is not one of the ${what}s.`,
    });
}

export const retailerSettings = z.object({
  endpoint: partnerEndpoint,
  vendorNumber: text("Give our vendor number at the retailer."),
  /** Our store id -> the retailer's warehouse number. */
  storeNumbers: z
    .record(z.string().regex(/^\d+$/), text("Give each store's warehouse number."), {
      // zod reports a bad key as the record's own issue ("Invalid key in record"): say what a key is instead.
      error: (issue) => (issue.code === "invalid_key" ? "Name each store by its id (digits)." : undefined),
    })
    .default({}),
  imeSubCategories: z
    .array(
      z.object({
        id: wholeId("Each IME sub-category needs a whole-number id."),
        name: text("Each IME sub-category needs a name."),
      }),
    )
    .default([]),
});
export type RetailerSettings = z.infer<typeof retailerSettings>;

export const retailerProgramSettings = z
  .object({
    endpoint: partnerEndpoint,
    groups: z.array(codedItem("HDSFI group")).default([]),
    jobTypes: z.array(codedItem("HD job type")).default([]),
    defaultGroupId: wholeId("The default HDSFI group is a whole-number id.").nullable().default(null),
    defaultJobTypeId: wholeId("The default HD job type is a whole-number id.").nullable().default(null),
  })
  .superRefine((s, ctx) => {
    checkList(ctx, s.groups, "groups", s.defaultGroupId, "defaultGroupId", "HDSFI group");
    checkList(ctx, s.jobTypes, "jobTypes", s.defaultJobTypeId, "defaultJobTypeId", "HD job type");
  });
export type RetailerProgramSettings = z.infer<typeof retailerProgramSettings>;

export const secondPartnerSettings = z
  .object({
    endpoint: partnerEndpoint,
    serviceIds: z.array(codedItem("service")).default([]),
    adCodes: z.array(codedItem("ad code")).default([]),
    defaultServiceId: wholeId("The default service is a whole-number id.").nullable().default(null),
    defaultAdCodeId: wholeId("The default ad code is a whole-number id.").nullable().default(null),
  })
  .superRefine((s, ctx) => {
    checkList(ctx, s.serviceIds, "serviceIds", s.defaultServiceId, "defaultServiceId", "service");
    checkList(ctx, s.adCodes, "adCodes", s.defaultAdCodeId, "defaultAdCodeId", "ad code");
  });
export type SecondPartnerSettings = z.infer<typeof secondPartnerSettings>;

export const DESTINATION_SETTINGS = {
  crm: { settings: crmSettings, credentials: crmCredentials },
  retailer: { settings: retailerSettings, credentials: partnerCredentials },
  retailerProgram: { settings: retailerProgramSettings, credentials: partnerCredentials },
  secondPartner: { settings: secondPartnerSettings, credentials: partnerCredentials },
} as const;

export type CrmSettings = z.infer<typeof crmSettings>;

/** The health line of a destination: what it did in the last hour, what is failing, what waits longest. */
export const destinationHealth = z.object({
  sentLastHour: z.number().int(),
  pending: z.number().int(),
  failing: z.number().int(),
  dead: z.number().int(),
  oldestPendingAt: z.string().nullable(),
});
export type DestinationHealth = z.infer<typeof destinationHealth>;

export const destinationView = z.object({
  destination: consentDestinationSchema,
  name: z.string(),
  vendor: z.string(),
  isEnabled: z.boolean(),
  /** Whether settings were ever saved (a destination never set up is off and has no settings). */
  isConfigured: z.boolean(),
  /** The saved settings (no credentials), in the destination's shape; `null` before the first save. */
  settings: z.record(z.string(), z.unknown()).nullable(),
  /** Credentials are never answered: only whether they are set. */
  credentialsSet: z.boolean(),
  health: destinationHealth,
  updatedAt: z.string().nullable(),
});
export type DestinationView = z.infer<typeof destinationView>;

export const destinationParams = z.object({ destination: consentDestinationSchema });

/**
 * Saving a destination: on or off, its settings in the destination's shape (checked against it: field messages
 * name the settings' fields), and credentials, which are kept when left out (they are never read back).
 */
export const destinationUpsertRequest = z.object({
  isEnabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  credentials: z.record(z.string(), z.unknown()).nullish(),
});
export type DestinationUpsertRequest = z.input<typeof destinationUpsertRequest>;

export const destinationTestResponse = z.object({ ok: z.boolean(), message: z.string() });
export type DestinationTestResponse = z.infer<typeof destinationTestResponse>;

/** The spec's program settings calls (`/api/centah|homeDepot/{orgUid}/organization`): the organization's uid. */
export const orgUidParams = z.object({
  orgUid: z.string().regex(/^[A-Za-z0-9-]{4,64}$/, "Use the organization's uid (letters and digits)"),
});
/** The program's settings, saved (the body of `.../organization/upsert`): as `destinationUpsertRequest`. */
export const programUpsertRequest = destinationUpsertRequest;

// ---------------------------------------------------------------------------------------------------------
// Deliveries
// ---------------------------------------------------------------------------------------------------------

export const deliveryItem = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  leadName: z.string(),
  destination: consentDestinationSchema,
  state: z.enum(DELIVERY_STATES),
  /** Tries since the last success (the current run of failures). */
  attempts: z.number().int(),
  /** The last failure, in words a manager understands; `null` once sent. */
  lastError: z.string().nullable(),
  /** The destination's id for the record (a booking, a job); `null` until it was first sent. */
  externalId: z.string().nullable(),
  /** The key the destination knows the lead by (ServiceTitan's `externalId`). */
  idempotencyKey: z.string(),
  appointmentId: z.number().int().nullable(),
  appointmentStartsAt: z.string().nullable(),
  appointmentStatus: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  firstSentAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeliveryItem = z.infer<typeof deliveryItem>;

export const DELIVERY_SORT_KEYS = ["updatedAt", "nextAttemptAt", "leadName", "state"] as const;

const deliverySearchBody = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
  destinations: z.array(consentDestinationSchema).max(4).optional(),
  /** Default: everything not sent (pending, sending, failing, dead). */
  states: z.array(z.enum(DELIVERY_STATES)).max(5).optional(),
  /** A lead's name (prefix of first or last name) or its id. */
  text: textSchema.trim().max(100).nullish(),
  leadId: idSchema.nullish(),
  sortBy: z.enum(DELIVERY_SORT_KEYS).default("updatedAt"),
  sortDirection: z.enum(["asc", "desc"]).default("desc"),
});
export const deliverySearchRequest = z.preprocess((v) => v ?? {}, deliverySearchBody);
export type DeliverySearchRequest = z.input<typeof deliverySearchBody>;
export const deliverySearchResponse = pageOf(deliveryItem);

export const DELIVERY_RESEND_MAX = 500;
export const deliveryResendRequest = z.object({
  ids: z
    .array(idSchema)
    .min(1, "Choose the deliveries to send again")
    .max(DELIVERY_RESEND_MAX, `Send at most ${DELIVERY_RESEND_MAX} again at once`),
});
export const deliveryResendResponse = z.object({ resent: z.number().int() });

export const deliveryHealthResponse = z.object({
  items: z.array(
    z.object({
      destination: consentDestinationSchema,
      name: z.string(),
      isEnabled: z.boolean(),
      health: destinationHealth,
    }),
  ),
});
export type DeliveryHealthResponse = z.infer<typeof deliveryHealthResponse>;

export const leadDeliveriesResponse = z.object({ items: z.array(deliveryItem) });
export type LeadDeliveries = z.infer<typeof leadDeliveriesResponse>;

/** `{isExternal}` as the spec's paths carry it: `true`/`false` (or 1/0). */
const isExternalParam = z
  .enum(["true", "false", "1", "0"], "Use true or false for isExternal")
  .transform((v) => v === "true" || v === "1");
/** Lead ids are bigint (the leads' own calls take the same range). */
export const leadIdParams = z.object({ id: pathIdSchema(Number.MAX_SAFE_INTEGER) });
export const leadIdExternalParams = z.object({
  id: pathIdSchema(Number.MAX_SAFE_INTEGER),
  isExternal: isExternalParam,
});

export const leadRevenueResponse = z.object({
  leadId: z.number().int(),
  outcome: z.enum(JOB_OUTCOMES).nullable(),
  revenue: z.number().nullable(),
  jobId: z.string().nullable(),
  jobNumber: z.string().nullable(),
  /** When the CRM was last read for this lead. */
  readAt: z.string().nullable(),
  capturedAt: z.string(),
  firstDeliveredAt: z.string().nullable(),
  firstContactedAt: z.string().nullable(),
});
export type LeadRevenue = z.infer<typeof leadRevenueResponse>;

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025)
// ---------------------------------------------------------------------------------------------------------

const sendNote =
  " Records the delivery (or sends it again) and tries it at once; answers the lead's deliveries as they stand (`failed` with the reason when the destination is down: it is retried).";

export const destinationsApi = {
  list: endpoint({
    name: "destinations.list",
    method: "GET",
    path: "/api/destinations",
    auth: "tenant",
    summary:
      "The organization's four destinations: on or off, settings (never credentials), health (Admins).",
    response: z.object({ items: z.array(destinationView) }),
  }),
  upsert: endpoint({
    name: "destinations.upsert",
    method: "PUT",
    path: "/api/destinations/{destination}",
    auth: "tenant",
    summary: "Save a destination's settings, on or off; credentials left out are kept (Admins).",
    params: destinationParams,
    body: destinationUpsertRequest,
    response: destinationView,
  }),
  test: endpoint({
    name: "destinations.test",
    method: "POST",
    path: "/api/destinations/{destination}/test",
    auth: "tenant",
    summary:
      "Try the settings given (credentials left out: the saved ones) against the destination without sending a lead (Admins).",
    params: destinationParams,
    body: destinationUpsertRequest,
    response: destinationTestResponse,
  }),
  deliveries: endpoint({
    name: "deliveries.search",
    method: "POST",
    path: "/api/deliveries/search",
    auth: "tenant",
    summary:
      "Deliveries of the organization, by default those not sent, filtered, sorted and paged on the server.",
    body: deliverySearchRequest,
    response: deliverySearchResponse,
  }),
  resend: endpoint({
    name: "deliveries.resend",
    method: "POST",
    path: "/api/deliveries/resend",
    auth: "tenant",
    summary:
      "Send these deliveries again now (a dead one is revived); the destination keeps one record per lead.",
    body: deliveryResendRequest,
    response: deliveryResendResponse,
  }),
  health: endpoint({
    name: "deliveries.health",
    method: "GET",
    path: "/api/deliveries/health",
    auth: "tenant",
    summary: "A health line per destination: sent in the last hour, pending, failing, dead, oldest pending.",
    response: deliveryHealthResponse,
  }),
  leadDeliveries: endpoint({
    name: "leads.byIdDeliveries",
    method: "GET",
    path: "/api/leads/{id}/deliveries",
    auth: "tenant",
    summary: "The lead's deliveries: state, attempts, last error, the destination's id.",
    params: leadIdParams,
    response: leadDeliveriesResponse,
  }),
  sendServiceTitan: endpoint({
    name: "leads.byIdByIsExternalServiceTitan",
    method: "PUT",
    path: "/api/leads/{id}/{isExternal}/service-titan",
    auth: "tenant",
    summary: `Send the lead and its appointment to the organization's field-service CRM now.${sendNote}`,
    params: leadIdExternalParams,
    response: leadDeliveriesResponse,
  }),
  sendRetailer: endpoint({
    name: "leads.byIdRetailer",
    method: "PUT",
    path: "/api/leads/{id}/retailer",
    auth: "tenant",
    summary: `Send the lead to the retailer now (the lead must have agreed to be contacted by it).${sendNote}`,
    params: leadIdParams,
    response: leadDeliveriesResponse,
  }),
  sendAll: endpoint({
    name: "leads.byIdCrm",
    method: "POST",
    path: "/api/leads/{id}/crm",
    auth: "tenant",
    summary: `Send the lead to every destination the organization has on (and the lead agreed to) now.${sendNote}`,
    params: leadIdParams,
    response: leadDeliveriesResponse,
  }),
  revenue: endpoint({
    name: "leads.byIdRevenueByIsExternal",
    method: "GET",
    path: "/api/leads/{id}/revenue/{isExternal}",
    auth: "tenant",
    summary:
      "What the CRM reports for the lead's job (outcome, invoiced revenue), read back on a schedule, with the lead's speed-to-lead times.",
    params: leadIdExternalParams,
    response: leadRevenueResponse,
  }),
  centah: endpoint({
    name: "centah.byOrgUidOrganization",
    method: "POST",
    path: "/api/centah/{orgUid}/organization",
    auth: "tenant",
    summary: "The second partner program's settings of the current organization (Admins; never credentials).",
    params: orgUidParams,
    response: destinationView,
  }),
  centahUpsert: endpoint({
    name: "centah.byOrgUidOrganizationUpsert",
    method: "POST",
    path: "/api/centah/{orgUid}/organization/upsert",
    auth: "tenant",
    summary: "Save the second partner program's settings (as `PUT /api/destinations/secondPartner`).",
    params: orgUidParams,
    body: programUpsertRequest,
    response: destinationView,
  }),
  homeDepot: endpoint({
    name: "homeDepot.byOrgUidOrganization",
    method: "POST",
    path: "/api/homeDepot/{orgUid}/organization",
    auth: "tenant",
    summary: "The retailer program's settings of the current organization (Admins; never credentials).",
    params: orgUidParams,
    response: destinationView,
  }),
  homeDepotUpsert: endpoint({
    name: "homeDepot.byOrgUidOrganizationUpsert",
    method: "POST",
    path: "/api/homeDepot/{orgUid}/organization/upsert",
    auth: "tenant",
    summary: "Save the retailer program's settings (as `PUT /api/destinations/retailerProgram`).",
    params: orgUidParams,
    body: programUpsertRequest,
    response: destinationView,
  }),
} as const;
