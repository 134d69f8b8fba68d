import { DEFAULT_DISCLOSURE_TEMPLATES, FIELD_TYPES } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { leadsTestKit } from "../leads/leads.test-support";

let t: TestApp;
let east: number;
let west: number;
beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
});
afterAll(() => t?.close());
const k = leadsTestKit(() => t);

const admin = () => k.as("admin@demo.local");
const post = async (email: string, url: string, body?: unknown, org?: string) =>
  k.inject(await k.as(email, org), "POST", `/api/settings/${url}`, body);

async function newType(name: string) {
  const r = await k.inject(await admin(), "POST", "/api/settings/service-type/upsert", {
    name,
    description: "test",
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    id: number;
    name: string;
    sortOrder: number;
    isActive: boolean;
    questionCount: number;
  };
}
async function newQuestion(serviceTypeId: number, fields: Record<string, unknown> = {}) {
  const r = await k.inject(await admin(), "POST", "/api/settings/service-type/question/upsert", {
    serviceTypeId,
    text: "Which style?",
    dataTypeId: 6,
    fieldTypeId: 3,
    isRequired: true,
    ...fields,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; sortOrder: number };
}

describe("service types", () => {
  it("lists the current organization's types; another organization's id answers 404", async () => {
    const r = await post("admin@demo.local", `${east}/service-type`);
    expect(r.statusCode).toBe(200);
    const hvac = r.json().find((s: { name: string }) => s.name === "HVAC");
    expect(hvac).toMatchObject({ isActive: true, questionCount: 3, sortOrder: 0 });
    // The admin belongs to West too, but West is not the organization of this request.
    expect((await post("admin@demo.local", `${west}/service-type`)).statusCode).toBe(404);
    expect((await post("admin@demo.local", `${west}/service-type`, {}, "Summit Home West")).statusCode).toBe(
      200,
    );
    expect((await post("solar.admin@demo.local", `${east}/service-type`)).statusCode).toBe(404);
  });

  // Decision 0026: the settings screens are the Admin's; Managers no longer read them (the menu never showed them).
  it("lets Admins manage, and nobody else in (Managers neither read nor change)", async () => {
    const read = await post("manager@demo.local", `${east}/service-type`);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe("Only an Admin can see and change the organization's settings.");
    expect((await post("manager@demo.local", "service-type/upsert", { name: "Roofing" })).statusCode).toBe(
      403,
    );
    for (const who of ["lg@demo.local", "scheduler@demo.local", "hd@demo.local"]) {
      expect((await post(who, `${east}/service-type`)).statusCode, who).toBe(403);
      expect((await post(who, "service-type/upsert", { name: "Roofing" })).statusCode, who).toBe(403);
    }
  });

  it("creates with the next sort order, refuses a second type of the same name, and updates", async () => {
    const gutters = await newType("Gutters");
    expect(gutters.sortOrder).toBeGreaterThanOrEqual(5);
    const clash = await post("admin@demo.local", "service-type/upsert", { name: "gutters" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A service type named "gutters" already exists.');
    const renamed = await post("admin@demo.local", "service-type/upsert", {
      id: gutters.id,
      name: "Gutter guards",
      isActive: false,
    });
    expect(renamed.json()).toMatchObject({
      name: "Gutter guards",
      isActive: false,
      sortOrder: gutters.sortOrder,
    });
    const listed = (await post("admin@demo.local", `${east}/service-type`)).json();
    expect(listed.some((s: { id: number }) => s.id === gutters.id)).toBe(false);
    const all = (await post("admin@demo.local", `${east}/service-type`, { includeInactive: true })).json();
    expect(all.some((s: { id: number }) => s.id === gutters.id)).toBe(true);
  });

  it("refuses to delete a type with leads, saying how many, and deletes an unused one with its questions", async () => {
    const lg = await k.as("lg@demo.local");
    const hvac = await k.serviceType(lg, "HVAC");
    const used = await k.one<{ n: number }>(
      "select count(*)::int as n from leads where service_type_id = $1",
      [hvac.id],
    );
    const r = await k.inject(await admin(), "DELETE", `/api/settings/service-type/${hvac.id}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      `The service type "HVAC" is used by ${used.n.toLocaleString("en-US")} leads; deactivate it instead.`,
    );
    const unused = await newType("Insulation");
    const question = await newQuestion(unused.id);
    await post("admin@demo.local", "question/response/upsert", { questionId: question.id, text: "Attic" });
    expect(
      (await k.inject(await admin(), "DELETE", `/api/settings/service-type/${unused.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await k.inject(await admin(), "DELETE", `/api/settings/service-type/${unused.id}`)).statusCode,
    ).toBe(404);
    expect((await post("admin@demo.local", `question/${question.id}/response`)).statusCode).toBe(404);
  });

  it("refuses to delete a question, or its type, while an appointment type asks it, naming the appointment type", async () => {
    const type = await newType("Gutters");
    const question = await newQuestion(type.id);
    const booking = await k.inject(await admin(), "POST", "/api/appointments/type/upsert", {
      name: "Gutter estimate",
    });
    expect(booking.statusCode, booking.body).toBe(200);
    const link = await k.inject(await admin(), "POST", "/api/appointments/type/question/upsert", {
      appointmentTypeId: booking.json().id,
      questionId: question.id,
    });
    expect(link.statusCode, link.body).toBe(200);

    const q = await k.inject(await admin(), "DELETE", `/api/settings/service-type/question/${question.id}`);
    expect(q.statusCode).toBe(409);
    expect(q.json().message).toBe(
      'This question is asked when booking "Gutter estimate"; remove it from that appointment type first.',
    );
    const t = await k.inject(await admin(), "DELETE", `/api/settings/service-type/${type.id}`);
    expect(t.statusCode).toBe(409);
    expect(t.json().message).toBe(
      'Questions of "Gutters" are asked when booking "Gutter estimate"; remove them from that appointment type first.',
    );

    // Once the link is gone, both go.
    expect(
      (await k.inject(await admin(), "DELETE", `/api/appointments/type/question/${link.json().id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await k.inject(await admin(), "DELETE", `/api/settings/service-type/question/${question.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await k.inject(await admin(), "DELETE", `/api/settings/service-type/${type.id}`)).statusCode,
    ).toBe(200);
  });

  it("takes an inactive type off the lead forms and out of new captures", async () => {
    const type = await newType("Siding");
    await newQuestion(type.id, { isRequired: false });
    const lg = await k.as("lg@demo.local");
    expect((await k.serviceType(lg, "Siding")).questions).toHaveLength(1);
    await post("admin@demo.local", "service-type/upsert", { id: type.id, name: "Siding", isActive: false });
    await expect(k.serviceType(lg, "Siding")).rejects.toThrow();
    const r = await k.capture(lg, { serviceTypeId: type.id, answers: [] });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain("no longer offered");
  });
});

describe("questions and responses", () => {
  it("accepts only field types that can carry the data type, naming both", async () => {
    const type = await newType("Doors");
    const bad = await post("admin@demo.local", "service-type/question/upsert", {
      serviceTypeId: type.id,
      text: "How many doors?",
      dataTypeId: 2,
      fieldTypeId: 3,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("A Dropdown cannot hold Number answers; it holds Single choice.");
    expect(
      (
        await post("admin@demo.local", "service-type/question/upsert", {
          serviceTypeId: type.id,
          text: "x",
          dataTypeId: 1,
          fieldTypeId: 42,
        })
      ).statusCode,
    ).toBe(400);
    const a = await newQuestion(type.id, { text: "How many doors?", dataTypeId: 2, fieldTypeId: 1 });
    const b = await newQuestion(type.id, { text: "Style" });
    expect(b.sortOrder).toBe(a.sortOrder + 1);
    const list = (await post("admin@demo.local", `service-type/${type.id}/question`)).json();
    expect(list.map((q: { text: string }) => q.text)).toEqual(["How many doors?", "Style"]);
  });

  it("offers every field type of the lookup list, each with a data type it carries", async () => {
    const lookup = (await k.inject(await admin(), "GET", "/api/app/lookup-list")).json();
    expect(lookup.serviceTypeField.map((f: { id: number }) => f.id)).toEqual(FIELD_TYPES.map((f) => f.id));
    const type = await newType("Every field");
    for (const f of FIELD_TYPES) {
      const r = await post("admin@demo.local", "service-type/question/upsert", {
        serviceTypeId: type.id,
        text: f.name,
        dataTypeId: f.dataTypeIds[0],
        fieldTypeId: f.id,
      });
      expect(r.statusCode, f.code).toBe(200);
    }
  });

  it("keeps the data type of an answered question and refuses deleting it or its used responses", async () => {
    const lg = await k.as("lg@demo.local");
    const hvac = await k.serviceType(lg, "HVAC");
    const lead = (await k.capture(lg)).body.lead!;
    expect(lead.answers.length).toBeGreaterThan(0);
    const q = hvac.questions[0];
    const change = await post("admin@demo.local", "service-type/question/upsert", {
      id: q.id,
      serviceTypeId: hvac.id,
      text: q.text,
      dataTypeId: 1,
      fieldTypeId: 1,
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toMatch(
      /^This question is answered in [\d,]+ leads?; its data type cannot change/,
    );
    const del = await k.inject(await admin(), "DELETE", `/api/settings/service-type/question/${q.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(
      /^This question is answered in [\d,]+ leads?; deactivate it instead\.$/,
    );
    const used = q.responses[0];
    const delResponse = await k.inject(await admin(), "DELETE", `/api/settings/question/response/${used.id}`);
    expect(delResponse.statusCode).toBe(409);
    expect(delResponse.json().message).toMatch(
      new RegExp(`^The response "${used.text}" is the answer of [\\d,]+ leads?; rename it instead\\.$`),
    );
    // Renaming and reordering is fine.
    const renamed = await post("admin@demo.local", "question/response/upsert", {
      id: used.id,
      questionId: q.id,
      text: `${used.text} system`,
    });
    expect(renamed.json().text).toBe(`${used.text} system`);
  });

  it("takes responses only on choice questions, and deletes unused ones", async () => {
    const type = await newType("Fencing");
    const text = await newQuestion(type.id, { text: "Length (ft)", dataTypeId: 2, fieldTypeId: 1 });
    const refused = await post("admin@demo.local", "question/response/upsert", {
      questionId: text.id,
      text: "Long",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("takes no responses");
    const choice = await newQuestion(type.id);
    const wood = (
      await post("admin@demo.local", "question/response/upsert", { questionId: choice.id, text: "Wood" })
    ).json();
    const vinyl = (
      await post("admin@demo.local", "question/response/upsert", { questionId: choice.id, text: "Vinyl" })
    ).json();
    expect(vinyl.sortOrder).toBe(wood.sortOrder + 1);
    expect(
      (await post("admin@demo.local", `question/${choice.id}/response`))
        .json()
        .map((r: { text: string }) => r.text),
    ).toEqual(["Wood", "Vinyl"]);
    expect(
      (await k.inject(await admin(), "DELETE", `/api/settings/question/response/${wood.id}`)).statusCode,
    ).toBe(200);
    // A question with choices cannot become a text box while it has them.
    const toText = await post("admin@demo.local", "service-type/question/upsert", {
      id: choice.id,
      serviceTypeId: type.id,
      text: "Material",
      dataTypeId: 1,
      fieldTypeId: 1,
    });
    expect(toText.statusCode).toBe(409);
  });

  it("answers 404 for another organization's types, questions and responses", async () => {
    const hvac = await k.serviceType(await k.as("lg@demo.local"), "HVAC");
    const q = hvac.questions[0];
    const r = q.responses[0];
    const solar = "solar.admin@demo.local";
    const calls: [string, string, unknown?][] = [
      ["POST", "service-type/upsert", { id: hvac.id, name: "Mine" }],
      ["DELETE", `service-type/${hvac.id}`],
      ["POST", `service-type/${hvac.id}/question`],
      [
        "POST",
        "service-type/question/upsert",
        { serviceTypeId: hvac.id, text: "x", dataTypeId: 1, fieldTypeId: 1 },
      ],
      [
        "POST",
        "service-type/question/upsert",
        { id: q.id, serviceTypeId: hvac.id, text: "x", dataTypeId: 6, fieldTypeId: 3 },
      ],
      ["DELETE", `service-type/question/${q.id}`],
      ["POST", `question/${q.id}/response`],
      ["POST", "question/response/upsert", { questionId: q.id, text: "Mine" }],
      ["POST", "question/response/upsert", { id: r.id, questionId: q.id, text: "Mine" }],
      ["DELETE", `question/response/${r.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await k.inject(await k.as(solar), method, `/api/settings/${url}`, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing changed.
    expect((await k.serviceType(await k.as("lg@demo.local"), "HVAC")).questions[0].responses[0].text).toBe(
      r.text,
    );
  });
});

describe("business contacts", () => {
  it("replaces the organization's list in one save, in order, and reads it back", async () => {
    const url = `/api/settings/organization/${east}/business-contact`;
    const save = await k.inject(await admin(), "POST", url, {
      contacts: [
        {
          name: "Olive Owner",
          email: "Olive@Summit.example",
          phone: "(201) 555-0199",
          topics: ["dailySummary", "newLeads"],
        },
        { name: "Sam Sales", email: "sam@summit.example", topics: ["appointments"] },
      ],
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().map((c: { email: string }) => c.email)).toEqual([
      "olive@summit.example",
      "sam@summit.example",
    ]);
    expect(save.json()[0]).toMatchObject({ phone: "2015550199", topics: ["dailySummary", "newLeads"] });
    const replaced = await k.inject(await admin(), "POST", url, {
      contacts: [{ name: "Only One", email: "one@summit.example" }],
    });
    expect(replaced.json()).toHaveLength(1);
    const read = await k.inject(await admin(), "GET", url);
    expect(read.json().map((c: { name: string }) => c.name)).toEqual(["Only One"]);
    expect((await k.inject(await k.as("manager@demo.local"), "GET", url)).statusCode).toBe(403);
    expect((await k.inject(await k.as("manager@demo.local"), "POST", url, { contacts: [] })).statusCode).toBe(
      403,
    );
    const bad = await k.inject(await admin(), "POST", url, {
      contacts: [{ name: "X", email: "nope", topics: ["gossip"] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      "body.contacts.0.email",
      "body.contacts.0.topics.0",
    ]);
    // A refused save leaves the list as it was.
    expect((await k.inject(await admin(), "GET", url)).json()).toHaveLength(1);
  });

  it("keeps territory contacts apart from the organization's, and 404s other organizations' ids", async () => {
    const nj = await k.territoryId("North Jersey");
    const url = `/api/settings/organizationsTerritory/${nj}/business-contact`;
    const saved = await k.inject(await admin(), "POST", url, {
      contacts: [{ name: "Terry Territory", email: "terry@summit.example", topics: ["newLeads"] }],
    });
    expect(saved.statusCode).toBe(200);
    expect((await k.inject(await admin(), "GET", url)).json().map((c: { name: string }) => c.name)).toEqual([
      "Terry Territory",
    ]);
    const orgList = (
      await k.inject(await admin(), "GET", `/api/settings/organization/${east}/business-contact`)
    ).json();
    expect(orgList.some((c: { name: string }) => c.name === "Terry Territory")).toBe(false);

    const solar = await k.as("solar.admin@demo.local");
    expect((await k.inject(solar, "GET", url)).statusCode).toBe(404);
    expect((await k.inject(solar, "POST", url, { contacts: [] })).statusCode).toBe(404);
    expect(
      (await k.inject(solar, "GET", `/api/settings/organization/${east}/business-contact`)).statusCode,
    ).toBe(404);
    expect(
      (await k.inject(solar, "POST", `/api/settings/organization/${east}/business-contact`, { contacts: [] }))
        .statusCode,
    ).toBe(404);
    expect((await k.inject(await admin(), "GET", url)).json()).toHaveLength(1);
  });
});

describe("lead settings", () => {
  const get = async (email: string, org?: string) =>
    k.inject(await k.as(email, org), "GET", "/api/settings/leads");
  const put = async (body: unknown, email = "admin@demo.local", org?: string) =>
    k.inject(await k.as(email, org), "PUT", "/api/settings/leads", body);
  const custom = "{organization} and its technicians may call or text me about my project.";

  it("reads and saves the duplicate window (Admins), within 0 to 365 days", async () => {
    expect((await get("manager@demo.local")).json()).toMatchObject({ duplicateWindowDays: 30 });
    expect((await put({ duplicateWindowDays: 7 }, "manager@demo.local")).statusCode).toBe(403);
    const tooLong = await put({ duplicateWindowDays: 400 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors["body.duplicateWindowDays"]).toEqual(["Use at most 365 days"]);
    expect((await put({ duplicateWindowDays: 14 })).json()).toMatchObject({ duplicateWindowDays: 14 });
    // Per organization.
    expect((await get("admin@demo.local", "Summit Home West")).json()).toMatchObject({
      duplicateWindowDays: 30,
    });
    await put({ duplicateWindowDays: 30 });
  });

  it("serves the product's disclosures with the organization's name until an Admin writes its own", async () => {
    const r = await get("manager@demo.local");
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.organizationName).toBe("Summit Home East");
    expect(body.disclosureTemplates).toEqual(DEFAULT_DISCLOSURE_TEMPLATES);
    // Word for word what the capture form showed before the texts moved to the server.
    expect(body.disclosures).toEqual({
      crm: "I agree that Summit Home East may call or text me at the number I gave, including by automated means, and email me about my home-service project and appointment. Consent is not a condition of purchase. Message and data rates may apply; reply STOP to opt out.",
      retailer:
        "I agree that the store where I met Summit Home East may contact me by phone, text or email about this home-service project. Consent is not a condition of purchase.",
      retailerProgram:
        "I agree that the retailer's home-services program and its installers may contact me by phone, text or email, including by automated means, about this project. Consent is not a condition of purchase.",
      secondPartner:
        "I agree that Summit Home East's partner program may contact me by phone, text or email, including by automated means, about this project. Consent is not a condition of purchase.",
    });
  });

  it("lets whoever captures read the texts, and only Admins save them", async () => {
    for (const who of ["lg@demo.local", "lglead@demo.local", "scheduler@demo.local", "regional@demo.local"]) {
      const r = await get(who);
      expect(r.statusCode, who).toBe(200);
      expect(r.json().disclosures.crm, who).toMatch(/^I agree that Summit Home East may call/);
    }
    for (const who of ["analyst@demo.local", "hd@demo.local", "partner@demo.local"]) {
      const r = await get(who);
      expect(r.statusCode, who).toBe(403);
      expect(r.json().message, who).toBe(
        "Only people who capture leads, Admins and Managers can see the lead settings.",
      );
    }
    for (const who of ["manager@demo.local", "lg@demo.local", "scheduler@demo.local"]) {
      const r = await put({ disclosures: { crm: custom } }, who);
      expect(r.statusCode, who).toBe(403);
      expect(r.json().message, who).toBe("Only an Admin can see and change the organization's settings.");
    }
    expect((await get("lg@demo.local")).json().disclosureTemplates.crm).toBe(
      DEFAULT_DISCLOSURE_TEMPLATES.crm,
    );
    const superAdmin = await put(
      { disclosures: { retailer: custom } },
      "superadmin@demo.local",
      "Summit Home East",
    );
    expect(superAdmin.statusCode, superAdmin.body).toBe(200);
    expect((await put({ disclosures: { retailer: DEFAULT_DISCLOSURE_TEMPLATES.retailer } })).statusCode).toBe(
      200,
    );
  });

  it("saves a text with the name filled in when served, keeps the others, and restores the default", async () => {
    const saved = await put({ disclosures: { crm: `  ${custom}\n` } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().disclosureTemplates.crm).toBe(custom);
    expect(saved.json().disclosures.crm).toBe(
      "Summit Home East and its technicians may call or text me about my project.",
    );
    expect(saved.json().disclosures.retailer).toMatch(/^I agree that the store where I met Summit Home East/);
    // Only the window sent: the texts stay.
    const windowOnly = await put({ duplicateWindowDays: 21 });
    expect(windowOnly.json()).toMatchObject({
      duplicateWindowDays: 21,
      disclosureTemplates: { crm: custom },
    });
    // A lead generator reads what shoppers will see.
    expect((await get("lg@demo.local")).json().disclosures.crm).toBe(
      "Summit Home East and its technicians may call or text me about my project.",
    );

    // The default's wording is stored as "the default" (null).
    const restored = await put({
      duplicateWindowDays: 30,
      disclosures: { crm: DEFAULT_DISCLOSURE_TEMPLATES.crm },
    });
    expect(restored.json().disclosureTemplates.crm).toBe(DEFAULT_DISCLOSURE_TEMPLATES.crm);
    const row = await k.one<{ disclosure_crm: string | null }>(
      "select disclosure_crm from lead_settings where organization_id = $1",
      [east],
    );
    expect(row.disclosure_crm).toBeNull();
  });

  it("refuses texts too short, too long or with an unknown placeholder, saying why beside each, and saves nothing", async () => {
    const r = await put({
      duplicateWindowDays: 5,
      disclosures: {
        crm: "  Call me.  ",
        retailer: "x".repeat(2001),
        retailerProgram: "I agree that {org} may call me about this project.",
      },
    });
    expect(r.statusCode).toBe(400);
    const errors = r.json().errors;
    expect(errors["body.disclosures.crm"]).toEqual([
      "Write at least 20 characters: the shopper must be able to read what they agree to",
    ]);
    expect(errors["body.disclosures.retailer"]).toEqual(["Keep the text to 2,000 characters or fewer"]);
    expect(errors["body.disclosures.retailerProgram"]).toEqual([
      "Only {organization} is filled in; {org} would be shown to shoppers as typed",
    ]);
    expect((await get("admin@demo.local")).json()).toMatchObject({
      duplicateWindowDays: 30,
      disclosureTemplates: DEFAULT_DISCLOSURE_TEMPLATES,
    });
  });

  it("keeps each organization's texts to itself: the tenant decides which organization is read and saved", async () => {
    expect((await put({ disclosures: { secondPartner: custom } })).statusCode).toBe(200);
    const westAdmin = await get("admin@demo.local", "Summit Home West");
    expect(westAdmin.json()).toMatchObject({
      organizationName: "Summit Home West",
      disclosureTemplates: { secondPartner: DEFAULT_DISCLOSURE_TEMPLATES.secondPartner },
    });
    expect(westAdmin.json().disclosures.crm).toMatch(/^I agree that Summit Home West may call/);
    expect((await get("solar.admin@demo.local")).json().disclosureTemplates.secondPartner).toBe(
      DEFAULT_DISCLOSURE_TEMPLATES.secondPartner,
    );
    // Naming an organization one does not belong to is refused before any setting is touched.
    const solarAdmin = await k.as("solar.admin@demo.local");
    const intoEast = await k.inject(
      solarAdmin,
      "PUT",
      "/api/settings/leads",
      { disclosures: { secondPartner: DEFAULT_DISCLOSURE_TEMPLATES.secondPartner } },
      { currentorganizationid: String(east) },
    );
    expect(intoEast.statusCode).toBe(403);
    expect(
      (
        await k.inject(solarAdmin, "GET", "/api/settings/leads", undefined, {
          currentorganizationid: String(east),
        })
      ).statusCode,
    ).toBe(403);
    expect((await get("manager@demo.local")).json().disclosureTemplates.secondPartner).toBe(custom);
    // West saves its own without touching East's.
    expect(
      (
        await put(
          { disclosures: { secondPartner: custom.replace("technicians", "crews") } },
          "admin@demo.local",
          "Summit Home West",
        )
      ).statusCode,
    ).toBe(200);
    expect((await get("manager@demo.local")).json().disclosureTemplates.secondPartner).toBe(custom);
    await put({ disclosures: { secondPartner: DEFAULT_DISCLOSURE_TEMPLATES.secondPartner } });
    await put(
      { disclosures: { secondPartner: DEFAULT_DISCLOSURE_TEMPLATES.secondPartner } },
      "admin@demo.local",
      "Summit Home West",
    );
  });
});
