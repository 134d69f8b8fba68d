import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadsTestKit } from "../src/modules/leads/leads.test-support";
import { type AuthHeaders, createTestApp, type TestApp } from "./harness";
import { type IdInput, idTakingCalls, type OpenApiDocument, unsampledCalls } from "./openapi-calls";

/**
 * Tenancy across every call that takes an id (docs/decisions/0003): an id of Summit Home East, used by the
 * admin of another organization (BrightPath Solar) or by the East admin working in Summit Home West, answers
 * exactly as an id that does not exist (404, same message, no name or detail of the row), and changes
 * nothing. The calls are read from the OpenAPI document, as the bad-input test reads them: each one with a path
 * parameter or an `id` in its body needs a sample East id below (or a reason to skip it), and the test fails
 * naming any call that has none (docs/decisions/0022). Then the roles: each privileged call refused (403 with a
 * message) to a role that lacks the right.
 */

let t: TestApp;
const k = leadsTestKit(() => t);
const MISSING = 2_000_000_000;

/** The East rows the calls are tried with. */
type East = {
  org: number;
  /** An internal lead, an external one, and a deleted one. */
  internal: number;
  external: number;
  deleted: number;
  store: number;
  territory: number;
  /** A lead generator (lg@demo.local) and one of their trades. */
  lg: number;
  trade: number;
  hvac: number;
  question: number;
  response: number;
  /** A pending invitation to join East. */
  invitation: number;
  /** An appointment type, its technician, business unit and question links (and the CRM rows they name). */
  appointmentType: number;
  technicianRef: number;
  businessUnitRef: number;
  technicianLink: number;
  businessUnitLink: number;
  questionLink: number;
  /** A weekly template window, a dated window and a booked appointment (the demo seed's). */
  template: number;
  window: number;
  appointment: number;
  /** A lead generator's QR code (the demo seed's). */
  qrCode: number;
  /** Labor (the demo seed's, and a manual hours entry): a time log, a shift, available hours, an activity. */
  timeLog: number;
  shift: number;
  availableHours: number;
  activity: number;
  hoursEntry: number;
  /** A notification sent in East (the demo seed's). */
  notification: number;
  /** A service-provider document of East (the demo seed's). */
  supportDocument: number;
};
/** The outsider's own rows, for a call whose path names one of theirs and whose body names East's. */
type Own = { user: number };

type Sample = {
  name: string;
  /** Where the East id goes: the path parameter, or the body. */
  in: IdInput;
  id: (e: East) => number;
  /** The URL; by default the call's path with its parameter set to the id. */
  url?: (id: number, own: Own) => string;
  body?: (id: number, e: East) => unknown;
};

const person = (id: number) => ({
  id,
  firstName: "Owned",
  lastName: "X",
  email: "owned@evil.test",
  roleId: 14,
});
const leadEdit = (id: number) => ({ id, notes: "mine now" });
const contacts = { contacts: [{ name: "Evil", email: "evil@evil.test", topics: ["newLeads"] }] };
const emailedLink = "an emailed link's secret, not the id of a row (modules/users/invitations.api.test.ts)";
const platform =
  "features are the platform's (no organization): the Super Admin's only, refused to others (roles)";
const ownSettings =
  "the current organization's own settings, named by destination (no row id): another's are never reachable (modules/deliveries/deliveries.api.test.ts)";
const orgUid =
  "an organization's uid: any but the current organization's answers 404 (modules/deliveries/deliveries.api.test.ts)";
const supportPlatform =
  "product documents and tutorials are the platform's (no organization): the Super Admin's only, refused to others (modules/support/documents.api.test.ts, tutorials.api.test.ts)";
const qrPublic =
  "public: a person's uid (and group), not an organization's row id; an unknown or stopped code answers one 404 (modules/qr-codes/qr-public.api.test.ts)";

/**
 * A sample East id for every call of the OpenAPI document that takes one, by `METHOD /path`. A new route with a
 * path parameter or a body `id` fails "has a sample East id for every call..." until it is added here.
 */
const SAMPLES: Record<string, Sample[] | { skip: string }> = {
  "GET /api/account/reset-password/{linkId}/validate": {
    skip: "a reset link's secret, not the id of a row (modules/account/reset-links.api.test.ts)",
  },
  "PUT /api/account/{orgId}/update-organization": {
    skip: "switching to an organization one is not a member of is a 403, below (nor switched to)",
  },
  "PUT /api/account/invitations/{id}/accept": [
    { name: "accept someone else's invitation", in: "path", id: (e) => e.invitation },
  ],
  "PUT /api/account/invitations/{id}/decline": [
    { name: "decline someone else's invitation", in: "path", id: (e) => e.invitation },
  ],
  "GET /api/account/invitation-links/{token}": { skip: emailedLink },
  "PUT /api/account/invitation-links/{token}/accept": { skip: emailedLink },
  "PUT /api/account/invitation-links/{token}/decline": { skip: emailedLink },
  "POST /api/app/feature/upsert": { skip: platform },
  "DELETE /api/app/feature/{id}/delete": { skip: platform },
  "GET /api/app/address-details/{id}": [
    {
      name: "address of a store",
      in: "path",
      id: (e) => e.store,
      url: (id) => `/api/app/address-details/store:${id}`,
    },
  ],
  "PUT /api/organizations/upsert/smart-circle": [
    { name: "edit organization", in: "body", id: (e) => e.org, body: (id) => ({ id, name: "Stolen" }) },
  ],
  "POST /api/store/upsert": [
    { name: "edit store", in: "body", id: (e) => e.store, body: (id) => ({ id, name: "Stolen store" }) },
  ],
  "GET /api/store/{id}": [{ name: "store", in: "path", id: (e) => e.store }],
  "POST /api/users/upsert": [{ name: "edit person", in: "body", id: (e) => e.lg, body: person }],
  "POST /api/users/hd/upsert": [
    {
      name: "edit program user",
      in: "body",
      id: (e) => e.lg,
      body: (id) => ({ id, firstName: "Owned", lastName: "X", email: "owned@evil.test" }),
    },
  ],
  "GET /api/users/{id}": [{ name: "person", in: "path", id: (e) => e.lg }],
  "GET /api/users/{id}/capture-icon": [{ name: "capture icon", in: "path", id: (e) => e.lg }],
  "PUT /api/users/{id}/invite": [{ name: "invite", in: "path", id: (e) => e.lg }],
  "PUT /api/users/invitations/{id}/resend": [
    { name: "resend an invitation", in: "path", id: (e) => e.invitation },
  ],
  "DELETE /api/users/invitations/{id}": [
    { name: "cancel an invitation", in: "path", id: (e) => e.invitation },
  ],
  "POST /api/users/trade/{id}": [{ name: "trades", in: "path", id: (e) => e.lg, body: () => ({}) }],
  "DELETE /api/users/trade/{id}": [{ name: "delete trade", in: "path", id: (e) => e.trade }],
  "POST /api/users/trade/{id}/upsert": [
    { name: "add trade", in: "path", id: (e) => e.lg, body: () => ({ tradeId: 7 }) },
    {
      name: "edit trade",
      in: "body",
      id: (e) => e.trade,
      // One of the outsider's own people in the path, East's trade in the body.
      url: (_id, own) => `/api/users/trade/${own.user}/upsert`,
      body: (id) => ({ id, tradeId: 3 }),
    },
  ],
  "POST /api/settings/{orgId}/service-type": [
    { name: "service types of an organization", in: "path", id: (e) => e.org, body: () => ({}) },
  ],
  "POST /api/settings/service-type/upsert": [
    { name: "edit service type", in: "body", id: (e) => e.hvac, body: (id) => ({ id, name: "Mine" }) },
  ],
  "DELETE /api/settings/service-type/{id}": [{ name: "delete service type", in: "path", id: (e) => e.hvac }],
  "POST /api/settings/service-type/{id}/question": [
    { name: "questions", in: "path", id: (e) => e.hvac, body: () => ({}) },
  ],
  "POST /api/settings/service-type/question/upsert": [
    {
      name: "add question to a type",
      in: "body",
      id: (e) => e.hvac,
      body: (id) => ({ serviceTypeId: id, text: "Mine?", dataTypeId: 1, fieldTypeId: 1 }),
    },
    {
      name: "edit question",
      in: "body",
      id: (e) => e.question,
      body: (id, e) => ({ id, serviceTypeId: e.hvac, text: "Mine?", dataTypeId: 6, fieldTypeId: 3 }),
    },
  ],
  "DELETE /api/settings/service-type/question/{id}": [
    { name: "delete question", in: "path", id: (e) => e.question },
  ],
  "POST /api/settings/question/{id}/response": [{ name: "responses", in: "path", id: (e) => e.question }],
  "POST /api/settings/question/response/upsert": [
    {
      name: "add response to a question",
      in: "body",
      id: (e) => e.question,
      body: (id) => ({ questionId: id, text: "Mine" }),
    },
    {
      name: "edit response",
      in: "body",
      id: (e) => e.response,
      body: (id, e) => ({ id, questionId: e.question, text: "Mine" }),
    },
  ],
  "DELETE /api/settings/question/response/{id}": [
    { name: "delete response", in: "path", id: (e) => e.response },
  ],
  "GET /api/settings/organization/{id}/business-contact": [
    { name: "organization contacts", in: "path", id: (e) => e.org },
  ],
  "POST /api/settings/organization/{id}/business-contact": [
    { name: "save organization contacts", in: "path", id: (e) => e.org, body: () => contacts },
  ],
  "GET /api/settings/organizationsTerritory/{id}/business-contact": [
    { name: "territory contacts", in: "path", id: (e) => e.territory },
  ],
  "POST /api/settings/organizationsTerritory/{id}/business-contact": [
    { name: "save territory contacts", in: "path", id: (e) => e.territory, body: () => contacts },
  ],
  "GET /api/leads/{id}/internal": [{ name: "lead (internal)", in: "path", id: (e) => e.internal }],
  "DELETE /api/leads/{id}/internal": [{ name: "delete lead", in: "path", id: (e) => e.internal }],
  "GET /api/leads/{id}/external": [{ name: "lead (external)", in: "path", id: (e) => e.external }],
  "DELETE /api/leads/{id}/external": [{ name: "delete external lead", in: "path", id: (e) => e.external }],
  "POST /api/leads/internal/upsert": [
    { name: "edit lead", in: "body", id: (e) => e.internal, body: leadEdit },
  ],
  "PUT /api/leads/external/update": [
    { name: "edit external lead", in: "body", id: (e) => e.external, body: leadEdit },
  ],
  "POST /api/leads/{id}/restore": [{ name: "restore lead", in: "path", id: (e) => e.deleted }],
  "POST /api/leads/{id}/notes": [
    { name: "note on a lead", in: "path", id: (e) => e.internal, body: () => ({ text: "mine now" }) },
  ],
  "GET /api/leads/{id}/appointments": [{ name: "a lead's appointments", in: "path", id: (e) => e.internal }],
  "GET /api/leads/{id}/deliveries": [{ name: "a lead's deliveries", in: "path", id: (e) => e.internal }],
  "PUT /api/leads/{id}/{isExternal}/service-titan": [
    {
      name: "send a lead to the CRM",
      in: "path",
      id: (e) => e.internal,
      url: (id) => `/api/leads/${id}/false/service-titan`,
    },
  ],
  "PUT /api/leads/{id}/retailer": [
    { name: "send a lead to the retailer", in: "path", id: (e) => e.internal },
  ],
  "POST /api/leads/{id}/crm": [{ name: "send a lead everywhere", in: "path", id: (e) => e.internal }],
  "GET /api/leads/{id}/revenue/{isExternal}": [
    {
      name: "a lead's revenue",
      in: "path",
      id: (e) => e.internal,
      url: (id) => `/api/leads/${id}/revenue/false`,
    },
  ],
  "PUT /api/destinations/{destination}": { skip: ownSettings },
  "POST /api/destinations/{destination}/test": { skip: ownSettings },
  "POST /api/centah/{orgUid}/organization": { skip: orgUid },
  "POST /api/centah/{orgUid}/organization/upsert": { skip: orgUid },
  "POST /api/homeDepot/{orgUid}/organization": { skip: orgUid },
  "POST /api/homeDepot/{orgUid}/organization/upsert": { skip: orgUid },
  "POST /api/appointments/type/upsert": [
    {
      name: "edit appointment type",
      in: "body",
      id: (e) => e.appointmentType,
      body: (id) => ({ id, name: "Mine" }),
    },
  ],
  "DELETE /api/appointments/type/{id}": [
    { name: "delete appointment type", in: "path", id: (e) => e.appointmentType },
  ],
  "POST /api/appointments/type/{id}/technicians": [
    { name: "a type's technicians", in: "path", id: (e) => e.appointmentType },
  ],
  "GET /api/appointments/type/{id}/technicians-lookUp-List": [
    { name: "technicians to link", in: "path", id: (e) => e.appointmentType },
  ],
  "POST /api/appointments/type/technician/upsert": [
    {
      name: "edit technician link",
      in: "body",
      id: (e) => e.technicianLink,
      body: (id, e) => ({ id, appointmentTypeId: e.appointmentType, crmReferenceId: e.technicianRef }),
    },
  ],
  "DELETE /api/appointments/type/technician/{id}": [
    { name: "unlink technician", in: "path", id: (e) => e.technicianLink },
  ],
  "POST /api/appointments/type/{id}/st-business-units": [
    { name: "a type's business units", in: "path", id: (e) => e.appointmentType },
  ],
  "POST /api/appointments/type/st-business-units/upsert": [
    {
      name: "edit business unit link",
      in: "body",
      id: (e) => e.businessUnitLink,
      body: (id, e) => ({ id, appointmentTypeId: e.appointmentType, crmReferenceId: e.businessUnitRef }),
    },
  ],
  "DELETE /api/appointments/type/st-business-units/{id}": [
    { name: "unlink business unit", in: "path", id: (e) => e.businessUnitLink },
  ],
  "POST /api/appointments/type/{id}/questions": [
    { name: "a type's questions", in: "path", id: (e) => e.appointmentType },
  ],
  "POST /api/appointments/type/question/upsert": [
    {
      name: "edit question link",
      in: "body",
      id: (e) => e.questionLink,
      body: (id, e) => ({ id, appointmentTypeId: e.appointmentType, questionId: e.question }),
    },
  ],
  "DELETE /api/appointments/type/question/{id}": [
    { name: "unlink question", in: "path", id: (e) => e.questionLink },
  ],
  "GET /api/settings/scheduleAppointmentType/{id}/business-contact": [
    { name: "appointment type contacts", in: "path", id: (e) => e.appointmentType },
  ],
  "POST /api/settings/scheduleAppointmentType/{id}/business-contact": [
    {
      name: "save appointment type contacts",
      in: "path",
      id: (e) => e.appointmentType,
      body: () => contacts,
    },
  ],
  "POST /api/settings/question/{id}/schedule-appointment-question": [
    { name: "a question's appointment types", in: "path", id: (e) => e.question },
  ],
  "POST /api/settings/question/schedule-appointment-question/upsert": [
    {
      name: "edit a question's appointment type link",
      in: "body",
      id: (e) => e.questionLink,
      body: (id, e) => ({ id, appointmentTypeId: e.appointmentType, questionId: e.question }),
    },
  ],
  "DELETE /api/settings/question/schedule-appointment-question/{id}": [
    { name: "delete a question's appointment type link", in: "path", id: (e) => e.questionLink },
  ],
  "POST /api/appointments/default-scheduled-appointments/upsert": [
    {
      name: "edit weekly window",
      in: "body",
      id: (e) => e.template,
      body: (id, e) => ({
        id,
        appointmentTypeId: e.appointmentType,
        dayOfWeek: 2,
        startTime: "08:00",
        endTime: "10:00",
        capacity: 9,
      }),
    },
  ],
  "DELETE /api/appointments/default-scheduled-appointments/{id}": [
    { name: "delete weekly window", in: "path", id: (e) => e.template },
  ],
  "POST /api/appointments/scheduled-appointments/upsert": [
    {
      name: "edit dated window",
      in: "body",
      id: (e) => e.window,
      body: (id, e) => ({
        id,
        appointmentTypeId: e.appointmentType,
        localDate: "2099-01-06",
        startTime: "08:00",
        endTime: "10:00",
        capacity: 9,
      }),
    },
  ],
  "DELETE /api/appointments/scheduled-appointments/{id}": [
    { name: "delete dated window", in: "path", id: (e) => e.window },
  ],
  "GET /api/appointments/scheduled-appointments/{id}/appointments": [
    { name: "a window's bookings", in: "path", id: (e) => e.window },
  ],
  "POST /api/appointments/{id}/move": [
    {
      name: "move an appointment",
      in: "path",
      id: (e) => e.appointment,
      body: (_id, e) => ({ windowId: e.window, reason: "mine" }),
    },
  ],
  "POST /api/appointments/{id}/cancel": [
    { name: "cancel an appointment", in: "path", id: (e) => e.appointment, body: () => ({ reason: "mine" }) },
  ],
  "POST /api/QRCodes/upsert": [
    {
      name: "edit QR code",
      in: "body",
      id: (e) => e.qrCode,
      body: (id, e) => ({ id, userId: e.lg, storeId: e.store, group: 0, isActive: false }),
    },
  ],
  "GET /api/QRCodes/qr-details/{userUid}/{hdsfiGroup}": { skip: qrPublic },
  "GET /api/QRCodes/available-appointments/{userUid}": { skip: qrPublic },
  "POST /api/QRCodes/{userUid}/qr-entry": { skip: qrPublic },
  // Labor (decision 0040): a person of East in the path, or East's rows by id with the outsider's own person.
  "POST /api/laborHistory/{userId}/time-logs/search": [
    { name: "an East person's time logs", in: "path", id: (e) => e.lg },
  ],
  "POST /api/laborHistory/{userId}/time-logs": [
    {
      name: "enter a shift for an East person",
      in: "path",
      id: (e) => e.lg,
      body: (_id, e) => ({
        action: "entry",
        storeId: e.store,
        workDate: "2026-01-05",
        startTime: "09:00",
        endTime: "17:00",
        reason: "mine now",
      }),
    },
  ],
  "PUT /api/laborHistory/{userId}/time-logs/{logId}": [
    {
      name: "edit an East time log (own person)",
      in: "path",
      id: (e) => e.timeLog,
      url: (id, own) => `/api/laborHistory/${own.user}/time-logs/${id}`,
      body: () => ({
        kind: "edit",
        workDate: "2026-01-05",
        startTime: "09:00",
        endTime: "17:00",
        reason: "mine now",
      }),
    },
    {
      name: "edit an East time log (East person)",
      in: "path",
      id: (e) => e.lg,
      url: (id) => `/api/laborHistory/${id}/time-logs/1`,
      body: () => ({
        kind: "edit",
        workDate: "2026-01-05",
        startTime: "09:00",
        endTime: "17:00",
        reason: "mine now",
      }),
    },
  ],
  "DELETE /api/laborHistory/{userId}/time-logs/{logId}": [
    {
      name: "delete an East time log",
      in: "path",
      id: (e) => e.timeLog,
      url: (id, own) => `/api/laborHistory/${own.user}/time-logs/${id}?reason=mine%20now`,
    },
  ],
  "GET /api/laborHistory/{userId}/time-logs/{logId}/history": [
    {
      name: "an East time log's audit trail",
      in: "path",
      id: (e) => e.timeLog,
      url: (id, own) => `/api/laborHistory/${own.user}/time-logs/${id}/history`,
    },
  ],
  "GET /api/dashboard/panels/{territoryId}": [
    { name: "an East territory's dashboard panels", in: "path", id: (e) => e.territory },
  ],
  "GET /api/dashboard/leads-bar-chart/{territoryId}": [
    { name: "an East territory's leads chart", in: "path", id: (e) => e.territory },
  ],
  "GET /api/dashboard/users/{id}/time-logs": [
    { name: "an East person's time logs", in: "path", id: (e) => e.lg },
  ],
  "POST /api/users/hours/upsert": [
    {
      name: "edit East hours",
      in: "body",
      id: (e) => e.hoursEntry,
      body: (id, e) => ({ id, userId: e.lg, workDate: "2026-01-05", minutes: 60 }),
    },
  ],
  "DELETE /api/users/hours/{id}": [{ name: "delete East hours", in: "path", id: (e) => e.hoursEntry }],
  "POST /api/users/schedules/shifts/upsert": [
    {
      name: "move an East shift",
      in: "body",
      id: (e) => e.shift,
      body: (id, e) => ({
        id,
        userId: e.lg,
        storeId: e.store,
        workDate: "2026-01-05",
        startTime: "09:00",
        endTime: "17:00",
      }),
    },
  ],
  "DELETE /api/users/schedules/shifts/{id}": [
    { name: "delete an East shift", in: "path", id: (e) => e.shift },
  ],
  "DELETE /api/users/hours/available/schedules/{id}": [
    { name: "delete East available hours", in: "path", id: (e) => e.availableHours },
  ],
  "PUT /api/users/activity/{id}": [
    {
      name: "edit an East activity",
      in: "path",
      id: (e) => e.activity,
      body: () => ({ activityTypeId: 1, count: 3 }),
    },
  ],
  "DELETE /api/users/activity/{id}": [{ name: "delete an East activity", in: "path", id: (e) => e.activity }],
  "GET /api/notifications/sent/{id}": [
    { name: "an East notification's progress", in: "path", id: (e) => e.notification },
  ],
  // Support (decision 0041): East's service-provider documents; product documents and tutorials are the platform's.
  "POST /api/support/documents/service-provider/upsert": [
    {
      name: "edit an East document",
      in: "body",
      id: (e) => e.supportDocument,
      body: (id) => ({ id, title: "Stolen" }),
    },
  ],
  "DELETE /api/support/documents/{id}": [
    { name: "delete an East document", in: "path", id: (e) => e.supportDocument },
  ],
  "POST /api/support/documents/wingen/upsert": { skip: supportPlatform },
  "POST /api/support/tutorial/upsert": { skip: supportPlatform },
  "DELETE /api/support/tutorial/{id}": { skip: supportPlatform },
  "GET /api/support/files/{token}": {
    skip: "a signed link's token, not the id of a row: an unknown, altered or expired one answers one 404 (modules/support/documents.api.test.ts)",
  },
};

type Call = {
  name: string;
  method: string;
  url: (id: number, own: Own) => string;
  body?: (id: number) => unknown;
  /** The East id it is tried with. */
  id: number;
};
let doc: OpenApiDocument;
/** Every sample of every id-taking call of the document, in the document's order. */
let calls: Call[] = [];
let eastOrg: number;

async function fingerprint() {
  // Every tenant table that an id-taking call can write, as one digest per table.
  const tables = [
    "leads",
    "lead_answers",
    "lead_history",
    "stores",
    "users",
    "memberships",
    "membership_territories",
    "membership_stores",
    "membership_invitations",
    "user_trades",
    "user_capture_icons",
    "password_links",
    "service_types",
    "service_type_questions",
    "question_responses",
    "business_contacts",
    "organizations",
    "territories",
    "features",
    "appointment_types",
    "appointment_type_technicians",
    "appointment_type_business_units",
    "appointment_type_questions",
    "appointment_templates",
    "appointment_windows",
    "appointments",
    "appointment_history",
    "qr_codes",
    "time_logs",
    "time_log_history",
    "hours_entries",
    "hours_postings",
    "shifts",
    "available_hours",
    "activities",
    "no_activity_reasons",
    "stored_files",
    "support_documents",
    "tutorials",
  ];
  const out: Record<string, string> = {};
  for (const table of tables) {
    // A person's sign-in time changes as the test signs people in; what a call could change is the rest.
    const rows =
      table === "users"
        ? "(select id, email, first_name, last_name, phone, password_hash, is_platform_active from users)"
        : table;
    const r = await t.database.executeSql(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${rows} x`,
      [],
    );
    out[table] = (r.rows[0] as { h: string }).h;
  }
  return out;
}

/** A lead generator of an organization, for calls whose path names one of the caller's own people. */
async function ownPerson(organization: string): Promise<Own> {
  const user = await k.one<{ id: number }>(
    "select m.user_id as id from memberships m join organizations o on o.id = m.organization_id where o.name = $1 and m.role_id in (14, 15) and m.is_active order by m.user_id limit 1",
    [organization],
  );
  return { user: user.id };
}

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as OpenApiDocument;
  eastOrg = await t.orgId("Summit Home East");
  const lgEast = await k.as("lg@demo.local");
  const hvac = await k.serviceType(lgEast, "HVAC");
  const question = hvac.questions[0];
  const internal = (await k.capture(lgEast)).body.lead!;
  // Lead ids are bigint: node-postgres reads them as strings, PGlite as numbers.
  const external = Number(
    (
      await k.one<{ id: number | string }>(
        "select id from leads where organization_id = $1 and source <> 'app' and deleted_at is null order by id limit 1",
        [eastOrg],
      )
    ).id,
  );
  const deleted = (await k.capture(lgEast)).body.lead!;
  const admin = await k.as("admin@demo.local");
  expect((await k.inject(admin, "DELETE", `/api/leads/${deleted.id}/internal`)).statusCode).toBe(200);
  const lg = await k.userId("lg@demo.local");
  const invited = await k.inject(admin, "POST", "/api/users/upsert", {
    firstName: "Ina",
    lastName: "Vited",
    email: "tenancy.invitee@demo.test",
    roleId: 14,
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const east = {
    org: eastOrg,
    internal: internal.id,
    external,
    deleted: deleted.id,
    store: await k.storeId("Costco Wayne"),
    territory: await k.territoryId("North Jersey"),
    lg,
    trade: (await k.one<{ id: number }>("select id from user_trades where user_id = $1 limit 1", [lg])).id,
    hvac: hvac.id,
    question: question.id,
    response: question.responses[0].id,
    invitation: (
      await k.one<{ id: number }>("select id from membership_invitations where email = $1", [
        "tenancy.invitee@demo.test",
      ])
    ).id,
  } as East;
  const appointmentType = (
    await k.one<{ id: number }>(
      "select id from appointment_types where organization_id = $1 order by id limit 1",
      [eastOrg],
    )
  ).id;
  const crmRef = async (kind: string, externalId: number) =>
    (
      await k.one<{ id: number }>(
        "insert into crm_references (organization_id, kind, external_id, name) values ($1, $2, $3, $4) on conflict (organization_id, kind, external_id) do update set name = excluded.name returning id",
        [eastOrg, kind, externalId, `Tenancy ${kind}`],
      )
    ).id;
  const technicianRef = await crmRef("technician", 990_001);
  const businessUnitRef = await crmRef("businessUnit", 990_002);
  const link = async (url: string, body: Record<string, unknown>) => {
    const r = await k.inject(admin, "POST", url, { appointmentTypeId: appointmentType, ...body });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { id: number }).id;
  };
  const firstOf = async (table: string, where = "") =>
    Number(
      (
        await k.one<{ id: number | string }>(
          `select id from ${table} where organization_id = $1 ${where} order by id limit 1`,
          [eastOrg],
        )
      ).id,
    );
  Object.assign(east, {
    appointmentType,
    technicianRef,
    businessUnitRef,
    technicianLink: await link("/api/appointments/type/technician/upsert", { crmReferenceId: technicianRef }),
    businessUnitLink: await link("/api/appointments/type/st-business-units/upsert", {
      crmReferenceId: businessUnitRef,
    }),
    questionLink: await link("/api/appointments/type/question/upsert", { questionId: question.id }),
    template: await firstOf("appointment_templates"),
    window: await firstOf("appointment_windows"),
    appointment: await firstOf("appointments", "and status = 'booked'"),
    qrCode: await firstOf("qr_codes"),
    timeLog: await firstOf("time_logs"),
    shift: await firstOf("shifts"),
    availableHours: await firstOf("available_hours"),
    activity: await firstOf("activities"),
    notification: await firstOf("notifications"),
    supportDocument: await firstOf("support_documents"),
    hoursEntry: Number(
      (
        await k.one<{ id: number | string }>(
          "insert into hours_entries (organization_id, user_id, work_date, minutes, source) values ($1, $2, '2026-01-06', 120, 'manual') returning id",
          [eastOrg, lg],
        )
      ).id,
    ),
  });
  calls = idTakingCalls(doc).flatMap((op) => {
    const samples = SAMPLES[op.key];
    if (!samples || "skip" in samples) return [];
    return samples.map((s) => ({
      name: s.name,
      method: op.method,
      url: (id: number, own: Own) => s.url?.(id, own) ?? op.path.replace(/\{\w+\}/g, String(id)),
      body: s.body && ((id: number) => s.body?.(id, east)),
      id: s.id(east),
    }));
  });
});
afterAll(() => t?.close());

const send = (a: AuthHeaders, c: Call, id: number, own: Own) =>
  k.inject(a, c.method, c.url(id, own), c.body?.(id));

describe("the calls that take an id", () => {
  it("are read from the OpenAPI document", () => {
    expect(idTakingCalls(doc).length).toBeGreaterThanOrEqual(40);
    // The 34 calls listed by hand before the document was read, and the ones found since.
    expect(calls.length).toBeGreaterThanOrEqual(39);
  });

  it("have a sample East id each (or a reason to skip), and no sample names a call that is gone", () => {
    const problems = unsampledCalls(doc, SAMPLES);
    expect(
      problems,
      `add a sample East id to SAMPLES in test/tenancy.api.test.ts (or a reason to skip it):\n${problems.join("\n")}\n`,
    ).toEqual([]);
  });

  it("fail for a route added without a sample id, or a sample left for a route removed", () => {
    const changed = structuredClone(doc);
    changed.paths["/api/things/{thingId}"] = { get: { parameters: [{ in: "path", name: "thingId" }] } };
    changed.paths["/api/things/upsert"] = {
      post: {
        requestBody: { content: { "application/json": { schema: { properties: { id: {}, name: {} } } } } },
      },
    };
    // A route that takes a body id now, besides its path id (the trade's person and the trade).
    changed.paths["/api/store/{id}"].post = {
      parameters: [{ in: "path", name: "id" }],
      requestBody: { content: { "application/json": { schema: { properties: { id: {} } } } } },
    };
    delete changed.paths["/api/leads/{id}/restore"];
    // What the changes add to whatever the real document lacks (nothing, when the test above passes).
    const before = new Set(unsampledCalls(doc, SAMPLES));
    expect(unsampledCalls(changed, SAMPLES).filter((p) => !before.has(p))).toEqual([
      "POST /api/store/{id}: no sample id for its path parameter {id}",
      "POST /api/store/{id}: no sample id for the id in its body",
      "GET /api/things/{thingId}: no sample id for its path parameter {thingId}",
      "POST /api/things/upsert: no sample id for the id in its body",
      "POST /api/leads/{id}/restore: has samples, but the OpenAPI document has no such id-taking call",
    ]);
    // A sample of the wrong kind does not cover a call: a path sample is no sample of a body id.
    expect(
      unsampledCalls(
        { paths: { "/api/x/{id}": { post: changed.paths["/api/store/{id}"].post } } },
        { "POST /api/x/{id}": [{ in: "path" }] },
      ),
    ).toEqual(["POST /api/x/{id}: no sample id for the id in its body"]);
  });
});

describe("another organization's ids", () => {
  it("answer as ids that do not exist, on every call that takes one, and change nothing", async () => {
    const before = await fingerprint();
    const outsiders: [string, AuthHeaders, Own][] = [
      ["BrightPath Solar admin", await k.as("solar.admin@demo.local"), await ownPerson("BrightPath Solar")],
      [
        "East admin working in West",
        await k.as("admin@demo.local", "Summit Home West"),
        await ownPerson("Summit Home West"),
      ],
    ];
    for (const [who, a, own] of outsiders) {
      for (const c of calls) {
        // The East admin working in West cannot edit East either: writes follow the organization the request
        // names (docs/decisions/0016).
        const id = c.id;
        const what = `${who}: ${c.name} (${c.method} ${c.url(id, own)})`;
        const theirs = await send(a, c, id, own);
        expect(theirs.statusCode, `${what}: ${theirs.body.slice(0, 300)}`).toBe(404);
        expect(theirs.headers["content-type"], what).toContain("application/problem+json");
        const missing = await send(a, c, MISSING, own);
        // Same status and message as an id that does not exist: nothing tells the row is there.
        expect(missing.statusCode, `${what} with a missing id`).toBe(404);
        expect(theirs.json().message, what).toBe(
          missing.json().message.replaceAll(String(MISSING), String(id)),
        );
        expect(theirs.json().errors ?? null, what).toEqual(
          JSON.parse(JSON.stringify(missing.json().errors ?? null).replaceAll(String(MISSING), String(id))),
        );
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it("cannot be reached by naming the organization in the header (403), nor switched to", async () => {
    const solar = await k.as("solar.admin@demo.local");
    const own = await ownPerson("BrightPath Solar");
    const header = { currentorganizationid: String(eastOrg) };
    const first = ["lead (internal)", "lead (external)", "edit lead"];
    const tried = calls.filter((c) => first.includes(c.name));
    expect(tried.map((c) => c.name).sort()).toEqual([...first].sort());
    for (const c of tried) {
      const res = await k.inject(solar, c.method, c.url(c.id, own), c.body?.(c.id), header);
      expect(res.statusCode, c.name).toBe(403);
      expect(res.json().message, c.name).toBeTruthy();
    }
    const sw = await k.inject(solar, "PUT", `/api/account/${eastOrg}/update-organization`);
    expect(sw.statusCode).toBe(403);
    expect(sw.json().message).toBeTruthy();
  });

  it("puts nothing of East in lists, lookups, searches and reports filtered by East ids", async () => {
    const solar = await k.as("solar.admin@demo.local");
    const store = await k.storeId("Costco Wayne");
    const territory = await k.territoryId("North Jersey");
    const lg = await k.userId("lg@demo.local");
    const filters = { storeIds: [store], territoryIds: [territory], leadGeneratorIds: [lg] };
    for (const path of ["internal", "external", "leads-hd", "leads-centah", "rejected", "capture-leads"]) {
      const res = await k.inject(solar, "POST", `/api/leads/${path}/search`, filters);
      expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.json().total, path).toBe(0);
    }
    const stores = await k.inject(solar, "POST", "/api/store/search", { territoryIds: [territory] });
    expect(stores.json().total).toBe(0);
    const users = await k.inject(solar, "POST", "/api/users/search", {
      storeIds: [store],
      territoryIds: [territory],
    });
    expect(users.json().total).toBe(0);
    const report = await k.inject(solar, "POST", "/api/organizations/reports/smart-circle-users", {
      organizationIds: [eastOrg],
    });
    expect(report.statusCode).toBeLessThan(500);
    if (report.statusCode === 200) expect(JSON.stringify(report.json())).not.toContain("Summit Home East");
    const lookups = JSON.stringify((await k.inject(solar, "GET", "/api/app/lookup-list")).json());
    expect(lookups).not.toContain("Costco Wayne");
    expect(lookups).not.toContain("North Jersey");
    const types = JSON.stringify((await k.inject(solar, "POST", "/api/leads/lookup-list/lead-type")).json());
    expect(types).not.toContain("Summit Home East");
    const orgs = JSON.stringify((await k.inject(solar, "POST", "/api/settings/organizations", {})).json());
    expect(orgs).not.toContain("Summit Home East");
  });

  it("refuses East stores, territories and people inside a body as if they did not exist, and saves nothing", async () => {
    const solar = await k.as("solar.admin@demo.local");
    const before = await fingerprint();
    const store = await k.storeId("Costco Wayne");
    const territory = await k.territoryId("North Jersey");
    const lg = await k.userId("lg@demo.local");
    const refs: [string, string, string, (id: number) => unknown][] = [
      [
        "store in a territory",
        "POST",
        "/api/store/upsert",
        (id) => ({ name: "Ghost", organizationTerritoryId: id }),
      ],
      [
        "person with a territory",
        "POST",
        "/api/users/upsert",
        (id) => ({ firstName: "G", lastName: "H", email: "g@h.test", roleId: 14, territoryIds: [id] }),
      ],
      [
        "person with a store",
        "POST",
        "/api/users/upsert",
        (id) => ({ firstName: "G", lastName: "H", email: "g@h.test", roleId: 14, storeIds: [id] }),
      ],
      [
        "organization territory rename",
        "PUT",
        "/api/organizations/upsert/smart-circle",
        (id) => ({ id: 0, territories: [{ id, name: "Stolen" }] }),
      ],
    ];
    const solarOrg = await t.orgId("BrightPath Solar");
    const ids: Record<string, number> = {
      "store in a territory": territory,
      "person with a territory": territory,
      "person with a store": store,
      "organization territory rename": territory,
    };
    for (const [name, method, url, body] of refs) {
      const fix = (b: unknown) =>
        name === "organization territory rename" ? { ...(b as object), id: solarOrg } : b;
      const theirs = await k.inject(solar, method, url, fix(body(ids[name])));
      const missing = await k.inject(solar, method, url, fix(body(MISSING)));
      expect(theirs.statusCode, `${name}: ${theirs.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(theirs.statusCode, name).toBeLessThan(500);
      expect(theirs.statusCode, name).toBe(missing.statusCode);
      expect(theirs.json().message, name).toBe(
        missing.json().message.replaceAll(String(MISSING), String(ids[name])),
      );
    }
    // A capture naming an East store and lead generator, with one of Solar's own service types.
    const types = (await k.inject(solar, "POST", "/api/leads/lookup-list/lead-type")).json().serviceTypes as {
      id: number;
    }[];
    const capture = await k.inject(solar, "POST", "/api/leads/internal/upsert", {
      storeId: store,
      leadGeneratorId: lg,
      serviceTypeId: types[0]?.id ?? MISSING,
      firstName: "Pat",
      lastName: "Shopper",
      phone: k.freshPhone(),
    });
    expect(capture.statusCode, capture.body).toBe(404);
    expect(capture.json().message).toMatch(/was not found/);
    expect(await fingerprint()).toEqual(before);
    expect(
      (
        await t.database.executeSql(
          "select count(*)::int as n from leads where store_id = $1 and organization_id <> $2",
          [store, eastOrg],
        )
      ).rows[0],
    ).toEqual({ n: 0 });
  });
});

describe("roles", () => {
  it("refuses each privileged call (403 with a message) to a role that lacks the right", async () => {
    const lg = await k.userId("lg@demo.local");
    const hvac = await k.serviceType(await k.as("lg@demo.local"), "HVAC");
    const store = await k.storeId("Costco Wayne");
    const territory = await k.territoryId("North Jersey");
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const trade = (await k.one<{ id: number }>("select id from user_trades where user_id = $1 limit 1", [lg]))
      .id;
    const feature = (await k.one<{ id: number }>("select id from features order by id limit 1", [])).id;
    const matrix: [string, string, string, unknown?][] = [
      // Platform: the Super Admin only.
      ["admin@demo.local", "POST", "/api/app/feature/upsert", { name: "Mine" }],
      ["admin@demo.local", "DELETE", `/api/app/feature/${feature}/delete`],
      ["admin@demo.local", "GET", "/api/platform/mailbox"],
      ["admin@demo.local", "PUT", "/api/organizations/upsert/smart-circle", { name: "New dealer" }],
      // Organizations and their settings: Admins. (A manager editing their organization gets 404, not 403:
      // docs/decisions/0007 answers any organization the caller does not administer as missing.)
      ["lg@demo.local", "POST", "/api/organizations/reports/smart-circle-users", {}],
      ["hd@demo.local", "POST", "/api/organizations/reports/smart-circle-users", {}],
      ["lg@demo.local", "POST", `/api/settings/${eastOrg}/service-type`, {}],
      ["manager@demo.local", "POST", "/api/settings/service-type/upsert", { name: "Manager type" }],
      ["manager@demo.local", "DELETE", `/api/settings/service-type/${hvac.id}`],
      ["lg@demo.local", "POST", `/api/settings/service-type/${hvac.id}/question`, {}],
      [
        "manager@demo.local",
        "POST",
        "/api/settings/service-type/question/upsert",
        { serviceTypeId: hvac.id, text: "Q?", dataTypeId: 1, fieldTypeId: 1 },
      ],
      ["manager@demo.local", "DELETE", `/api/settings/service-type/question/${hvac.questions[0].id}`],
      ["lg@demo.local", "POST", `/api/settings/question/${hvac.questions[0].id}/response`],
      [
        "manager@demo.local",
        "POST",
        "/api/settings/question/response/upsert",
        { questionId: hvac.questions[0].id, text: "R" },
      ],
      [
        "manager@demo.local",
        "DELETE",
        `/api/settings/question/response/${hvac.questions[0].responses[0].id}`,
      ],
      ["lg@demo.local", "GET", `/api/settings/organization/${eastOrg}/business-contact`],
      [
        "manager@demo.local",
        "POST",
        `/api/settings/organization/${eastOrg}/business-contact`,
        { contacts: [] },
      ],
      ["lg@demo.local", "GET", `/api/settings/organizationsTerritory/${territory}/business-contact`],
      [
        "manager@demo.local",
        "POST",
        `/api/settings/organizationsTerritory/${territory}/business-contact`,
        { contacts: [] },
      ],
      ["manager@demo.local", "PUT", "/api/settings/leads", { duplicateWindowDays: 7 }],
      // Stores: managers change them; program portals do not see them.
      ["analyst@demo.local", "POST", "/api/store/upsert", { id: store, name: "Renamed" }],
      ["lg@demo.local", "POST", "/api/store/upsert", { name: "LG store" }],
      ["hd@demo.local", "POST", "/api/store/search", {}],
      ["hd@demo.local", "GET", `/api/store/${store}`],
      // People: managers of the person.
      [
        "lg@demo.local",
        "POST",
        "/api/users/upsert",
        { firstName: "A", lastName: "B", email: "ab@x.test", roleId: 14 },
      ],
      ["analyst@demo.local", "PUT", `/api/users/${lg}/invite`],
      [
        "manager@demo.local",
        "POST",
        "/api/users/hd/upsert",
        { firstName: "A", lastName: "B", email: "hd2@x.test" },
      ],
      ["lg@demo.local", "POST", `/api/users/trade/${lg}/upsert`, { tradeId: 6 }],
      ["lg@demo.local", "DELETE", `/api/users/trade/${trade}`],
      // Leads: analysts read only, lead generators do not delete, only Admins restore.
      ["analyst@demo.local", "POST", "/api/leads/internal/upsert", { id: lead.id, notes: "x" }],
      ["analyst@demo.local", "DELETE", `/api/leads/${lead.id}/internal`],
      ["lg@demo.local", "DELETE", `/api/leads/${lead.id}/internal`],
      ["manager@demo.local", "POST", `/api/leads/${lead.id}/restore`],
    ];
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const [email, method, url, body] of matrix) {
      const res = await k.inject(await k.as(email), method, url, body);
      if (res.statusCode !== 403 || !res.json().message)
        wrong.push(`${email} ${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    const manager = await k.inject(
      await k.as("manager@demo.local"),
      "PUT",
      "/api/organizations/upsert/smart-circle",
      {
        id: eastOrg,
        name: "Renamed",
      },
    );
    expect(manager.statusCode).toBe(404);
    expect(await fingerprint()).toEqual(before);
  });
});
