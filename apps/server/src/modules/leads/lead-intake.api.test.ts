import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { unitOfWork } from "../../platform/unit-of-work";
import { contactsRepository, leadFormReader, serviceTypesRepository } from "../settings/index";
import { type LeadIntake, leadIntake } from "./lead-intake.service";
import { leadsRepository } from "./leads.repository";
import { leadsTestKit } from "./leads.test-support";

let t: TestApp;
let intake: LeadIntake;
let east: { organizationId: number };
beforeAll(async () => {
  t = await createTestApp();
  intake = leadIntake({
    uow: unitOfWork(t.database),
    repo: leadsRepository(),
    forms: leadFormReader({ serviceTypes: serviceTypesRepository(), contacts: contactsRepository() }),
  });
  east = { organizationId: await t.orgId("Summit Home East") };
});
afterAll(() => t?.close());
const k = leadsTestKit(() => t);
const consent = [{ destination: "crm" as const, disclosureText: "You may call me about my project." }];

describe("external intake (QR, programs, web, imports)", () => {
  it("turns a QR submission into an external lead, keeps the entry as sent, and shows it to the QR's lead generator", async () => {
    const lg = await k.as("lg@demo.local");
    const raw = {
      firstName: "Quinn",
      lastName: "Scanner",
      phone: "808-555-7001",
      storeId: await k.storeId("Costco Wayne"),
    };
    const sent = { ...raw, leadGeneratorId: lg.userId, consents: consent };
    const r = await intake.submit(east, "qr", sent);
    expect(r).toMatchObject({ outcome: "lead", rejectionReason: null });
    const lead = await k.inject(lg, "GET", `/api/leads/${r.leadId}/external`);
    expect(lead.statusCode).toBe(200);
    expect(lead.json()).toMatchObject({
      source: "qr",
      phone: "8085557001",
      territoryName: "North Jersey",
      captureEntryId: r.captureEntryId,
    });
    expect((await k.inject(lg, "GET", `/api/leads/${r.leadId}/internal`)).statusCode).toBe(404);
    const entries = await k.inject(
      await k.as("manager@demo.local"),
      "POST",
      "/api/leads/capture-leads/search",
      { sources: ["qr"] },
    );
    const entry = entries.json().items.find((e: { id: number }) => e.id === r.captureEntryId);
    expect(entry.payload).toEqual(sent);
  });

  it("keeps a repeat shopper as a rejected duplicate linked to the first lead, restorable by a manager", async () => {
    const first = await intake.submit(east, "web", {
      firstName: "Rae",
      lastName: "Again",
      email: "rae@example.com",
      consents: consent,
    });
    const again = await intake.submit(east, "web", {
      firstName: "Rae",
      lastName: "Again",
      email: "RAE@example.com ",
      consents: consent,
    });
    expect(again).toMatchObject({
      outcome: "rejected",
      rejectionReason: "duplicate",
      duplicateOfLeadId: first.leadId,
    });
    const manager = await k.as("manager@demo.local");
    const rejected = await k.inject(manager, "POST", "/api/leads/rejected/search", { text: "rae@" });
    expect(rejected.json().items.map((i: { id: number }) => i.id)).toEqual([again.leadId]);
    const restored = await k.inject(manager, "PUT", "/api/leads/external/update", {
      id: again.leadId,
      statusId: 1,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().lead).toMatchObject({
      statusName: "New",
      rejectionReason: null,
      duplicateOfLeadId: first.leadId,
    });
  });

  it("rejects a bad phone and a missing consent with their reasons, and refuses what cannot be a lead", async () => {
    const bad = await intake.submit(east, "qr", {
      firstName: "B",
      lastName: "Phone",
      phone: "12345",
      consents: consent,
    });
    expect(bad).toMatchObject({ outcome: "rejected", rejectionReason: "invalidPhone" });
    const noConsent = await intake.submit(east, "qr", {
      firstName: "N",
      lastName: "Consent",
      phone: "8085557002",
    });
    expect(noConsent.rejectionReason).toBe("noConsent");
    // Programs' feeds carry their own consent: no disclosure needed there.
    const program = await intake.submit(east, "retailerProgram", {
      firstName: "P",
      lastName: "Feed",
      phone: "8085557003",
      hdsfiGroupId: 1,
      hdJobTypeId: 2,
      externalReference: "HD-123",
    });
    expect(program.outcome).toBe("lead");
    const westStore = await k.storeId("Costco Burbank");
    const invalid = await intake.submit(east, "qr", {
      firstName: "W",
      lastName: "Rong",
      phone: "8085557004",
      storeId: westStore,
    });
    expect(invalid).toMatchObject({ outcome: "invalid", leadId: null });
    expect(invalid.message).toContain("no store");
    const malformed = await intake.submit(east, "import", { firstName: 42 });
    expect(malformed).toMatchObject({ outcome: "invalid", leadId: null });
    expect(malformed.message).toContain("firstName");
    const entry = await k.one<{ store_id: number | null }>(
      "select store_id from capture_entries where id = $1",
      [invalid.captureEntryId],
    );
    expect(entry.store_id).toBeNull();
  });
});
