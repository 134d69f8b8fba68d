import { DEFAULT_DISCLOSURE_TEMPLATES } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { leadsTestKit } from "./leads.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
const k = leadsTestKit(() => t);

describe("capturing an internal lead", () => {
  it("saves the lead normalized, with its answers, consent, capture entry and a 'created' history entry", async () => {
    const lg = await k.as("lg@demo.local");
    const hvac = await k.serviceType(lg, "HVAC");
    const crmText = (await k.inject(lg, "GET", "/api/settings/leads")).json().disclosures.crm;
    const res = await k.inject(lg, "POST", "/api/leads/internal/upsert", {
      storeId: await k.storeId("Costco Wayne"),
      serviceTypeId: hvac.id,
      firstName: "  Dana ",
      lastName: "Reyes",
      phone: "+1 (808) 555-0001",
      email: " Dana.Reyes@Example.COM ",
      state: "nj",
      zip: "07470",
      languageId: 2,
      notes: "Call after 5",
      answers: [
        { questionId: hvac.questions[0].id, value: hvac.questions[0].responses[1].id },
        { questionId: hvac.questions[1].id, value: "12" },
        { questionId: hvac.questions[2].id, value: true },
      ],
      consents: [{ destination: "crm", disclosureText: crmText }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.saved).toBe(true);
    expect(body.isDuplicate).toBe(false);
    const lead = body.lead;
    expect(lead).toMatchObject({
      kind: "internal",
      source: "app",
      firstName: "Dana",
      phone: "8085550001",
      email: "dana.reyes@example.com",
      state: "NJ",
      statusId: 1,
      statusName: "New",
      storeName: "Costco Wayne",
      territoryName: "North Jersey",
      leadGeneratorId: lg.userId,
      leadGeneratorName: "Luis Generator",
      serviceTypeName: "HVAC",
      timeZone: "America/New_York",
      canDelete: false,
      canEdit: true,
    });
    expect(lead.answers.map((a: { display: string }) => a.display)).toEqual(["Heat pump", "12", "Yes"]);
    expect(lead.consents).toEqual([
      expect.objectContaining({
        destination: "crm",
        disclosureText: expect.stringMatching(/^I agree that Summit Home East may call or text me/),
      }),
    ]);
    expect(lead.history).toHaveLength(1);
    expect(lead.history[0]).toMatchObject({
      action: "created",
      userId: lg.userId,
      userName: "Luis Generator",
      before: null,
    });
    expect(lead.history[0].after).toMatchObject({
      phone: "8085550001",
      statusId: 1,
      answers: { [hvac.questions[1].id]: 12 },
    });
    expect(lead.captureEntryId).toBeGreaterThan(0);
    expect(lead.nextStatusIds).toEqual([2, 3, 4, 10]); // a lead generator never offers Rejected

    const entry = await k.one<{
      payload: Record<string, unknown>;
      outcome: string;
      lead_id: number | string;
    }>("select payload, outcome, lead_id from capture_entries where id = $1", [lead.captureEntryId]);
    // Kept exactly as sent, before trimming and normalizing.
    expect(entry.payload.firstName).toBe("  Dana ");
    expect(entry.payload.phone).toBe("+1 (808) 555-0001");
    expect(entry.outcome).toBe("lead");
    expect(Number(entry.lead_id)).toBe(lead.id);
  });

  it("refuses a missing required answer, naming the question, and keeps the refused submission", async () => {
    const lg = await k.as("lg@demo.local");
    const hvac = await k.serviceType(lg, "HVAC");
    const before = await k.one<{ n: number }>(
      "select count(*)::int as n from capture_entries where outcome = 'invalid'",
      [],
    );
    const r = await k.capture(lg, { answers: [{ questionId: hvac.questions[2].id, value: true }] });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('"What heats or cools the home today?"');
    expect(Object.keys(r.body.errors ?? {})).toEqual([`body.answers.${hvac.questions[0].id}`]);
    const after = await k.one<{ n: number; message: string }>(
      "select count(*)::int as n, max(message) as message from capture_entries where outcome = 'invalid'",
      [],
    );
    expect(after.n).toBe(before.n + 1);
    expect(after.message).toContain("What heats or cools the home today?");
  });

  it("refuses answers of the wrong type, choices of another question and questions of another type", async () => {
    const lg = await k.as("lg@demo.local");
    const hvac = await k.serviceType(lg, "HVAC");
    const wh = await k.serviceType(lg, "Water heaters");
    const cases: [unknown, string][] = [
      [{ questionId: hvac.questions[1].id, value: "twelve" }, "must be a whole number"],
      [{ questionId: hvac.questions[1].id, value: 3.5 }, "must be a whole number"],
      [{ questionId: hvac.questions[2].id, value: "yes" }, "must be yes or no"],
      [
        { questionId: hvac.questions[0].id, value: wh.questions[0].responses[0].id },
        "must be one of its choices",
      ],
      [{ questionId: wh.questions[1].id, value: 3 }, 'not a question of the service type "HVAC"'],
    ];
    for (const [answer, message] of cases) {
      const answers = [
        ...k.hvacAnswers(hvac).filter((a) => a.questionId !== (answer as { questionId: number }).questionId),
        answer,
      ];
      const r = await k.capture(lg, { answers });
      expect(r.status, JSON.stringify(answer)).toBe(400);
      expect(r.body.message).toContain(message);
    }
  });

  it("needs a store, a service type, both names and a phone or an email", async () => {
    const lg = await k.as("lg@demo.local");
    const r = await k.inject(lg, "POST", "/api/leads/internal/upsert", { firstName: "Only" });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json().errors).sort()).toEqual([
      "body.lastName",
      "body.phone",
      "body.serviceTypeId",
      "body.storeId",
    ]);
    const bad = await k.capture(lg, { phone: "555-1234" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.["body.phone"]).toEqual(["Enter a 10-digit US phone number"]);
  });

  it("lets a lead generator capture only for themselves, and never in another organization's store", async () => {
    const lg = await k.as("lg@demo.local");
    const other = await k.userId("lglead@demo.local");
    expect((await k.capture(lg, { leadGeneratorId: other })).status).toBe(403);
    const westStore = await k.storeId("Costco Burbank");
    expect((await k.capture(lg, { storeId: westStore })).status).toBe(404);
    const manager = await k.as("manager@demo.local");
    const r = await k.capture(manager, { leadGeneratorId: other });
    expect(r.status).toBe(200);
    expect(r.body.lead?.leadGeneratorName).toBe("Lena Lead");
  });

  it("refuses capture to analysts, program users and territory managers outside their territories", async () => {
    expect((await k.capture(await k.as("analyst@demo.local", "Summit Home East"))).status).toBe(403);
    expect((await k.capture(await k.as("hd@demo.local"))).status).toBe(403);
    const tm = await k.as("territory@demo.local"); // Philadelphia only
    const r = await k.capture(tm, { storeId: await k.storeId("Costco Wayne") });
    expect(r.status).toBe(403);
    expect(r.body.message).toContain("outside your territories");
  });
});

describe("consent disclosures of a capture", () => {
  const newText = "{organization} and its installers may call or text me about this project.";
  const settings = async (email = "lg@demo.local") =>
    (await k.inject(await k.as(email), "GET", "/api/settings/leads")).json() as {
      disclosures: Record<string, string>;
    };
  const setCrm = async (text: string) => {
    const r = await k.inject(await k.as("admin@demo.local"), "PUT", "/api/settings/leads", {
      disclosures: { crm: text },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  const leadsWithPhone = async (phone: string) =>
    (await k.one<{ n: number }>("select count(*)::int as n from leads where phone = $1", [phone])).n;

  it("fills in the organization's current text when the form leaves it out", async () => {
    const lg = await k.as("lg@demo.local");
    const current = await settings();
    const r = await k.capture(lg, { consents: [{ destination: "crm" }, { destination: "retailer" }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const consents = r.body.lead?.consents ?? [];
    expect(Object.fromEntries(consents.map((c) => [c.destination, c.disclosureText]))).toEqual({
      crm: current.disclosures.crm,
      retailer: current.disclosures.retailer,
    });
    expect(current.disclosures.crm).toMatch(/^I agree that Summit Home East may call or text me/);
  });

  it("refuses a text that changed since the form was opened, saying what to do, and saves no lead", async () => {
    const lg = await k.as("lg@demo.local");
    const opened = await settings();
    await setCrm(newText);
    try {
      const phone = k.freshPhone();
      const stale = { destination: "crm", disclosureText: opened.disclosures.crm };
      for (const checkOnly of [true, false]) {
        const r = await k.capture(lg, { phone, checkOnly, consents: [stale] });
        expect(r.status).toBe(400);
        const message =
          "The consent text for Field-service CRM has changed since this form was opened; reload the form and show the shopper the current text before they agree.";
        expect(r.body.message).toBe(message);
        expect(r.body.errors).toEqual({ "body.consents.0.disclosureText": [message] });
        expect((r.body as { code?: string }).code).toBe("stale_disclosure");
      }
      expect(await leadsWithPhone(phone)).toBe(0);
      // A made-up text is refused the same way.
      const madeUp = await k.capture(lg, {
        phone,
        consents: [{ destination: "retailer", disclosureText: "I agree to anything at all, really." }],
      });
      expect(madeUp.status).toBe(400);
      expect(madeUp.body.message).toMatch(/^The consent text for Retailer has changed/);
      expect(await leadsWithPhone(phone)).toBe(0);

      // The form reloaded: the current text goes through.
      const current = await settings();
      expect(current.disclosures.crm).toBe(
        "Summit Home East and its installers may call or text me about this project.",
      );
      const ok = await k.capture(lg, {
        phone,
        consents: [{ destination: "crm", disclosureText: current.disclosures.crm }],
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.lead?.consents[0].disclosureText).toBe(current.disclosures.crm);
    } finally {
      await setCrm(DEFAULT_DISCLOSURE_TEMPLATES.crm);
    }
  });

  it("on an edit, keeps a consent sent back as it is and checks a new one against the current text", async () => {
    const lg = await k.as("lg@demo.local");
    const manager = await k.as("manager@demo.local");
    const created = await k.capture(lg, { consents: [{ destination: "crm" }] });
    const lead = created.body.lead!;
    const given = lead.consents[0];
    await setCrm(newText);
    try {
      const edit = (consents: unknown[]) =>
        k.inject(manager, "POST", "/api/leads/internal/upsert", { id: lead.id, consents });
      // The consent as the lead has it (the older text, the same time): nothing changes.
      const same = await edit([given]);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().lead.consents).toEqual([given]);
      // Given again now with the older text: refused.
      const again = await edit([{ destination: "crm", disclosureText: given.disclosureText }]);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toMatch(/^The consent text for Field-service CRM has changed/);
      // A new consent without a text gets the current one.
      const added = await edit([{ destination: "secondPartner" }]);
      expect(added.statusCode, added.body).toBe(200);
      const byDestination = Object.fromEntries(
        (added.json().lead.consents as { destination: string; disclosureText: string }[]).map((c) => [
          c.destination,
          c.disclosureText,
        ]),
      );
      expect(byDestination).toEqual({
        crm: given.disclosureText,
        secondPartner: (await settings("manager@demo.local")).disclosures.secondPartner,
      });
    } finally {
      await setCrm(DEFAULT_DISCLOSURE_TEMPLATES.crm);
    }
  });
});

describe("duplicates", () => {
  it("checks before saving (checkOnly), then links the saved lead to the first one", async () => {
    const lg = await k.as("lg@demo.local");
    const phone = k.freshPhone();
    const first = await k.capture(lg, { phone, firstName: "First" });
    expect(first.body.isDuplicate).toBe(false);

    const check = await k.capture(lg, {
      phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
      checkOnly: true,
    });
    expect(check.status).toBe(200);
    expect(check.body.saved).toBe(false);
    expect(check.body.lead).toBeNull();
    expect(check.body.isDuplicate).toBe(true);
    expect(check.body.duplicateOf).toMatchObject({
      leadId: first.body.lead?.id,
      matchedOn: ["phone"],
      visible: true,
    });

    const second = await k.capture(lg, { phone, email: "second@example.com" });
    expect(second.body.isDuplicate).toBe(true);
    expect(second.body.lead?.duplicateOfLeadId).toBe(first.body.lead?.id);
    const entry = await k.one<{ outcome: string }>("select outcome from capture_entries where id = $1", [
      second.body.lead?.captureEntryId,
    ]);
    expect(entry.outcome).toBe("duplicate");

    // A third one links to the first (the original), not to the second; matching by email works too.
    const third = await k.capture(lg, { phone: k.freshPhone(), email: "SECOND@example.com" });
    expect(third.body.duplicateOf?.leadId).toBe(first.body.lead?.id);
    expect(third.body.duplicateOf?.matchedOn).toEqual([]);
    expect(third.body.possibleDuplicates.map((d) => d.leadId)).toEqual([second.body.lead?.id]);

    const original = await k.inject(lg, "GET", `/api/leads/${first.body.lead?.id}/internal`);
    expect(
      original
        .json()
        .duplicates.map((d: { leadId: number }) => d.leadId)
        .sort(),
    ).toEqual([second.body.lead?.id, third.body.lead?.id].sort());
  });

  it("counts only leads inside the organization's window (30 days by default, configurable)", async () => {
    const lg = await k.as("lg@demo.local");
    const admin = await k.as("admin@demo.local");
    const phone = k.freshPhone();
    const day = 86_400_000;
    const old = await k.capture(lg, { phone, capturedAt: new Date(Date.now() - 40 * day).toISOString() });
    expect(old.status).toBe(200);
    const outside = await k.capture(lg, { phone, checkOnly: true });
    expect(outside.body.isDuplicate).toBe(false);

    const phone2 = k.freshPhone();
    await k.capture(lg, { phone: phone2, capturedAt: new Date(Date.now() - 20 * day).toISOString() });
    expect((await k.capture(lg, { phone: phone2, checkOnly: true })).body.isDuplicate).toBe(true);

    expect(
      (await k.inject(admin, "PUT", "/api/settings/leads", { duplicateWindowDays: 45 })).statusCode,
    ).toBe(200);
    expect((await k.capture(lg, { phone, checkOnly: true })).body.isDuplicate).toBe(true);
    expect(
      (await k.inject(admin, "PUT", "/api/settings/leads", { duplicateWindowDays: 10 })).statusCode,
    ).toBe(200);
    expect((await k.capture(lg, { phone: phone2, checkOnly: true })).body.isDuplicate).toBe(false);
    await k.inject(admin, "PUT", "/api/settings/leads", { duplicateWindowDays: 30 });
  });

  it("tells a lead generator about another generator's lead without opening it to them", async () => {
    const lg = await k.as("lg@demo.local");
    const lead = await k.as("lglead@demo.local");
    const phone = k.freshPhone();
    await k.capture(lead, { phone });
    const check = await k.capture(lg, { phone, checkOnly: true });
    expect(check.body.duplicateOf).toMatchObject({ visible: false, leadGeneratorName: "Lena Lead" });
  });
});

describe("editing, statuses and history", () => {
  it("records each field change with who, before and after, and only the fields that changed", async () => {
    const lg = await k.as("lg@demo.local");
    const manager = await k.as("manager@demo.local");
    const created = (await k.capture(lg, { email: "before@example.com", city: "Wayne" })).body.lead!;
    const r = await k.inject(manager, "POST", "/api/leads/internal/upsert", {
      id: created.id,
      email: "After@Example.com",
      city: "Wayne",
      notes: "Wants a quote",
    });
    expect(r.statusCode).toBe(200);
    const lead = r.json().lead;
    expect(lead.email).toBe("after@example.com");
    const updated = lead.history.find((e: { action: string }) => e.action === "updated");
    expect(updated).toMatchObject({
      userId: manager.userId,
      userName: "Morgan Manager",
      before: { email: "before@example.com", notes: null },
      after: { email: "after@example.com", notes: "Wants a quote" },
    });
    expect(Object.keys(updated.after).sort()).toEqual(["email", "notes"]);

    // Saving the same values again writes nothing.
    const again = await k.inject(manager, "POST", "/api/leads/internal/upsert", {
      id: created.id,
      city: "Wayne",
    });
    expect(again.json().lead.history).toHaveLength(2);
  });

  it("keeps a way to reach the shopper: a phone or an email cannot both be cleared", async () => {
    const manager = await k.as("manager@demo.local");
    const lead = (await k.capture(await k.as("lg@demo.local"), { email: null })).body.lead!;
    const r = await k.inject(manager, "POST", "/api/leads/internal/upsert", { id: lead.id, phone: "" });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe("Keep a phone number or an email address.");
    const swap = await k.inject(manager, "POST", "/api/leads/internal/upsert", {
      id: lead.id,
      phone: "",
      email: "only@example.com",
    });
    expect(swap.json().lead).toMatchObject({ phone: null, email: "only@example.com" });
  });

  it("moves along the funnel, refuses illegal moves naming both statuses, and keeps each move", async () => {
    const scheduler = await k.as("scheduler@demo.local");
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const move = (statusId: number, extra: Record<string, unknown> = {}) =>
      k.inject(scheduler, "POST", "/api/leads/internal/upsert", { id: lead.id, statusId, ...extra });
    expect((await move(2)).statusCode).toBe(200);
    expect((await move(3)).statusCode).toBe(200);
    const illegal = await move(1);
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().message).toBe(
      "A lead cannot go from Appointment Set to New. From Appointment Set it can go to Sent, Confirmed, Ran, No Show, Cancelled.",
    );
    const detail = (await k.inject(scheduler, "GET", `/api/leads/${lead.id}/internal`)).json();
    expect(detail.statusName).toBe("Appointment Set");
    const moves = detail.history.filter((e: { action: string }) => e.action === "status");
    expect(
      moves.map(
        (e: { before: { status: string }; after: { status: string } }) =>
          `${e.before.status}>${e.after.status}`,
      ),
    ).toEqual(["Contacted>Appointment Set", "New>Contacted"]);
    expect(moves[0].userName).toBe("Sydney Scheduler");
  });

  it("rejects with a reason (managers only) and restores to New", async () => {
    const lg = await k.as("lg@demo.local");
    const manager = await k.as("manager@demo.local");
    const lead = (await k.capture(lg)).body.lead!;
    const byLg = await k.inject(lg, "POST", "/api/leads/internal/upsert", {
      id: lead.id,
      statusId: 11,
      rejectionReason: "duplicate",
    });
    expect(byLg.statusCode).toBe(403);
    const noReason = await k.inject(manager, "POST", "/api/leads/internal/upsert", {
      id: lead.id,
      statusId: 11,
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await k.inject(manager, "POST", "/api/leads/internal/upsert", {
      id: lead.id,
      statusId: 11,
      rejectionReason: "invalidPhone",
    });
    expect(rejected.json().lead).toMatchObject({ statusName: "Rejected", rejectionReason: "invalidPhone" });
    const back = await k.inject(manager, "POST", "/api/leads/internal/upsert", { id: lead.id, statusId: 1 });
    expect(back.json().lead).toMatchObject({ statusId: 1, rejectionReason: null });
    const actions = back.json().lead.history.map((e: { action: string }) => e.action);
    expect(actions).toEqual(["unrejected", "rejected", "created"]);
    const rejectedEntry = back.json().lead.history[1];
    expect(rejectedEntry.after).toMatchObject({ statusId: 11, rejectionReason: "invalidPhone" });
    expect(rejectedEntry.reason).toBe("invalidPhone");
    expect(back.json().lead.history[0].reason).toBeNull();
  });

  it("re-checks the answers when the service type changes", async () => {
    const manager = await k.as("manager@demo.local");
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const wh = await k.serviceType(manager, "Water heaters");
    const r = await k.inject(manager, "POST", "/api/leads/internal/upsert", {
      id: lead.id,
      serviceTypeId: wh.id,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain("Tank or tankless?");
    const ok = await k.inject(manager, "POST", "/api/leads/internal/upsert", {
      id: lead.id,
      serviceTypeId: wh.id,
      answers: [{ questionId: wh.questions[0].id, value: wh.questions[0].responses[1].id }],
    });
    expect(ok.statusCode).toBe(200);
    const updated = ok.json().lead.history.find((e: { action: string }) => e.action === "updated");
    expect(updated.after.serviceTypeId).toBe(wh.id);
    expect(Object.keys(updated.before.answers)).toHaveLength(2);
  });
});

describe("deleting and restoring", () => {
  it("soft-deletes (managers), hides the lead, and lets only an Admin list and restore it", async () => {
    const lg = await k.as("lg@demo.local");
    const manager = await k.as("manager@demo.local");
    const admin = await k.as("admin@demo.local");
    const lead = (await k.capture(lg, { lastName: "Deletable" })).body.lead!;
    expect((await k.inject(lg, "DELETE", `/api/leads/${lead.id}/internal`)).statusCode).toBe(403);
    expect((await k.inject(manager, "DELETE", `/api/leads/${lead.id}/external`)).statusCode).toBe(404);
    expect((await k.inject(manager, "DELETE", `/api/leads/${lead.id}/internal`)).statusCode).toBe(200);
    expect((await k.inject(manager, "DELETE", `/api/leads/${lead.id}/internal`)).statusCode).toBe(404);
    expect((await k.inject(manager, "GET", `/api/leads/${lead.id}/internal`)).statusCode).toBe(404);
    const search = await k.inject(manager, "POST", "/api/leads/internal/search", { text: "Deletable" });
    expect(search.json().total).toBe(0);

    expect(
      (await k.inject(manager, "POST", "/api/leads/internal/search", { deleted: true })).statusCode,
    ).toBe(403);
    const deleted = await k.inject(admin, "POST", "/api/leads/internal/search", {
      deleted: true,
      text: "Deletable",
    });
    expect(deleted.json().items.map((i: { id: number }) => i.id)).toEqual([lead.id]);
    expect(deleted.json().items[0].deletedAt).not.toBeNull();

    expect((await k.inject(manager, "POST", `/api/leads/${lead.id}/restore`)).statusCode).toBe(403);
    const restored = await k.inject(admin, "POST", `/api/leads/${lead.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deletedAt).toBeNull();
    expect(
      restored
        .json()
        .history.slice(0, 2)
        .map((e: { action: string; userName: string }) => `${e.action} by ${e.userName}`),
    ).toEqual(["restored by Alex Admin", "deleted by Morgan Manager"]);
    expect((await k.inject(admin, "POST", `/api/leads/${lead.id}/restore`)).statusCode).toBe(409);
    expect((await k.inject(manager, "GET", `/api/leads/${lead.id}/internal`)).statusCode).toBe(200);
  });
});

describe("who sees which lead", () => {
  it("shows a lead generator only their own leads; others' answer 404", async () => {
    const lg = await k.as("lg@demo.local");
    const lead = (await k.capture(await k.as("lglead@demo.local"))).body.lead!;
    expect((await k.inject(lg, "GET", `/api/leads/${lead.id}/internal`)).statusCode).toBe(404);
    expect(
      (await k.inject(lg, "POST", "/api/leads/internal/upsert", { id: lead.id, notes: "x" })).statusCode,
    ).toBe(404);
    // The lead generator lead sees their territory's leads, the lead generator's included.
    const mine = (await k.capture(lg)).body.lead!;
    expect(
      (await k.inject(await k.as("lglead@demo.local"), "GET", `/api/leads/${mine.id}/internal`)).statusCode,
    ).toBe(200);
  });

  it("limits territory managers to their territories' leads", async () => {
    const manager = await k.as("manager@demo.local");
    const philly = (await k.capture(manager, { storeId: await k.storeId("Costco South Philadelphia") })).body
      .lead!;
    const jersey = (await k.capture(manager)).body.lead!;
    const regional = await k.as("regional@demo.local");
    expect((await k.inject(regional, "GET", `/api/leads/${philly.id}/internal`)).statusCode).toBe(404);
    expect((await k.inject(regional, "GET", `/api/leads/${jersey.id}/internal`)).statusCode).toBe(200);
    const tm = await k.as("territory@demo.local");
    expect((await k.inject(tm, "GET", `/api/leads/${philly.id}/internal`)).statusCode).toBe(200);
  });

  it("lets analysts read but not change or delete", async () => {
    const analyst = await k.as("analyst@demo.local", "Summit Home East");
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const got = await k.inject(analyst, "GET", `/api/leads/${lead.id}/internal`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ canEdit: false, canDelete: false, nextStatusIds: [] });
    expect(
      (await k.inject(analyst, "POST", "/api/leads/internal/upsert", { id: lead.id, statusId: 2 }))
        .statusCode,
    ).toBe(403);
    expect((await k.inject(analyst, "DELETE", `/api/leads/${lead.id}/internal`)).statusCode).toBe(403);
  });

  it("shows program users only their program's leads, in every get", async () => {
    const hd = await k.as("hd@demo.local");
    const ids = async (source: string) =>
      (
        await t.database.executeSql(
          "select id from leads where organization_id = $1 and source = $2 and deleted_at is null order by id limit 1",
          [await t.orgId("Summit Home East"), source],
        )
      ).rows.map((r) => Number((r as { id: number }).id));
    const [program] = await ids("retailerProgram");
    const [qr] = await ids("qr");
    const [app] = await ids("app");
    expect((await k.inject(hd, "GET", `/api/leads/${program}/external`)).statusCode).toBe(200);
    expect((await k.inject(hd, "GET", `/api/leads/${qr}/external`)).statusCode).toBe(404);
    expect((await k.inject(hd, "GET", `/api/leads/${app}/internal`)).statusCode).toBe(404);
    const upd = await k.inject(hd, "PUT", "/api/leads/external/update", {
      id: program,
      hdJobTypeId: 2,
      notes: "Measured",
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().lead).toMatchObject({ hdJobTypeId: 2, notes: "Measured" });
    expect((await k.inject(hd, "PUT", "/api/leads/external/update", { id: qr, notes: "x" })).statusCode).toBe(
      404,
    );
  });

  it("answers 404 for another organization's lead, whatever the call", async () => {
    const east = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const solar = await k.as("solar.admin@demo.local");
    const westAdmin = await k.as("admin@demo.local", "Summit Home West");
    for (const a of [solar, westAdmin]) {
      expect((await k.inject(a, "GET", `/api/leads/${east.id}/internal`)).statusCode).toBe(404);
      expect((await k.inject(a, "GET", `/api/leads/${east.id}/external`)).statusCode).toBe(404);
      expect(
        (await k.inject(a, "POST", "/api/leads/internal/upsert", { id: east.id, notes: "mine now" }))
          .statusCode,
      ).toBe(404);
      expect(
        (await k.inject(a, "PUT", "/api/leads/external/update", { id: east.id, notes: "x" })).statusCode,
      ).toBe(404);
      expect((await k.inject(a, "DELETE", `/api/leads/${east.id}/internal`)).statusCode).toBe(404);
      expect((await k.inject(a, "POST", `/api/leads/${east.id}/restore`)).statusCode).toBe(404);
      const found = await k.inject(a, "POST", "/api/leads/internal/search", { text: east.phone });
      expect(found.json().total).toBe(0);
    }
    // Another organization's store, service type or lead generator in a capture are refused too.
    const westLg = await k.as("admin@demo.local", "Summit Home West");
    const eastHvac = await k.serviceType(await k.as("lg@demo.local"), "HVAC");
    const r = await k.capture(westLg, {
      storeId: await k.storeId("Costco Burbank"),
      serviceTypeId: eastHvac.id,
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe("The service type was not found.");
    // A header naming an organization the caller is not a member of is refused outright.
    const lg = await k.as("lg@demo.local");
    const west = await t.orgId("Summit Home West");
    expect(
      (
        await k.inject(lg, "GET", `/api/leads/${east.id}/internal`, undefined, {
          currentorganizationid: String(west),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("capture time on the store's clock", () => {
  it("shows 07:30Z on the day clocks spring forward as 03:30 in New York and 23:30 the day before in Los Angeles", async () => {
    const manager = await k.as("manager@demo.local");
    const beforeSwitch = (await k.capture(manager, { capturedAt: "2026-03-08T06:30:00Z" })).body.lead!;
    const afterSwitch = (await k.capture(manager, { capturedAt: "2026-03-08T07:30:00Z" })).body.lead!;
    expect(beforeSwitch.capturedAtLocal).toBe("2026-03-08 01:30");
    expect(afterSwitch.capturedAtLocal).toBe("2026-03-08 03:30");
    expect(afterSwitch.timeZone).toBe("America/New_York");
    const west = await k.as("admin@demo.local", "Summit Home West");
    const hvac = await k.serviceType(west, "HVAC");
    const la = await k.capture(west, {
      storeId: await k.storeId("Costco Burbank"),
      serviceTypeId: hvac.id,
      answers: k.hvacAnswers(hvac),
      capturedAt: "2026-03-08T07:30:00Z",
    });
    expect(la.body.lead).toMatchObject({
      capturedAtLocal: "2026-03-07 23:30",
      timeZone: "America/Los_Angeles",
    });
  });

  it("refuses a capture time in the future", async () => {
    const r = await k.capture(await k.as("lg@demo.local"), {
      capturedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(r.status).toBe(400);
  });
});

describe("lead types lookup", () => {
  it("gives the forms the service types with questions and choices, statuses with their next ones, and the sources", async () => {
    const lg = await k.as("lg@demo.local");
    const body = (await k.inject(lg, "POST", "/api/leads/lookup-list/lead-type", {})).json();
    expect(body.serviceTypes.map((s: { name: string }) => s.name)).toEqual([
      "HVAC",
      "Water heaters",
      "Windows",
      "Bath",
      "Solar",
    ]);
    const q = body.serviceTypes[0].questions[0];
    expect(q).toMatchObject({ dataTypeCode: "choice", fieldTypeCode: "dropdown", isRequired: true });
    expect(q.responses.map((r: { text: string }) => r.text)).toContain("Heat pump");
    expect(body.statuses.find((s: { id: number }) => s.id === 6)).toEqual({
      id: 6,
      name: "Ran",
      nextStatusIds: [7, 8],
    });
    expect(body.duplicateWindowDays).toBe(30);
    const hd = (
      await k.inject(await k.as("hd@demo.local"), "POST", "/api/leads/lookup-list/lead-type")
    ).json();
    expect(hd.sources.map((s: { id: string }) => s.id)).toEqual(["retailerProgram"]);
  });
});
