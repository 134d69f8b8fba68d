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

/*
 * Writes and the records they make (bookings, customers, locations, jobs, appointments, invoices). Request bodies are
 * strict objects: the simulator validates what the adapter sends with them, and a misspelt field must be an error
 * there rather than silently dropped (the real API ignores unknown fields, which would hide the mistake).
 * Answers stay loose, as above.
 */

/** An instant in UTC as ServiceTitan takes it (ISO 8601; an offset is accepted too). */
const stInstant = z.iso.datetime({ offset: true });
const positiveId = z.number().int().positive();

export const ST_PRIORITIES = ["Low", "Normal", "High", "Urgent"] as const;
export type StPriority = (typeof ST_PRIORITIES)[number];

/** `{street, unit?, city, state, zip, country}`: every field but `unit` is required where an address is. */
export const stAddress = z.strictObject({
  street: z.string().min(1),
  unit: z.string().nullish(),
  city: z.string().min(1),
  state: z.string().min(1),
  zip: z.string().min(1),
  country: z.string().min(1),
});
export type StAddress = z.infer<typeof stAddress>;

export const stContact = z.strictObject({
  type: z.enum(["Phone", "Email", "Fax", "MobilePhone"]),
  value: z.string().min(1),
  memo: z.string().nullish(),
});
export type StContact = z.infer<typeof stContact>;

/** `externalData {applicationGuid, externalData: [{key, value}]}` on a create: our key, under our app's guid. */
export const stExternalDataRequest = z.strictObject({
  applicationGuid: z.uuid(),
  externalData: z.array(z.strictObject({ key: z.string().min(1), value: z.string() })),
});
export type StExternalDataRequest = z.infer<typeof stExternalDataRequest>;
/** What an answer carries back: the entries of the app guid the read asked for (`externalDataApplicationGuid`). */
export const stExternalData = z.array(z.looseObject({ key: z.string(), value: z.string() }));

/** The body of `POST /crm/v2/tenant/{t}/booking-provider/{bookingProviderId}/bookings`. */
export const stBookingCreateRequest = z.strictObject({
  source: z.string().min(1),
  name: z.string().min(1),
  summary: z.string().min(1),
  isFirstTimeClient: z.boolean(),
  /** Our idempotency key. ServiceTitan does not refuse a second booking with the same one: the caller finds first. */
  externalId: z.string().min(1),
  address: stAddress.nullish(),
  contacts: z.array(stContact).nullish(),
  customerType: z.enum(["Residential", "Commercial"]).nullish(),
  start: stInstant.nullish(),
  campaignId: positiveId.nullish(),
  businessUnitId: positiveId.nullish(),
  jobTypeId: positiveId.nullish(),
  priority: z.enum(ST_PRIORITIES).nullish(),
  uploadedImages: z.array(z.string()).nullish(),
  isSendConfirmationEmail: z.boolean().nullish(),
});
export type StBookingCreateRequest = z.infer<typeof stBookingCreateRequest>;

/** The body of `PATCH .../bookings/{id}`: any of the create's fields but the key. */
export const stBookingUpdateRequest = stBookingCreateRequest.omit({ externalId: true }).partial();
export type StBookingUpdateRequest = z.infer<typeof stBookingUpdateRequest>;

/** The body of `POST .../bookings/{id}/dismiss`. */
export const stBookingDismissRequest = z.strictObject({
  callReasonId: positiveId.nullish(),
  dismissingMemo: z.string().nullish(),
});
export type StBookingDismissRequest = z.infer<typeof stBookingDismissRequest>;

/** The booking statuses the documentation names. Answers keep `status` a string: a new one must not break a read. */
export const ST_BOOKING_STATUSES = ["New", "Converted", "Dismissed", "Accepted"] as const;
export type StBookingStatus = (typeof ST_BOOKING_STATUSES)[number];

/** A booking as ServiceTitan answers it: the request's fields plus its own. */
export const stBooking = z.looseObject({
  id: z.number().int(),
  source: z.string().nullish(),
  name: z.string().nullish(),
  summary: z.string().nullish(),
  isFirstTimeClient: z.boolean().nullish(),
  externalId: z.string().nullish(),
  address: z.looseObject({}).nullish(),
  contacts: z.array(z.looseObject({ type: z.string(), value: z.string() })).nullish(),
  customerType: z.string().nullish(),
  start: z.string().nullish(),
  campaignId: z.number().int().nullish(),
  businessUnitId: z.number().int().nullish(),
  jobTypeId: z.number().int().nullish(),
  priority: z.string().nullish(),
  isSendConfirmationEmail: z.boolean().nullish(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  status: z.string(),
  /** The job a CSR converted the booking into. */
  jobId: z.number().int().nullish(),
  bookingProviderId: z.number().int().nullish(),
});
export type StBooking = z.infer<typeof stBooking>;

export const stLocationRequest = z.strictObject({
  name: z.string().min(1),
  address: stAddress,
  contacts: z.array(stContact).nullish(),
});

/** The body of `POST /crm/v2/tenant/{t}/customers`. */
export const stCustomerCreateRequest = z.strictObject({
  name: z.string().min(1),
  type: z.enum(["Residential", "Commercial"]).nullish(),
  address: stAddress,
  locations: z.array(stLocationRequest).min(1),
  contacts: z.array(stContact).nullish(),
  externalData: stExternalDataRequest.nullish(),
});
export type StCustomerCreateRequest = z.infer<typeof stCustomerCreateRequest>;

/** The body of `POST /crm/v2/tenant/{t}/locations`. */
export const stLocationCreateRequest = stLocationRequest.extend({ customerId: positiveId });
export type StLocationCreateRequest = z.infer<typeof stLocationCreateRequest>;

export const stLocation = z.looseObject({
  id: z.number().int(),
  customerId: z.number().int().nullish(),
  name: z.string(),
  address: z.looseObject({}).nullish(),
});
export type StLocation = z.infer<typeof stLocation>;

/** A customer as answered: the request echoed, with `id` and each location's `id`. */
export const stCustomer = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  type: z.string().nullish(),
  address: z.looseObject({}).nullish(),
  locations: z.array(stLocation).nullish(),
  externalData: stExternalData.nullish(),
});
export type StCustomer = z.infer<typeof stCustomer>;

export const stAppointmentRequest = z.strictObject({
  start: stInstant,
  end: stInstant,
  arrivalWindowStart: stInstant.nullish(),
  arrivalWindowEnd: stInstant.nullish(),
  technicianIds: z.array(positiveId).nullish(),
});

/** The body of `POST /jpm/v2/tenant/{t}/jobs`. */
export const stJobCreateRequest = z.strictObject({
  customerId: positiveId,
  locationId: positiveId,
  businessUnitId: positiveId,
  jobTypeId: positiveId,
  priority: z.enum(ST_PRIORITIES),
  campaignId: positiveId,
  appointments: z.array(stAppointmentRequest).min(1),
  summary: z.string().nullish(),
  externalData: stExternalDataRequest.nullish(),
});
export type StJobCreateRequest = z.infer<typeof stJobCreateRequest>;

/**
 * The body of `POST .../jobs/{id}/cancel`. Not in our documentation: `{reasonId, memo}` is what generated clients
 * show; both optional here.
 */
export const stJobCancelRequest = z.strictObject({
  reasonId: positiveId.nullish(),
  memo: z.string().nullish(),
});
export type StJobCancelRequest = z.infer<typeof stJobCancelRequest>;

/** The body of `PATCH /jpm/v2/tenant/{t}/appointments/{id}/reschedule`. */
export const stAppointmentRescheduleRequest = z.strictObject({
  start: stInstant,
  end: stInstant,
  arrivalWindowStart: stInstant.nullish(),
  arrivalWindowEnd: stInstant.nullish(),
});
export type StAppointmentRescheduleRequest = z.infer<typeof stAppointmentRescheduleRequest>;

export const ST_JOB_STATUSES = [
  "Scheduled",
  "Dispatched",
  "InProgress",
  "Hold",
  "Completed",
  "Canceled",
] as const;
export type StJobStatus = (typeof ST_JOB_STATUSES)[number];

/**
 * A job as answered. `noShow` and `cancelReason` are not in our documentation: ServiceTitan records why a job was
 * cancelled as a cancel reason, and how it shows on a job is unconfirmed. We read a no-show from either `noShow:
 * true` (the simulator's marker) or a cancel reason named like "no-show"; a tenant whose answers carry neither
 * reports no-shows as cancelled.
 */
export const stJob = z.looseObject({
  id: z.number().int(),
  jobNumber: z.union([z.string(), z.number()]).transform(String),
  customerId: z.number().int().nullish(),
  locationId: z.number().int().nullish(),
  jobStatus: z.string(),
  businessUnitId: z.number().int().nullish(),
  jobTypeId: z.number().int().nullish(),
  priority: z.string().nullish(),
  campaignId: z.number().int().nullish(),
  summary: z.string().nullish(),
  firstAppointmentId: z.number().int().nullish(),
  createdOn: z.string().nullish(),
  modifiedOn: z.string().nullish(),
  completedOn: z.string().nullish(),
  externalData: stExternalData.nullish(),
  noShow: z.boolean().nullish(),
  cancelReason: z.looseObject({ id: z.number().int().nullish(), name: z.string().nullish() }).nullish(),
});
export type StJob = z.infer<typeof stJob>;

/** An appointment of a job (`GET /jpm/v2/tenant/{t}/appointments?ids=`, and the reschedule's answer). */
export const stAppointment = z.looseObject({
  id: z.number().int(),
  jobId: z.number().int(),
  start: z.string(),
  end: z.string(),
  arrivalWindowStart: z.string().nullish(),
  arrivalWindowEnd: z.string().nullish(),
  status: z.string().nullish(),
});
export type StAppointment = z.infer<typeof stAppointment>;

/** A money amount: ServiceTitan's accounting answers decimals as strings ("1234.50"); numbers are taken too. */
const stMoney = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/**
 * An invoice (`GET /accounting/v2/tenant/{t}/invoices?jobIds=`). Our assumption: the documentation we follow does
 * not describe invoices; this is the part public clients show and the read-back needs.
 */
export const stInvoice = z.looseObject({
  id: z.number().int(),
  job: z.looseObject({ id: z.number().int(), number: z.union([z.string(), z.number()]).nullish() }).nullish(),
  total: stMoney,
  balance: stMoney.nullish(),
  invoiceDate: z.string().nullish(),
});
export type StInvoice = z.infer<typeof stInvoice>;
