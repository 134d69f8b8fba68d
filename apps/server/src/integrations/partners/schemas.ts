import { z } from "zod";

/**
 * The three partner destinations that have no public API of their own (docs/domain.md, "Destinations"): the
 * retailer's home-services handoff, the retailer's "sell, finish and install" program and the second partner
 * program. Each is an HTTP destination of our design (docs/integrations/<kind>.openapi.yaml): one signed JSON body
 * per lead, `PUT` by our idempotency key. This file holds what an organization stores for each (settings and
 * credentials, with messages a manager can act on) and the body we send, which the simulator checks with the very
 * same schemas, so the two cannot disagree.
 */

export const PARTNER_KINDS = ["retailer", "retailerProgram", "secondPartner"] as const;
/** A partner destination: its registry key (vendor) and its consent destination are the same word. */
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** The destination as a sentence names it ("The retailer refused..."). */
export const PARTNER_NAMES: Record<PartnerKind, string> = {
  retailer: "the retailer",
  retailerProgram: "the retailer program",
  secondPartner: "the second partner program",
};

export const capitalized = (kind: PartnerKind) =>
  PARTNER_NAMES[kind].charAt(0).toUpperCase() + PARTNER_NAMES[kind].slice(1);

/** The paths under the partner's endpoint (part of the documented protocol; the OpenAPI test checks them). */
export const PARTNER_PATHS = {
  lead: "/v1/leads/{key}",
  ping: "/v1/ping",
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Settings and credentials
// ---------------------------------------------------------------------------------------------------------------

// The settings and credentials are the API's (packages/contracts/src/destinations.ts): one definition for the
// settings form, the API's check and the adapter's.
import {
  type PartnerCode,
  type PartnerCredentials,
  partnerCredentials,
  partnerEndpoint,
  type RetailerProgramSettings,
  type RetailerSettings,
  retailerProgramSettings,
  retailerSettings,
  type SecondPartnerSettings,
  secondPartnerSettings,
} from "@fieldlead/contracts";

export {
  type PartnerCode,
  type PartnerCredentials,
  partnerCredentials,
  partnerEndpoint,
  type RetailerProgramSettings,
  type RetailerSettings,
  retailerProgramSettings,
  retailerSettings,
  type SecondPartnerSettings,
  secondPartnerSettings,
};

export type PartnerSettings = {
  retailer: RetailerSettings;
  retailerProgram: RetailerProgramSettings;
  secondPartner: SecondPartnerSettings;
};

export const PARTNER_SETTINGS: { [K in PartnerKind]: z.ZodType<PartnerSettings[K], unknown> } = {
  retailer: retailerSettings,
  retailerProgram: retailerProgramSettings,
  secondPartner: secondPartnerSettings,
};

// ---------------------------------------------------------------------------------------------------------------
// The body we send: `PUT {endpoint}/v1/leads/{key}`
// ---------------------------------------------------------------------------------------------------------------

const instant = z.iso.datetime({ offset: true, error: "An ISO 8601 instant (2026-03-02T15:00:00Z)." });
const idName = z.object({ id: z.number().int(), name: z.string() });
const code = z.object({ id: z.number().int(), code: z.string().min(1), name: z.string() });

/** What the three bodies share (the partner's own block is `program`, its store number is in `store`). */
export const partnerLeadBase = z.object({
  /** Our idempotency key: one record per key at the partner, the same in the path. */
  key: z.string().min(1).max(200),
  /** Grows by one with every change; a receiver keeps the highest it was sent. */
  version: z.number().int().positive(),
  sentAt: instant,
  /** `lead` when the lead has no appointment (yet, or any more). */
  status: z.enum(["booked", "cancelled", "lead"]),
  organization: idName,
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.object({
      street: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip: z.string().nullable(),
      country: z.literal("US"),
    }),
    languageId: z.number().int().nullable(),
  }),
  appointment: z
    .object({
      id: z.number().int(),
      type: idName,
      start: instant,
      end: instant,
      /** The store's IANA zone, for the partner's people (the instants are UTC). */
      timeZone: z.string().min(1),
      notes: z.string().nullable(),
    })
    .nullable(),
  serviceType: idName.nullable(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  consent: z.object({ disclosureText: z.string(), acceptedAt: instant }).nullable(),
  capturedAt: instant,
  capturedBy: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  notes: z.string().nullable(),
});

const storeWithNumber = z.object({
  id: z.number().int(),
  name: z.string(),
  storeNumber: z.string().nullable(),
});

export const retailerLeadBody = partnerLeadBase.extend({
  /** The retailer knows its warehouses by number: a lead without one cannot be handed off. */
  store: z.object({ id: z.number().int(), name: z.string(), warehouseNumber: z.string().min(1) }),
  program: z.object({
    vendorNumber: z.string().min(1),
    imeSubCategory: idName.nullable(),
    externalReference: z.string().nullable(),
  }),
});
export type RetailerLeadBody = z.infer<typeof retailerLeadBody>;

export const retailerProgramLeadBody = partnerLeadBase.extend({
  store: storeWithNumber.nullable(),
  program: z.object({ hdsfiGroup: code, hdJobType: code, externalReference: z.string().nullable() }),
});
export type RetailerProgramLeadBody = z.infer<typeof retailerProgramLeadBody>;

export const secondPartnerLeadBody = partnerLeadBase.extend({
  store: storeWithNumber.nullable(),
  program: z.object({ service: code, adCode: code, externalReference: z.string().nullable() }),
});
export type SecondPartnerLeadBody = z.infer<typeof secondPartnerLeadBody>;

export type PartnerLeadBodies = {
  retailer: RetailerLeadBody;
  retailerProgram: RetailerProgramLeadBody;
  secondPartner: SecondPartnerLeadBody;
};
export type PartnerLeadBody = PartnerLeadBodies[PartnerKind];

export const PARTNER_LEAD_BODIES = {
  retailer: retailerLeadBody,
  retailerProgram: retailerProgramLeadBody,
  secondPartner: secondPartnerLeadBody,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The partner's answers
// ---------------------------------------------------------------------------------------------------------------

/** 200/201 to the PUT. Loose: a field a partner adds must not fail a delivery. */
export const partnerAccepted = z.looseObject({ id: z.string().min(1), version: z.number().int() });

/** 409: the partner holds a newer version of this key than the one sent. */
export const partnerStale = z.looseObject({
  id: z.string().min(1).nullish(),
  currentVersion: z.number().int(),
});

/** An error answer (RFC 9457 problem details); every field optional, a proxy's 502 page has none. */
export const partnerProblem = z.looseObject({
  type: z.string().nullish(),
  title: z.string().nullish(),
  status: z.number().nullish(),
  detail: z.string().nullish(),
  errors: z.record(z.string(), z.array(z.string())).nullish(),
});

/** 200 to `GET /v1/ping`: who the partner takes us for (by the secret). */
export const partnerPing = z.looseObject({ ok: z.literal(true), vendor: z.string().nullish() });

/** zod issues as field messages (`customer.phone: [...]`), the shape problems and delivery failures carry. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

/** Field messages in one line, for an error a person reads (the first few; the rest are in `fieldErrors`). */
export const describeFieldErrors = (errors: Record<string, string[]>, max = 3) =>
  Object.entries(errors)
    .slice(0, max)
    .map(([field, messages]) => `${field}: ${messages.join(" ")}`)
    .join("; ");
