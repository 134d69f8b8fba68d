import { keepWindowsGenerated, schedulingRepository } from "../modules/scheduling/index";
import type { Tx } from "../platform/db";
import { appointmentTemplates, appointmentTypes, schedulingSettings } from "./schema/index";

/** The demo's weekly template: Monday to Saturday, three windows a day. */
const DEMO_WINDOWS = [
  { startTime: "08:00", endTime: "10:00", capacity: 3 },
  { startTime: "12:00", endTime: "14:00", capacity: 3 },
  { startTime: "16:00", endTime: "18:00", capacity: 2 },
] as const;
const MONDAY_TO_SATURDAY = [1, 2, 3, 4, 5, 6] as const;
export const DEMO_WEEKS_AHEAD = 4;

/**
 * Scheduling for the two dealer organizations (docs/decisions/0035-windows-and-time.md): two appointment types,
 * the weekly template for each, settings that keep 4 weeks generated, and the windows of the next 4 weeks from
 * today in the organization's zone, made by the scheduling module's own generation (as the recurring job does).
 * Windows are not bookings: the bookings seed may add those afterwards.
 */
export async function seedDemoScheduling(tx: Tx, orgs: { east: number; west: number }, now = new Date()) {
  const repo = schedulingRepository();
  for (const organizationId of [orgs.east, orgs.west]) {
    const types = await tx
      .insert(appointmentTypes)
      .values([
        {
          organizationId,
          name: "In-home consultation",
          durationMinutes: 90,
          arrivalWindowMinutes: 120,
          minimumNoticeMinutes: 120,
          bookingHorizonDays: 60,
        },
        { organizationId, name: "Measure and quote", durationMinutes: 60 },
      ])
      .returning({ id: appointmentTypes.id });
    await tx
      .insert(appointmentTemplates)
      .values(
        types.flatMap((type) =>
          MONDAY_TO_SATURDAY.flatMap((dayOfWeek) =>
            DEMO_WINDOWS.map((w) => ({ organizationId, appointmentTypeId: type.id, dayOfWeek, ...w })),
          ),
        ),
      );
    await tx.insert(schedulingSettings).values({ organizationId, generateWeeksAhead: DEMO_WEEKS_AHEAD });
    await keepWindowsGenerated(repo, tx, organizationId, DEMO_WEEKS_AHEAD, now);
  }
}
