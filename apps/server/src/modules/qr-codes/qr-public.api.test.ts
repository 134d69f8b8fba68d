import { randomUUID } from "node:crypto";
import {
  DATA_TYPES,
  DEFAULT_DISCLOSURE_TEMPLATES,
  DEFAULT_DISCLOSURE_TEMPLATES_ES,
  fillDisclosure,
  formatDate,
  type QrDetails,
} from "@fieldlead/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { appointmentsTestKit } from "../appointments/appointments.test-support";
import { CODE_BUSY } from "./qr-codes.routes";
import { type CodeRow, qrTestKit } from "./qr-codes.test-support";
import { FORM_NOT_OURS, FORM_TOO_FAST, FORM_TOO_OLD } from "./qr-form-token";
import { CODE_NOT_IN_USE, FORM_REFUSED } from "./qr-public.service";

// The shopper's own page (issue #13, docs/decisions/0037): no sign-in, a lead generator's code, a lead credited to
// them and a booking through the same never-overbooked path as staff bookings.

let t: TestApp;
const k = { ...appointmentsTestKit(() => t), ...qrTestKit(() => t) };
let east: number;
let wayne: number;
let northJersey: number;
let lg: CodeRow;
let typeId: number;
let questionId: number;
let choiceId: number;

/** A window of the test's type at Costco Wayne, `hoursFromNow` ahead. */
const windowAt = (hoursFromNow: number, capacity = 3) =>
  k.window(east, { typeId, hoursFromNow, capacity, storeId: wayne });

/** A plausible entry of lg's code: the form opened 10 s ago, a fresh phone, the crm consent, the required answer. */
let shopper = 0;
async function body(fields: Record<string, unknown> = {}) {
  shopper++;
  return {
    group: 0,
    formToken: k.token(lg),
    language: "en",
    appointmentTypeId: typeId,
    firstName: "Quinn",
    lastName: "Scanner",
    phone: k.freshPhone(),
    email: `quinn${shopper}@example.com`,
    answers: [{ questionId, value: choiceId }],
    consents: [await k.crmConsent(lg.uid)],
    ...fields,
  };
}

const problemWithoutRequest = (res: { json: () => Record<string, unknown> }) => {
  const { requestId: _r, ...rest } = res.json();
  return rest;
};

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  wayne = await k.idOf("stores", "name", "Costco Wayne");
  northJersey = await k.idOf("territories", "name", "North Jersey");
  lg = await k.codeOf("lg@demo.local");
  typeId = await k.type(east, { name: "QR consultation", notice: 60 });
  // The type asks one required question of the demo's HVAC service type (a choice).
  const choice = DATA_TYPES.find((x) => x.code === "choice")?.id;
  const q = await k.one<{ id: number }>(
    `select q.id from service_type_questions q join service_types s on s.id = q.service_type_id
     where s.organization_id = $1 and s.name = 'HVAC' and q.data_type_id = $2 and q.is_active
       and exists (select 1 from question_responses r where r.question_id = q.id)
     order by q.sort_order, q.id limit 1`,
    [east, choice],
  );
  questionId = Number(q.id);
  choiceId = Number(
    (
      await k.one<{ id: number }>(
        "select id from question_responses where question_id = $1 order by id limit 1",
        [questionId],
      )
    ).id,
  );
  await k.rows(
    "insert into appointment_type_questions (organization_id, appointment_type_id, question_id, is_required, sort_order) values ($1, $2, $3, true, 1)",
    [east, typeId, questionId],
  );
  // The demo schedules Luis (some days at his second store) and gives him punches: the page would follow them
  // (see "where the lead is credited"). Here he works nowhere today unless a test says so.
  await clearLabor();
}, 120_000);

/** Luis's punches and shifts, all of them (and the activities logged against his punches). */
async function clearLabor() {
  for (const table of ["activities", "shifts", "time_logs"])
    await k.rows(`delete from ${table} where organization_id = $1 and user_id = $2`, [east, lg.user_id]);
}

describe("what the page shows", () => {
  it("answers without a session: the organization, the lead generator's first name and initial, the store, the types with their questions, the consents in English and Spanish, a form token", async () => {
    const res = await k.details(lg.uid);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as QrDetails;
    expect(d).toMatchObject({
      organizationName: "Summit Home East",
      leadGeneratorName: "Luis G.",
      storeName: "Costco Wayne",
      storeCity: "Wayne",
      timeZone: "America/New_York",
      group: 0,
      groupName: null,
    });
    const type = d.appointmentTypes.find((x) => x.id === typeId);
    expect(type?.questions.map((q) => [q.id, q.isRequired])).toEqual([[questionId, true]]);
    expect(type?.questions[0].responses.map((r) => r.id)).toContain(choiceId);
    // The seeded organization-wide types are offered too.
    expect(d.appointmentTypes.map((x) => x.name)).toContain("In-home consultation");
    const crm = d.disclosures.en.find((x) => x.destination === "crm");
    expect(crm).toEqual({
      destination: "crm",
      text: fillDisclosure(DEFAULT_DISCLOSURE_TEMPLATES.crm, "Summit Home East"),
      requiredToBook: true,
    });
    expect(d.disclosures.es.find((x) => x.destination === "crm")?.text).toBe(
      fillDisclosure(DEFAULT_DISCLOSURE_TEMPLATES_ES.crm, "Summit Home East"),
    );
    expect(d.disclosures.en.filter((x) => x.requiredToBook).map((x) => x.destination)).toEqual(["crm"]);
    expect(d.languageIds).toEqual({
      en: await k.idOf("reference_items", "list = 'languageTypes' and name", "English"),
      es: await k.idOf("reference_items", "list = 'languageTypes' and name", "Spanish"),
    });
    expect(d.formToken).toMatch(/^v1\.[0-9a-z]+\.[A-Za-z0-9_-]+$/);
    // Nothing about the person beyond the first name and initial.
    expect(res.body).not.toContain("Luis Generator");
    expect(res.body).not.toContain("lg@demo.local");
  });

  it("serves a consent text the organization wrote itself as written, in both languages", async () => {
    const admin = await k.as("admin@demo.local");
    const own = "We at {organization} may call you about your project, and only about it.";
    const saved = await k.inject(admin, "PUT", "/api/settings/leads", { disclosures: { crm: own } });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const d = (await k.details(lg.uid)).json() as QrDetails;
      const filled = fillDisclosure(own, "Summit Home East");
      expect(d.disclosures.en.find((x) => x.destination === "crm")?.text).toBe(filled);
      expect(d.disclosures.es.find((x) => x.destination === "crm")?.text).toBe(filled);
      // The other destinations keep the product's Spanish.
      expect(d.disclosures.es.find((x) => x.destination === "retailer")?.text).toBe(
        fillDisclosure(DEFAULT_DISCLOSURE_TEMPLATES_ES.retailer, "Summit Home East"),
      );
    } finally {
      await k.inject(admin, "PUT", "/api/settings/leads", {
        disclosures: { crm: DEFAULT_DISCLOSURE_TEMPLATES.crm },
      });
    }
  });

  it("lists the free windows of an offered type at the code's store, without a session; a type not offered is a 400", async () => {
    const w = await windowAt(30);
    const res = await k.available(lg.uid, `appointmentTypeId=${typeId}`);
    expect(res.statusCode, res.body).toBe(200);
    const windows = res.json().days.flatMap((day: { windows: { id: number }[] }) => day.windows);
    expect(windows.map((x: { id: number }) => x.id)).toContain(w);
    expect(res.json()).toMatchObject({
      appointmentTypeId: typeId,
      storeId: wayne,
      timeZone: "America/New_York",
    });
    // With the group named, the same.
    expect((await k.available(lg.uid, `appointmentTypeId=${typeId}&group=0`)).statusCode).toBe(200);
    const west = await k.type(await t.orgId("Summit Home West"), { name: "West only" });
    const other = await k.available(lg.uid, `appointmentTypeId=${west}`);
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().errors)).toEqual(["query.appointmentTypeId"]);
  });
});

describe("a code that is not in use", () => {
  it("answers the same 404 for an unknown person, a stopped code, a person made inactive, moved out or removed, and books nothing", async () => {
    // A person of their own, so the rest of the file keeps lg's code.
    const uid = "QrGone0001";
    const user = await k.one<{ id: number }>(
      "insert into users (uid, email, first_name, last_name) values ($1, 'qr.gone@demo.test', 'Gina', 'Gone') returning id",
      [uid],
    );
    const membership = await k.one<{ id: number }>(
      "insert into memberships (organization_id, user_id, role_id) values ($1, $2, 14) returning id",
      [east, user.id],
    );
    const code = await k.one<{ id: number; form_secret: string }>(
      "insert into qr_codes (organization_id, user_id, store_id) values ($1, $2, $3) returning id, form_secret",
      [east, user.id, wayne],
    );
    const w = await windowAt(40);
    const entryBody = async () => ({
      ...(await body({ windowId: w })),
      formToken: k.token({ id: code.id, secret: code.form_secret }),
      consents: [await k.crmConsent(lg.uid)],
    });
    // Live first: the calls answer.
    expect((await k.details(uid)).statusCode).toBe(200);
    const answers = async (who: string) => {
      const details = await k.details(who);
      const available = await k.available(who, `appointmentTypeId=${typeId}`);
      const entry = await k.entry(who, await entryBody());
      for (const res of [details, available, entry]) {
        expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
        expect(res.headers["content-type"]).toContain("application/problem+json");
      }
      return [details, available, entry].map(problemWithoutRequest);
    };
    const unknown = await answers("NoSuchPerson42");
    expect(unknown[0]).toMatchObject({ status: 404, message: CODE_NOT_IN_USE });
    const states: [string, string, unknown[]][] = [
      ["code stopped", "update qr_codes set is_active = false where id = $1", [code.id]],
      ["membership inactive", "update memberships set is_active = false where id = $1", [membership.id]],
      ["person off the platform", "update users set is_platform_active = false where id = $1", [user.id]],
      ["membership removed", "delete from memberships where id = $1", [membership.id]],
    ];
    const restore = async () => {
      await k.rows("update qr_codes set is_active = true where id = $1", [code.id]);
      await k.rows("update users set is_platform_active = true where id = $1", [user.id]);
      await k.rows(
        "insert into memberships (id, organization_id, user_id, role_id) values ($1, $2, $3, 14) on conflict (id) do update set is_active = true",
        [membership.id, east, user.id],
      );
    };
    for (const [name, statement, params] of states) {
      await k.rows(statement, params);
      expect(await answers(uid), name).toEqual(unknown);
      await restore();
      expect((await k.details(uid)).statusCode, `${name}, restored`).toBe(200);
    }
    expect(await k.booked(w)).toBe(0);
    expect(await k.rows("select id from leads where captured_by_user_id = $1", [user.id])).toEqual([]);
  });
});

describe("the entry", () => {
  it("books a window: one lead credited to the code's person, store, territory and group, source qr; the submission kept as sent; the shopper's email queued", async () => {
    const w = await windowAt(50);
    const sent = await body({ windowId: w, notes: "Side door", state: "nj", zip: "07470" });
    const res = await k.entry(lg.uid, sent);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({
      outcome: "booked",
      emailSent: true,
      appointment: { appointmentTypeName: "QR consultation", timeZone: "America/New_York" },
    });
    const entry = await k.one<{
      outcome: string;
      lead_id: number;
      payload: unknown;
      qr_code_id: number;
      submitted_by_user_id: number;
    }>(
      "select outcome, lead_id::int as lead_id, payload, qr_code_id, submitted_by_user_id from capture_entries where id = $1",
      [answer.entryId],
    );
    expect(entry).toMatchObject({ outcome: "lead", qr_code_id: lg.id, submitted_by_user_id: lg.user_id });
    expect(entry.payload).toEqual(sent);
    const lead = await k.one<Record<string, unknown>>(
      "select kind, source, captured_by_user_id, store_id, territory_id, hdsfi_group_id, status_id, phone, email, state, zip, notes, service_type_id, language_id from leads where id = $1",
      [entry.lead_id],
    );
    expect(lead).toMatchObject({
      kind: "external",
      source: "qr",
      captured_by_user_id: lg.user_id,
      store_id: wayne,
      territory_id: northJersey,
      hdsfi_group_id: null,
      status_id: 3,
      phone: sent.phone,
      email: sent.email,
      state: "NJ",
      zip: "07470",
      notes: "Side door",
      language_id: await k.idOf("reference_items", "list = 'languageTypes' and name", "English"),
    });
    expect(lead.service_type_id).not.toBeNull();
    const appointment = await k.one<{ source: string; booked_by_user_id: number | null; window_id: number }>(
      "select source, booked_by_user_id, window_id::int as window_id from appointments where lead_id = $1",
      [entry.lead_id],
    );
    expect(appointment).toEqual({ source: "qr", booked_by_user_id: null, window_id: w });
    expect(await k.booked(w)).toBe(1);
    const consent = await k.one<{ destination: string }>(
      "select destination from lead_consents where lead_id = $1",
      [entry.lead_id],
    );
    expect(consent.destination).toBe("crm");
    const booking = await k.one<{ id: number }>("select id from appointments where lead_id = $1", [
      entry.lead_id,
    ]);
    const outbox = await k.rows<{ key: string }>("select key from outbox where key = $1", [
      `appointment:${booking.id}:booked:0:email`,
    ]);
    expect(outbox).toHaveLength(1);
    // The manager sees it where QR leads are listed, credited to the lead generator.
    const manager = await k.as("manager@demo.local");
    const detail = await k.inject(manager, "GET", `/api/leads/${entry.lead_id}/external`);
    expect(detail.json()).toMatchObject({
      source: "qr",
      territoryName: "North Jersey",
      captureEntryId: answer.entryId,
    });
  });

  it("keeps a lead only (no window), and credits a program group's code to its group", async () => {
    const admin = await k.as("admin@demo.local");
    const made = await k.inject(admin, "POST", "/api/QRCodes/upsert", {
      userId: lg.user_id,
      storeId: wayne,
      group: 3,
    });
    expect(made.statusCode, made.body).toBe(200);
    const grouped = await k.codeOf("lg@demo.local", 3);
    const res = await k.entry(lg.uid, {
      ...(await body()),
      group: 3,
      formToken: k.token(grouped),
      language: "es",
      consents: [
        {
          destination: "crm",
          disclosureText: fillDisclosure(DEFAULT_DISCLOSURE_TEMPLATES_ES.crm, "Summit Home East"),
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ outcome: "received", appointment: null, emailSent: false });
    const lead = await k.one<{ hdsfi_group_id: number; language_id: number; status_id: number }>(
      "select l.hdsfi_group_id, l.language_id, l.status_id from leads l join capture_entries c on c.lead_id = l.id where c.id = $1",
      [res.json().entryId],
    );
    expect(lead).toEqual({
      hdsfi_group_id: 3,
      language_id: await k.idOf("reference_items", "list = 'languageTypes' and name", "Spanish"),
      status_id: 1,
    });
    // The group's page names the group.
    expect(((await k.details(lg.uid, 3)).json() as QrDetails).groupName).toBe("Windows");
  });

  it("refuses a bot without hurting people: the honeypot, a form sent too fast, too old or not this code's, each a 422 a person can act on, each submission kept", async () => {
    const before = (await k.captureEntries(lg.id)).length;
    const leadsBefore = await k.one<{ n: number }>(
      "select count(*)::int as n from leads where source = 'qr'",
    );
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["honeypot", { website: "http://spam.example" }, "form_refused", FORM_REFUSED],
      ["too fast", { formToken: k.token(lg, 1) }, "form_too_fast", FORM_TOO_FAST],
      ["too old", { formToken: k.token(lg, 13 * 3600) }, "form_expired", FORM_TOO_OLD],
      [
        "another code's",
        { formToken: k.token({ id: lg.id + 1, secret: lg.secret }) },
        "form_invalid",
        FORM_NOT_OURS,
      ],
      ["made up", { formToken: "v1.zzz.not-a-signature" }, "form_invalid", FORM_NOT_OURS],
    ];
    for (const [name, fields, code, message] of cases) {
      const res = await k.entry(lg.uid, await body(fields));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json(), name).toMatchObject({ code, message });
      expect(res.body, name).not.toMatch(/bot|honeypot/i);
    }
    // A form fresh from the page is too fast too.
    const fresh = ((await k.details(lg.uid)).json() as QrDetails).formToken;
    const tooFast = await k.entry(lg.uid, await body({ formToken: fresh }));
    expect(tooFast.statusCode).toBe(422);
    expect(tooFast.json().message).toBe(FORM_TOO_FAST);
    const kept = (await k.captureEntries(lg.id)).slice(before);
    expect(kept).toHaveLength(cases.length + 1);
    for (const e of kept) expect(e).toMatchObject({ outcome: "invalid", lead_id: null });
    expect(kept.map((e) => e.message)).toEqual([...cases.map((c) => c[3]), FORM_TOO_FAST]);
    expect((kept[0].payload as { website: string }).website).toBe("http://spam.example");
    const leadsAfter = await k.one<{ n: number }>("select count(*)::int as n from leads where source = 'qr'");
    expect(leadsAfter.n).toBe(leadsBefore.n);
  });

  it("answers 400s next to their fields, and keeps each refused submission", async () => {
    const w = await windowAt(60);
    const before = (await k.captureEntries(lg.id)).length;
    const cases: [string, Record<string, unknown>, string][] = [
      ["bad phone", { phone: "12345", email: null }, "body.phone"],
      ["bad email", { phone: null, email: "not-an-email" }, "body.email"],
      ["no way to reach them", { phone: null, email: "" }, "body.phone"],
      ["state", { state: "N1" }, "body.state"],
      ["zip", { zip: "7470" }, "body.zip"],
      ["required answer", { answers: [] }, `body.answers.${questionId}`],
      ["not a choice", { answers: [{ questionId, value: 999999 }] }, `body.answers.${questionId}`],
      ["no consent", { consents: [] }, "body.consents"],
      [
        "stale consent text",
        { consents: [{ destination: "crm", disclosureText: "An older text the shopper saw." }] },
        "body.consents.0.disclosureText",
      ],
      [
        "booking without the crm consent",
        {
          windowId: w,
          consents: [
            {
              destination: "retailer",
              disclosureText: fillDisclosure(DEFAULT_DISCLOSURE_TEMPLATES.retailer, "Summit Home East"),
            },
          ],
        },
        "body.consents",
      ],
      ["a type not offered", { appointmentTypeId: 2_000_000 }, "body.appointmentTypeId"],
      ["a window not offered", { windowId: 2_000_000 }, "body.windowId"],
    ];
    for (const [name, fields, field] of cases) {
      const res = await k.entry(lg.uid, await body(fields));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), name).toContain(field);
      expect(res.json().message.length, name).toBeGreaterThan(10);
    }
    const stale = await k.entry(lg.uid, await body(cases[8][1]));
    expect(stale.json().code).toBe("stale_disclosure");
    const kept = (await k.captureEntries(lg.id)).slice(before);
    expect(kept).toHaveLength(cases.length + 1);
    for (const e of kept) expect(e.outcome).toBe("invalid");
    expect(await k.booked(w)).toBe(0);
  });

  it("refuses at the door, and keeps nothing of, a body that is not the form's: an extra field, a field over its limit", async () => {
    const before = (await k.captureEntries(lg.id)).length;
    const extra = await k.entry(lg.uid, await body({ isAdmin: true }));
    expect(extra.statusCode, extra.body).toBe(400);
    expect(JSON.stringify(extra.json().errors)).toContain("isAdmin");
    const cases: [string, Record<string, unknown>][] = [
      ["first name", { firstName: "x".repeat(101) }],
      ["notes", { notes: "x".repeat(1001) }],
      ["answers", { answers: Array.from({ length: 51 }, () => ({ questionId, value: choiceId })) }],
      [
        "consents",
        { consents: Array.from({ length: 5 }, () => ({ destination: "crm", disclosureText: "x" })) },
      ],
      [
        "a consent's extra field",
        { consents: [{ destination: "crm", disclosureText: "x", acceptedAt: "2020-01-01" }] },
      ],
      ["honeypot", { website: "x".repeat(201) }],
    ];
    for (const [name, fields] of cases) {
      const res = await k.entry(lg.uid, await body(fields));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toBeTruthy();
    }
    expect(await k.captureEntries(lg.id)).toHaveLength(before);
  });

  it("makes a double tap one lead and one booking with the same answer (Idempotency-Key)", async () => {
    const w = await windowAt(70);
    const sent = await body({ windowId: w });
    const key = { "idempotency-key": `qr-double-${Date.now()}` };
    const [first, second] = await Promise.all([k.entry(lg.uid, sent, key), k.entry(lg.uid, sent, key)]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toEqual(first.json());
    const leads = await k.rows<{ id: number }>("select id from leads where phone = $1", [sent.phone]);
    expect(leads).toHaveLength(1);
    expect(await k.booked(w)).toBe(1);
    const entries = await k.rows("select id from capture_entries where payload->>'phone' = $1", [sent.phone]);
    expect(entries).toHaveLength(1);
    // Sent again later with the same key: the same answer still.
    const third = await k.entry(lg.uid, sent, key);
    expect(third.json()).toEqual(first.json());
  });

  it("saves a repeat shopper as a lead linked to the first, still booked, and tells the shopper nothing of it", async () => {
    const phone = k.freshPhone();
    const first = await k.entry(lg.uid, await body({ phone }));
    expect(first.statusCode, first.body).toBe(201);
    const w = await windowAt(80);
    const again = await k.entry(lg.uid, await body({ phone, windowId: w, firstName: "Quincy" }));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ outcome: "booked" });
    expect(again.body).not.toMatch(/duplicate|already/i);
    const firstLead = await k.one<{ lead_id: number }>(
      "select lead_id::int as lead_id from capture_entries where id = $1",
      [first.json().entryId],
    );
    const repeat = await k.one<{ outcome: string; lead_id: number; duplicate_of: number; status_id: number }>(
      `select c.outcome, c.lead_id::int as lead_id, l.duplicate_of_lead_id::int as duplicate_of, l.status_id
       from capture_entries c join leads l on l.id = c.lead_id where c.id = $1`,
      [again.json().entryId],
    );
    expect(repeat).toMatchObject({ outcome: "duplicate", duplicate_of: firstLead.lead_id, status_id: 3 });
    expect(await k.booked(w)).toBe(1);
  });

  it("gives the last place of a window to exactly one of a shopper and a staff booking at the same moment", async () => {
    // A type of its own (no questions), so the next windows offered are this test's.
    const race = await k.type(east, { name: "QR race", notice: 60 });
    for (let round = 0; round < 3; round++) {
      const w = await k.window(east, { typeId: race, hoursFromNow: 90 + round, capacity: 1, storeId: wayne });
      const spare = await k.window(east, {
        typeId: race,
        hoursFromNow: 95 + round,
        capacity: 2,
        storeId: wayne,
      });
      const staffLead = await k.lead(east, { storeId: wayne, territoryId: northJersey });
      const scheduler = await k.as("scheduler@demo.local");
      const sent = await body({ windowId: w, appointmentTypeId: race, answers: [] });
      const before = (await k.captureEntries(lg.id)).length;
      const [shopper, staff] = await Promise.all([
        k.entry(lg.uid, sent),
        k.inject(scheduler, "POST", "/api/appointments/book", { leadId: staffLead, windowId: w }),
      ]);
      const statuses = [shopper.statusCode, staff.statusCode].sort();
      expect(statuses, `${shopper.body} ${staff.body}`).toEqual([201, 409]);
      expect(await k.booked(w)).toBe(1);
      const lost = shopper.statusCode === 409 ? shopper : staff;
      expect(lost.json()).toMatchObject({ code: "window_taken" });
      expect(lost.json().nextWindows.map((x: { id: number }) => x.id)).toContain(spare);
      const kept = (await k.captureEntries(lg.id)).slice(before);
      expect(kept).toHaveLength(1);
      if (shopper.statusCode === 409) {
        // Nothing half-written: no lead, the submission kept as invalid with why.
        expect(kept[0]).toMatchObject({ outcome: "invalid", lead_id: null });
        expect(kept[0].message).toMatch(/just taken/);
        expect(await k.rows("select id from leads where phone = $1", [sent.phone])).toEqual([]);
      } else expect(kept[0].outcome).toBe("lead");
      // Close the spare so the next round's windows come first.
      await k.rows("update appointment_windows set is_closed = true where id = $1", [spare]);
    }
  });

  it("answers a window already started or closed with 409 and the next windows, keeping the submission", async () => {
    const other = await k.type(east, { name: "QR closed", notice: 60 });
    const closed = await k.window(east, {
      typeId: other,
      hoursFromNow: 100,
      capacity: 2,
      storeId: wayne,
      isClosed: true,
    });
    const next = await k.window(east, { typeId: other, hoursFromNow: 101, capacity: 2, storeId: wayne });
    const res = await k.entry(
      lg.uid,
      await body({ windowId: closed, appointmentTypeId: other, answers: [] }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().nextWindows.map((x: { id: number }) => x.id)).toContain(next);
    const [kept] = (await k.captureEntries(lg.id)).slice(-1);
    expect(kept.outcome).toBe("invalid");
  });
});

describe("rate limits", () => {
  let small: TestApp;
  beforeAll(async () => {
    // 120 x 0.05 = 6 reads a minute per address, 60 x 0.05 = 3 calls a minute per code.
    small = await createTestApp({ config: { rateLimitScale: 0.05 } });
  }, 120_000);
  afterAll(() => small?.close());

  it("limits the public calls per address (429)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await small.app.inject({
        method: "GET",
        url: `/api/QRCodes/qr-details/Nobody${i}abcd/0`,
        remoteAddress: "10.44.0.1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429]);
    // Another address is not held back.
    const other = await small.app.inject({
      method: "GET",
      url: "/api/QRCodes/qr-details/Nobody9abcd/0",
      remoteAddress: "10.44.0.2",
    });
    expect(other.statusCode).toBe(404);
  });

  it("limits the calls to one code from every address together (429 that says to wait)", async () => {
    const uid = (
      await small.database.executeSql(
        "select u.uid from users u join qr_codes q on q.user_id = u.id where lower(u.email) = 'lglead@demo.local'",
        [],
      )
    ).rows[0] as { uid: string };
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(
        await small.app.inject({
          method: "GET",
          url: `/api/QRCodes/qr-details/${uid.uid}/0`,
          remoteAddress: `10.45.0.${i + 1}`,
        }),
      );
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3].json()).toMatchObject({ status: 429, message: CODE_BUSY });
    expect(Number(answers[3].headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("where the lead is credited: the store the lead generator works at now", () => {
  const NY = "America/New_York";
  const HOUR = 3_600_000;
  let other: { id: number; name: string; territory_id: number | null };
  let third: { id: number; name: string };
  beforeAll(async () => {
    [other, third] = await k.rows<{ id: number; name: string; territory_id: number | null }>(
      `select id, name, territory_id from stores where organization_id = $1 and id <> $2 and is_active
       order by (territory_id is distinct from $3) desc, id limit 2`,
      [east, wayne, northJersey],
    );
  });
  afterEach(clearLabor);

  const today = () => formatDate(new Date(), NY);
  const punch = (storeId: number, inAt: Date, outAt: Date | null) =>
    k.rows(
      `insert into time_logs (organization_id, user_id, store_id, punch_in_at, punch_out_at, time_zone, work_date, state)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [east, lg.user_id, storeId, inAt, outAt, NY, today(), outAt ? "closed" : "open"],
    );
  const shift = (storeId: number, startsAt: Date, endsAt: Date) =>
    k.rows(
      `insert into shifts (organization_id, user_id, store_id, work_date, start_time, end_time, time_zone, starts_at, ends_at)
       values ($1, $2, $3, $4, '09:00', '17:00', $5, $6, $7)`,
      [east, lg.user_id, storeId, today(), NY, startsAt, endsAt],
    );
  const shownStore = async () => ((await k.details(lg.uid)).json() as QrDetails).storeName;
  const hours = (n: number) => new Date(Date.now() + n * HOUR);

  it("punched in at another store: the page names it, offers its windows, and the lead and booking are credited to it and its territory", async () => {
    await punch(other.id, hours(-1), null);
    expect(await shownStore()).toBe(other.name);

    const there = await k.window(east, { typeId, hoursFromNow: 80, capacity: 2, storeId: other.id });
    const atWayne = await windowAt(81);
    const free = await k.available(lg.uid, `appointmentTypeId=${typeId}`);
    expect(free.statusCode, free.body).toBe(200);
    const ids = (free.json() as { days: { windows: { id: number }[] }[] }).days.flatMap((d) =>
      d.windows.map((w) => w.id),
    );
    expect(ids).toContain(there);
    expect(ids).not.toContain(atWayne);

    const res = await k.entry(lg.uid, await body({ windowId: there }), { "idempotency-key": randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const lead = await k.one<{ store_id: number; territory_id: number | null }>(
      "select l.store_id, l.territory_id from capture_entries c join leads l on l.id = c.lead_id where c.id = $1",
      [res.json().entryId],
    );
    expect(lead).toEqual({ store_id: other.id, territory_id: other.territory_id });

    // A window of the code's own store is not one the page offered now.
    const wrong = await k.entry(lg.uid, await body({ windowId: atWayne }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors["body.windowId"]).toEqual([
      "Choose one of the times offered for this appointment.",
    ]);
  });

  it("no punch: the shift that holds now; else the day's punch or shift nearest to now; a punch before a shift", async () => {
    await shift(other.id, hours(-2), hours(3));
    expect(await shownStore()).toBe(other.name);

    await clearLabor();
    await shift(other.id, hours(-6), hours(-1)); // ended an hour ago
    await shift(third.id, hours(3), hours(8)); // starts in three hours
    expect(await shownStore()).toBe(other.name);

    await clearLabor();
    await shift(third.id, hours(-3), hours(-1));
    await punch(other.id, hours(-3), hours(-1)); // what he did beats what was planned
    expect(await shownStore()).toBe(other.name);
  });

  it("nothing today, or only other days: the code's own store", async () => {
    expect(await shownStore()).toBe("Costco Wayne");
    await k.rows(
      `insert into shifts (organization_id, user_id, store_id, work_date, start_time, end_time, time_zone, starts_at, ends_at)
       values ($1, $2, $3, $4::date - 1, '09:00', '17:00', $5, $6, $7)`,
      [east, lg.user_id, other.id, today(), NY, hours(-30), hours(-22)],
    );
    expect(await shownStore()).toBe("Costco Wayne");
  });
});
