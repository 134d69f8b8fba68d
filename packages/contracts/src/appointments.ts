import { z } from "zod";
import { idParam, idSchema, localDateSchema, pageOf, textSchema } from "./common";
import { endpoint } from "./endpoint";
import { idempotencyKeyHeaders, leadIdParam, optionalBody } from "./leads";

/**
 * Bookings (docs/decisions/0033-appointments-and-capacity.md): the free windows of a type for a store or a lead,
 * booking one place of a window for a lead, moving and cancelling a booking, a lead's appointments with their
 * history, and the upcoming appointments list. A window never holds more bookings than its capacity: a booking
 * that loses the race for the last place answers 409 with the next free windows (`nextWindows`).
 */

export const APPOINTMENT_STATUSES = ["booked", "cancelled", "ran", "sold", "noShow"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_NAMES: Record<AppointmentStatus, string> = {
  booked: "Booked",
  cancelled: "Cancelled",
  ran: "Ran",
  sold: "Sold",
  noShow: "No show",
};

/** What the CRM said of its own capacity: checked (windows it cannot take are left out), not connected, down. */
export const CRM_CAPACITY_STATES = ["checked", "notConnected", "unavailable"] as const;
export type CrmCapacityState = (typeof CRM_CAPACITY_STATES)[number];

const instant = z.iso.datetime({ offset: true });
const reasonText = (what: string) =>
  textSchema
    .trim()
    .min(1, `Say why the appointment is ${what}`)
    .max(500, "Keep the reason to 500 characters");

/** `POST /api/appointments/available`: a type, and a store or a lead (its store); from/to default to the horizon. */
export const availableWindowsRequest = z
  .object({
    appointmentTypeId: idSchema.describe("The appointment type to book."),
    storeId: idSchema.nullish().describe("The store the shopper was met at; or give `leadId`."),
    leadId: idSchema.nullish().describe("A lead: its store (and territory) decide the windows."),
    from: instant.nullish().describe("Earliest start (ISO 8601); default now."),
    to: instant.nullish().describe("Latest start (ISO 8601); default the type's booking horizon."),
  })
  .superRefine((v, ctx) => {
    if (!v.storeId && !v.leadId)
      ctx.addIssue({ code: "custom", path: ["storeId"], message: "Choose a store (or give the lead)" });
  });
export type AvailableWindowsRequest = z.input<typeof availableWindowsRequest>;

export const freeWindow = z.object({
  id: z.number().int(),
  localDate: z.string().describe("The window's day in its own time zone (yyyy-MM-dd)."),
  startTime: z.string().describe("Wall-clock start in the window's zone (HH:mm)."),
  endTime: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  left: z.number().int().describe("Places still free."),
});
export type FreeWindow = z.infer<typeof freeWindow>;

export const availableWindowsResponse = z.object({
  appointmentTypeId: z.number().int(),
  appointmentTypeName: z.string(),
  storeId: z.number().int().nullable(),
  timeZone: z.string().describe("The store's time zone (or the organization's)."),
  from: z.string(),
  to: z.string(),
  crm: z.enum(CRM_CAPACITY_STATES),
  crmMessage: z.string().nullable().describe("Why the CRM's capacity was not applied, for a person to read."),
  days: z.array(z.object({ localDate: z.string(), windows: z.array(freeWindow) })),
});
export type AvailableWindows = z.infer<typeof availableWindowsResponse>;

/** `POST /api/appointments/book`. */
export const bookAppointmentRequest = z.object({
  leadId: idSchema,
  windowId: idSchema,
  notes: textSchema.trim().max(2000, "Keep the notes to 2,000 characters").nullish(),
});
export type BookAppointmentRequest = z.input<typeof bookAppointmentRequest>;

export const moveAppointmentRequest = z.object({
  windowId: idSchema,
  reason: reasonText("moved").nullish(),
});
export type MoveAppointmentRequest = z.input<typeof moveAppointmentRequest>;

export const cancelAppointmentRequest = z.object({ reason: reasonText("cancelled") });
export type CancelAppointmentRequest = z.input<typeof cancelAppointmentRequest>;

export const appointmentDetail = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  leadName: z.string(),
  windowId: z.number().int(),
  appointmentTypeId: z.number().int(),
  appointmentTypeName: z.string(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  territoryId: z.number().int().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  localDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  source: z.enum(["app", "qr", "crm"]),
  bookedByUserId: z.number().int().nullable(),
  bookedByName: z.string().nullable(),
  bookedAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  notes: z.string().nullable(),
});
export type AppointmentDetail = z.infer<typeof appointmentDetail>;

export const appointmentHistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type AppointmentHistoryEntry = z.infer<typeof appointmentHistoryEntry>;

export const leadAppointmentsResponse = z.object({
  items: z.array(appointmentDetail.extend({ history: z.array(appointmentHistoryEntry) })),
});
export type LeadAppointments = z.infer<typeof leadAppointmentsResponse>;

export const APPOINTMENT_SORT_KEYS = ["startsAt", "bookedAt", "type", "store", "status", "leadName"] as const;

/** `POST /api/appointments/search`: the upcoming appointments list (default: from today on, soonest first). */
const appointmentSearchBody = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
  /** 1 (Today) .. 10 (Year Before Last), in the organization's time zone. */
  dateRange: z.number().int().min(1).max(10).nullish(),
  startDate: localDateSchema.nullish(),
  endDate: localDateSchema.nullish(),
  appointmentTypeIds: z.array(idSchema).max(100).optional(),
  storeIds: z.array(idSchema).max(500).optional(),
  statuses: z.array(z.enum(APPOINTMENT_STATUSES)).max(5).optional(),
  bookedByUserIds: z.array(idSchema).max(100).optional(),
  sortBy: z.enum(APPOINTMENT_SORT_KEYS).default("startsAt"),
  sortDirection: z.enum(["asc", "desc"]).default("asc"),
  format: z.enum(["json", "csv", "xlsx"]).default("json"),
});
export const appointmentSearchRequest = optionalBody(appointmentSearchBody);
export type AppointmentSearchRequest = z.input<typeof appointmentSearchBody>;

export const appointmentListItem = appointmentDetail.extend({
  leadPhone: z.string().nullable(),
  leadEmail: z.string().nullable(),
});
export type AppointmentListItem = z.infer<typeof appointmentListItem>;
export const appointmentSearchResponse = pageOf(appointmentListItem);

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025): each defined once, served by the server and called by the web from here.
// ---------------------------------------------------------------------------------------------------------

const taken =
  ' A window that is full or closed answers 409 ("That window was just taken") with `nextWindows`: the next three free windows of the type for that store.';

export const appointmentsApi = {
  available: endpoint({
    name: "appointments.available",
    method: "POST",
    path: "/api/appointments/available",
    auth: "tenant",
    summary:
      "Free windows of a type for a store or a lead, grouped by local day; where the CRM reports capacity, only windows it can take too (`crm` says whether it answered).",
    body: availableWindowsRequest,
    response: availableWindowsResponse,
  }),
  book: endpoint({
    name: "appointments.book",
    method: "POST",
    path: "/api/appointments/book",
    auth: "tenant",
    summary: `Book one place of a window for a lead (201). An Idempotency-Key makes a retry safe.${taken}`,
    headers: idempotencyKeyHeaders,
    body: bookAppointmentRequest,
    response: appointmentDetail,
    status: 201,
  }),
  move: endpoint({
    name: "appointments.byIdMove",
    method: "POST",
    path: "/api/appointments/{id}/move",
    auth: "tenant",
    summary: `Move a booked appointment to another window, atomically.${taken}`,
    params: idParam,
    body: moveAppointmentRequest,
    response: appointmentDetail,
  }),
  cancel: endpoint({
    name: "appointments.byIdCancel",
    method: "POST",
    path: "/api/appointments/{id}/cancel",
    auth: "tenant",
    summary: "Cancel a booked appointment (a reason is required); its place goes back to the window.",
    params: idParam,
    body: cancelAppointmentRequest,
    response: appointmentDetail,
  }),
  leadAppointments: endpoint({
    name: "leads.byIdAppointments",
    method: "GET",
    path: "/api/leads/{id}/appointments",
    auth: "tenant",
    summary: "A lead's appointments, newest first, each with its history.",
    params: leadIdParam,
    response: leadAppointmentsResponse,
  }),
  search: endpoint({
    name: "appointments.search",
    method: "POST",
    path: "/api/appointments/search",
    auth: "tenant",
    summary:
      'The appointments list, paged and sorted on the server. `format: "csv"` or `"xlsx"` answers the whole result as a download.',
    body: appointmentSearchRequest,
    response: appointmentSearchResponse,
    download: true,
  }),
} as const;
