import { addDays, dayOfWeek, formatDate, LEAD_GENERATOR_ROLE_IDS, startOfWeek } from "@fieldlead/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isShiftTimeProblem, shiftTime } from "../modules/labor/index";
import type { Tx } from "../platform/db";
import { availableHours, memberships, organizations, shifts, stores, users } from "./schema/index";

/** Monday to Friday, and the day a shift runs late. */
const WORK_DAYS = [1, 2, 3, 4, 5];
const TIMES = { start: "10:00", end: "18:00" } as const;

/**
 * Demo schedules (docs/decisions/0040-labor.md): this week's and next week's shifts for the active lead generators
 * of the two dealer organizations, Monday to Friday 10:00-18:00 at their first store (the second one on Thursdays when
 * they have two), and their available hours (Monday to Saturday 09:00-19:00). One visible conflict: Luis Generator is
 * also planned at another store on this week's Wednesday evening, which overlaps his shift and runs past his
 * available hours. Weeks are each organization's, from today in its zone.
 */
export async function seedDemoLaborSchedules(tx: Tx, orgs: { east: number; west: number }, now = new Date()) {
  for (const organizationId of [orgs.east, orgs.west]) {
    const [org] = await tx
      .select({ timeZone: organizations.timeZone, firstDayOfWeek: organizations.firstDayOfWeek })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    const people = await tx
      .select({
        userId: memberships.userId,
        email: users.email,
        storeIds: sql<number[]>`array(select ms.store_id from membership_stores ms
          where ms.organization_id = ${memberships.organizationId} and ms.membership_id = ${memberships.id}
          order by ms.store_id)`,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.organizationId, organizationId),
          eq(memberships.isActive, true),
          inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
        ),
      )
      .orderBy(asc(memberships.userId));
    const zones = new Map(
      (
        await tx
          .select({ id: stores.id, timeZone: stores.timeZone })
          .from(stores)
          .where(eq(stores.organizationId, organizationId))
      ).map((s) => [s.id, s.timeZone]),
    );
    const thisWeek = startOfWeek(formatDate(now, org.timeZone), org.firstDayOfWeek);
    const days = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
      .map((i) => addDays(thisWeek, i))
      .filter((date) => WORK_DAYS.includes(dayOfWeek(date)));
    const rows: (typeof shifts.$inferInsert)[] = [];
    const plan = (userId: number, storeId: number, workDate: string, start: string, end: string) => {
      const timeZone = zones.get(storeId) ?? org.timeZone;
      const time = shiftTime(workDate, start, end, timeZone);
      if (isShiftTimeProblem(time)) return;
      rows.push({
        organizationId,
        userId,
        storeId,
        workDate,
        startTime: start,
        endTime: end,
        timeZone,
        startsAt: time.startsAt,
        endsAt: time.endsAt,
      });
    };
    for (const p of people) {
      if (p.storeIds.length === 0) continue;
      for (const date of days) {
        const storeId = dayOfWeek(date) === 4 && p.storeIds.length > 1 ? p.storeIds[1] : p.storeIds[0];
        plan(p.userId, storeId, date, TIMES.start, TIMES.end);
      }
      if (p.email === "lg@demo.local" && p.storeIds.length > 1) {
        const wednesday = days.find((date) => dayOfWeek(date) === 3);
        if (wednesday) plan(p.userId, p.storeIds[1], wednesday, "16:00", "20:00");
      }
    }
    if (rows.length) await tx.insert(shifts).values(rows);
    const slots = people.flatMap((p) =>
      [1, 2, 3, 4, 5, 6].map((day) => ({
        organizationId,
        userId: p.userId,
        dayOfWeek: day,
        startTime: "09:00",
        endTime: "19:00",
      })),
    );
    if (slots.length) await tx.insert(availableHours).values(slots);
  }
}
