import { z } from "zod";
import { idSchema, localDateSchema, okResponse, pageOf, pagingSchema, pathIdSchema } from "./common";
import { endpoint } from "./endpoint";
import { optionalBody } from "./leads";
import { daysBetween, isValidLocalDate } from "./time/local-date";

/**
 * Scheduling (docs/decisions/0035-windows-and-time.md): the weekly template of an appointment type (the spec's
 * "default scheduled appointments"), the dated windows made from it or by hand (the spec's "scheduled
 * appointments"), generating windows for a range, a window's bookings for the calendar, and the organization's
 * scheduling settings. Times are wall-clock `HH:mm` in the window's zone (its store's, else the organization's);
 * `startsAt`/`endsAt` are the instants they are.
 */

/** The most a generation call covers: 26 weeks. */
export const MAX_GENERATE_DAYS = 26 * 7;
/** A calendar week (or a whole month of windows) is one call. */
export const MAX_WINDOW_PAGE_SIZE = 1000;
export const CAPACITY_LIMITS = { min: 1, max: 1000 } as const;
export const SCHEDULING_SETTINGS_LIMITS = {
  generateWeeksAhead: { min: 0, max: 26 },
  reminderHoursBefore: { min: 1, max: 168 },
} as const;

const TIME_MESSAGE = "Use a 24-hour time HH:mm, such as 08:00";
/** `HH:mm` on a 24-hour clock, 00:00 to 23:59. */
export const LOCAL_TIME_PATTERN = "^([01]\\d|2[0-3]):[0-5]\\d$";
export const localTimeSchema = z
  .string({ error: TIME_MESSAGE })
  .regex(new RegExp(LOCAL_TIME_PATTERN), TIME_MESSAGE)
  .meta({ example: "08:00" });

const DAY_MESSAGE = "Use 0 (Sunday) to 6 (Saturday)";
export const dayOfWeekSchema = z
  .number({ error: DAY_MESSAGE })
  .int({ error: DAY_MESSAGE, abort: true })
  .min(0, DAY_MESSAGE)
  .max(6, DAY_MESSAGE);

const CAPACITY_MESSAGE = `Use a whole number from ${CAPACITY_LIMITS.min} to ${CAPACITY_LIMITS.max}`;
export const capacitySchema = z
  .number({ error: CAPACITY_MESSAGE })
  .int({ error: CAPACITY_MESSAGE, abort: true })
  .min(CAPACITY_LIMITS.min, CAPACITY_MESSAGE)
  .max(CAPACITY_LIMITS.max, CAPACITY_MESSAGE);

/**
 * Window ids (a bigserial column) are read in the integer range, as every other id the product takes in a path or
 * a body, appointments included: 2,147,483,647 windows per installation before it matters.
 */
export const windowIdSchema = idSchema;
export const windowIdParam = z.object({ id: pathIdSchema() });
export const templateIdParam = z.object({ id: pathIdSchema() });

const endAfterStart = (v: { startTime: string; endTime: string }) => v.endTime > v.startTime;
const END_AFTER_START = {
  message: "End after the start (a window ends on the day it starts)",
  path: ["endTime"],
};

// ---------------------------------------------------------------------------------------------------------
// The weekly template
// ---------------------------------------------------------------------------------------------------------

/** One window of the weekly template. `timeZone` is the zone its dated windows get (its store's, else the organization's). */
export const templateWindow = z.object({
  id: z.number().int(),
  appointmentTypeId: z.number().int(),
  appointmentTypeName: z.string(),
  territoryId: z.number().int().nullable(),
  territoryName: z.string().nullable(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  isActive: z.boolean(),
  timeZone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateWindow = z.infer<typeof templateWindow>;

/**
 * `POST /api/appointments/default-scheduled-appointments`: filters combine with AND. `storeId`/`territoryId`
 * null keep the windows without a store / territory (the organization's own); left out, any. Sorted by day of
 * week, then start.
 */
export const templateSearchRequest = optionalBody(
  pagingSchema.extend({
    appointmentTypeId: idSchema.optional(),
    territoryId: idSchema.nullable().optional(),
    storeId: idSchema.nullable().optional(),
    dayOfWeek: dayOfWeekSchema.optional(),
    isActive: z.boolean().optional(),
    pageSize: z.number().int().min(1).max(500).default(200),
  }),
);
export type TemplateSearchRequest = z.input<typeof templateSearchRequest>;
export const templateSearchResponse = pageOf(templateWindow);

/** `POST .../default-scheduled-appointments/upsert`: the whole template window; without `id` it adds one. */
export const templateUpsertRequest = z
  .object({
    id: idSchema.optional(),
    appointmentTypeId: idSchema,
    /** A store's window is in its territory; give the territory alone for a territory's own windows. */
    territoryId: idSchema.nullable().default(null),
    storeId: idSchema.nullable().default(null),
    dayOfWeek: dayOfWeekSchema,
    startTime: localTimeSchema,
    endTime: localTimeSchema,
    capacity: capacitySchema,
    isActive: z.boolean().default(true),
  })
  .refine(endAfterStart, END_AFTER_START);
export type TemplateUpsertRequest = z.input<typeof templateUpsertRequest>;

/** A future window the template change did not touch (it holds bookings), or touched only in capacity. */
export const leftAloneWindow = z.object({
  windowId: z.number().int(),
  localDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  booked: z.number().int(),
  capacity: z.number().int(),
});
export type LeftAloneWindow = z.infer<typeof leftAloneWindow>;

/**
 * What a template change did to the template's future windows: updated (times and capacity of those that hold
 * no booking), removed (deleted), closed (no live booking, but cancelled bookings' history points at them, so
 * they are closed rather than deleted), created (a day or place change regenerates the same dates), and those
 * left as they were because they hold bookings (their capacity still follows the template, never below what
 * they hold).
 */
export const templateChangeResponse = z.object({
  template: templateWindow.nullable(),
  updatedWindows: z.number().int(),
  removedWindows: z.number().int(),
  closedWindows: z.number().int(),
  createdWindows: z.number().int(),
  leftAlone: z.array(leftAloneWindow),
});
export type TemplateChangeResponse = z.infer<typeof templateChangeResponse>;

// ---------------------------------------------------------------------------------------------------------
// Dated windows
// ---------------------------------------------------------------------------------------------------------

export const appointmentWindow = z.object({
  id: z.number().int(),
  appointmentTypeId: z.number().int(),
  appointmentTypeName: z.string(),
  territoryId: z.number().int().nullable(),
  territoryName: z.string().nullable(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  templateId: z.number().int().nullable(),
  /** The wall-clock day and times, in `timeZone`. */
  localDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  /** The instants (ISO 8601, UTC): on a daylight-saving day the real length differs from the wall-clock one. */
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  left: z.number().int(),
  isClosed: z.boolean(),
});
export type AppointmentWindow = z.infer<typeof appointmentWindow>;

const fromBeforeTo = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const FROM_BEFORE_TO = { message: "End on or after the start date", path: ["to"] };

/**
 * `POST /api/appointments/scheduled-appointments`: windows whose local date is from `from` to `to` (both
 * included), sorted by their start. Closed windows only when asked. A page holds up to 1000 windows.
 */
export const windowSearchRequest = optionalBody(
  pagingSchema
    .extend({
      appointmentTypeId: idSchema.optional(),
      territoryId: idSchema.nullable().optional(),
      storeId: idSchema.nullable().optional(),
      from: localDateSchema.optional(),
      to: localDateSchema.optional(),
      includeClosed: z.boolean().default(false),
      pageSize: z.number().int().min(1).max(MAX_WINDOW_PAGE_SIZE).default(200),
    })
    .refine(fromBeforeTo, FROM_BEFORE_TO),
);
export type WindowSearchRequest = z.input<typeof windowSearchRequest>;
export const windowSearchResponse = pageOf(appointmentWindow);

/**
 * `POST .../scheduled-appointments/upsert`: a window by hand (no `id`) or an edit. A window holding bookings
 * keeps its day, times, type and place; its capacity may not go below what it holds; closing it
 * (`isClosed`) stops new bookings and keeps those it has.
 */
export const windowUpsertRequest = z
  .object({
    id: windowIdSchema.optional(),
    appointmentTypeId: idSchema,
    territoryId: idSchema.nullable().default(null),
    storeId: idSchema.nullable().default(null),
    localDate: localDateSchema,
    startTime: localTimeSchema,
    endTime: localTimeSchema,
    capacity: capacitySchema,
    isClosed: z.boolean().default(false),
  })
  .refine(endAfterStart, END_AFTER_START);
export type WindowUpsertRequest = z.input<typeof windowUpsertRequest>;

/** `POST .../scheduled-appointments/default`: windows from the active template of a type, for a range. */
export const generateWindowsRequest = z
  .object({
    appointmentTypeId: idSchema,
    /** Only this store's template windows. */
    storeId: idSchema.optional(),
    /** Only this territory's template windows (its stores' included). */
    territoryId: idSchema.optional(),
    from: localDateSchema,
    to: localDateSchema,
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO)
  .refine(
    (v) =>
      !isValidLocalDate(v.from) ||
      !isValidLocalDate(v.to) ||
      v.from > v.to ||
      daysBetween(v.from, v.to) < MAX_GENERATE_DAYS,
    {
      message: "Generate at most 26 weeks at a time",
      path: ["to"],
    },
  );
export type GenerateWindowsRequest = z.input<typeof generateWindowsRequest>;

/**
 * What a generation did: windows created, those already there (generating again is a no-op), those skipped
 * because they would already have started, and those skipped because the clocks skip their whole span that
 * day (a 02:00-03:00 window on a spring-forward day).
 */
export const generateWindowsResponse = z.object({
  created: z.number().int(),
  alreadyThere: z.number().int(),
  skippedInPast: z.number().int(),
  skippedInGap: z.number().int(),
});
export type GenerateWindowsResponse = z.infer<typeof generateWindowsResponse>;

/** A booking of a window, for the calendar's drawer. */
export const windowBooking = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  leadName: z.string(),
  phone: z.string().nullable(),
  status: z.enum(["booked", "cancelled", "ran", "sold", "noShow"]),
  source: z.enum(["app", "qr", "crm"]),
  bookedByUserId: z.number().int().nullable(),
  bookedByName: z.string().nullable(),
  bookedAt: z.string(),
});
export type WindowBooking = z.infer<typeof windowBooking>;
export const windowBookingsResponse = z.array(windowBooking);

// ---------------------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------------------

const WEEKS_MESSAGE = "Use a whole number of weeks from 0 to 26";
const HOURS_MESSAGE = "Use a whole number of hours from 1 to 168 (a week)";

export const schedulingSettingsRequest = z.object({
  /** The recurring job keeps this many weeks of windows generated (0: off). */
  generateWeeksAhead: z
    .number({ error: WEEKS_MESSAGE })
    .int({ error: WEEKS_MESSAGE, abort: true })
    .min(0, WEEKS_MESSAGE)
    .max(26, WEEKS_MESSAGE),
  smsEnabled: z.boolean(),
  reminderHoursBefore: z
    .number({ error: HOURS_MESSAGE })
    .int({ error: HOURS_MESSAGE, abort: true })
    .min(1, HOURS_MESSAGE)
    .max(168, HOURS_MESSAGE),
});
export type SchedulingSettingsRequest = z.input<typeof schedulingSettingsRequest>;

export const schedulingSettings = schedulingSettingsRequest.extend({
  /** Null: never saved, the defaults. */
  updatedAt: z.string().nullable(),
  /** The organization's zone and first day of week (what windows without a store use, and how weeks start). */
  timeZone: z.string(),
  firstDayOfWeek: z.number().int(),
  /** Today in the organization's zone. */
  today: z.string(),
  /** After a save with weeks to keep: what generating them at once did. */
  generated: generateWindowsResponse.nullable(),
});
export type SchedulingSettings = z.infer<typeof schedulingSettings>;

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025)
// ---------------------------------------------------------------------------------------------------------

export const schedulingApi = {
  templateSearch: endpoint({
    name: "appointments.defaultScheduledAppointments",
    method: "POST",
    path: "/api/appointments/default-scheduled-appointments",
    auth: "tenant",
    body: templateSearchRequest,
    response: templateSearchResponse,
  }),
  templateUpsert: endpoint({
    name: "appointments.defaultScheduledAppointmentsUpsert",
    method: "POST",
    path: "/api/appointments/default-scheduled-appointments/upsert",
    auth: "tenant",
    body: templateUpsertRequest,
    response: templateChangeResponse,
  }),
  templateDelete: endpoint({
    name: "appointments.defaultScheduledAppointmentsById",
    method: "DELETE",
    path: "/api/appointments/default-scheduled-appointments/{id}",
    auth: "tenant",
    params: templateIdParam,
    response: templateChangeResponse,
  }),
  windowSearch: endpoint({
    name: "appointments.scheduledAppointments",
    method: "POST",
    path: "/api/appointments/scheduled-appointments",
    auth: "tenant",
    body: windowSearchRequest,
    response: windowSearchResponse,
  }),
  windowUpsert: endpoint({
    name: "appointments.scheduledAppointmentsUpsert",
    method: "POST",
    path: "/api/appointments/scheduled-appointments/upsert",
    auth: "tenant",
    body: windowUpsertRequest,
    response: appointmentWindow,
  }),
  windowDelete: endpoint({
    name: "appointments.scheduledAppointmentsById",
    method: "DELETE",
    path: "/api/appointments/scheduled-appointments/{id}",
    auth: "tenant",
    params: windowIdParam,
    response: okResponse,
  }),
  generate: endpoint({
    name: "appointments.scheduledAppointmentsDefault",
    method: "POST",
    path: "/api/appointments/scheduled-appointments/default",
    auth: "tenant",
    body: generateWindowsRequest,
    response: generateWindowsResponse,
  }),
  windowBookings: endpoint({
    name: "appointments.scheduledAppointmentsByIdAppointments",
    method: "GET",
    path: "/api/appointments/scheduled-appointments/{id}/appointments",
    auth: "tenant",
    params: windowIdParam,
    response: windowBookingsResponse,
  }),
  settings: endpoint({
    name: "appointments.settings.get",
    method: "GET",
    path: "/api/appointments/settings",
    auth: "tenant",
    response: schedulingSettings,
  }),
  saveSettings: endpoint({
    name: "appointments.settings.post",
    method: "POST",
    path: "/api/appointments/settings",
    auth: "tenant",
    body: schedulingSettingsRequest,
    response: schedulingSettings,
  }),
} as const;
