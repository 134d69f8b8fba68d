import { z } from "zod";

/**
 * ServiceTitan's shapes as its public API documents them (docs/integrations/servicetitan.md). The client parses
 * every answer with these and the simulator answers with exactly these. Objects are loose: the vendor adds fields
 * over time, and a field we do not read must not break a read.
 */

/** `POST {authUrl}/connect/token` (OAuth2 client credentials). */
export const stTokenResponse = z.looseObject({
  access_token: z.string().min(1),
  /** Seconds; about 900. */
  expires_in: z.number().positive(),
  token_type: z.string(),
});
export type StTokenResponse = z.infer<typeof stTokenResponse>;

/** One page of a list: `{page, pageSize, hasMore, totalCount?, data}`. */
export const stPage = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    totalCount: z.number().int().nullish(),
    data: z.array(item),
  });
export type StPage<T> = {
  page: number;
  pageSize: number;
  hasMore: boolean;
  totalCount?: number | null;
  data: T[];
};

const idName = z.looseObject({ id: z.number().int(), name: z.string() });

/** `GET /settings/v2/tenant/{t}/technicians`. */
export const stTechnician = z.looseObject({
  id: z.number().int(),
  userId: z.number().int().nullish(),
  name: z.string(),
  businessUnitId: z.number().int().nullish(),
  email: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  active: z.boolean(),
  skills: z.array(idName).nullish(),
});
export type StTechnician = z.infer<typeof stTechnician>;

/** `GET /settings/v2/tenant/{t}/business-units`. */
export const stBusinessUnit = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  officialName: z.string().nullish(),
  active: z.boolean(),
  trade: idName.nullish(),
});
export type StBusinessUnit = z.infer<typeof stBusinessUnit>;

/** `GET /jpm/v2/tenant/{t}/job-types`. */
export const stJobType = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  businessUnitIds: z.array(z.number().int()).nullish(),
  /** Seconds. */
  duration: z.number().nullish(),
  priority: z.string().nullish(),
  active: z.boolean(),
});
export type StJobType = z.infer<typeof stJobType>;

/** `GET /marketing/v2/tenant/{t}/campaigns`. */
export const stCampaign = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  category: idName.nullish(),
});
export type StCampaign = z.infer<typeof stCampaign>;

/** The body of `POST /dispatch/v2/tenant/{t}/capacity`. Times are UTC instants (ISO 8601). */
export const stCapacityRequest = z.object({
  startsOnOrAfter: z.string(),
  endsOnOrBefore: z.string(),
  businessUnitIds: z.array(z.number().int()).nullish(),
  jobTypeId: z.number().int().nullish(),
  skillBasedAvailability: z.boolean(),
});
export type StCapacityRequest = z.infer<typeof stCapacityRequest>;

export const stCapacityTechnician = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(["Available", "Unavailable"]),
  hasRequiredSkills: z.boolean(),
});

/** One slot of capacity, in labor hours (`start`/`end` in the tenant's wall clock, `startUtc`/`endUtc` instants). */
export const stAvailability = z.looseObject({
  start: z.string(),
  end: z.string(),
  startUtc: z.string(),
  endUtc: z.string(),
  businessUnitIds: z.array(z.number().int()),
  totalAvailability: z.number(),
  openAvailability: z.number(),
  isAvailable: z.boolean(),
  isExceedingIdealBookingPercentage: z.boolean(),
  technicians: z.array(stCapacityTechnician),
});
export type StAvailability = z.infer<typeof stAvailability>;

export const stCapacityResponse = z.looseObject({
  timeStamp: z.string(),
  availabilities: z.array(stAvailability),
});
export type StCapacityResponse = z.infer<typeof stCapacityResponse>;

/** An error answer (RFC 7807). Every field optional: a proxy's 502 page has none of them. */
export const stProblem = z.looseObject({
  type: z.string().nullish(),
  title: z.string().nullish(),
  status: z.number().nullish(),
  traceId: z.string().nullish(),
  errors: z.record(z.string(), z.array(z.string())).nullish(),
  data: z.unknown().optional(),
});
export type StProblem = z.infer<typeof stProblem>;
