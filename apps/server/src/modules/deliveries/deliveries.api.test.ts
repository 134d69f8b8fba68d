import type { DeliveryItem, DestinationView } from "@fieldlead/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";
import { type PartnerSimulator, startPartnerSimulator } from "../../integrations/partners/index";
import { appointmentsTestKit } from "../appointments/appointments.test-support";

/**
 * Destinations and deliveries over HTTP (decision 0039), against the HTTP destinations' simulator on a free port:
 * settings (Admins only, credentials never answered), a booking, move and cancel recorded in their transaction and
 * sent in order, failures retried and dead with an alert, resend, the send-now calls, rights and tenancy.
 */

let t: TestApp;
let sim: PartnerSimulator;
let east: number;
let west: number;
let admin: AuthHeaders;
let manager: AuthHeaders;
let westAdmin: AuthHeaders;
let lg: AuthHeaders;
/** Every east store's warehouse number at the retailer (a lead at a store without one is refused). */
let warehouses: Record<string, string> = {};
const kit = appointmentsTestKit(() => t);

const inject = (a: AuthHeaders, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as "POST", url, headers: h(a), payload: payload as object });

const retailerBody = (more: Record<string, unknown> = {}) => ({
  isEnabled: true,
  settings: {
    endpoint: sim.url("retailer"),
    vendorNumber: "1234",
    storeNumbers: warehouses,
    imeSubCategories: [],
  },
  credentials: { secret: sim.secrets.retailer },
  ...more,
});

const sender = () => t.app.deps.services.deliverySender;

/** A lead of the east organization at a store, who agreed to be contacted by the retailer. */
async function consentingLead(destinations: string[] = ["retailer"]) {
  const [store] = await kit.rows<{ id: number }>(
    "select id from stores where organization_id = $1 and is_active order by id limit 1",
    [east],
  );
  const leadId = await kit.lead(east, { storeId: store.id });
  for (const d of destinations)
    await kit.rows(
      `insert into lead_consents (organization_id, lead_id, destination, disclosure_text, accepted_at)
       values ($1, $2, $3, 'I agree to be contacted by the retailer about this project.', now())`,
      [east, leadId, d],
    );
  return { leadId, storeId: store.id };
}

async function book(leadId: number, storeId: number) {
  const typeId = await kit.type(east);
  const w1 = await kit.window(east, { typeId, hoursFromNow: 48, storeId });
  const w2 = await kit.window(east, { typeId, hoursFromNow: 72, storeId });
  const res = await inject(admin, "POST", "/api/appointments/book", { leadId, windowId: w1 });
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { id: number }).id, w2 };
}

const deliveriesOf = async (leadId: number, a = admin) => {
  const res = await inject(a, "GET", `/api/leads/${leadId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: DeliveryItem[] }).items;
};

beforeAll(async () => {
  sim = await startPartnerSimulator({ port: 0 });
  t = await createTestApp({ config: { deliveryRetry: { baseMs: 10, deadAfterMs: 60 * 60_000 } } });
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  admin = await t.login("admin@demo.local", undefined, east);
  manager = await t.login("manager@demo.local", undefined, east);
  westAdmin = await t.login("admin@demo.local", undefined, west);
  lg = await t.login("lg@demo.local", undefined, east);
  const stores = await kit.rows<{ id: number }>("select id from stores where organization_id = $1", [east]);
  warehouses = Object.fromEntries(stores.map((s) => [String(s.id), `W-${s.id}`]));
  const res = await inject(admin, "PUT", "/api/destinations/retailer", retailerBody());
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(() => sim.reset());

describe("destination settings", () => {
  it("lists the four destinations to an Admin, with credentials never answered", async () => {
    const res = await inject(admin, "GET", "/api/destinations");
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: DestinationView[] }).items;
    expect(items.map((i) => i.destination)).toEqual(["crm", "retailer", "retailerProgram", "secondPartner"]);
    const retailer = items.find((i) => i.destination === "retailer");
    expect(retailer).toMatchObject({ isEnabled: true, isConfigured: true, credentialsSet: true });
    expect(res.body).not.toContain(sim.secrets.retailer);
  });

  it("keeps the stored secret when a save leaves credentials out, and refuses a first save without one", async () => {
    const keep = await inject(
      admin,
      "PUT",
      "/api/destinations/retailer",
      retailerBody({ credentials: null }),
    );
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({ credentialsSet: true });
    // The west organization has never set its second partner program up.
    const first = await inject(westAdmin, "PUT", "/api/destinations/secondPartner", {
      isEnabled: true,
      settings: { endpoint: sim.url("secondPartner"), serviceIds: [], adCodes: [] },
    });
    expect(first.statusCode, first.body).toBe(400);
    expect(first.json().errors).toHaveProperty(["body.credentials.secret"]);
  });

  it("answers a bad setting with the field to fix, and saves nothing", async () => {
    const res = await inject(admin, "PUT", "/api/destinations/retailer", {
      ...retailerBody(),
      settings: { endpoint: "not a url", vendorNumber: "" },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(["body.settings.endpoint", "body.settings.vendorNumber"]),
    );
    const list = (await inject(admin, "GET", "/api/destinations")).json() as { items: DestinationView[] };
    expect(list.items.find((i) => i.destination === "retailer")?.settings?.endpoint).toBe(
      sim.url("retailer"),
    );
  });

  it("tests a connection without sending a lead, with the stored secret or the one typed", async () => {
    const ok = await inject(
      admin,
      "POST",
      "/api/destinations/retailer/test",
      retailerBody({ credentials: null }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true });
    const wrong = await inject(
      admin,
      "POST",
      "/api/destinations/retailer/test",
      retailerBody({ credentials: { secret: "a-wrong-secret-of-16+" } }),
    );
    expect(wrong.json()).toMatchObject({ ok: false });
    expect(wrong.body).not.toContain("a-wrong-secret-of-16+");
    expect(sim.records("retailer")).toHaveLength(0);
  });

  it("lets only Admins read or change settings", async () => {
    for (const who of [manager, lg]) {
      expect((await inject(who, "GET", "/api/destinations")).statusCode).toBe(403);
      expect((await inject(who, "PUT", "/api/destinations/retailer", retailerBody())).statusCode).toBe(403);
    }
  });

  it("answers the programs' settings calls for the current organization only", async () => {
    const [org] = await kit.rows<{ uid: string }>("select uid from organizations where id = $1", [east]);
    const [other] = await kit.rows<{ uid: string }>("select uid from organizations where id = $1", [west]);
    const save = await inject(admin, "POST", `/api/homeDepot/${org.uid}/organization/upsert`, {
      isEnabled: false,
      settings: {
        endpoint: sim.url("retailerProgram"),
        groups: [{ id: 9, name: "Gutters", code: "HDSFI-GUT" }],
        jobTypes: [{ id: 1, name: "Install", code: "INSTALL" }],
        defaultGroupId: 9,
        defaultJobTypeId: 1,
      },
      credentials: { secret: sim.secrets.retailerProgram },
    });
    expect(save.statusCode, save.body).toBe(200);
    const read = await inject(admin, "POST", `/api/homeDepot/${org.uid}/organization`);
    expect(read.json()).toMatchObject({
      destination: "retailerProgram",
      credentialsSet: true,
      isEnabled: false,
    });
    expect(read.body).not.toContain(sim.secrets.retailerProgram);
    // The program's groups are the organization's lookup list now.
    const lookups = await inject(admin, "GET", "/api/app/lookup-list");
    expect(lookups.json().hdsfiGroup).toEqual([{ id: 9, name: "Gutters", code: "HDSFI-GUT" }]);
    // Another organization's uid is not found, even for an Admin of both.
    expect((await inject(admin, "POST", `/api/homeDepot/${other.uid}/organization`)).statusCode).toBe(404);
    expect((await inject(westAdmin, "POST", `/api/centah/${org.uid}/organization`)).statusCode).toBe(404);
  });
});

describe("deliveries", () => {
  it("records a delivery when an appointment is booked, sends it, then sends the move and the cancel in order", async () => {
    const { leadId, storeId } = await consentingLead();
    const { id, w2 } = await book(leadId, storeId);
    let [d] = await deliveriesOf(leadId);
    expect(d).toMatchObject({ destination: "retailer", state: "pending", appointmentId: id });
    await sender().sweep(50);
    [d] = await deliveriesOf(leadId);
    expect(d).toMatchObject({ state: "sent", attempts: 0, lastError: null });
    expect(d.externalId).toBeTruthy();
    const key = d.idempotencyKey;
    expect(sim.record("retailer", key)).toMatchObject({ version: 1, status: "booked" });

    const moved = await inject(admin, "POST", `/api/appointments/${id}/move`, { windowId: w2 });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await inject(admin, "POST", `/api/appointments/${id}/cancel`, {
      reason: "Changed plans",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sender().sweep(50);
    // Two changes, one send of the latest state: the record is cancelled, never out of order.
    const record = sim.record("retailer", key);
    expect(record).toMatchObject({ version: 3, status: "cancelled", outOfOrder: 0, duplicates: 0 });
    expect(record?.receivedVersions).toEqual([1, 3]);
    [d] = await deliveriesOf(leadId);
    expect(d.state).toBe("sent");
    const [lead] = await kit.rows<{ first_delivered_at: Date | null }>(
      "select first_delivered_at from leads where id = $1",
      [leadId],
    );
    expect(lead.first_delivered_at).not.toBeNull();
  });

  it("does not send a lead to the retailer without the lead's consent", async () => {
    const { leadId, storeId } = await consentingLead([]);
    await book(leadId, storeId);
    expect(await deliveriesOf(leadId)).toEqual([]);
    const res = await inject(admin, "PUT", `/api/leads/${leadId}/retailer`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain("has not agreed");
  });

  it("keeps a delivery failing while the destination is down, then sends it once it is back", async () => {
    const { leadId, storeId } = await consentingLead();
    sim.set("retailer", { down: true });
    await book(leadId, storeId);
    await sender().sweep(50);
    let [d] = await deliveriesOf(leadId);
    expect(d).toMatchObject({ state: "failed", attempts: 1 });
    expect(d.lastError).toMatch(/could not be reached|did not answer/);
    expect(d.nextAttemptAt).not.toBeNull();
    // Throttled: 429 with Retry-After is honoured (due no sooner than it said).
    sim.set("retailer", { down: false, throttle: true, retryAfterSeconds: 30 });
    await kit.rows("update deliveries set next_attempt_at = now() where lead_id = $1", [leadId]);
    await sender().sweep(50);
    [d] = await deliveriesOf(leadId);
    expect(d).toMatchObject({ state: "failed", attempts: 2 });
    expect(new Date(d.nextAttemptAt as string).getTime()).toBeGreaterThan(Date.now() + 25_000);
    sim.set("retailer", { throttle: false });
    await kit.rows("update deliveries set next_attempt_at = now() where lead_id = $1", [leadId]);
    await sender().sweep(50);
    [d] = await deliveriesOf(leadId);
    expect(d).toMatchObject({ state: "sent", attempts: 0, lastError: null });
    expect(sim.records("retailer").filter((r) => r.key === d.idempotencyKey)).toHaveLength(1);
  });

  it("makes a delivery dead once it has failed for the bounded time, and tells the Admins once", async () => {
    const { leadId, storeId } = await consentingLead();
    sim.set("retailer", { fail: true });
    await book(leadId, storeId);
    await sender().sweep(50);
    let [d] = await deliveriesOf(leadId);
    expect(d.state).toBe("failed");
    // Failing for longer than the organization waits (this file: an hour), it is tried once more and given up.
    await kit.rows(
      "update deliveries set failing_since = now() - interval '2 hours', next_attempt_at = now() where id = $1",
      [d.id],
    );
    const before = (await t.mailer.list(100)).length;
    await sender().sweep(50);
    [d] = await deliveriesOf(leadId);
    expect(d).toMatchObject({ state: "dead", nextAttemptAt: null });
    expect(d.lastError).toMatch(/retailer/i);
    const alerts = (await t.mailer.list(100)).slice(0, (await t.mailer.list(100)).length - before);
    expect(alerts.map((m) => m.subject)).toEqual(["A lead could not be sent to Retailer"]);
    // Dead is not due: the worker leaves it for a person.
    expect(await sender().sweep(50)).toBe(0);
  });

  it("makes a refused delivery dead at once and tells the organization's Admins; a resend revives it", async () => {
    const { leadId, storeId } = await consentingLead();
    // The retailer refuses a lead whose store has no warehouse number: a permanent failure.
    await inject(
      admin,
      "PUT",
      "/api/destinations/retailer",
      retailerBody({
        credentials: null,
        settings: { ...retailerBody().settings, storeNumbers: { "999999": "1" } },
      }),
    );
    await book(leadId, storeId);
    await sender().sweep(50);
    let [d] = await deliveriesOf(leadId);
    expect(d.state).toBe("dead");
    const mail = await t.mailer.list(20);
    expect(
      mail.some((m) => m.subject === "A lead could not be sent to Retailer" && m.to === "admin@demo.local"),
    ).toBe(true);
    // Fixed, then sent again from the deliveries page.
    await inject(
      admin,
      "PUT",
      "/api/destinations/retailer",
      retailerBody({
        credentials: null,
        settings: { ...retailerBody().settings, storeNumbers: { [String(storeId)]: "W-1" } },
      }),
    );
    const page = await inject(manager, "POST", "/api/deliveries/search", { states: ["dead"] });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json().items as DeliveryItem[]).some((i) => i.id === d.id)).toBe(true);
    const resend = await inject(manager, "POST", "/api/deliveries/resend", { ids: [d.id] });
    expect(resend.json()).toEqual({ resent: 1 });
    await sender().sweep(50);
    [d] = await deliveriesOf(leadId);
    expect(d.state).toBe("sent");
  });

  it("sends one lead now through the spec's calls, and answers its deliveries", async () => {
    const { leadId } = await consentingLead();
    const res = await inject(manager, "PUT", `/api/leads/${leadId}/retailer`);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: DeliveryItem[] }).items;
    expect(items).toMatchObject([{ destination: "retailer", state: "sent", appointmentId: null }]);
    expect(sim.record("retailer", items[0].idempotencyKey)).toMatchObject({ status: "lead" });
    const all = await inject(manager, "POST", `/api/leads/${leadId}/crm`);
    expect(all.statusCode, all.body).toBe(200);
    // The CRM is off in this file's organization: sending there says so.
    const crm = await inject(manager, "PUT", `/api/leads/${leadId}/false/service-titan`);
    expect(crm.statusCode, crm.body).toBe(409);
    expect(crm.json().message).toContain("not turned on");
    // {isExternal} must match the lead.
    expect((await inject(manager, "PUT", `/api/leads/${leadId}/true/service-titan`)).statusCode).toBe(404);
    expect((await inject(manager, "PUT", `/api/leads/${leadId}/maybe/service-titan`)).statusCode).toBe(400);
  });

  it("shows a health line per destination", async () => {
    const res = await inject(manager, "GET", "/api/deliveries/health");
    expect(res.statusCode, res.body).toBe(200);
    const retailer = res.json().items.find((i: { destination: string }) => i.destination === "retailer");
    expect(retailer.isEnabled).toBe(true);
    expect(retailer.health.sentLastHour).toBeGreaterThan(0);
  });

  it("keeps deliveries to managers and schedulers, and another organization's rows answer 404", async () => {
    const { leadId } = await consentingLead();
    await inject(manager, "PUT", `/api/leads/${leadId}/retailer`);
    const [d] = await deliveriesOf(leadId);
    expect((await inject(lg, "POST", "/api/deliveries/search", {})).statusCode).toBe(403);
    expect((await inject(lg, "POST", "/api/deliveries/resend", { ids: [d.id] })).statusCode).toBe(403);
    expect((await inject(westAdmin, "POST", "/api/deliveries/resend", { ids: [d.id] })).statusCode).toBe(404);
    expect((await inject(westAdmin, "GET", `/api/leads/${leadId}/deliveries`)).statusCode).toBe(404);
    expect((await inject(westAdmin, "PUT", `/api/leads/${leadId}/retailer`)).statusCode).toBe(404);
    expect((await inject(westAdmin, "GET", `/api/leads/${leadId}/revenue/false`)).statusCode).toBe(404);
    const west = await inject(westAdmin, "POST", "/api/deliveries/search", { states: ["sent"] });
    expect((west.json().items as DeliveryItem[]).some((i) => i.id === d.id)).toBe(false);
  });

  it("answers the lead's revenue and speed-to-lead times", async () => {
    const { leadId } = await consentingLead();
    await inject(manager, "PUT", `/api/leads/${leadId}/retailer`);
    const res = await inject(manager, "GET", `/api/leads/${leadId}/revenue/false`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ leadId, outcome: null, revenue: null });
    expect(res.json().firstDeliveredAt).not.toBeNull();
  });
});
