import { z } from "zod";
import {
  appointmentTypeQuestion,
  appointmentTypeQuestionList,
  appointmentTypeQuestionUpsertRequest,
} from "./appointment-types";
import { idSchema, okResponse, pathIdSchema, textSchema } from "./common";
import { disclosureTemplateSchema } from "./disclosures";
import { endpoint } from "./endpoint";
import { optionalBody } from "./leads";

const id = idSchema;
/** A path id of an integer column (larger ids answer 400, not a database error). */
export const settingsIdParam = z.object({ id: pathIdSchema() });
export const settingsOrgIdParam = z.object({ orgId: pathIdSchema() });
const name = (what: string, max = 100) =>
  textSchema.trim().min(1, `Enter the ${what}`).max(max, `Use at most ${max} characters`);

export const includeInactiveRequest = optionalBody(z.object({ includeInactive: z.boolean().optional() }));

// Service types ---------------------------------------------------------------------------------------

export const serviceType = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  questionCount: z.number().int(),
});
export type ServiceType = z.infer<typeof serviceType>;
export const serviceTypeList = z.array(serviceType);

export const serviceTypeUpsertRequest = z.object({
  id: id.optional(),
  name: name("service type's name"),
  description: textSchema.trim().max(1000).optional(),
  isActive: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export type ServiceTypeUpsertRequest = z.infer<typeof serviceTypeUpsertRequest>;

// Questions and responses ------------------------------------------------------------------------------

export const questionResponse = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  text: z.string(),
  sortOrder: z.number().int(),
});
export type QuestionResponse = z.infer<typeof questionResponse>;
export const questionResponseList = z.array(questionResponse);

export const serviceTypeQuestion = z.object({
  id: z.number().int(),
  serviceTypeId: z.number().int(),
  text: z.string(),
  dataTypeId: z.number().int(),
  fieldTypeId: z.number().int(),
  isRequired: z.boolean(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  responses: z.array(questionResponse),
});
export type ServiceTypeQuestion = z.infer<typeof serviceTypeQuestion>;
export const serviceTypeQuestionList = z.array(serviceTypeQuestion);

/** The field type must carry the data type (`FIELD_TYPES[].dataTypeIds`). */
export const questionUpsertRequest = z.object({
  id: id.optional(),
  serviceTypeId: id,
  text: name("question", 500),
  dataTypeId: id,
  fieldTypeId: id,
  isRequired: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
  isActive: z.boolean().optional(),
});
export type QuestionUpsertRequest = z.infer<typeof questionUpsertRequest>;

export const responseUpsertRequest = z.object({
  id: id.optional(),
  questionId: id,
  text: name("response", 200),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export type ResponseUpsertRequest = z.infer<typeof responseUpsertRequest>;

// Business contacts ------------------------------------------------------------------------------------

/** What a business contact wants to hear about. */
export const BUSINESS_CONTACT_TOPICS = [
  { id: "newLeads", name: "New leads" },
  { id: "appointments", name: "Appointments" },
  { id: "dailySummary", name: "Daily summary" },
  { id: "weeklySummary", name: "Weekly summary" },
  { id: "rejectedLeads", name: "Rejected leads" },
  { id: "deliveryFailures", name: "Delivery failures" },
] as const;
export type BusinessContactTopic = (typeof BUSINESS_CONTACT_TOPICS)[number]["id"];
const topic = z.enum(
  BUSINESS_CONTACT_TOPICS.map((t) => t.id) as [BusinessContactTopic, ...BusinessContactTopic[]],
);

export const businessContactInput = z.object({
  name: name("contact's name"),
  email: textSchema.trim().toLowerCase().max(254).email("Enter a valid email address"),
  phone: textSchema
    .trim()
    .max(40)
    .meta({ description: "A phone number as typed; only its digits are kept", example: "(201) 555-0142" })
    .nullish()
    .transform((v) => (v ? v.replace(/\D/g, "") || null : null)),
  topics: z.array(topic).max(BUSINESS_CONTACT_TOPICS.length).default([]),
});
export const businessContact = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  topics: z.array(topic),
  sortOrder: z.number().int(),
});
export type BusinessContact = z.infer<typeof businessContact>;
export const businessContactList = z.array(businessContact);

/** Saving replaces the whole list (in one transaction), in the order given. */
export const businessContactsSaveRequest = z.object({
  contacts: z.array(businessContactInput).max(100),
});
export type BusinessContactsSaveRequest = z.infer<typeof businessContactsSaveRequest>;

// Lead settings of the organization (outside the spec's catalogue; docs/decisions/0014) ---------------

const windowDays = z
  .number({ error: "Enter a number of days" })
  .int("Enter a whole number of days")
  .min(0, "Use 0 to turn the check off, or up to 365 days")
  .max(365, "Use at most 365 days");

/** Per destination: a text, or what is sent to save it. */
const perDestination = <T extends z.ZodType>(t: T) =>
  z.object({ crm: t, retailer: t, retailerProgram: t, secondPartner: t });

/**
 * The organization's lead settings as served: the duplicate window, the disclosures shoppers read (the
 * organization's name filled in) and the templates an Admin edits (`{organization}` left as is; the
 * product's default for a destination the organization has not changed).
 */
export const leadSettings = z.object({
  /** Same phone or email within this many days is a duplicate; 0 turns the check off. */
  duplicateWindowDays: z.number().int(),
  /** The name `{organization}` is replaced with. */
  organizationName: z.string(),
  /** What a shopper reads and what a consent keeps, per destination. */
  disclosures: perDestination(z.string()),
  /** What an Admin edits, per destination. */
  disclosureTemplates: perDestination(z.string()),
});
export type LeadSettings = z.infer<typeof leadSettings>;

/**
 * Saves what is sent; what is left out stays as it is. A template equal to the product's default is kept
 * as "the default" (it follows the product's wording if that changes).
 */
export const leadSettingsSaveRequest = z.object({
  duplicateWindowDays: windowDays.optional(),
  disclosures: perDestination(disclosureTemplateSchema.optional()).optional(),
});
export type LeadSettingsSaveRequest = z.infer<typeof leadSettingsSaveRequest>;

// The calls ----------------------------------------------------------------------------------------------

/** Service types, their questions and responses, business contacts and the lead settings. */
export const settingsApi = {
  serviceTypes: endpoint({
    name: "settings.byOrgIdServiceType",
    method: "POST",
    path: "/api/settings/{orgId}/service-type",
    auth: "tenant",
    params: settingsOrgIdParam,
    body: includeInactiveRequest,
    response: serviceTypeList,
  }),
  serviceTypeUpsert: endpoint({
    name: "settings.serviceTypeUpsert",
    method: "POST",
    path: "/api/settings/service-type/upsert",
    auth: "tenant",
    body: serviceTypeUpsertRequest,
    response: serviceType,
  }),
  serviceTypeDelete: endpoint({
    name: "settings.serviceTypeById",
    method: "DELETE",
    path: "/api/settings/service-type/{id}",
    auth: "tenant",
    params: settingsIdParam,
    response: okResponse,
  }),
  questions: endpoint({
    name: "settings.serviceTypeByIdQuestion",
    method: "POST",
    path: "/api/settings/service-type/{id}/question",
    auth: "tenant",
    params: settingsIdParam,
    body: includeInactiveRequest,
    response: serviceTypeQuestionList,
  }),
  questionUpsert: endpoint({
    name: "settings.serviceTypeQuestionUpsert",
    method: "POST",
    path: "/api/settings/service-type/question/upsert",
    auth: "tenant",
    body: questionUpsertRequest,
    response: serviceTypeQuestion,
  }),
  questionDelete: endpoint({
    name: "settings.serviceTypeQuestionById",
    method: "DELETE",
    path: "/api/settings/service-type/question/{id}",
    auth: "tenant",
    params: settingsIdParam,
    response: okResponse,
  }),
  responses: endpoint({
    name: "settings.questionByIdResponse",
    method: "POST",
    path: "/api/settings/question/{id}/response",
    auth: "tenant",
    params: settingsIdParam,
    response: questionResponseList,
  }),
  responseUpsert: endpoint({
    name: "settings.questionResponseUpsert",
    method: "POST",
    path: "/api/settings/question/response/upsert",
    auth: "tenant",
    body: responseUpsertRequest,
    response: questionResponse,
  }),
  responseDelete: endpoint({
    name: "settings.questionResponseById",
    method: "DELETE",
    path: "/api/settings/question/response/{id}",
    auth: "tenant",
    params: settingsIdParam,
    response: okResponse,
  }),
  organizationContacts: endpoint({
    name: "settings.organizationByIdBusinessContact.get",
    method: "GET",
    path: "/api/settings/organization/{id}/business-contact",
    auth: "tenant",
    params: settingsIdParam,
    response: businessContactList,
  }),
  organizationContactsSave: endpoint({
    name: "settings.organizationByIdBusinessContact.post",
    method: "POST",
    path: "/api/settings/organization/{id}/business-contact",
    auth: "tenant",
    params: settingsIdParam,
    body: businessContactsSaveRequest,
    response: businessContactList,
  }),
  territoryContacts: endpoint({
    name: "settings.organizationsTerritoryByIdBusinessContact.get",
    method: "GET",
    path: "/api/settings/organizationsTerritory/{id}/business-contact",
    auth: "tenant",
    params: settingsIdParam,
    response: businessContactList,
  }),
  territoryContactsSave: endpoint({
    name: "settings.organizationsTerritoryByIdBusinessContact.post",
    method: "POST",
    path: "/api/settings/organizationsTerritory/{id}/business-contact",
    auth: "tenant",
    params: settingsIdParam,
    body: businessContactsSaveRequest,
    response: businessContactList,
  }),
  /** Outside the spec's catalogue (docs/decisions/0014). */
  leadSettings: endpoint({
    name: "settings.leads.get",
    method: "GET",
    path: "/api/settings/leads",
    auth: "tenant",
    response: leadSettings,
  }),
  /** Outside the spec's catalogue (docs/decisions/0014). */
  leadSettingsSave: endpoint({
    name: "settings.leads.put",
    method: "PUT",
    path: "/api/settings/leads",
    auth: "tenant",
    body: leadSettingsSaveRequest,
    response: leadSettings,
  }),
  // Appointment types' business contacts and question links (served by the appointment-types module).
  appointmentTypeContacts: endpoint({
    name: "settings.scheduleAppointmentTypeByIdBusinessContact.get",
    method: "GET",
    path: "/api/settings/scheduleAppointmentType/{id}/business-contact",
    auth: "tenant",
    params: settingsIdParam,
    response: businessContactList,
  }),
  appointmentTypeContactsSave: endpoint({
    name: "settings.scheduleAppointmentTypeByIdBusinessContact.post",
    method: "POST",
    path: "/api/settings/scheduleAppointmentType/{id}/business-contact",
    auth: "tenant",
    params: settingsIdParam,
    body: businessContactsSaveRequest,
    response: businessContactList,
  }),
  /** The appointment types a question is asked for: `appointment_type_questions` seen from the question. */
  questionAppointmentTypes: endpoint({
    name: "settings.questionByIdScheduleAppointmentQuestion",
    method: "POST",
    path: "/api/settings/question/{id}/schedule-appointment-question",
    auth: "tenant",
    params: settingsIdParam,
    response: appointmentTypeQuestionList,
  }),
  questionAppointmentTypeUpsert: endpoint({
    name: "settings.questionScheduleAppointmentQuestionUpsert",
    method: "POST",
    path: "/api/settings/question/schedule-appointment-question/upsert",
    auth: "tenant",
    body: appointmentTypeQuestionUpsertRequest,
    response: appointmentTypeQuestion,
  }),
  questionAppointmentTypeDelete: endpoint({
    name: "settings.questionScheduleAppointmentQuestionById",
    method: "DELETE",
    path: "/api/settings/question/schedule-appointment-question/{id}",
    auth: "tenant",
    params: settingsIdParam,
    response: okResponse,
  }),
} as const;
