import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { startSmsSimulator, twilioSms } from "../../integrations/sms/index";
import { outboxDispatcher } from "../../platform/outbox";
import { appointmentsJobs } from "./appointments.jobs";
import { appointmentsTestKit } from "./appointments.test-support";

// Booking, moving, cancelling, availability, the list and the shopper's notices (docs/decisions/0033), on the
// engine of the run (PGlite by default, PostgreSQL with TEST_DATABASE_URL).

let t: TestApp;
const k = appointmentsTestKit(() => t);
let east: number;
let west: number;
let wayne: number;
let northJersey: number;
let lgId: number;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  wayne = await k.idOf("stores", "name", "Costco Wayne");
  northJersey = await k.idOf("territories", "name", "North Jersey");
  lgId = await k.idOf("users", "email", "lg@demo.local");
  typeId = await k.type(east, { name: "In-home estimate", notice: 120, horizonDays: 30 });
}, 120_000);
afterAll(() => t?.close());

const manager = () => k.as("manager@demo.local");
const book = async (leadId: number, windowId: number, who = manager(), key?: string) =>
  k.inject(
    await who,
    "POST",
    "/api/appointments/book",
    { leadId, windowId },
    key ? { "idempotency-key": key } : {},
  );

describe("available windows", () => {
  it("lists future windows with capacity left, after the notice, within the horizon, for the store's place", async () => {
    const type = await k.type(east, { notice: 120, horizonDays: 10 });
    const ok = await k.window(east, {
      typeId: type,
      hoursFromNow: 30,
      capacity: 3,
      booked: 1,
      storeId: wayne,
    });
    const territoryWide = await k.window(east, { typeId: type, hoursFromNow: 31, territoryId: northJersey });
    const orgWide = await k.window(east, { typeId: type, hoursFromNow: 54 });
    await k.window(east, { typeId: type, hoursFromNow: 1, storeId: wayne }); // inside the notice
    await k.window(east, { typeId: type, hoursFromNow: 24 * 11, storeId: wayne }); // past the horizon
    await k.window(east, { typeId: type, hoursFromNow: 32, storeId: wayne, capacity: 1, booked: 1 }); // full
    await k.window(east, { typeId: type, hoursFromNow: 33, storeId: wayne, isClosed: true });
    const otherStore = await k.one<{ id: number }>(
      "select id from stores where organization_id = $1 and id <> $2 order by id limit 1",
      [east, wayne],
    );
    await k.window(east, { typeId: type, hoursFromNow: 34, storeId: Number(otherStore.id) }); // another store
    await k.window(east, { typeId, hoursFromNow: 35, storeId: wayne }); // another type
    const res = await k.inject(await manager(), "POST", "/api/appointments/available", {
      appointmentTypeId: type,
      storeId: wayne,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.crm).toBe("notConnected");
    expect(body.crmMessage).toBeNull();
    const ids = body.days.flatMap((d: { windows: { id: number }[] }) => d.windows.map((w) => w.id));
    expect(ids).toEqual([ok, territoryWide, orgWide]);
    const first = body.days[0].windows[0];
    expect(first).toMatchObject({ id: ok, left: 2, timeZone: "America/New_York" });
    expect(first.startTime).toMatch(/^\d\d:\d\d$/);
    for (const day of body.days) for (const w of day.windows) expect(w.localDate).toBe(day.localDate);
  });

  it("takes a lead instead of a store (its store), for readers and bookers; 400 names the field; 404 elsewhere", async () => {
    const leadId = await k.lead(east, { storeId: wayne, territoryId: northJersey, capturedByUserId: lgId });
    for (const who of ["analyst@demo.local", "scheduler@demo.local", "lg@demo.local"]) {
      const res = await k.inject(await k.as(who), "POST", "/api/appointments/available", {
        appointmentTypeId: typeId,
        leadId,
      });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
    }
    const bad = await k.inject(await manager(), "POST", "/api/appointments/available", {
      appointmentTypeId: typeId,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain("body.storeId");
    const westType = await k.type(west);
    const other = await k.inject(await manager(), "POST", "/api/appointments/available", {
      appointmentTypeId: westType,
      storeId: wayne,
    });
    expect(other.statusCode).toBe(404);
    const partner = await k.inject(await k.as("hd@demo.local"), "POST", "/api/appointments/available", {
      appointmentTypeId: typeId,
      storeId: wayne,
    });
    expect(partner.statusCode).toBe(403);
  });
});

describe("booking", () => {
  it("books one place: 201, the count, the lead's status and history, the appointment's history, the notices", async () => {
    const w = await k.window(east, { typeId, hoursFromNow: 48, capacity: 2, storeId: wayne });
    const leadId = await k.lead(east, { storeId: wayne, territoryId: northJersey });
    const res = await book(leadId, w);
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      leadId,
      windowId: w,
      status: "booked",
      appointmentTypeId: typeId,
      storeId: wayne,
    });
    expect(a.bookedByName).toBeTruthy();
    expect(await k.booked(w)).toBe(1);
    const lead = await k.one<{ status_id: number }>("select status_id from leads where id = $1", [leadId]);
    expect(lead.status_id).toBe(3);
    const history = await k.rows<{ action: string; after: { status: string } }>(
      "select action, after from lead_history where lead_id = $1",
      [leadId],
    );
    expect(history.map((h) => `${h.action}:${h.after.status}`)).toContain("status:Appointment Set");
    const outbox = await k.rows<{ topic: string; key: string; delayed: boolean }>(
      "select topic, key, run_after > now() + interval '1 hour' as delayed from outbox where key like $1 order by key",
      [`appointment:${a.id}:%`],
    );
    expect(outbox.map((o) => o.topic).sort()).toEqual(["appointments.notice.email", "appointments.reminder"]);
    expect(outbox.find((o) => o.topic === "appointments.reminder")?.delayed).toBe(true);

    const list = await k.inject(await manager(), "GET", `/api/leads/${leadId}/appointments`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0].history.map((h: { action: string }) => h.action)).toEqual(["booked"]);
  });

  it("answers 409 with the next free windows when the window is full, and when the lead already has a booking", async () => {
    const type = await k.type(east, { notice: 60 });
    const full = await k.window(east, { typeId: type, hoursFromNow: 20, storeId: wayne });
    const next = [
      await k.window(east, { typeId: type, hoursFromNow: 21, storeId: wayne }),
      await k.window(east, { typeId: type, hoursFromNow: 22, territoryId: northJersey }),
      await k.window(east, { typeId: type, hoursFromNow: 23 }),
      await k.window(east, { typeId: type, hoursFromNow: 24, storeId: wayne }),
    ];
    const first = await k.lead(east, { storeId: wayne, territoryId: northJersey });
    expect((await book(first, full)).statusCode).toBe(201);
    const second = await k.lead(east, { storeId: wayne, territoryId: northJersey });
    const lost = await book(second, full);
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toMatch(/just taken/);
    expect(lost.json().nextWindows.map((w: { id: number }) => w.id)).toEqual(next.slice(0, 3));
    expect(await k.booked(full)).toBe(1);

    const again = await book(first, next[0]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has a booked appointment.*move it/);
    expect(await k.booked(next[0])).toBe(0);

    const closed = await k.window(east, { typeId: type, hoursFromNow: 25, storeId: wayne, isClosed: true });
    const closedRes = await book(second, closed);
    expect(closedRes.statusCode).toBe(409);
    expect(closedRes.json().nextWindows.length).toBe(3);
    const soon = await k.window(east, { typeId: type, hoursFromNow: 0.5, storeId: wayne });
    const soonRes = await book(second, soon);
    expect(soonRes.statusCode).toBe(409);
    expect(soonRes.json().message).toMatch(/too soon/);
  });

  it("is idempotent: the same key twice makes one appointment", async () => {
    const w = await k.window(east, { typeId, hoursFromNow: 49, capacity: 5, storeId: wayne });
    const leadId = await k.lead(east, { storeId: wayne });
    const one = await book(leadId, w, manager(), "book-key-1");
    const two = await book(leadId, w, manager(), "book-key-1");
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.json().id).toBe(one.json().id);
    expect(await k.booked(w)).toBe(1);
    const n = await k.one<{ n: number }>("select count(*)::int as n from appointments where lead_id = $1", [
      leadId,
    ]);
    expect(n.n).toBe(1);
  });

  it("rights: managers and schedulers book; lead generators only their own leads; analysts 403; another organization 404", async () => {
    const w = await k.window(east, { typeId, hoursFromNow: 50, capacity: 10, storeId: wayne });
    expect(
      (await book(await k.lead(east, { storeId: wayne }), w, k.as("scheduler@demo.local"))).statusCode,
    ).toBe(201);
    const own = await k.lead(east, { storeId: wayne, territoryId: northJersey, capturedByUserId: lgId });
    expect((await book(own, w, k.as("lg@demo.local"))).statusCode).toBe(201);
    const others = await k.lead(east, { storeId: wayne, territoryId: northJersey });
    expect((await book(others, w, k.as("lg@demo.local"))).statusCode).toBe(404);
    const analyst = await book(others, w, k.as("analyst@demo.local"));
    expect(analyst.statusCode).toBe(403);
    expect(analyst.json().message).toMatch(/Analysts/);
    const westLead = await k.lead(west);
    expect((await book(westLead, w)).statusCode).toBe(404);
    const westType = await k.type(west);
    const westWindow = await k.window(west, { typeId: westType, hoursFromNow: 50 });
    expect((await book(others, westWindow)).statusCode).toBe(404);
    expect(await k.booked(westWindow)).toBe(0);
    const lgList = await k.inject(await k.as("lg@demo.local"), "GET", `/api/leads/${others}/appointments`);
    expect(lgList.statusCode).toBe(404);
    const westList = await k.inject(await manager(), "GET", `/api/leads/${westLead}/appointments`);
    expect(westList.statusCode).toBe(404);
  });

  it("bad input is a 400 naming the field", async () => {
    const a = await manager();
    const res = await k.inject(a, "POST", "/api/appointments/book", { leadId: "x", windowId: 1 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain("body.leadId");
    const noReason = await k.inject(a, "POST", "/api/appointments/1/cancel", {});
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().errors)).toContain("body.reason");
    const blank = await k.inject(a, "POST", "/api/appointments/1/cancel", { reason: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/Say why/);
    const move = await k.inject(a, "POST", "/api/appointments/1/move", { windowId: -1 });
    expect(Object.keys(move.json().errors)).toContain("body.windowId");
  });
});

describe("moving and cancelling", () => {
  it("moves atomically: the old window gives its place back exactly when the new one takes it; a full one moves nothing", async () => {
    const from = await k.window(east, { typeId, hoursFromNow: 60, capacity: 2, storeId: wayne });
    const to = await k.window(east, { typeId, hoursFromNow: 70, capacity: 1, storeId: wayne });
    const leadId = await k.lead(east, { storeId: wayne });
    const a = (await book(leadId, from)).json();
    expect([await k.booked(from), await k.booked(to)]).toEqual([1, 0]);
    const moved = await k.inject(await manager(), "POST", `/api/appointments/${a.id}/move`, {
      windowId: to,
      reason: "The shopper asked for the evening",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: a.id, windowId: to, status: "booked" });
    expect([await k.booked(from), await k.booked(to)]).toEqual([0, 1]);

    // Back is now full? No: `from` has room; fill `from` and try to move there: nothing changes.
    const filler = await k.lead(east, { storeId: wayne });
    const filler2 = await k.lead(east, { storeId: wayne });
    await book(filler, from);
    await book(filler2, from);
    const refused = await k.inject(await manager(), "POST", `/api/appointments/${a.id}/move`, {
      windowId: from,
    });
    expect(refused.statusCode).toBe(409);
    expect(Array.isArray(refused.json().nextWindows)).toBe(true);
    expect([await k.booked(from), await k.booked(to)]).toEqual([2, 1]);

    const history = (await k.inject(await manager(), "GET", `/api/leads/${leadId}/appointments`)).json()
      .items[0].history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(["moved", "booked"]);
    expect(history[0]).toMatchObject({
      reason: "The shopper asked for the evening",
      before: { windowId: from },
      after: { windowId: to },
    });
    const keys = await k.rows<{ key: string }>("select key from outbox where key like $1 order by key", [
      `appointment:${a.id}:%`,
    ]);
    expect(keys.map((r) => r.key)).toEqual(
      expect.arrayContaining([`appointment:${a.id}:moved:1:email`, `appointment:${a.id}:reminder:1`]),
    );
  });

  it("cancels with a reason: the place goes back, the lead is Cancelled, a second cancel is a 409", async () => {
    const w = await k.window(east, { typeId, hoursFromNow: 80, capacity: 1, storeId: wayne });
    const leadId = await k.lead(east, { storeId: wayne });
    const a = (await book(leadId, w)).json();
    const analyst = await k.inject(
      await k.as("analyst@demo.local"),
      "POST",
      `/api/appointments/${a.id}/cancel`,
      {
        reason: "no",
      },
    );
    expect(analyst.statusCode).toBe(403);
    const res = await k.inject(await manager(), "POST", `/api/appointments/${a.id}/cancel`, {
      reason: "The shopper changed their mind",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled", cancelReason: "The shopper changed their mind" });
    expect(await k.booked(w)).toBe(0);
    const lead = await k.one<{ status_id: number }>("select status_id from leads where id = $1", [leadId]);
    expect(lead.status_id).toBe(10);
    const again = await k.inject(await manager(), "POST", `/api/appointments/${a.id}/cancel`, {
      reason: "again",
    });
    expect(again.statusCode).toBe(409);
    const west = await k.inject(
      await k.as("admin@demo.local", "Summit Home West"),
      "POST",
      `/api/appointments/${a.id}/cancel`,
      {
        reason: "x",
      },
    );
    expect(west.statusCode).toBe(404);
    // Booked again after a cancel: the lead may have a new booking.
    expect((await book(leadId, w)).statusCode).toBe(201);
  });
});

describe("the demo bookings (db/seed-bookings.ts)", () => {
  it("booked five demo leads into the scheduling seed's windows and cancelled a sixth, with the counts kept", async () => {
    // The demo seed (seed.ts) ran it when the test database was made.
    const rows = await k.rows<{ status: string; n: number }>(
      "select status, count(*)::int as n from appointments where organization_id = $1 and booked_by_user_id = $2 and window_id in (select id from appointment_windows where template_id is not null) group by status order by status",
      [east, await k.idOf("users", "email", "scheduler@demo.local")],
    );
    expect(rows).toEqual([
      { status: "booked", n: 5 },
      { status: "cancelled", n: 1 },
    ]);
    const drift = await k.rows<{ id: number }>(
      `select w.id from appointment_windows w
       where w.organization_id = $1 and w.template_id is not null and w.booked <> (select count(*) from appointments a
         where a.organization_id = w.organization_id and a.window_id = w.id and a.status = 'booked')`,
      [east],
    );
    expect(drift).toEqual([]);
  });
});

describe("the appointments list", () => {
  it("pages, filters and exports; analysts read it, lead generators do not", async () => {
    const type = await k.type(east, { name: "Listed type" });
    const w = await k.window(east, { typeId: type, hoursFromNow: 90, capacity: 5, storeId: wayne });
    for (let i = 0; i < 3; i++) await book(await k.lead(east, { storeId: wayne }), w);
    const res = await k.inject(await k.as("analyst@demo.local"), "POST", "/api/appointments/search", {
      appointmentTypeIds: [type],
      pageSize: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(res.json().items).toHaveLength(2);
    expect(res.json().items[0].appointmentTypeName).toBe("Listed type");
    const none = await k.inject(await manager(), "POST", "/api/appointments/search", {
      appointmentTypeIds: [type],
      statuses: ["cancelled"],
    });
    expect(none.json().total).toBe(0);
    const csv = await k.inject(await manager(), "POST", "/api/appointments/search", {
      appointmentTypeIds: [type],
      format: "csv",
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.body.trim().split("\n")).toHaveLength(4);
    const xlsx = await k.inject(await manager(), "POST", "/api/appointments/search", { format: "xlsx" });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toMatch(/\.xlsx/);
    expect(
      (await k.inject(await k.as("lg@demo.local"), "POST", "/api/appointments/search", {})).statusCode,
    ).toBe(403);
    const west = await k.inject(
      await k.as("admin@demo.local", "Summit Home West"),
      "POST",
      "/api/appointments/search",
      {
        appointmentTypeIds: [type],
      },
    );
    expect(west.json().total).toBe(0);
  });
});

describe("the shopper's notices", () => {
  const silent = pino({ level: "silent" });

  it("emails a calendar file (REQUEST, stable UID, SEQUENCE up on a move, CANCEL), in Spanish; texts through the SMS API; no reminder after a cancel", async () => {
    const sim = await startSmsSimulator();
    try {
      await k.rows(
        "insert into scheduling_settings (organization_id, sms_enabled, reminder_hours_before) values ($1, true, 1) on conflict (organization_id) do update set sms_enabled = true, reminder_hours_before = 1",
        [east],
      );
      const p = t.app.deps.platform;
      const jobs = appointmentsJobs(p, {
        sms: twilioSms(
          { baseUrl: sim.url, accountSid: sim.accountSid, authToken: sim.authToken, from: "+15550001111" },
          { fetch },
        ),
        log: silent,
      });
      const dispatcher = outboxDispatcher({
        database: t.database,
        handlers: jobs.handlers,
        signal: p.signal,
        log: silent,
      });
      const w1 = await k.window(east, { typeId, hoursFromNow: 1.5, capacity: 1, storeId: wayne });
      const w2 = await k.window(east, { typeId, hoursFromNow: 100, capacity: 1, storeId: wayne });
      const email = `maria.${Date.now()}@example.com`;
      const leadId = await k.lead(east, { storeId: wayne, email, phone: "(973) 555-0199", languageId: 2 });
      // The notice is 120 minutes: book a window with room for it, 3 hours out.
      const w0 = await k.window(east, { typeId, hoursFromNow: 3, capacity: 1, storeId: wayne });
      const a = (await book(leadId, w0)).json();
      expect(a.id).toBeTruthy();
      await dispatcher.drain();
      const mails = (await p.mailer.list(50)).filter((m) => m.to === email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toMatch(/Su cita de In-home estimate está confirmada/);
      expect(mails[0].text).toMatch(/Hola Pat/);
      // The calendar file is attached, with its METHOD in the media type.
      const icsOf = (m: (typeof mails)[number]) => {
        const file = m.attachments?.find((f) => f.filename === "appointment.ics");
        expect(file?.contentType).toMatch(/^text\/calendar; charset=utf-8; method=(REQUEST|CANCEL)$/);
        return file?.content ?? "";
      };
      const ics = icsOf(mails[0]);
      expect(ics).toMatch(/METHOD:REQUEST/);
      expect(ics).toMatch(/SEQUENCE:0/);
      const uid = /UID:(.+)/.exec(ics)?.[1].trim();
      expect(uid).toBe(`appointment-${east}-${a.id}@app.test`);
      // Other tests' reminders come due too (their windows are near); this shopper's texts are read alone.
      const texts = () => sim.messages.filter((m) => m.to === "+19735550199");
      expect(texts()).toHaveLength(1);
      expect(texts()[0].body).toMatch(/su cita de In-home estimate está confirmada/);

      // Moved: an update with SEQUENCE 1 and the same UID.
      expect(
        (
          await k.inject(await manager(), "POST", `/api/appointments/${a.id}/move`, {
            windowId: w2,
            reason: "later",
          })
        ).statusCode,
      ).toBe(200);
      await dispatcher.drain();
      const moved = (await p.mailer.list(50)).filter((m) => m.to === email);
      expect(moved).toHaveLength(2);
      const movedIcs = icsOf(moved[0]);
      expect(movedIcs).toMatch(/SEQUENCE:1/);
      expect(movedIcs).toContain(`UID:${uid}`);
      expect(moved[0].subject).toMatch(/cambió de horario/);

      // Cancelled: METHOD CANCEL; the reminder set for the move then says nothing.
      await k.inject(await manager(), "POST", `/api/appointments/${a.id}/cancel`, {
        reason: "cambio de planes",
      });
      await dispatcher.drain();
      const cancelled = (await p.mailer.list(50)).filter((m) => m.to === email);
      expect(cancelled).toHaveLength(3);
      expect(icsOf(cancelled[0])).toMatch(/METHOD:CANCEL/);
      expect(icsOf(cancelled[0])).toMatch(/SEQUENCE:2/);
      expect(texts()).toHaveLength(3);
      await k.rows(
        "update outbox set run_after = now() where topic = 'appointments.reminder' and key like $1",
        [`appointment:${a.id}:%`],
      );
      await dispatcher.drain();
      expect((await p.mailer.list(50)).filter((m) => m.to === email)).toHaveLength(3);
      expect(texts()).toHaveLength(3);

      // A booking whose reminder is due: the reminder goes out once, however often the worker runs it.
      const other = await k.lead(east, { storeId: wayne, email: `r.${email}`, phone: null });
      const b = (await book(other, w1)).json();
      expect(b.id, JSON.stringify(b)).toBeUndefined(); // w1 is inside the type's notice: refused
      const w3 = await k.window(east, { typeId, hoursFromNow: 2.5, capacity: 1, storeId: wayne });
      const c = (await book(other, w3)).json();
      await k.rows("update outbox set run_after = now() where key like $1", [`appointment:${c.id}:%`]);
      await dispatcher.drain();
      await k.rows("update outbox set status = 'pending', run_after = now() where key like $1", [
        `appointment:${c.id}:reminder%`,
      ]);
      await dispatcher.drain();
      const reminders = (await p.mailer.list(50)).filter((m) => m.to === `r.${email}`);
      expect(reminders.map((m) => m.subject).sort()).toEqual([
        "Reminder: your In-home estimate appointment is coming up",
        "Your In-home estimate appointment is booked",
      ]);
    } finally {
      await sim.close();
      await k.rows("update scheduling_settings set sms_enabled = false where organization_id = $1", [east]);
    }
  });
});
