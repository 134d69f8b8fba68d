import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";

/**
 * Appointment types end to end (docs/decisions/0034): the catalogue's calls under `/api/appointments/type` and the
 * settings calls the module serves, by role, across organizations, with bad input and conflicts.
 */
let t: TestApp;
let east: number;
let west: number;
const territory: Record<string, number> = {};
const crm: Record<string, number> = {};
let eastQuestions: number[];
let westQuestion: number;
let eastLead: number;

const sql = (text: string, params: unknown[] = []) => t.database.executeSql(text, params);
const rows = async <T>(text: string, params: unknown[] = []) => (await sql(text, params)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  for (const r of await rows<{ id: number; name: string; organization_id: number }>(
    "select id, name, organization_id from territories",
  )) {
    territory[
      `${r.organization_id === east ? "east" : r.organization_id === west ? "west" : "other"}:${r.name}`
    ] = r.id;
  }
  // Nothing refreshes the CRM's lists in these tests: the references are written here.
  const refs: [string, number, string, number, string, boolean][] = [
    ["tara", east, "technician", 501, "Tara Tech", true],
    ["tom", east, "technician", 502, "Tom Tech", true],
    ["gone", east, "technician", 503, "Gone Tech", false],
    ["residential", east, "businessUnit", 601, "Residential", true],
    ["commercial", east, "businessUnit", 602, "Commercial", true],
    ["install", east, "jobType", 701, "Install", true],
    ["spring", east, "campaign", 801, "Spring Promo", true],
    ["westTech", west, "technician", 501, "West Tech", true],
    ["westUnit", west, "businessUnit", 601, "West Unit", true],
    ["westJob", west, "jobType", 777, "West Job", true],
  ];
  for (const [key, org, kind, externalId, name, active] of refs) {
    const [r] = await rows<{ id: number }>(
      `insert into crm_references (organization_id, kind, external_id, name, is_active)
       values ($1, $2, $3, $4, $5) returning id`,
      [org, kind, externalId, name, active],
    );
    crm[key] = r.id;
  }
  eastQuestions = (
    await rows<{ id: number }>(
      `select q.id from service_type_questions q join service_types s on s.id = q.service_type_id
       where q.organization_id = $1 and q.is_active and s.is_active order by q.id limit 3`,
      [east],
    )
  ).map((r) => r.id);
  [{ id: westQuestion }] = await rows<{ id: number }>(
    "select id from service_type_questions where organization_id = $1 order by id limit 1",
    [west],
  );
  [{ id: eastLead }] = await rows<{ id: number }>(
    "select id from leads where organization_id = $1 order by id limit 1",
    [east],
  );
}, 60_000);
afterAll(() => t?.close());

const login = (email: string, org = east) => t.login(email, undefined, org);
const post = (a: AuthHeaders, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url, headers: h(a), payload });
const get = (a: AuthHeaders, url: string) => t.app.inject({ method: "GET", url, headers: h(a) });
const del = (a: AuthHeaders, url: string) => t.app.inject({ method: "DELETE", url, headers: h(a) });
const upsertType = (a: AuthHeaders, payload: Record<string, unknown>) =>
  post(a, "/api/appointments/type/upsert", payload);
const search = (a: AuthHeaders, payload: Record<string, unknown> = {}) =>
  post(a, "/api/appointments/type", payload);
const names = (res: { json: () => { items: { name: string }[] } }) => res.json().items.map((i) => i.name);

let seq = 0;
/** A new type of East, by the Admin; returns its id. */
async function newType(extra: Record<string, unknown> = {}) {
  const admin = await login("admin@demo.local");
  const res = await upsertType(admin, { name: `AT Helper ${++seq}`, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

describe("appointment type upsert and search", () => {
  it("creates a type with its territory and CRM job type and campaign, and changes it", async () => {
    const admin = await login("admin@demo.local");
    const res = await upsertType(admin, {
      name: "AT Window install",
      territoryId: territory["east:North Jersey"],
      durationMinutes: 90,
      arrivalWindowMinutes: 60,
      minimumNoticeMinutes: 240,
      bookingHorizonDays: 30,
      crmJobTypeId: 701,
      crmCampaignId: 801,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      name: "AT Window install",
      territoryName: "North Jersey",
      durationMinutes: 90,
      arrivalWindowMinutes: 60,
      minimumNoticeMinutes: 240,
      bookingHorizonDays: 30,
      crmJobTypeId: 701,
      crmJobTypeName: "Install",
      crmCampaignId: 801,
      crmCampaignName: "Spring Promo",
      isActive: true,
    });

    const manager = await login("manager@demo.local");
    const changed = await upsertType(manager, {
      id: created.id,
      name: "AT Window install (NJ)",
      territoryId: null,
      crmJobTypeId: null,
      isActive: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: created.id,
      name: "AT Window install (NJ)",
      territoryId: null,
      territoryName: null,
      durationMinutes: 120,
      crmJobTypeId: null,
      crmCampaignId: null,
      isActive: false,
    });
  });

  it("answers 400 naming each bad field", async () => {
    const admin = await login("admin@demo.local");
    const res = await upsertType(admin, {
      name: " ",
      durationMinutes: 0,
      arrivalWindowMinutes: -5,
      minimumNoticeMinutes: 1.5,
      bookingHorizonDays: 731,
      crmJobTypeId: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      "body.arrivalWindowMinutes",
      "body.bookingHorizonDays",
      "body.crmJobTypeId",
      "body.durationMinutes",
      "body.minimumNoticeMinutes",
      "body.name",
    ]);
    expect(res.json().errors["body.bookingHorizonDays"][0]).toMatch(/730/);
  });

  it("checks the CRM ids against the organization's CRM references of that kind", async () => {
    const admin = await login("admin@demo.local");
    const unknown = await upsertType(admin, { name: "AT Bad CRM", crmJobTypeId: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors["body.crmJobTypeId"][0]).toMatch(
      /not one of this organization's CRM job types/,
    );
    // A campaign id that is a job type's, and West's job type: neither is East's campaign or job type.
    const wrongKind = await upsertType(admin, { name: "AT Bad CRM", crmCampaignId: 701 });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors).toHaveProperty(["body.crmCampaignId"]);
    const westJob = await upsertType(admin, { name: "AT Bad CRM", crmJobTypeId: 777 });
    expect(westJob.statusCode).toBe(400);
    expect(westJob.json().errors).toHaveProperty(["body.crmJobTypeId"]);
    expect(await rows("select id from appointment_types where name = 'AT Bad CRM'")).toEqual([]);
  });

  it("answers 404 for a territory or type of another organization, 400 for an inactive territory", async () => {
    const admin = await login("admin@demo.local");
    const res = await upsertType(admin, { name: "AT Ghost", territoryId: territory["west:Los Angeles"] });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toHaveProperty(["body.territoryId"]);
    const retired = await upsertType(admin, {
      name: "AT Ghost",
      territoryId: territory["east:Hudson Valley (retired)"],
    });
    expect(retired.statusCode).toBe(400);
    expect(retired.json().errors["body.territoryId"][0]).toMatch(/inactive/);

    const id = await newType();
    const westAdmin = await login("admin@demo.local", west);
    expect((await upsertType(westAdmin, { id, name: "AT Stolen" })).statusCode).toBe(404);
  });

  it("refuses a second type with the same name in any case (409 naming it); another organization may use it", async () => {
    const admin = await login("admin@demo.local");
    expect((await upsertType(admin, { name: "AT Roof inspection" })).statusCode).toBe(200);
    const twin = await upsertType(admin, { name: "at ROOF inspection" });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors["body.name"][0]).toMatch(/"AT Roof inspection" already exists/);
    const westAdmin = await login("admin@demo.local", west);
    expect((await upsertType(westAdmin, { name: "AT Roof inspection" })).statusCode).toBe(200);
  });

  it("searches a page at a time by name words, active state and territory, sorted on the server", async () => {
    const admin = await login("admin@demo.local");
    await upsertType(admin, { name: "AT Search Alpha", durationMinutes: 30 });
    await upsertType(admin, {
      name: "AT Search Beta",
      durationMinutes: 60,
      territoryId: territory["east:Long Island"],
    });
    await upsertType(admin, { name: "AT Search Gamma", durationMinutes: 45, isActive: false });

    const all = await search(admin, { search: "search at", sortBy: "durationMinutes" });
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(["AT Search Alpha", "AT Search Gamma", "AT Search Beta"]);
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 25 });

    const paged = await search(admin, { search: "AT Search", pageSize: 2, page: 2, sortDirection: "desc" });
    expect(names(paged)).toEqual(["AT Search Alpha"]);
    expect(paged.json().total).toBe(3);

    expect(names(await search(admin, { search: "AT Search", isActive: true }))).toEqual([
      "AT Search Alpha",
      "AT Search Beta",
    ]);
    // A territory keeps its own types and those of every territory.
    expect(
      names(await search(admin, { search: "AT Search", territoryIds: [territory["east:North Jersey"]] })),
    ).toEqual(["AT Search Alpha", "AT Search Gamma"]);
    expect(
      names(await search(admin, { search: "AT Search", territoryIds: [territory["east:Long Island"]] })),
    ).toEqual(["AT Search Alpha", "AT Search Beta", "AT Search Gamma"]);

    const beta = (await search(admin, { search: "AT Search Beta" })).json().items[0];
    const byId = await search(admin, { ids: [beta.id] });
    expect(byId.json()).toMatchObject({ total: 1, items: [{ id: beta.id, territoryName: "Long Island" }] });

    const bad = await search(admin, { sortBy: "color", pageSize: 500 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["body.pageSize", "body.sortBy"]);
    // Another organization sees none of them.
    const westAdmin = await login("admin@demo.local", west);
    expect(names(await search(westAdmin, { search: "AT Search" }))).toEqual([]);
  });
});

describe("rights by role", () => {
  it("lets schedulers and analysts read types and links but change nothing; lead generators read the active ones", async () => {
    const id = await newType({ name: "AT Rights" });
    const inactive = await newType({ name: "AT Rights off", isActive: false });
    for (const email of ["scheduler@demo.local", "analyst@demo.local"]) {
      const who = await login(email);
      expect(names(await search(who, { search: "AT Rights" }))).toEqual(["AT Rights", "AT Rights off"]);
      for (const path of ["technicians", "st-business-units", "questions"]) {
        expect((await post(who, `/api/appointments/type/${id}/${path}`)).statusCode, `${email} ${path}`).toBe(
          200,
        );
      }
      const refusals = [
        await upsertType(who, { name: "AT Nope" }),
        await del(who, `/api/appointments/type/${id}`),
        await post(who, "/api/appointments/type/technician/upsert", {
          appointmentTypeId: id,
          crmReferenceId: crm.tara,
        }),
        await post(who, "/api/appointments/type/st-business-units/upsert", {
          appointmentTypeId: id,
          crmReferenceId: crm.residential,
        }),
        await post(who, "/api/appointments/type/question/upsert", {
          appointmentTypeId: id,
          questionId: eastQuestions[0],
        }),
        await get(who, `/api/appointments/type/${id}/technicians-lookUp-List`),
        await get(who, "/api/appointments/type/service-titan-lookUp-List"),
        await get(who, "/api/appointments/type/questions-lookUp-list"),
        await get(who, `/api/settings/scheduleAppointmentType/${id}/business-contact`),
        await post(who, `/api/settings/question/${eastQuestions[0]}/schedule-appointment-question`),
      ];
      expect(
        refusals.map((r) => r.statusCode),
        email,
      ).toEqual(refusals.map(() => 403));
    }
    const lg = await login("lg@demo.local");
    expect(names(await search(lg, { search: "AT Rights" }))).toEqual(["AT Rights"]);
    expect((await post(lg, `/api/appointments/type/${id}/questions`)).statusCode).toBe(200);
    // An inactive type is not one a lead generator books: as if it did not exist.
    expect((await post(lg, `/api/appointments/type/${inactive}/questions`)).statusCode).toBe(404);
    expect((await upsertType(lg, { name: "AT Nope" })).statusCode).toBe(403);
    // Program users have no appointments at all.
    const partner = await t.login("partner@demo.local");
    expect((await search(partner)).statusCode).toBe(403);
  });

  it("answers 404 to another organization for every id in a path", async () => {
    const id = await newType({ name: "AT Private" });
    const admin = await login("admin@demo.local");
    const tech = (
      await post(admin, "/api/appointments/type/technician/upsert", {
        appointmentTypeId: id,
        crmReferenceId: crm.tara,
      })
    ).json().id;
    const unit = (
      await post(admin, "/api/appointments/type/st-business-units/upsert", {
        appointmentTypeId: id,
        crmReferenceId: crm.residential,
      })
    ).json().id;
    const question = (
      await post(admin, "/api/appointments/type/question/upsert", {
        appointmentTypeId: id,
        questionId: eastQuestions[0],
      })
    ).json().id;

    for (const email of ["admin@demo.local", "solar.admin@demo.local"]) {
      const other = email === "admin@demo.local" ? await login(email, west) : await t.login(email);
      const answers = [
        await post(other, `/api/appointments/type/${id}/technicians`),
        await post(other, `/api/appointments/type/${id}/st-business-units`),
        await post(other, `/api/appointments/type/${id}/questions`),
        await get(other, `/api/appointments/type/${id}/technicians-lookUp-List`),
        await del(other, `/api/appointments/type/technician/${tech}`),
        await del(other, `/api/appointments/type/st-business-units/${unit}`),
        await del(other, `/api/appointments/type/question/${question}`),
        await del(other, `/api/settings/question/schedule-appointment-question/${question}`),
        await get(other, `/api/settings/scheduleAppointmentType/${id}/business-contact`),
        await post(other, `/api/settings/scheduleAppointmentType/${id}/business-contact`, { contacts: [] }),
        await post(other, `/api/settings/question/${eastQuestions[0]}/schedule-appointment-question`),
        await post(other, "/api/appointments/type/technician/upsert", {
          appointmentTypeId: id,
          crmReferenceId: crm.tara,
        }),
        await post(other, "/api/appointments/type/question/upsert", {
          id: question,
          appointmentTypeId: id,
          questionId: eastQuestions[0],
        }),
        await del(other, `/api/appointments/type/${id}`),
      ];
      expect(
        answers.map((r) => r.statusCode),
        email,
      ).toEqual(answers.map(() => 404));
    }
    // Everything is still there.
    expect((await post(admin, `/api/appointments/type/${id}/technicians`)).json()).toHaveLength(1);
    expect((await post(admin, `/api/appointments/type/${id}/questions`)).json()).toHaveLength(1);
  });

  it("answers 400 for a path id that is not a whole number in range", async () => {
    const admin = await login("admin@demo.local");
    const res = await del(admin, "/api/appointments/type/99999999999");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(["params.id"]);
    expect((await post(admin, "/api/appointments/type/abc/technicians")).statusCode).toBe(400);
  });
});

describe("technicians", () => {
  it("links the organization's active CRM technicians, lists them and unlinks them", async () => {
    const id = await newType();
    const admin = await login("admin@demo.local");
    const options = await get(admin, `/api/appointments/type/${id}/technicians-lookUp-List`);
    expect(options.statusCode).toBe(200);
    expect(options.json().map((o: { name: string }) => o.name)).toEqual(["Tara Tech", "Tom Tech"]);
    expect(options.json()[0]).toEqual({ id: crm.tara, externalId: 501, name: "Tara Tech" });

    const link = await post(admin, "/api/appointments/type/technician/upsert", {
      appointmentTypeId: id,
      crmReferenceId: crm.tom,
      sortOrder: 2,
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({
      appointmentTypeId: id,
      name: "Tom Tech",
      externalId: 502,
      sortOrder: 2,
    });
    await post(admin, "/api/appointments/type/technician/upsert", {
      appointmentTypeId: id,
      crmReferenceId: crm.tara,
      sortOrder: 1,
    });
    const list = await post(admin, `/api/appointments/type/${id}/technicians`);
    expect(list.json().map((l: { name: string }) => l.name)).toEqual(["Tara Tech", "Tom Tech"]);
    expect((await get(admin, `/api/appointments/type/${id}/technicians-lookUp-List`)).json()).toEqual([]);

    const twin = await post(admin, "/api/appointments/type/technician/upsert", {
      appointmentTypeId: id,
      crmReferenceId: crm.tom,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors["body.crmReferenceId"][0]).toMatch(/Tom Tech is already/);
    // Changing a link's order keeps it.
    const moved = await post(admin, "/api/appointments/type/technician/upsert", {
      id: link.json().id,
      appointmentTypeId: id,
      crmReferenceId: crm.tom,
      sortOrder: 0,
    });
    expect(moved.statusCode).toBe(200);
    expect((await post(admin, `/api/appointments/type/${id}/technicians`)).json()[0].name).toBe("Tom Tech");

    expect((await del(admin, `/api/appointments/type/technician/${link.json().id}`)).statusCode).toBe(200);
    expect((await del(admin, `/api/appointments/type/technician/${link.json().id}`)).statusCode).toBe(404);
    expect((await get(admin, `/api/appointments/type/${id}/technicians-lookUp-List`)).json()).toEqual([
      { id: crm.tom, externalId: 502, name: "Tom Tech" },
    ]);
  });

  it("refuses a reference of another kind (400), an inactive one (400) and another organization's (404)", async () => {
    const id = await newType();
    const admin = await login("admin@demo.local");
    const link = (crmReferenceId: number, appointmentTypeId = id) =>
      post(admin, "/api/appointments/type/technician/upsert", { appointmentTypeId, crmReferenceId });
    const unit = await link(crm.residential);
    expect(unit.statusCode).toBe(400);
    expect(unit.json().errors["body.crmReferenceId"][0]).toMatch(
      /"Residential" is a CRM business unit, not a technician/,
    );
    const gone = await link(crm.gone);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().errors["body.crmReferenceId"][0]).toMatch(/no longer active/);
    const foreign = await link(crm.westTech);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toHaveProperty(["body.crmReferenceId"]);
    const noType = await link(crm.tara, 2_000_000);
    expect(noType.statusCode).toBe(404);
    expect(noType.json().errors).toHaveProperty(["body.appointmentTypeId"]);
    const bad = await post(admin, "/api/appointments/type/technician/upsert", { appointmentTypeId: id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(["body.crmReferenceId"]);
  });
});

describe("business units", () => {
  it("links units with at most one default per type, lists them and unlinks them", async () => {
    const id = await newType();
    const admin = await login("admin@demo.local");
    const st = await get(admin, "/api/appointments/type/service-titan-lookUp-List");
    expect(st.statusCode).toBe(200);
    expect(st.json()).toEqual({
      businessUnits: [
        { id: crm.commercial, externalId: 602, name: "Commercial" },
        { id: crm.residential, externalId: 601, name: "Residential" },
      ],
      jobTypes: [{ id: crm.install, externalId: 701, name: "Install" }],
      campaigns: [{ id: crm.spring, externalId: 801, name: "Spring Promo" }],
    });

    const upsert = (body: Record<string, unknown>) =>
      post(admin, "/api/appointments/type/st-business-units/upsert", { appointmentTypeId: id, ...body });
    const first = await upsert({ crmReferenceId: crm.residential, isDefault: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ name: "Residential", isDefault: true, externalId: 601 });
    const second = await upsert({ crmReferenceId: crm.commercial, isDefault: true });
    expect(second.statusCode).toBe(200);
    const list = (await post(admin, `/api/appointments/type/${id}/st-business-units`)).json();
    expect(list.map((u: { name: string; isDefault: boolean }) => [u.name, u.isDefault])).toEqual([
      ["Commercial", true],
      ["Residential", false],
    ]);
    expect((await upsert({ crmReferenceId: crm.residential })).statusCode).toBe(409);
    const tech = await upsert({ crmReferenceId: crm.tara });
    expect(tech.statusCode).toBe(400);
    expect(tech.json().errors["body.crmReferenceId"][0]).toMatch(/not a business unit/);
    expect((await upsert({ crmReferenceId: crm.westUnit })).statusCode).toBe(404);

    expect(
      (await del(admin, `/api/appointments/type/st-business-units/${second.json().id}`)).statusCode,
    ).toBe(200);
    expect((await post(admin, `/api/appointments/type/${id}/st-business-units`)).json()).toHaveLength(1);
  });
});

describe("questions, from the type and from the question", () => {
  it("links the organization's questions to a type and shows the same rows from the question's side", async () => {
    const id = await newType({ name: "AT Questions" });
    const admin = await login("admin@demo.local");
    const options = await get(admin, "/api/appointments/type/questions-lookUp-list");
    expect(options.statusCode).toBe(200);
    const q = options.json().find((o: { id: number }) => o.id === eastQuestions[0]);
    expect(q).toMatchObject({
      id: eastQuestions[0],
      text: expect.any(String),
      serviceTypeName: expect.any(String),
    });
    expect(options.json().some((o: { id: number }) => o.id === westQuestion)).toBe(false);

    const link = await post(admin, "/api/appointments/type/question/upsert", {
      appointmentTypeId: id,
      questionId: eastQuestions[0],
      isRequired: true,
      sortOrder: 1,
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({
      appointmentTypeId: id,
      appointmentTypeName: "AT Questions",
      questionId: eastQuestions[0],
      questionText: q.text,
      serviceTypeName: q.serviceTypeName,
      isRequired: true,
      sortOrder: 1,
    });
    // The settings' upsert writes the same table.
    const fromSettings = await post(admin, "/api/settings/question/schedule-appointment-question/upsert", {
      appointmentTypeId: id,
      questionId: eastQuestions[1],
      sortOrder: 0,
    });
    expect(fromSettings.statusCode, fromSettings.body).toBe(200);
    const ofType = (await post(admin, `/api/appointments/type/${id}/questions`)).json();
    expect(ofType.map((l: { questionId: number }) => l.questionId)).toEqual([
      eastQuestions[1],
      eastQuestions[0],
    ]);
    const ofQuestion = await post(
      admin,
      `/api/settings/question/${eastQuestions[0]}/schedule-appointment-question`,
    );
    expect(ofQuestion.statusCode).toBe(200);
    expect(ofQuestion.json()).toContainEqual(link.json());
    expect(ofQuestion.json().every((l: { questionId: number }) => l.questionId === eastQuestions[0])).toBe(
      true,
    );

    const twin = await post(admin, "/api/appointments/type/question/upsert", {
      appointmentTypeId: id,
      questionId: eastQuestions[0],
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors).toHaveProperty(["body.questionId"]);
    const foreign = await post(admin, "/api/appointments/type/question/upsert", {
      appointmentTypeId: id,
      questionId: westQuestion,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toHaveProperty(["body.questionId"]);
    const unknownLink = await post(admin, "/api/appointments/type/question/upsert", {
      id: 2_000_000,
      appointmentTypeId: id,
      questionId: eastQuestions[0],
    });
    expect(unknownLink.statusCode).toBe(404);

    // Changing it from the question's side: not required any more.
    const changed = await post(admin, "/api/settings/question/schedule-appointment-question/upsert", {
      id: link.json().id,
      appointmentTypeId: id,
      questionId: eastQuestions[0],
      isRequired: false,
      sortOrder: 5,
    });
    expect(changed.json()).toMatchObject({ id: link.json().id, isRequired: false, sortOrder: 5 });
    expect(
      (await del(admin, `/api/settings/question/schedule-appointment-question/${link.json().id}`)).statusCode,
    ).toBe(200);
    expect((await del(admin, `/api/appointments/type/question/${fromSettings.json().id}`)).statusCode).toBe(
      200,
    );
    expect((await post(admin, `/api/appointments/type/${id}/questions`)).json()).toEqual([]);
    expect(
      (await post(admin, `/api/settings/question/${westQuestion}/schedule-appointment-question`)).statusCode,
    ).toBe(404);
  });
});

describe("business contacts of a type", () => {
  it("saves and reads a type's contacts without touching the organization's", async () => {
    const id = await newType();
    const admin = await login("admin@demo.local");
    const url = `/api/settings/scheduleAppointmentType/${id}/business-contact`;
    expect((await get(admin, url)).json()).toEqual([]);
    const orgBefore = (await get(admin, `/api/settings/organization/${east}/business-contact`)).json();
    const saved = await post(admin, url, {
      contacts: [
        {
          name: "Dispatch",
          email: "Dispatch@Example.com",
          phone: "(201) 555-0100",
          topics: ["appointments"],
        },
        { name: "Owner", email: "owner@example.com" },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject([
      {
        name: "Dispatch",
        email: "dispatch@example.com",
        phone: "2015550100",
        topics: ["appointments"],
        sortOrder: 0,
      },
      { name: "Owner", phone: null, topics: [], sortOrder: 1 },
    ]);
    expect((await get(admin, url)).json()).toEqual(saved.json());
    expect((await get(admin, `/api/settings/organization/${east}/business-contact`)).json()).toEqual(
      orgBefore,
    );

    const bad = await post(admin, url, { contacts: [{ name: "", email: "nope" }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["body.contacts.0.email", "body.contacts.0.name"]);
    const manager = await login("manager@demo.local");
    expect((await post(manager, url, { contacts: [] })).json()).toEqual([]);
  });
});

describe("deleting a type", () => {
  it("refuses a type in use, saying how many template windows, dated windows and appointments use it", async () => {
    const id = await newType({ name: "AT Busy" });
    const [{ id: templateId }] = await rows<{ id: number }>(
      `insert into appointment_templates (organization_id, appointment_type_id, day_of_week, start_time, end_time, capacity)
       values ($1, $2, 1, '08:00', '10:00', 2) returning id`,
      [east, id],
    );
    const [{ id: windowId }] = await rows<{ id: number }>(
      `insert into appointment_windows (organization_id, appointment_type_id, template_id, time_zone, local_date,
         start_time, end_time, starts_at, ends_at, capacity)
       values ($1, $2, $3, 'America/New_York', '2030-01-07', '08:00', '10:00',
         '2030-01-07T13:00:00Z', '2030-01-07T15:00:00Z', 2) returning id`,
      [east, id, templateId],
    );
    await sql(
      `insert into appointment_windows (organization_id, appointment_type_id, time_zone, local_date,
         start_time, end_time, starts_at, ends_at, capacity)
       values ($1, $2, 'America/New_York', '2030-01-08', '08:00', '10:00',
         '2030-01-08T13:00:00Z', '2030-01-08T15:00:00Z', 2)`,
      [east, id],
    );
    await sql(
      `insert into appointments (organization_id, lead_id, window_id, appointment_type_id, status, starts_at, ends_at,
         time_zone, source)
       values ($1, $2, $3, $4, 'cancelled', '2030-01-07T13:00:00Z', '2030-01-07T15:00:00Z', 'America/New_York', 'app')`,
      [east, eastLead, windowId, id],
    );
    const admin = await login("admin@demo.local");
    const res = await del(admin, `/api/appointments/type/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '"AT Busy" is in use: 1 weekly template window, 2 dated windows and 1 appointment. Make it inactive instead: it stays on what uses it and takes no new bookings.',
    );
    expect(await rows("select id from appointment_types where id = $1", [id])).toHaveLength(1);
  });

  it("deletes an unused type with its technicians, business units, questions and business contacts", async () => {
    const id = await newType({ name: "AT Doomed" });
    const admin = await login("admin@demo.local");
    await post(admin, "/api/appointments/type/technician/upsert", {
      appointmentTypeId: id,
      crmReferenceId: crm.tara,
    });
    await post(admin, "/api/appointments/type/st-business-units/upsert", {
      appointmentTypeId: id,
      crmReferenceId: crm.residential,
      isDefault: true,
    });
    await post(admin, "/api/appointments/type/question/upsert", {
      appointmentTypeId: id,
      questionId: eastQuestions[0],
    });
    await post(admin, `/api/settings/scheduleAppointmentType/${id}/business-contact`, {
      contacts: [{ name: "Dispatch", email: "dispatch@example.com" }],
    });
    const res = await del(admin, `/api/appointments/type/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    for (const table of [
      "appointment_type_technicians",
      "appointment_type_business_units",
      "appointment_type_questions",
      "business_contacts",
    ]) {
      expect(await rows(`select id from ${table} where appointment_type_id = $1`, [id]), table).toEqual([]);
    }
    expect((await del(admin, `/api/appointments/type/${id}`)).statusCode).toBe(404);
  });
});

describe("the lookup list", () => {
  it("holds the organization's active types under scheduleAppointmentTypes", async () => {
    const on = await newType({ name: "AT Lookup on", territoryId: territory["east:Philadelphia"] });
    await newType({ name: "AT Lookup off", isActive: false });
    const lg = await login("lg@demo.local");
    const res = await get(lg, "/api/app/lookup-list");
    expect(res.statusCode).toBe(200);
    const types = res.json().scheduleAppointmentTypes as { name: string }[];
    expect(types.find((x) => x.name === "AT Lookup on")).toEqual({
      id: on,
      name: "AT Lookup on",
      territory: "Philadelphia",
      organizationId: east,
      organizationTerritoryId: territory["east:Philadelphia"],
    });
    expect(types.some((x) => x.name === "AT Lookup off")).toBe(false);
    const westAdmin = await login("admin@demo.local", west);
    const westTypes = (await get(westAdmin, "/api/app/lookup-list")).json().scheduleAppointmentTypes as {
      organizationId: number;
    }[];
    expect(westTypes.every((x) => x.organizationId === west)).toBe(true);
  });
});
