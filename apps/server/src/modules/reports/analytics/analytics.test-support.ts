import { ROLE, SUBSCRIPTION, zonedDateTimeToUtc } from "@fieldlead/contracts";
import { afterAll, beforeAll } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../../test/harness";
import { newToken, sha256 } from "../../../platform/crypto";

/**
 * The analytics tests' world (docs/decisions/0042): a small set of organizations, people and rows with fixed dates
 * in March 2026, written straight into the tables (no API call), so every measure of the dashboard, the charts and
 * the reports has a number that can be worked out by hand. Requests give `WORLD_PERIOD` (or other explicit dates),
 * so nothing depends on today. March 2026 holds the change to summer time in America/New_York (Sunday 8 March,
 * 02:00 -> 03:00), and 1 March is a Sunday: a week starting on Monday begins on 23 February.
 *
 * Organizations: P (parent) owns A and C; B is unrelated. A's zone is America/New_York, its week starts on Monday.
 *
 * A's leads (all times America/New_York, "-" = none; dup = duplicate_of_lead_id; appointments by type and status):
 *
 * | key | captured          | by    | store | terr. | source          | status        | sent | appointment(s)                                  | other               |
 * | L1  | Mar 2 10:00       | alice | maple | north | app             | 7 sold        | yes  | inHome sold                                      | revenue 5000        |
 * | L2  | Mar 2 11:00       | alice | maple | north | app             | 8 not sold    | yes  | inHome ran                                       | contacted           |
 * | L3  | Mar 3 12:00       | alice | maple | north | app             | 9 no show     | yes  | virtual noShow                                   |                     |
 * | L4  | Mar 8 01:30 (EST) | alice | maple | north | app             | 1 new         | -    | -                                                |                     |
 * | L5  | Mar 8 03:30 (EDT) | alice | maple | north | app             | 10 cancelled  | -    | inHome cancelled                                 |                     |
 * | L6  | Mar 9 10:00       | bob   | oak   | south | app             | 6 ran         | yes  | inHome cancelled, then virtual ran (rebooked)    | contacted           |
 * | L7  | Mar 15 10:00      | bob   | oak   | south | app             | 7 sold        | yes  | virtual sold                                     | revenue 1200.50     |
 * | L8  | Mar 15 11:00      | bob   | oak   | south | app             | 11 rejected   | yes  | virtual cancelled                                | revenue 999         |
 * | L9  | Mar 20 10:00      | bob   | pine  | south | app             | 3 appt set    | -    | inHome booked (Apr 2)                            | dup of L1           |
 * | L10 | Mar 21 10:00      | carl* | maple | north | app             | 2 contacted   | yes  | -                                                |                     |
 * | L11 | Mar 25 10:00      | -     | -     | -     | web             | 1 new         | -    | -                                                |                     |
 * | L12 | Mar 31 23:30      | -     | pine  | south | retailerProgram | 4 sent        | yes  | inHome booked (Apr 3)                            |                     |
 * | L13 | Mar 10 10:00      | -     | maple | north | retailerProgram | 11 rejected   | -    | -                                                | dup of L2           |
 * Outside March or deleted: feb (Feb 28 23:30, alice, maple, new), apr (Apr 1 00:30, alice, maple, new),
 * deleted (Mar 12, alice, maple, deleted).
 * (*) carl's membership of A is inactive. dana has labor and no lead.
 *
 * A's totals for March: leads 11, rejected 2, duplicates 1, appointments set 8, sent 7, ran 4, sold 2, not sold 1,
 * no show 1, cancelled 1, revenue 6200.50; approaches 50, hours 25.5, shifts 6 (`A_MARCH_TOTALS`).
 *
 * A's labor (closed time logs in the store's zone; activities of the type "Approaches" unless said):
 * - alice: maple Mar 2 10:00-16:00 (6 h), Mar 3 10:00-14:30 (4.5 h), Mar 8 01:00 EST-04:00 EDT (2 h real time);
 *   approaches 20 on Mar 2 and 10 on Mar 3 at maple; a "Break" activity (count 1) on Mar 2; a missing log on Mar 9
 *   and 100 approaches on Feb 27 (neither counts in March);
 * - bob: oak (America/Chicago) Mar 9 09:00-17:00 (8 h), approaches 15 on Mar 9; an open log on Mar 15;
 * - carl: maple Mar 21 10:00-12:00 (2 h);
 * - dana: maple Mar 10 10:00-13:00 (3 h), approaches 5 on Mar 10.
 *
 * C (in P's group): alice is also a lead generator of C; eve is C's. cStore in territory "C Metro". Leads: C1 (alice,
 * Mar 5, sold 300, sent, appointment "IN-HOME CONSULT" sold), C2 (eve, Mar 6, new), C3 (eve, Mar 7, rejected).
 * Labor: eve Mar 6 at cStore 09:00-13:00 (4 h), approaches 8.
 *
 * B (unrelated): bStore in territory "B Zone"; B1 (bLg, Mar 4, sold 777, appointment "In-home consult" sold),
 * B2 (bLg, Mar 4, new); bLg 5 h on Mar 4 with 12 approaches.
 *
 * Callers (signed in with sessions made here): A's manager, territoryManager (north), analyst, leadGenerator
 * (alice), portal (retailer program Admin), scheduler, fieldMarketingManager with no territory; P's parentManager;
 * B's bManager; C's cManager.
 */

/** The period the world's rows are in: March 2026 in the organization's zone. */
export const WORLD_PERIOD = { startDate: "2026-03-01", endDate: "2026-03-31" } as const;

const NY = "America/New_York";
const CHICAGO = "America/Chicago";

/** A's funnel over March 2026 (see the table above). */
export const A_MARCH_TOTALS = {
  approaches: 50,
  hoursWorked: 25.5,
  shifts: 6,
  leads: 11,
  rejected: 2,
  duplicates: 1,
  appointmentsSet: 8,
  sent: 7,
  ran: 4,
  sold: 2,
  notSold: 1,
  noShow: 1,
  cancelled: 1,
  revenue: 6200.5,
} as const;

type LeadKey =
  | "L1"
  | "L2"
  | "L3"
  | "L4"
  | "L5"
  | "L6"
  | "L7"
  | "L8"
  | "L9"
  | "L10"
  | "L11"
  | "L12"
  | "L13"
  | "feb"
  | "apr"
  | "deleted"
  | "C1"
  | "C2"
  | "C3"
  | "B1"
  | "B2";

export type AnalyticsWorld = {
  period: typeof WORLD_PERIOD;
  org: { P: number; A: number; C: number; B: number };
  territory: { north: number; south: number; cMetro: number; bZone: number };
  store: { maple: number; oak: number; pine: number; cStore: number; bStore: number };
  appointmentType: { inHome: number; virtual: number; cInHome: number; bInHome: number };
  /** User ids. */
  user: {
    alice: number;
    bob: number;
    carl: number;
    dana: number;
    eve: number;
    bLg: number;
    manager: number;
    territoryManager: number;
    analyst: number;
    portal: number;
    scheduler: number;
    fieldMarketingManager: number;
    parentManager: number;
    bManager: number;
    cManager: number;
  };
  lead: Record<LeadKey, number>;
  /** Appointment ids by lead key (a lead's list in booking order). */
  appointments: Partial<Record<LeadKey, number[]>>;
  /** Signed-in callers: headers for `h()` or `call()`. */
  caller: {
    manager: AuthHeaders;
    territoryManager: AuthHeaders;
    analyst: AuthHeaders;
    leadGenerator: AuthHeaders;
    portal: AuthHeaders;
    scheduler: AuthHeaders;
    /** A territory-limited role (Field Marketing Manager) with no territory: reaches nothing. */
    fieldMarketingManager: AuthHeaders;
    parentManager: AuthHeaders;
    bManager: AuthHeaders;
    cManager: AuthHeaders;
  };
};

/** Builds the world on a fresh database (`createTestApp({ seed: false })` is enough) and signs its callers in. */
export async function buildAnalyticsWorld(t: TestApp): Promise<AnalyticsWorld> {
  const q = async <T = { id: number }>(text: string, params: unknown[] = []) =>
    (await t.database.executeSql(text, params)).rows as T[];
  const id = async (text: string, params: unknown[]) => {
    const [r] = await q<{ id: number | string }>(text, params);
    if (!r) throw new Error(`no id from ${text}`);
    return Number(r.id);
  };
  const at = (date: string, time: string, zone = NY) => zonedDateTimeToUtc(date, time, zone).toISOString();
  const tag = Date.now().toString(36);

  const org = async (name: string, parentId: number | null, firstDayOfWeek: number | null) =>
    id(
      `insert into organizations (uid, name, parent_id, time_zone, first_day_of_week, show_approaches)
       values ($1, $2, $3, $4, $5, true) returning id`,
      [`analytics-${name}-${tag}`, name, parentId, NY, firstDayOfWeek],
    );
  const P = await org("Parent Group P", null, 1);
  const A = await org("Org A", P, 1);
  const C = await org("Org C", P, 1);
  const B = await org("Org B", null, 1);

  const territory = (organizationId: number, name: string) =>
    id("insert into territories (organization_id, name) values ($1, $2) returning id", [
      organizationId,
      name,
    ]);
  const north = await territory(A, "North");
  const south = await territory(A, "South");
  const cMetro = await territory(C, "C Metro");
  const bZone = await territory(B, "B Zone");

  const store = (
    organizationId: number,
    name: string,
    territoryId: number | null,
    city: string,
    zone: string,
  ) =>
    id(
      `insert into stores (organization_id, name, territory_id, city, state, time_zone)
       values ($1, $2, $3, $4, 'NY', $5) returning id`,
      [organizationId, name, territoryId, city, zone],
    );
  const maple = await store(A, "Maple Store", north, "Albany", NY);
  const oak = await store(A, "Oak Store", south, "Dallas", CHICAGO);
  const pine = await store(A, "Pine Store", south, "Nashua", NY);
  const cStore = await store(C, "Cedar Store", cMetro, "Buffalo", NY);
  const bStore = await store(B, "Birch Store", bZone, "Boston", NY);

  let seq = 0;
  const user = async (first: string, last: string) => {
    seq++;
    return id(`insert into users (uid, email, first_name, last_name) values ($1, $2, $3, $4) returning id`, [
      `analytics-${tag}-${seq}`,
      `analytics.${tag}.${seq}@analytics.test`,
      first,
      last,
    ]);
  };
  const member = async (
    organizationId: number,
    userId: number,
    roleId: number,
    opts: { subscriptionId?: number; isActive?: boolean; territories?: number[] } = {},
  ) => {
    const membershipId = await id(
      `insert into memberships (organization_id, user_id, role_id, subscription_id, is_active)
       values ($1, $2, $3, $4, $5) returning id`,
      [organizationId, userId, roleId, opts.subscriptionId ?? SUBSCRIPTION.full, opts.isActive ?? true],
    );
    for (const territoryId of opts.territories ?? []) {
      await q(
        "insert into membership_territories (organization_id, membership_id, territory_id) values ($1, $2, $3)",
        [organizationId, membershipId, territoryId],
      );
    }
    return membershipId;
  };

  const alice = await user("Alice", "Adams");
  const bob = await user("Bob", "Brown");
  const carl = await user("Carl", "Cole");
  const dana = await user("Dana", "Dole");
  const eve = await user("Eve", "Evans");
  const bLg = await user("Bea", "Birch");
  const manager = await user("Mona", "Manager");
  const territoryManager = await user("Terry", "Territory");
  const analyst = await user("Ann", "Analyst");
  const portal = await user("Pat", "Portal");
  const scheduler = await user("Sam", "Scheduler");
  const fieldMarketingManager = await user("Fay", "Field");
  const parentManager = await user("Paul", "Parent");
  const bManager = await user("Ben", "Boss");
  const cManager = await user("Cora", "Chief");

  await member(A, alice, ROLE.leadGenerator, { territories: [north] });
  await member(A, bob, ROLE.leadGeneratorLead, { territories: [south] });
  await member(A, carl, ROLE.leadGenerator, { territories: [north], isActive: false });
  await member(A, dana, ROLE.leadGenerator, { territories: [north] });
  await member(A, manager, ROLE.manager);
  await member(A, territoryManager, ROLE.territoryManager, { territories: [north] });
  await member(A, analyst, ROLE.analyst);
  await member(A, portal, ROLE.admin, { subscriptionId: SUBSCRIPTION.retailerProgram });
  await member(A, scheduler, ROLE.scheduler);
  await member(A, fieldMarketingManager, ROLE.fieldMarketingManager);
  await member(C, alice, ROLE.leadGenerator, { territories: [cMetro] });
  await member(C, eve, ROLE.leadGenerator, { territories: [cMetro] });
  await member(C, cManager, ROLE.manager);
  await member(P, parentManager, ROLE.manager);
  await member(B, bLg, ROLE.leadGenerator, { territories: [bZone] });
  await member(B, bManager, ROLE.manager);

  const appointmentType = (organizationId: number, name: string) =>
    id("insert into appointment_types (organization_id, name) values ($1, $2) returning id", [
      organizationId,
      name,
    ]);
  const inHome = await appointmentType(A, "In-home consult");
  const virtual = await appointmentType(A, "Virtual consult");
  const cInHome = await appointmentType(C, "IN-HOME CONSULT");
  const bInHome = await appointmentType(B, "In-home consult");

  // One big window per organization and type (appointments need one); its date does not matter to the reports.
  const windows = new Map<number, number>();
  for (const [organizationId, typeId] of [
    [A, inHome],
    [A, virtual],
    [C, cInHome],
    [B, bInHome],
  ] as const) {
    windows.set(
      typeId,
      await id(
        `insert into appointment_windows (organization_id, appointment_type_id, time_zone, local_date, start_time,
           end_time, starts_at, ends_at, capacity, booked)
         values ($1, $2, $3, '2026-03-16', '09:00', '11:00', $4, $5, 1000, 0) returning id`,
        [organizationId, typeId, NY, at("2026-03-16", "09:00"), at("2026-03-16", "11:00")],
      ),
    );
  }

  type LeadSpec = {
    organizationId: number;
    captured: [string, string];
    by: number | null;
    storeId: number | null;
    territoryId: number | null;
    source: "app" | "web" | "retailerProgram";
    status: number;
    sent?: boolean;
    contacted?: boolean;
    revenue?: number;
    duplicateOf?: LeadKey;
    deleted?: boolean;
  };
  const lead: Partial<Record<LeadKey, number>> = {};
  const addLead = async (key: LeadKey, s: LeadSpec) => {
    const capturedAt = at(s.captured[0], s.captured[1]);
    const plus = (minutes: number) => new Date(Date.parse(capturedAt) + minutes * 60_000).toISOString();
    lead[key] = await id(
      `insert into leads (organization_id, kind, source, store_id, territory_id, captured_by_user_id, captured_at,
         status_id, first_name, last_name, revenue, duplicate_of_lead_id, first_delivered_at, first_contacted_at,
         deleted_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'Shopper', $10, $11, $12, $13, $14) returning id`,
      [
        s.organizationId,
        s.source === "app" ? "internal" : "external",
        s.source,
        s.storeId,
        s.territoryId,
        s.by,
        capturedAt,
        s.status,
        key,
        s.revenue ?? null,
        s.duplicateOf ? lead[s.duplicateOf] : null,
        s.sent ? plus(3) : null,
        s.contacted ? plus(45) : null,
        s.deleted ? plus(60) : null,
      ],
    );
  };
  const a = { organizationId: A, source: "app" as const };
  await addLead("L1", {
    ...a,
    captured: ["2026-03-02", "10:00"],
    by: alice,
    storeId: maple,
    territoryId: north,
    status: 7,
    sent: true,
    revenue: 5000,
  });
  await addLead("L2", {
    ...a,
    captured: ["2026-03-02", "11:00"],
    by: alice,
    storeId: maple,
    territoryId: north,
    status: 8,
    sent: true,
    contacted: true,
  });
  await addLead("L3", {
    ...a,
    captured: ["2026-03-03", "12:00"],
    by: alice,
    storeId: maple,
    territoryId: north,
    status: 9,
    sent: true,
  });
  await addLead("L4", {
    ...a,
    captured: ["2026-03-08", "01:30"],
    by: alice,
    storeId: maple,
    territoryId: north,
    status: 1,
  });
  await addLead("L5", {
    ...a,
    captured: ["2026-03-08", "03:30"],
    by: alice,
    storeId: maple,
    territoryId: north,
    status: 10,
  });
  await addLead("L6", {
    ...a,
    captured: ["2026-03-09", "10:00"],
    by: bob,
    storeId: oak,
    territoryId: south,
    status: 6,
    sent: true,
    contacted: true,
  });
  await addLead("L7", {
    ...a,
    captured: ["2026-03-15", "10:00"],
    by: bob,
    storeId: oak,
    territoryId: south,
    status: 7,
    sent: true,
    revenue: 1200.5,
  });
  await addLead("L8", {
    ...a,
    captured: ["2026-03-15", "11:00"],
    by: bob,
    storeId: oak,
    territoryId: south,
    status: 11,
    sent: true,
    revenue: 999,
  });
  await addLead("L9", {
    ...a,
    captured: ["2026-03-20", "10:00"],
    by: bob,
    storeId: pine,
    territoryId: south,
    status: 3,
    duplicateOf: "L1",
  });
  await addLead("L10", {
    ...a,
    captured: ["2026-03-21", "10:00"],
    by: carl,
    storeId: maple,
    territoryId: north,
    status: 2,
    sent: true,
  });
  await addLead("L11", {
    organizationId: A,
    source: "web",
    captured: ["2026-03-25", "10:00"],
    by: null,
    storeId: null,
    territoryId: null,
    status: 1,
  });
  await addLead("L12", {
    organizationId: A,
    source: "retailerProgram",
    captured: ["2026-03-31", "23:30"],
    by: null,
    storeId: pine,
    territoryId: south,
    status: 4,
    sent: true,
  });
  await addLead("L13", {
    organizationId: A,
    source: "retailerProgram",
    captured: ["2026-03-10", "10:00"],
    by: null,
    storeId: maple,
    territoryId: north,
    status: 11,
    duplicateOf: "L2",
  });
  await addLead("feb", {
    ...a,
    captured: ["2026-02-28", "23:30"],
    by: alice,
    storeId: maple,
    territoryId: north,
    status: 1,
  });
  await addLead("apr", {
    ...a,
    captured: ["2026-04-01", "00:30"],
    by: alice,
    storeId: maple,
    territoryId: north,
    status: 1,
  });
  await addLead("deleted", {
    ...a,
    captured: ["2026-03-12", "10:00"],
    by: alice,
    storeId: maple,
    territoryId: north,
    status: 1,
    deleted: true,
  });
  const c = { organizationId: C, source: "app" as const, storeId: cStore, territoryId: cMetro };
  await addLead("C1", {
    ...c,
    captured: ["2026-03-05", "10:00"],
    by: alice,
    status: 7,
    sent: true,
    revenue: 300,
  });
  await addLead("C2", { ...c, captured: ["2026-03-06", "10:00"], by: eve, status: 1 });
  await addLead("C3", { ...c, captured: ["2026-03-07", "10:00"], by: eve, status: 11 });
  const b = { organizationId: B, source: "app" as const, storeId: bStore, territoryId: bZone };
  await addLead("B1", {
    ...b,
    captured: ["2026-03-04", "10:00"],
    by: bLg,
    status: 7,
    sent: true,
    revenue: 777,
  });
  await addLead("B2", { ...b, captured: ["2026-03-04", "11:00"], by: bLg, status: 1 });

  const appointments: Partial<Record<LeadKey, number[]>> = {};
  const book = async (
    key: LeadKey,
    organizationId: number,
    typeId: number,
    status: "booked" | "cancelled" | "ran" | "sold" | "noShow",
    startsOn: string,
    bookedAt: [string, string],
    storeId: number | null,
    territoryId: number | null,
  ) => {
    const apptId = await id(
      `insert into appointments (organization_id, lead_id, window_id, appointment_type_id, store_id, territory_id,
         status, starts_at, ends_at, time_zone, source, booked_at, cancelled_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'app', $11, $12) returning id`,
      [
        organizationId,
        lead[key],
        windows.get(typeId),
        typeId,
        storeId,
        territoryId,
        status,
        at(startsOn, "09:00"),
        at(startsOn, "11:00"),
        NY,
        at(bookedAt[0], bookedAt[1]),
        status === "cancelled" ? at(bookedAt[0], "23:00") : null,
      ],
    );
    appointments[key] = [...(appointments[key] ?? []), apptId];
  };
  await book("L1", A, inHome, "sold", "2026-03-05", ["2026-03-02", "10:10"], maple, north);
  await book("L2", A, inHome, "ran", "2026-03-06", ["2026-03-02", "11:10"], maple, north);
  await book("L3", A, virtual, "noShow", "2026-03-06", ["2026-03-03", "12:10"], maple, north);
  await book("L5", A, inHome, "cancelled", "2026-03-12", ["2026-03-08", "03:40"], maple, north);
  await book("L6", A, inHome, "cancelled", "2026-03-12", ["2026-03-09", "10:10"], oak, south);
  await book("L6", A, virtual, "ran", "2026-03-13", ["2026-03-10", "09:00"], oak, south);
  await book("L7", A, virtual, "sold", "2026-03-18", ["2026-03-15", "10:10"], oak, south);
  await book("L8", A, virtual, "cancelled", "2026-03-18", ["2026-03-15", "11:10"], oak, south);
  await book("L9", A, inHome, "booked", "2026-04-02", ["2026-03-20", "10:10"], pine, south);
  await book("L12", A, inHome, "booked", "2026-04-03", ["2026-03-31", "23:40"], pine, south);
  await book("C1", C, cInHome, "sold", "2026-03-09", ["2026-03-05", "10:10"], cStore, cMetro);
  await book("B1", B, bInHome, "sold", "2026-03-09", ["2026-03-04", "10:10"], bStore, bZone);

  const [{ id: approachesType }] = await q<{ id: number }>(
    "select id from reference_items where list = 'userActivities' and lower(name) = 'approaches' limit 1",
  );
  const [{ id: breakType }] = await q<{ id: number }>(
    "select id from reference_items where list = 'userActivities' and lower(name) = 'break' limit 1",
  );
  const zoneOf = (storeId: number) => (storeId === oak ? CHICAGO : NY);
  const timeLog = async (
    organizationId: number,
    userId: number,
    storeId: number,
    workDate: string,
    from: string | null,
    to: string | null,
    state: "closed" | "open" | "missing" = "closed",
    outDate = workDate,
  ) =>
    q(
      `insert into time_logs (organization_id, user_id, store_id, time_zone, work_date, state, punch_in_at,
         punch_out_at, source)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'manual')`,
      [
        organizationId,
        userId,
        storeId,
        zoneOf(storeId),
        workDate,
        state,
        from ? at(workDate, from, zoneOf(storeId)) : null,
        to ? at(outDate, to, zoneOf(storeId)) : null,
      ],
    );
  await timeLog(A, alice, maple, "2026-03-02", "10:00", "16:00");
  await timeLog(A, alice, maple, "2026-03-03", "10:00", "14:30");
  await timeLog(A, alice, maple, "2026-03-08", "01:00", "04:00");
  await timeLog(A, alice, maple, "2026-03-09", "10:00", null, "missing");
  await timeLog(A, bob, oak, "2026-03-09", "09:00", "17:00");
  await timeLog(A, bob, oak, "2026-03-15", "09:00", null, "open");
  await timeLog(A, carl, maple, "2026-03-21", "10:00", "12:00");
  await timeLog(A, dana, maple, "2026-03-10", "10:00", "13:00");
  await timeLog(C, eve, cStore, "2026-03-06", "09:00", "13:00");
  await timeLog(B, bLg, bStore, "2026-03-04", "09:00", "14:00");

  const activity = (
    organizationId: number,
    userId: number,
    storeId: number,
    workDate: string,
    typeId: number,
    count: number,
  ) =>
    q(
      `insert into activities (organization_id, user_id, store_id, activity_type_id, work_date, occurred_at, count)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [organizationId, userId, storeId, typeId, workDate, at(workDate, "12:00", zoneOf(storeId)), count],
    );
  await activity(A, alice, maple, "2026-03-02", approachesType, 20);
  await activity(A, alice, maple, "2026-03-02", breakType, 1);
  await activity(A, alice, maple, "2026-03-03", approachesType, 10);
  await activity(A, alice, maple, "2026-02-27", approachesType, 100);
  await activity(A, bob, oak, "2026-03-09", approachesType, 15);
  await activity(A, dana, maple, "2026-03-10", approachesType, 5);
  await activity(C, eve, cStore, "2026-03-06", approachesType, 8);
  await activity(B, bLg, bStore, "2026-03-04", approachesType, 12);

  // Sessions made here (no password, no scrypt): a bearer token whose hash the session row holds.
  const signIn = async (userId: number, organizationId: number): Promise<AuthHeaders> => {
    const token = newToken();
    await q(
      `insert into sessions (token_hash, user_id, current_organization_id, expires_at)
       values ($1, $2, $3, now() + interval '12 hours')`,
      [sha256(token), userId, organizationId],
    );
    return {
      authorization: `Bearer ${token}`,
      currentorganizationid: String(organizationId),
      offset: "0",
      token,
      userId,
    };
  };

  return {
    period: WORLD_PERIOD,
    org: { P, A, C, B },
    territory: { north, south, cMetro, bZone },
    store: { maple, oak, pine, cStore, bStore },
    appointmentType: { inHome, virtual, cInHome, bInHome },
    user: {
      alice,
      bob,
      carl,
      dana,
      eve,
      bLg,
      manager,
      territoryManager,
      analyst,
      portal,
      scheduler,
      fieldMarketingManager,
      parentManager,
      bManager,
      cManager,
    },
    lead: lead as Record<LeadKey, number>,
    appointments,
    caller: {
      manager: await signIn(manager, A),
      territoryManager: await signIn(territoryManager, A),
      analyst: await signIn(analyst, A),
      leadGenerator: await signIn(alice, A),
      portal: await signIn(portal, A),
      scheduler: await signIn(scheduler, A),
      fieldMarketingManager: await signIn(fieldMarketingManager, A),
      parentManager: await signIn(parentManager, P),
      bManager: await signIn(bManager, B),
      cManager: await signIn(cManager, C),
    },
  };
}

/**
 * A test file's app with the analytics world in it: made before the file's tests, closed after them. `w` is filled
 * in by then (read it inside a test or a later `beforeAll`, as `app()`); `k` makes the calls.
 */
export function useAnalyticsWorld() {
  let t: TestApp | undefined;
  const app = () => {
    if (!t) throw new Error("The analytics world is built in beforeAll: read it inside a test");
    return t;
  };
  const w = {} as AnalyticsWorld;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    Object.assign(w, await buildAnalyticsWorld(t));
  });
  afterAll(() => t?.close());
  return { app, w, k: analyticsTestKit(app) };
}

/**
 * The calls of the analytics tests: `post`/`get` as a caller (a body is sent as JSON; `query` is added to the URL),
 * and `json` for a call expected to answer 200.
 */
export function analyticsTestKit(t: () => TestApp) {
  const call = (
    caller: AuthHeaders,
    method: "GET" | "POST",
    url: string,
    body?: unknown,
    query?: Record<string, string | number | undefined>,
  ) => {
    const qs = query
      ? new URLSearchParams(
          Object.entries(query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]): [string, string] => [k, String(v)]),
        ).toString()
      : "";
    return t().app.inject({
      method,
      url: qs ? `${url}?${qs}` : url,
      headers: h(caller),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };
  const post = (caller: AuthHeaders, url: string, body: unknown = {}) => call(caller, "POST", url, body);
  const get = (caller: AuthHeaders, url: string, query?: Record<string, string | number | undefined>) =>
    call(caller, "GET", url, undefined, query);
  /** The answer of a call that must succeed (throws with the body otherwise). */
  const json = async <T = Record<string, unknown>>(
    res: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  ): Promise<T> => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${r.body}`);
    return r.json() as T;
  };
  return { call, post, get, json };
}
