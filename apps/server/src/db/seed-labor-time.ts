import { addDays, formatDate, LEAD_GENERATOR_ROLE_IDS, zonedDateTimeToUtc } from "@fieldlead/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../platform/db";
import { membershipStores, memberships, stores, timeLogHistory, timeLogs, users } from "./schema/index";

/** How many days back the demo's punches go. */
const DAYS_BACK = 14;

type Person = {
  userId: number;
  email: string;
  hoursTypeId: number | null;
  stores: { id: number; tz: string }[];
};
type LogInsert = typeof timeLogs.$inferInsert;
type HistoryInsert = Omit<typeof timeLogHistory.$inferInsert, "timeLogId">;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const local = (d: Date, tz: string) => {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(d);
  const v = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${v("year")}-${v("month")}-${v("day")} ${v("hour")}:${v("minute")}`;
};

/**
 * Demo punches (docs/decisions/0040-labor.md): for each active lead generator of East and West with stores, about two
 * weeks of closed shifts at their stores (mornings and afternoons, in the stores' zones, a day off now and then);
 * in East one person punched in now, one missing punch out flagged yesterday and one proposal waiting for a manager.
 * Every log has its history rows. `lg@demo.local` has closed shifts only (the punch journey starts from nothing open).
 */
export async function seedDemoLaborTimeLogs(tx: Tx, orgs: { east: number; west: number }): Promise<void> {
  const now = new Date();
  const all = await tx
    .select({
      organizationId: memberships.organizationId,
      userId: memberships.userId,
      email: users.email,
      hoursTypeId: memberships.hoursTypeId,
      storeId: stores.id,
      tz: stores.timeZone,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(
      membershipStores,
      and(
        eq(membershipStores.organizationId, memberships.organizationId),
        eq(membershipStores.membershipId, memberships.id),
      ),
    )
    .innerJoin(
      stores,
      and(
        eq(stores.organizationId, membershipStores.organizationId),
        eq(stores.id, membershipStores.storeId),
      ),
    )
    .where(
      and(
        inArray(memberships.organizationId, [orgs.east, orgs.west]),
        inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
        eq(memberships.isActive, true),
        eq(stores.isActive, true),
      ),
    )
    .orderBy(asc(memberships.organizationId), asc(memberships.userId), asc(stores.id));

  const people = new Map<string, Person & { organizationId: number }>();
  for (const r of all) {
    const key = `${r.organizationId}:${r.userId}`;
    const p = people.get(key) ?? {
      organizationId: r.organizationId,
      userId: r.userId,
      email: r.email,
      hoursTypeId: r.hoursTypeId,
      stores: [],
    };
    p.stores.push({ id: r.storeId, tz: r.tz });
    people.set(key, p);
  }

  // East's crew (not the demo logins) carries the open log, the missing punch and the proposal.
  const eastCrew = [...people.values()].filter(
    (p) => p.organizationId === orgs.east && !["lg@demo.local", "lglead@demo.local"].includes(p.email),
  );
  const [openPerson, missingPerson, proposedPerson] = eastCrew;

  const logs: { values: LogInsert; history: HistoryInsert[] }[] = [];
  let i = 0;
  for (const p of people.values()) {
    i++;
    for (let back = DAYS_BACK; back >= 1; back--) {
      if ((i + back) % 6 === 0) continue; // a day off
      const store = p.stores[(i + back) % p.stores.length];
      const today = formatDate(now, store.tz);
      const workDate = addDays(today, -back);
      const special = (p === missingPerson && back === 1) || (p === proposedPerson && back === 2);
      const morning = (i + back) % 2 === 0;
      const jitter = (i * 7 + back * 3) % 20;
      const start = (morning ? 9 * 60 : 13 * 60) + jitter;
      const end = start + (morning ? 4 * 60 + 30 : 5 * 60) + ((i + back) % 3) * 10;
      const punchInAt = zonedDateTimeToUtc(workDate, hhmm(start), store.tz);
      const punchOutAt = zonedDateTimeToUtc(workDate, hhmm(end), store.tz);
      const base: LogInsert = {
        organizationId: p.organizationId,
        userId: p.userId,
        storeId: store.id,
        hoursTypeId: p.hoursTypeId,
        punchInAt,
        timeZone: store.tz,
        workDate,
        source: "punch",
        createdByUserId: p.userId,
        updatedByUserId: p.userId,
        createdAt: punchInAt,
      };
      const punchedIn: HistoryInsert = {
        organizationId: p.organizationId,
        subjectUserId: p.userId,
        action: "punchIn",
        userId: p.userId,
        at: punchInAt,
        before: null,
        after: {
          storeId: store.id,
          workDate,
          timeZone: store.tz,
          punchInAt: punchInAt.toISOString(),
          localPunchIn: local(punchInAt, store.tz),
          state: "open",
        },
      };
      if (!special) {
        logs.push({
          values: { ...base, punchOutAt, state: "closed", updatedAt: punchOutAt },
          history: [
            punchedIn,
            {
              organizationId: p.organizationId,
              subjectUserId: p.userId,
              action: "punchOut",
              userId: p.userId,
              at: punchOutAt,
              before: { state: "open", punchOutAt: null, localPunchOut: null },
              after: {
                state: "closed",
                punchOutAt: punchOutAt.toISOString(),
                localPunchOut: local(punchOutAt, store.tz),
              },
            },
          ],
        });
        continue;
      }
      // Missing its punch out: flagged when the store's day was over (04:00 the next day).
      const flaggedAt = zonedDateTimeToUtc(addDays(workDate, 1), "04:00", store.tz);
      const flagged: HistoryInsert = {
        organizationId: p.organizationId,
        subjectUserId: p.userId,
        action: "flag",
        userId: null,
        at: flaggedAt,
        before: { state: "open", missing: null },
        after: { state: "missing", missing: "punchOut", flaggedAt: flaggedAt.toISOString() },
        reason: "No punch out by the end of the store's day or the organization's longest shift",
      };
      if (p === missingPerson) {
        logs.push({
          values: { ...base, state: "missing", missing: "punchOut", flaggedAt, updatedAt: flaggedAt },
          history: [punchedIn, flagged],
        });
      } else {
        const proposedAt = new Date(flaggedAt.getTime() + 5 * 3_600_000);
        const reason = "Forgot to punch out before leaving the store";
        logs.push({
          values: {
            ...base,
            state: "proposed",
            missing: "punchOut",
            flaggedAt,
            proposedInAt: punchInAt,
            proposedOutAt: punchOutAt,
            proposedReason: reason,
            proposedAt,
            updatedAt: proposedAt,
          },
          history: [
            punchedIn,
            flagged,
            {
              organizationId: p.organizationId,
              subjectUserId: p.userId,
              action: "propose",
              userId: p.userId,
              at: proposedAt,
              before: { state: "missing", proposedPunchIn: null, proposedPunchOut: null },
              after: {
                state: "proposed",
                proposedPunchIn: local(punchInAt, store.tz),
                proposedPunchOut: local(punchOutAt, store.tz),
              },
              reason,
            },
          ],
        });
      }
    }
    if (p === openPerson) {
      // Punched in now: two hours ago, or just after the store's midnight when that is sooner.
      const store = p.stores[0];
      const today = formatDate(now, store.tz);
      const midnight = zonedDateTimeToUtc(today, "00:00", store.tz).getTime();
      const punchInAt = new Date(
        Math.min(now.getTime(), Math.max(now.getTime() - 2 * 3_600_000, midnight + 60_000)),
      );
      logs.push({
        values: {
          organizationId: p.organizationId,
          userId: p.userId,
          storeId: store.id,
          hoursTypeId: p.hoursTypeId,
          punchInAt,
          timeZone: store.tz,
          workDate: today,
          state: "open",
          source: "punch",
          createdByUserId: p.userId,
          updatedByUserId: p.userId,
          createdAt: punchInAt,
          updatedAt: punchInAt,
        },
        history: [
          {
            organizationId: p.organizationId,
            subjectUserId: p.userId,
            action: "punchIn",
            userId: p.userId,
            at: punchInAt,
            before: null,
            after: {
              storeId: store.id,
              workDate: today,
              timeZone: store.tz,
              punchInAt: punchInAt.toISOString(),
              localPunchIn: local(punchInAt, store.tz),
              state: "open",
            },
          },
        ],
      });
    }
  }
  if (logs.length === 0) return;
  const ids = await tx
    .insert(timeLogs)
    .values(logs.map((l) => l.values))
    .returning({ id: timeLogs.id });
  const history = logs.flatMap((l, n) => l.history.map((h) => ({ ...h, timeLogId: ids[n].id })));
  await tx.insert(timeLogHistory).values(history);
}
