import { z } from "zod";
import { idSchema, localDateSchema, okResponse, pageOf, pathIdSchema, textSchema } from "../common";
import { endpoint } from "../endpoint";
import { optionalBody } from "../leads";
import { dayOfWeekSchema, localTimeSchema } from "../scheduling";

/**
 * Schedules and available hours (docs/decisions/0040-labor.md). A shift is a plan: a person at a store on a
 * store-local date from `startTime` to `endTime` (an end at or before the start ends the next day), kept with the
 * instants it is in the store's zone, so a shift across a daylight-saving change has its real length. Weeks start on
 * the organization's first day of week. Conflicts are shown, never refused: a person in two places at once, a shift
 * outside the person's available hours (when they have any), a week over the organization's weekly hours limit.
 * Available hours say when a person can work, by day of week, in the organization's zone.
 */

export const SCHEDULE_PAGE_SIZE = { default: 50, max: 200 } as const;
/** The most people one export holds (one row per shift, and a row per person on the week sheet). */
export const SCHEDULE_EXPORT_MAX_PEOPLE = 5000;
export const SHIFT_NOTES_MAX = 500;
/** The most available-hours rows a person keeps (four a day). */
export const AVAILABLE_HOURS_MAX_SLOTS = 28;

export const SHIFT_CONFLICT_KINDS = ["overlap", "outsideAvailability", "overWeeklyLimit"] as const;
export type ShiftConflictKind = (typeof SHIFT_CONFLICT_KINDS)[number];
/** What each kind is called on the screen and in the export. */
export const SHIFT_CONFLICT_LABELS: Record<ShiftConflictKind, string> = {
  overlap: "Double-booked",
  outsideAvailability: "Outside availability",
  overWeeklyLimit: "Over weekly hours",
};

/** "8 h", "7 h 30 min", "45 min": minutes as people read them. */
export function scheduleHoursLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export const scheduleConflict = z.object({
  kind: z.enum(SHIFT_CONFLICT_KINDS),
  /** What is wrong, in words (the screen shows it beside the mark, never the colour alone). */
  message: z.string(),
  /** The other shift of a double booking. */
  otherShiftId: z.number().int().nullable(),
});
export type ScheduleConflict = z.infer<typeof scheduleConflict>;

export const scheduleShift = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  /** The store-local date the shift starts on. */
  workDate: z.string(),
  /** `HH:mm` on the store's wall clock. */
  startTime: z.string(),
  endTime: z.string(),
  /** The store's zone when the shift was planned: the times above are read in it. */
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Real minutes between the two instants (a shift across a clock change is an hour shorter or longer). */
  minutes: z.number().int(),
  /** The end is at or before the start: it ends the next day. */
  endsNextDay: z.boolean(),
  notes: z.string().nullable(),
  conflicts: z.array(scheduleConflict),
});
export type ScheduleShift = z.infer<typeof scheduleShift>;

/** One row of a person's available hours: a day of week (0 Sunday .. 6 Saturday) and wall-clock times. */
export const availableHoursSlot = z.object({
  id: z.number().int(),
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
});
export type AvailableHoursSlot = z.infer<typeof availableHoursSlot>;

export const schedulePerson = z.object({
  userId: z.number().int(),
  userName: z.string(),
  email: z.string(),
  /** Active in the organization and on the platform: an inactive person keeps the shifts already planned. */
  isActive: z.boolean(),
  availableHours: z.array(availableHoursSlot),
  /** The week's seven days in order, each with the shifts starting on it. */
  days: z.array(z.object({ date: z.string(), shifts: z.array(scheduleShift) })),
  /** Real minutes planned this week. */
  minutes: z.number().int(),
  overWeeklyLimit: z.boolean(),
  conflictCount: z.number().int(),
});
export type SchedulePerson = z.infer<typeof schedulePerson>;

/** A week of the week list (time/week-list.ts). */
export const scheduleWeekEntry = z.object({
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  dayName: z.string(),
  isCurrentWeek: z.boolean(),
});
export type ScheduleWeekEntry = z.infer<typeof scheduleWeekEntry>;

const ids = z.array(idSchema).max(500);

/** A day a schedule can be planned on: a real date from 1900 to 2199 (the week's edges stay in the calendar). */
export const scheduleDateSchema = localDateSchema.refine(
  (d) => d >= "1900-01-01" && d <= "2199-12-31",
  "Choose a date from 1900 to 2199",
);

/** Who and where a schedule shows (the grid, the export and the copy narrow by the same). */
const scheduleFilterFields = {
  userIds: ids.optional(),
  storeIds: ids.optional(),
  territoryIds: ids.optional(),
  /** A person's name (prefix of first or last name) or email prefix. */
  text: textSchema.trim().max(100).nullish(),
};

const scheduleWeekFields = {
  /** Any date of the week to show (its first day is the organization's); this week when absent. */
  week: scheduleDateSchema.nullish(),
  ...scheduleFilterFields,
  /**
   * The people listed: the field team (lead generators) by default, or everyone whose role logs time. Anyone with a
   * shift in the week is listed either way.
   */
  everyone: z.boolean().default(false),
};

const schedulesBody = z.object({
  ...scheduleWeekFields,
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(SCHEDULE_PAGE_SIZE.max).default(SCHEDULE_PAGE_SIZE.default),
});
export const schedulesRequest = optionalBody(schedulesBody);
export type SchedulesRequest = z.input<typeof schedulesBody>;

export const schedulesResponse = pageOf(schedulePerson).extend({
  week: z.object({
    startDate: z.string(),
    endDate: z.string(),
    description: z.string(),
    isCurrentWeek: z.boolean(),
    /** 0 (Sunday) .. 6 (Saturday): the organization's first day of week (Monday when it sets none). */
    firstDayOfWeek: z.number().int(),
    days: z.array(z.object({ date: z.string(), dayOfWeek: z.number().int(), dayName: z.string() })),
  }),
  /** The weeks a picker offers: about 30 days back to 112 ahead, in the organization's zone. */
  weeks: z.array(scheduleWeekEntry),
  /** The organization's zone: available hours are read in it. */
  timeZone: z.string(),
  weeklyHoursLimit: z.number().int(),
  /** Over the listed page: shifts, and shifts with at least one conflict. */
  shiftCount: z.number().int(),
  conflictCount: z.number().int(),
  /** The caller may plan shifts and available hours (server-computed, for the buttons). */
  canEdit: z.boolean(),
});
export type SchedulesResponse = z.infer<typeof schedulesResponse>;

const schedulesExportBody = z.object({
  ...scheduleWeekFields,
  format: z.enum(["csv", "xlsx"]).default("xlsx"),
});
export const schedulesExportRequest = optionalBody(schedulesExportBody);
export type SchedulesExportRequest = z.input<typeof schedulesExportBody>;

export const shiftUpsertRequest = z.object({
  /** The shift to move or change; a new shift without it. */
  id: idSchema.nullish(),
  userId: idSchema,
  storeId: idSchema,
  workDate: scheduleDateSchema,
  startTime: localTimeSchema,
  /** At or before the start: the shift ends the next day. */
  endTime: localTimeSchema,
  notes: textSchema
    .trim()
    .max(SHIFT_NOTES_MAX, `Keep the notes under ${SHIFT_NOTES_MAX} characters`)
    .nullish(),
});
export type ShiftUpsertRequest = z.input<typeof shiftUpsertRequest>;
export const shiftUpsertResponse = z.object({ shift: scheduleShift });

export const shiftIdParam = z.object({ id: pathIdSchema() });

export const scheduleCopyRequest = z.object({
  /** Any date of the week to copy into. */
  toWeek: scheduleDateSchema,
  /** Any date of the week to copy from; the week before `toWeek` when absent. */
  fromWeek: scheduleDateSchema.nullish(),
  ...scheduleFilterFields,
});
export type ScheduleCopyRequest = z.input<typeof scheduleCopyRequest>;
export const scheduleCopyResponse = z.object({
  fromStartDate: z.string(),
  toStartDate: z.string(),
  copied: z.number().int(),
  /** Already in the target week exactly (same person, store, day and times). */
  skippedExisting: z.number().int(),
  /** The person or the store is no longer active. */
  skippedInactive: z.number().int(),
  /** A time the clocks skip that day (the spring-forward night). */
  skippedInGap: z.number().int(),
  /** The outcome in one sentence, for the screen. */
  message: z.string(),
});
export type ScheduleCopyResponse = z.infer<typeof scheduleCopyResponse>;

const slotInput = z
  .object({ dayOfWeek: dayOfWeekSchema, startTime: localTimeSchema, endTime: localTimeSchema })
  .refine((s) => s.endTime > s.startTime, {
    message: "End after the start (available hours end on the day they start; 23:59 means until midnight)",
    path: ["endTime"],
  });

/**
 * `POST /api/users/hours/available/schedules`: replaces a person's available hours with `slots` (an empty list
 * clears them: the person is then taken as available any time) and answers them. Rows of one day may not overlap.
 */
export const availableHoursReplaceRequest = z
  .object({
    userId: idSchema,
    slots: z
      .array(slotInput)
      .max(AVAILABLE_HOURS_MAX_SLOTS, `Keep at most ${AVAILABLE_HOURS_MAX_SLOTS} rows`),
  })
  .superRefine((v, ctx) => {
    v.slots.forEach((s, i) => {
      const other = v.slots.findIndex(
        (o, j) => j < i && o.dayOfWeek === s.dayOfWeek && o.startTime < s.endTime && s.startTime < o.endTime,
      );
      if (other >= 0)
        ctx.addIssue({
          code: "custom",
          path: ["slots", i, "startTime"],
          message: `Overlaps row ${other + 1} of the same day`,
        });
    });
  });
export type AvailableHoursReplaceRequest = z.input<typeof availableHoursReplaceRequest>;
export const availableHoursResponse = z.object({
  userId: z.number().int(),
  userName: z.string(),
  slots: z.array(availableHoursSlot),
});
export type AvailableHoursResponse = z.infer<typeof availableHoursResponse>;

export const schedulesApi = {
  schedulesWeek: endpoint({
    name: "users.schedules",
    method: "POST",
    path: "/api/users/schedules",
    auth: "tenant",
    summary:
      "The week grid: people the caller reaches (a lead generator: themselves), filtered and paged on the server by person, each with the week's shifts by day, their conflicts, available hours and week total; the week's days and the week list.",
    body: schedulesRequest,
    response: schedulesResponse,
  }),
  schedulesExport: endpoint({
    name: "users.schedulesExport",
    method: "POST",
    path: "/api/users/schedules/export",
    auth: "tenant",
    summary:
      "The week's schedule as a file: CSV (one row per shift) or XLSX (a sheet of shifts and a sheet of the week grid, people by days).",
    body: schedulesExportRequest,
    response: z.string().describe("The file."),
    download: true,
  }),
  shiftUpsert: endpoint({
    name: "users.schedulesShiftsUpsert",
    method: "POST",
    path: "/api/users/schedules/shifts/upsert",
    auth: "tenant",
    summary:
      "Plan a shift, or move or change one (`id`): person, store, store-local date and times. Conflicts are answered with it, never refused.",
    body: shiftUpsertRequest,
    response: shiftUpsertResponse,
  }),
  shiftDelete: endpoint({
    name: "users.schedulesShiftsById",
    method: "DELETE",
    path: "/api/users/schedules/shifts/{id}",
    auth: "tenant",
    summary: "Delete a planned shift.",
    params: shiftIdParam,
    response: okResponse,
  }),
  schedulesCopy: endpoint({
    name: "users.schedulesCopy",
    method: "POST",
    path: "/api/users/schedules/copy",
    auth: "tenant",
    summary:
      "Copy a week's shifts (of the people the caller reaches, narrowed by the filters) into another week; shifts already there identically are skipped and counted.",
    body: scheduleCopyRequest,
    response: scheduleCopyResponse,
  }),
  availableHoursReplace: endpoint({
    name: "users.hoursAvailableSchedules",
    method: "POST",
    path: "/api/users/hours/available/schedules",
    auth: "tenant",
    summary:
      "Replace a person's available hours (days of week with from/to, in the organization's zone) and answer them; an empty list clears them.",
    body: availableHoursReplaceRequest,
    response: availableHoursResponse,
  }),
  availableHoursDelete: endpoint({
    name: "users.hoursAvailableSchedulesById",
    method: "DELETE",
    path: "/api/users/hours/available/schedules/{id}",
    auth: "tenant",
    summary: "Delete one row of a person's available hours.",
    params: shiftIdParam,
    response: okResponse,
  }),
} as const;
