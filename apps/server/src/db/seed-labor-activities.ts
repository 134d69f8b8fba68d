import {
  addDays,
  dayOfWeek,
  formatDate,
  LEAD_GENERATOR_ROLE_IDS,
  zonedDateTimeToUtc,
} from "@fieldlead/contracts";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Tx } from "../platform/db";
import {
  activities,
  membershipStores,
  memberships,
  noActivityReasons,
  referenceItems,
  stores,
  timeLogs,
  users,
} from "./schema/index";

/** How many days back the demo's activities go. */
const DAYS_BACK = 14;

type Place = { storeId: number; workDate: string; timeLogId: number | null; at: Date };

/**
 * Demo activities (docs/decisions/0040-labor.md): for the demo's lead generators (Luis and Lena in East, two of the
 * Los Angeles crew in West), an approaches count on each shift of the last two weeks (linked to its time log) and a
 * 30-minute break on every third; one shift of Luis and one of Lena left with nothing logged, so the no-activity
 * list has rows, and a reason recorded for Luis's ("Weather"). Where the time-log demo made no shift for someone,
 * weekdays at their first store stand in. Runs after the schedules and time logs seeds; small on purpose.
 */
export async function seedDemoLaborActivities(tx: Tx, orgs: { east: number; west: number }): Promise<void> {
  const now = new Date();
  const codeIds = await tx
    .select({ list: referenceItems.list, id: referenceItems.id, code: referenceItems.code })
    .from(referenceItems)
    .where(inArray(referenceItems.list, ["userActivities", "userReasons"]));
  const idOf = (list: string, code: string) => codeIds.find((r) => r.list === list && r.code === code)?.id;
  const approaches = idOf("userActivities", "approaches");
  const breakId = idOf("userActivities", "break");
  const weather = idOf("userReasons", "weather");
  if (!approaches || !breakId || !weather) return;

  const east = await tx
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["lg@demo.local", "lglead@demo.local"]))
    .orderBy(asc(users.email));
  const westCrew = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, orgs.west),
        eq(memberships.isActive, true),
        sql`${users.email} like '%@west.demo.local'`,
        inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
      ),
    )
    .orderBy(asc(memberships.userId))
    .limit(2);
  const people = [
    ...east.map((p) => ({ organizationId: orgs.east, userId: p.userId, email: p.email })),
    ...westCrew.map((p) => ({ organizationId: orgs.west, userId: p.userId, email: "" })),
  ];

  let n = 0;
  for (const person of people) {
    const places = await placesOf(tx, person.organizationId, person.userId, now);
    // The second-latest shift of Luis and of Lena: nothing logged (the no-activity list shows them).
    const skipped = person.email ? places[places.length - 2] : undefined;
    const rows: (typeof activities.$inferInsert)[] = [];
    for (const [i, p] of places.entries()) {
      if (p === skipped) continue;
      n++;
      const base = {
        organizationId: person.organizationId,
        userId: person.userId,
        storeId: p.storeId,
        workDate: p.workDate,
        timeLogId: p.timeLogId,
        createdByUserId: person.userId,
      };
      rows.push({
        ...base,
        activityTypeId: approaches,
        count: 6 + ((n * 7) % 17),
        occurredAt: new Date(p.at.getTime() + 2 * 3_600_000),
      });
      if (i % 3 === 1)
        rows.push({
          ...base,
          activityTypeId: breakId,
          count: 0,
          minutes: 30,
          occurredAt: new Date(p.at.getTime() + 3 * 3_600_000),
        });
    }
    if (rows.length) await tx.insert(activities).values(rows);
    if (skipped && person.email === "lg@demo.local")
      await tx.insert(noActivityReasons).values({
        organizationId: person.organizationId,
        userId: person.userId,
        workDate: skipped.workDate,
        reasonId: weather,
        notes: "Storm: the store was nearly empty.",
      });
  }
}

/** The person's closed shifts of the last two weeks, oldest first; else weekdays at their first store. */
async function placesOf(tx: Tx, organizationId: number, userId: number, now: Date): Promise<Place[]> {
  const logs = await tx
    .select({
      id: timeLogs.id,
      storeId: timeLogs.storeId,
      workDate: timeLogs.workDate,
      punchInAt: timeLogs.punchInAt,
    })
    .from(timeLogs)
    .where(
      and(
        eq(timeLogs.organizationId, organizationId),
        eq(timeLogs.userId, userId),
        eq(timeLogs.state, "closed"),
        gte(timeLogs.workDate, addDays(formatDate(now, "UTC"), -DAYS_BACK)),
      ),
    )
    .orderBy(asc(timeLogs.workDate), asc(timeLogs.id));
  if (logs.length)
    return logs.map((l) => ({
      storeId: l.storeId,
      workDate: l.workDate,
      timeLogId: l.id,
      at: l.punchInAt ?? now,
    }));
  const [store] = await tx
    .select({ id: stores.id, tz: stores.timeZone })
    .from(memberships)
    .innerJoin(
      membershipStores,
      and(
        eq(membershipStores.organizationId, memberships.organizationId),
        eq(membershipStores.membershipId, memberships.id),
      ),
    )
    .innerJoin(stores, eq(stores.id, membershipStores.storeId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .orderBy(asc(stores.id))
    .limit(1);
  if (!store) return [];
  const today = formatDate(now, store.tz);
  const places: Place[] = [];
  for (let back = DAYS_BACK; back >= 1; back--) {
    const workDate = addDays(today, -back);
    if (dayOfWeek(workDate) === 0) continue;
    places.push({
      storeId: store.id,
      workDate,
      timeLogId: null,
      at: zonedDateTimeToUtc(workDate, "10:00", store.tz),
    });
  }
  return places;
}
