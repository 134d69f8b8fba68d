import type { CrmRefreshCounts, LookupList } from "@fieldlead/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";
import { crmConnections, crmReferences } from "../../db/schema/index";
import {
  type ServiceTitanSimulator,
  startServiceTitanSimulator,
} from "../../integrations/servicetitan/simulator";
import { simulatedTenant } from "../../integrations/servicetitan/simulator-data";
import { crmJobs } from "./crm.jobs";
import { crmRepository } from "./crm.repository";

/**
 * The CRM refresh over HTTP (`POST /api/appointments/update-technicians-list`) and the lookup list it fills, with
 * the demo organization's connection pointed at a simulator on a free port.
 */

const URL = "/api/appointments/update-technicians-list";
let t: TestApp;
let sim: ServiceTitanSimulator;
let east: number;
let west: number;
let admin: AuthHeaders;

const refresh = (a: AuthHeaders) => t.app.inject({ method: "POST", url: URL, headers: h(a) });

const lookup = async (a: AuthHeaders, query = "") => {
  const res = await t.app.inject({ method: "GET", url: `/api/app/lookup-list${query}`, headers: h(a) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LookupList;
};

const references = (organizationId: number) =>
  t.database.db
    .select()
    .from(crmReferences)
    .where(eq(crmReferences.organizationId, organizationId))
    .orderBy(crmReferences.kind, crmReferences.externalId);

beforeAll(async () => {
  sim = await startServiceTitanSimulator({ port: 0 });
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  // The seed points the demo at the simulator `npm start` serves; this file's simulator listens elsewhere.
  await crmRepository().saveConnection(t.database.db, {
    organizationId: east,
    apiUrl: sim.url,
    authUrl: sim.url,
    tenantId: sim.credentials.tenantId,
    clientId: sim.credentials.clientId,
    clientSecret: sim.credentials.clientSecret,
    appKey: sim.credentials.appKey,
  });
  admin = await t.login("admin@demo.local");
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(() => {
  sim.reset();
  Object.assign(sim.data, simulatedTenant());
});

describe("the seed", () => {
  it("connects the demo organization, and only it, to the simulator's tenant", async () => {
    const fresh = await createTestApp({ demoCrm: true });
    try {
      const rows = await fresh.database.db.select().from(crmConnections);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        organizationId: await fresh.orgId("Summit Home East"),
        apiUrl: "http://127.0.0.1:3101",
        authUrl: "http://127.0.0.1:3101",
        tenantId: sim.credentials.tenantId,
        isActive: true,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe("POST /api/appointments/update-technicians-list", () => {
  it("lets Admins and Managers refresh, and refuses every other role (403)", async () => {
    const manager = await refresh(await t.login("manager@demo.local"));
    expect(manager.statusCode, manager.body).toBe(200);
    for (const email of [
      "regional@demo.local",
      "territory@demo.local",
      "scheduler@demo.local",
      "analyst@demo.local",
      "lg@demo.local",
      "lglead@demo.local",
    ]) {
      const res = await refresh(await t.login(email));
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message).toMatch(/Admins and Managers/);
    }
  });

  it("reads the four lists and keeps them by CRM id, inactive ones included, with the technician's details", async () => {
    const res = await refresh(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as CrmRefreshCounts).toEqual({
      technicians: 6,
      businessUnits: 2,
      jobTypes: 6,
      campaigns: 5,
      deactivated: 0,
    });
    const rows = await references(east);
    expect(rows).toHaveLength(19);
    expect(rows.filter((r) => !r.isActive).map((r) => [r.kind, r.externalId])).toEqual([
      ["campaign", 9305],
      ["jobType", 8206],
    ]);
    expect(rows.find((r) => r.externalId === 7004)).toMatchObject({
      kind: "technician",
      name: "Grace Kowalski",
      details: {
        businessUnitId: 5102,
        email: "grace.kowalski@summit-crm.example",
        phone: "5165550144",
      },
    });
    // A second refresh changes nothing.
    expect((await refresh(admin)).json()).toMatchObject({ technicians: 6, deactivated: 0 });
    expect(await references(east)).toHaveLength(19);
  });

  it("fills the lookup list's CRM keys with the active references, by CRM id", async () => {
    await refresh(admin);
    const list = await lookup(admin);
    expect(list.technicians).toHaveLength(6);
    expect(list.technicians[0]).toEqual({ id: 7002, name: "Dana Whitfield" });
    expect(list.technicians.map((o) => o.id).sort()).toEqual([7001, 7002, 7003, 7004, 7005, 7006]);
    expect(list.serviceTitanBussiness).toEqual([
      { id: 5101, name: "HVAC - Residential Install" },
      { id: 5102, name: "Plumbing - Residential Service" },
    ]);
    expect(list.serviceTitanJobTypes.map((o) => o.id)).not.toContain(8206);
    expect(list.serviceTitanJobTypes).toHaveLength(5);
    expect(list.serviceTitanCampaigns).toContainEqual({ id: 9301, name: "Costco Roadshow" });
    expect(list.serviceTitanCampaigns).toHaveLength(4);
    const all = await lookup(admin, "?includeInactive=true");
    expect(all.serviceTitanJobTypes.at(-1)).toEqual({ id: 8206, name: "Duct Cleaning (retired) - Inactive" });
  });

  it("marks what the CRM no longer lists inactive, never deletes it, and brings it back when listed again", async () => {
    await refresh(admin);
    sim.data.technicians = sim.data.technicians.filter((x) => x.id !== 7006);
    sim.data.technicians[0].name = "Marcus Bell Jr.";
    sim.data.campaigns[0].active = false;
    const res = await refresh(admin);
    expect(res.json()).toMatchObject({ technicians: 5, campaigns: 5, deactivated: 2 });
    const rows = await references(east);
    expect(rows).toHaveLength(19);
    expect(rows.find((r) => r.externalId === 7006)).toMatchObject({ isActive: false, name: "Hannah Brooks" });
    expect(rows.find((r) => r.externalId === 7001)).toMatchObject({
      isActive: true,
      name: "Marcus Bell Jr.",
    });
    const list = await lookup(admin);
    expect(list.technicians.map((o) => o.id)).not.toContain(7006);
    expect(list.serviceTitanCampaigns.map((o) => o.id)).not.toContain(9301);

    Object.assign(sim.data, simulatedTenant());
    expect((await refresh(admin)).json()).toMatchObject({ technicians: 6, deactivated: 0 });
    expect((await references(east)).find((r) => r.externalId === 7006)?.isActive).toBe(true);
  });

  it("answers 409 for an organization with no CRM connection, and never shows another organization's lists", async () => {
    await refresh(admin);
    const westAdmin = await t.login("admin@demo.local", undefined, west);
    const res = await refresh(westAdmin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no CRM connection.*Connect its ServiceTitan account/);
    const list = await lookup(westAdmin, "?includeInactive=true");
    expect(list.technicians).toEqual([]);
    expect(list.serviceTitanBussiness).toEqual([]);
    expect(list.serviceTitanJobTypes).toEqual([]);
    expect(list.serviceTitanCampaigns).toEqual([]);
    expect(await references(west)).toEqual([]);
  });

  it("answers 409 when the connection is switched off", async () => {
    await t.database.db
      .update(crmConnections)
      .set({ isActive: false })
      .where(eq(crmConnections.organizationId, east));
    try {
      expect((await refresh(admin)).statusCode).toBe(409);
    } finally {
      await t.database.db
        .update(crmConnections)
        .set({ isActive: true })
        .where(eq(crmConnections.organizationId, east));
    }
  });

  it("answers a clear 503 when the CRM is down or failing, with nothing half-written", async () => {
    await refresh(admin);
    const before = await references(east);
    sim.data.technicians.push({ ...sim.data.technicians[0], id: 7999, name: "New Hire" });
    for (const switches of [{ down: true }, { fail: true }]) {
      sim.reset();
      sim.set(switches);
      const res = await refresh(admin);
      expect(res.statusCode, JSON.stringify(switches)).toBe(503);
      expect(res.json()).toMatchObject({
        status: 503,
        code: "crm_unavailable",
        message: expect.stringMatching(/The CRM is not answering right now.*Nothing was changed/),
      });
      expect(await references(east)).toEqual(before);
    }
  });

  it("answers 502 when the CRM refuses the credentials, with nothing written", async () => {
    const before = await references(east);
    await t.database.db
      .update(crmConnections)
      .set({ clientSecret: "wrong" })
      .where(eq(crmConnections.organizationId, east));
    try {
      const res = await refresh(admin);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/refused the client id or secret/);
      expect(await references(east)).toEqual(before);
    } finally {
      await t.database.db
        .update(crmConnections)
        .set({ clientSecret: sim.credentials.clientSecret })
        .where(eq(crmConnections.organizationId, east));
    }
  });
});

describe("the recurring refresh", () => {
  it("refreshes every connected organization, and one that fails does not stop the rest", async () => {
    await t.database.db
      .delete(crmReferences)
      .where(and(eq(crmReferences.organizationId, east), eq(crmReferences.kind, "campaign")));
    const logged: string[] = [];
    const log = {
      info: (_o: object, m: string) => logged.push(m),
      warn: (_o: object, m: string) => logged.push(m),
    };
    const jobs = crmJobs(t.app.deps.platform, log as never);
    expect(jobs.schedules.map((s) => [s.name, s.cron])).toEqual([["crm.refreshReferences", "17 */6 * * *"]]);
    await jobs.schedules[0].run();
    expect(logged).toEqual(["crm references refreshed"]);
    expect((await references(east)).filter((r) => r.kind === "campaign")).toHaveLength(5);

    sim.set({ down: true });
    logged.length = 0;
    await jobs.schedules[0].run();
    expect(logged).toEqual(["crm references not refreshed"]);
  });
});
