import { z } from "zod";
import { idSchema, okResponse, pageOf, pagingSchema, pathIdSchema, textSchema } from "./common";
import { endpoint } from "./endpoint";
import { optionalBody } from "./leads";

/**
 * Appointment types (docs/decisions/0034-appointment-types.md): what can be booked, for how long, with how much
 * notice and how far ahead, and what the CRM needs to run it (job type, campaign, business units, technicians),
 * with the questions asked when booking and the business contacts who hear of it.
 */

/** A path id of an integer column (larger ids answer 400, not a database error). */
export const appointmentTypeIdParam = z.object({ id: pathIdSchema() });

/** An id in the organization's field-service CRM (a bigint there): a whole number from 1. */
export const crmExternalId = z
  .number({ error: "Enter the CRM's id (a whole number)" })
  .int("Enter the CRM's id (a whole number)")
  .min(1, "Enter the CRM's id (a whole number from 1)")
  .max(Number.MAX_SAFE_INTEGER, "This CRM id is too large");

const minutes = (what: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${what} in minutes` })
    .int(`Enter the ${what} in whole minutes`)
    .min(min, min === 0 ? `The ${what} cannot be negative` : `The ${what} must be at least ${min} minute`)
    .max(max, `The ${what} is at most ${max.toLocaleString("en-US")} minutes`);

export const APPOINTMENT_TYPE_LIMITS = {
  durationMinutes: { min: 1, max: 1440 },
  arrivalWindowMinutes: { min: 1, max: 1440 },
  /** 60 days. */
  minimumNoticeMinutes: { min: 0, max: 86_400 },
  bookingHorizonDays: { min: 1, max: 730 },
} as const;

// Types -------------------------------------------------------------------------------------------------

export const appointmentType = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null: bookable in every territory of the organization. */
  territoryId: z.number().int().nullable(),
  territoryName: z.string().nullable(),
  durationMinutes: z.number().int(),
  arrivalWindowMinutes: z.number().int(),
  minimumNoticeMinutes: z.number().int(),
  bookingHorizonDays: z.number().int(),
  /** The CRM's job type id, and its name as `crm_references` knows it (null when the CRM no longer lists it). */
  crmJobTypeId: z.number().int().nullable(),
  crmJobTypeName: z.string().nullable(),
  crmCampaignId: z.number().int().nullable(),
  crmCampaignName: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppointmentType = z.infer<typeof appointmentType>;

export const APPOINTMENT_TYPE_SORT_KEYS = [
  "name",
  "territory",
  "durationMinutes",
  "arrivalWindowMinutes",
  "minimumNoticeMinutes",
  "bookingHorizonDays",
  "createdAt",
] as const;

/**
 * `POST /api/appointments/type`: filters combine with AND; `search` matches every word in the name;
 * `territoryIds` keeps the types bookable in one of these territories (theirs, and those of every territory);
 * `ids` keeps exactly these types.
 */
export const appointmentTypeSearchRequest = optionalBody(
  pagingSchema.extend({
    search: textSchema.trim().max(100).optional(),
    isActive: z.boolean().optional(),
    territoryIds: z.array(idSchema).max(500).optional(),
    /** Exactly these types (the editor reads one type this way). */
    ids: z.array(idSchema).max(200).optional(),
    sortBy: z.enum(APPOINTMENT_TYPE_SORT_KEYS).default("name"),
    sortDirection: z.enum(["asc", "desc"]).default("asc"),
  }),
);
export type AppointmentTypeSearchRequest = z.input<typeof appointmentTypeSearchRequest>;
export const appointmentTypeSearchResponse = pageOf(appointmentType);

/** `POST /api/appointments/type/upsert`: the whole type (a form). Without `id` it creates one. */
export const appointmentTypeUpsertRequest = z.object({
  id: idSchema.optional(),
  name: textSchema.trim().min(1, "Enter the appointment type's name").max(100, "Use at most 100 characters"),
  /** Null: every territory of the organization. */
  territoryId: idSchema.nullable().default(null),
  durationMinutes: minutes("duration", 1, APPOINTMENT_TYPE_LIMITS.durationMinutes.max).default(120),
  arrivalWindowMinutes: minutes(
    "arrival window",
    1,
    APPOINTMENT_TYPE_LIMITS.arrivalWindowMinutes.max,
  ).default(120),
  minimumNoticeMinutes: minutes(
    "minimum notice",
    0,
    APPOINTMENT_TYPE_LIMITS.minimumNoticeMinutes.max,
  ).default(120),
  bookingHorizonDays: z
    .number({ error: "Enter how many days ahead shoppers may book" })
    .int("Enter a whole number of days")
    .min(1, "Shoppers must be able to book at least 1 day ahead")
    .max(730, "Use at most 730 days (two years)")
    .default(60),
  /** The CRM's job type id (one of `service-titan-lookUp-List`'s job types, its `externalId`). */
  crmJobTypeId: crmExternalId.nullable().default(null),
  /** The CRM's campaign id (one of `service-titan-lookUp-List`'s campaigns, its `externalId`). */
  crmCampaignId: crmExternalId.nullable().default(null),
  isActive: z.boolean().default(true),
});
export type AppointmentTypeUpsertRequest = z.input<typeof appointmentTypeUpsertRequest>;

// Links ---------------------------------------------------------------------------------------------------

/** A CRM reference as a picker shows it: our `crm_references` id, the CRM's id and the name. */
export const crmOption = z.object({
  id: z.number().int(),
  externalId: z.number().int(),
  name: z.string(),
});
export type CrmOption = z.infer<typeof crmOption>;
export const crmOptionList = z.array(crmOption);

export const appointmentTypeTechnician = z.object({
  id: z.number().int(),
  appointmentTypeId: z.number().int(),
  crmReferenceId: z.number().int(),
  /** The technician's id in the CRM. */
  externalId: z.number().int(),
  name: z.string(),
  /** Still active in the CRM. */
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type AppointmentTypeTechnician = z.infer<typeof appointmentTypeTechnician>;

export const appointmentTypeTechnicianUpsertRequest = z.object({
  id: idSchema.optional(),
  appointmentTypeId: idSchema,
  /** A `crm_references` row of kind technician (`technicians-lookUp-List`'s `id`). */
  crmReferenceId: idSchema,
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type AppointmentTypeTechnicianUpsertRequest = z.input<typeof appointmentTypeTechnicianUpsertRequest>;

export const appointmentTypeBusinessUnit = z.object({
  id: z.number().int(),
  appointmentTypeId: z.number().int(),
  crmReferenceId: z.number().int(),
  externalId: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  /** The unit jobs go to when the type has several (at most one per type). */
  isDefault: z.boolean(),
});
export type AppointmentTypeBusinessUnit = z.infer<typeof appointmentTypeBusinessUnit>;

/** Making a unit the default takes that mark from the type's other units. */
export const appointmentTypeBusinessUnitUpsertRequest = z.object({
  id: idSchema.optional(),
  appointmentTypeId: idSchema,
  /** A `crm_references` row of kind businessUnit (`service-titan-lookUp-List`'s business units, their `id`). */
  crmReferenceId: idSchema,
  isDefault: z.boolean().default(false),
});
export type AppointmentTypeBusinessUnitUpsertRequest = z.input<
  typeof appointmentTypeBusinessUnitUpsertRequest
>;

/**
 * One question asked when booking a type: a row of `appointment_type_questions`, the same whether read from the
 * type (`/api/appointments/type/{id}/questions`) or from the question (`/api/settings/question/{id}/...`).
 */
export const appointmentTypeQuestion = z.object({
  id: z.number().int(),
  appointmentTypeId: z.number().int(),
  appointmentTypeName: z.string(),
  questionId: z.number().int(),
  questionText: z.string(),
  serviceTypeId: z.number().int(),
  serviceTypeName: z.string(),
  isRequired: z.boolean(),
  sortOrder: z.number().int(),
});
export type AppointmentTypeQuestion = z.infer<typeof appointmentTypeQuestion>;
export const appointmentTypeQuestionList = z.array(appointmentTypeQuestion);

export const appointmentTypeQuestionUpsertRequest = z.object({
  id: idSchema.optional(),
  appointmentTypeId: idSchema,
  /** One of the organization's service-type questions (`questions-lookUp-list`). */
  questionId: idSchema,
  isRequired: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type AppointmentTypeQuestionUpsertRequest = z.input<typeof appointmentTypeQuestionUpsertRequest>;

// Lookups -------------------------------------------------------------------------------------------------

/** The organization's active CRM business units, job types and campaigns. */
export const serviceTitanLookups = z.object({
  businessUnits: crmOptionList,
  jobTypes: crmOptionList,
  campaigns: crmOptionList,
});
export type ServiceTitanLookups = z.infer<typeof serviceTitanLookups>;

export const linkableQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  serviceTypeId: z.number().int(),
  serviceTypeName: z.string(),
});
export type LinkableQuestion = z.infer<typeof linkableQuestion>;

// The calls ----------------------------------------------------------------------------------------------

/** `/api/appointments/type...`: appointment types and their technicians, business units and questions. */
export const appointmentTypesApi = {
  search: endpoint({
    name: "appointments.type",
    method: "POST",
    path: "/api/appointments/type",
    auth: "tenant",
    body: appointmentTypeSearchRequest,
    response: appointmentTypeSearchResponse,
  }),
  upsert: endpoint({
    name: "appointments.typeUpsert",
    method: "POST",
    path: "/api/appointments/type/upsert",
    auth: "tenant",
    body: appointmentTypeUpsertRequest,
    response: appointmentType,
  }),
  delete: endpoint({
    name: "appointments.typeById",
    method: "DELETE",
    path: "/api/appointments/type/{id}",
    auth: "tenant",
    summary: "Delete an appointment type that nothing uses (409 saying where it is used otherwise)",
    params: appointmentTypeIdParam,
    response: okResponse,
  }),
  technicians: endpoint({
    name: "appointments.typeByIdTechnicians",
    method: "POST",
    path: "/api/appointments/type/{id}/technicians",
    auth: "tenant",
    params: appointmentTypeIdParam,
    response: z.array(appointmentTypeTechnician),
  }),
  technicianUpsert: endpoint({
    name: "appointments.typeTechnicianUpsert",
    method: "POST",
    path: "/api/appointments/type/technician/upsert",
    auth: "tenant",
    body: appointmentTypeTechnicianUpsertRequest,
    response: appointmentTypeTechnician,
  }),
  technicianDelete: endpoint({
    name: "appointments.typeTechnicianById",
    method: "DELETE",
    path: "/api/appointments/type/technician/{id}",
    auth: "tenant",
    params: appointmentTypeIdParam,
    response: okResponse,
  }),
  technicianOptions: endpoint({
    name: "appointments.typeByIdTechniciansLookUpList",
    method: "GET",
    path: "/api/appointments/type/{id}/technicians-lookUp-List",
    auth: "tenant",
    summary: "The organization's active CRM technicians not yet linked to the type",
    params: appointmentTypeIdParam,
    response: crmOptionList,
  }),
  businessUnits: endpoint({
    name: "appointments.typeByIdStBusinessUnits",
    method: "POST",
    path: "/api/appointments/type/{id}/st-business-units",
    auth: "tenant",
    params: appointmentTypeIdParam,
    response: z.array(appointmentTypeBusinessUnit),
  }),
  businessUnitUpsert: endpoint({
    name: "appointments.typeStBusinessUnitsUpsert",
    method: "POST",
    path: "/api/appointments/type/st-business-units/upsert",
    auth: "tenant",
    body: appointmentTypeBusinessUnitUpsertRequest,
    response: appointmentTypeBusinessUnit,
  }),
  businessUnitDelete: endpoint({
    name: "appointments.typeStBusinessUnitsById",
    method: "DELETE",
    path: "/api/appointments/type/st-business-units/{id}",
    auth: "tenant",
    params: appointmentTypeIdParam,
    response: okResponse,
  }),
  serviceTitanOptions: endpoint({
    name: "appointments.typeServiceTitanLookUpList",
    method: "GET",
    path: "/api/appointments/type/service-titan-lookUp-List",
    auth: "tenant",
    summary: "The organization's active CRM business units, job types and campaigns",
    response: serviceTitanLookups,
  }),
  questions: endpoint({
    name: "appointments.typeByIdQuestions",
    method: "POST",
    path: "/api/appointments/type/{id}/questions",
    auth: "tenant",
    params: appointmentTypeIdParam,
    response: appointmentTypeQuestionList,
  }),
  questionUpsert: endpoint({
    name: "appointments.typeQuestionUpsert",
    method: "POST",
    path: "/api/appointments/type/question/upsert",
    auth: "tenant",
    body: appointmentTypeQuestionUpsertRequest,
    response: appointmentTypeQuestion,
  }),
  questionDelete: endpoint({
    name: "appointments.typeQuestionById",
    method: "DELETE",
    path: "/api/appointments/type/question/{id}",
    auth: "tenant",
    params: appointmentTypeIdParam,
    response: okResponse,
  }),
  questionOptions: endpoint({
    name: "appointments.typeQuestionsLookUpList",
    method: "GET",
    path: "/api/appointments/type/questions-lookUp-list",
    auth: "tenant",
    summary: "The organization's active service-type questions, with their service type's name",
    response: z.array(linkableQuestion),
  }),
} as const;
