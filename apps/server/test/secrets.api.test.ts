import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { crmConnections } from "../src/db/schema/index";
import {
  type ServiceTitanSimulator,
  simulatedCapacity,
  simulatedTenant,
  startServiceTitanSimulator,
} from "../src/integrations/servicetitan/index";
import { SIMULATOR_CREDENTIALS } from "../src/integrations/servicetitan/simulator-data";
import { appointmentsTestKit } from "../src/modules/appointments/appointments.test-support";
import { crmRepository, sealCrmSecrets } from "../src/modules/crm/index";
import { isSealed, keyIdOf, parseSecretsKey, SecretsError, secretBox } from "../src/platform/secrets";
import { type AuthHeaders, createTestApp, h, TEST_SECRETS_KEY, type TestApp, testConfig } from "./harness";

/**
 * The CRM connection's client secret at rest (decision 0038): the seed writes it plain, the start's sealing step
 * seals it (`v1:` and the test key's id, never the plain value), the CRM is still reached with it (the refresh and
 * the capacity port, against the ServiceTitan simulator on a port of its own), a server with another key refuses to
 * use it and says which key it needs, and no answer of the API ever carries it.
 */

const SECRET = SIMULATOR_CREDENTIALS.clientSecret;
const OTHER_KEY = "ab".repeat(32);
const testKeyId = keyIdOf(parseSecretsKey(TEST_SECRETS_KEY) as Buffer);

let t: TestApp;
let sim: ServiceTitanSimulator;
let east: number;
let wayne: number;
let manager: AuthHeaders;
const k = appointmentsTestKit(() => t);
const others: App[] = [];

/** Every body the API answered in this file, whichever app answered it. */
const answers: { url: string; body: string }[] = [];
function recorded<A extends App>(app: A): A {
  const inject = app.inject.bind(app) as unknown as (o: InjectOptions) => Promise<LightMyRequestResponse>;
  (app as unknown as { inject: typeof inject }).inject = async (o) => {
    const res = await inject(o);
    answers.push({ url: String(o.url), body: res.body });
    return res;
  };
  return app;
}

/** Another app over the same database: its own CRM clients and token cache, and the key it is given. */
async function appWithKey(secretsKey: string) {
  const app = recorded(await buildApp({ config: testConfig({ secretsKey }), database: t.database }));
  await app.ready();
  others.push(app);
  return app;
}

const stored = async () => {
  const [row] = await t.database.db
    .select({ clientSecret: crmConnections.clientSecret })
    .from(crmConnections)
    .where(eq(crmConnections.organizationId, east));
  return row?.clientSecret ?? "";
};

const refresh = (app: App = t.app) =>
  app.inject({ method: "POST", url: "/api/appointments/update-technicians-list", headers: h(manager) });

/** A type with one window inside an open slot of the simulated CRM, more than a day ahead. */
async function windowTheCrmCanTake() {
  const now = new Date();
  const { availabilities } = simulatedCapacity(simulatedTenant(), {
    from: new Date(now.getTime() + 26 * 3_600_000),
    to: new Date(now.getTime() + 14 * 24 * 3_600_000),
    businessUnitIds: [],
    now,
  });
  const open = availabilities.find((a) => a.openAvailability > 0);
  if (!open) throw new Error("the simulated fortnight has no open slot");
  const typeId = await k.type(east, { notice: 60, horizonDays: 30 });
  const windowId = await k.window(east, {
    typeId,
    hoursFromNow: (Date.parse(open.startUtc) + 10 * 60_000 - Date.now()) / 3_600_000,
    minutes: 60,
    capacity: 2,
    storeId: wayne,
  });
  return { typeId, windowId };
}

async function available(app: App, typeId: number) {
  const res = await app.inject({
    method: "POST",
    url: "/api/appointments/available",
    headers: h(manager),
    payload: { appointmentTypeId: typeId, storeId: wayne },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { crm: string; days: { windows: { id: number }[] }[] };
  return { crm: body.crm, ids: body.days.flatMap((d) => d.windows.map((w) => w.id)) };
}

beforeAll(async () => {
  sim = await startServiceTitanSimulator({ port: 0 });
  // The seeded template, its demo connection kept on: the seed wrote its secret plain.
  t = await createTestApp({ demoCrm: true });
  recorded(t.app);
  east = await t.orgId("Summit Home East");
  wayne = await k.idOf("stores", "name", "Costco Wayne");
  // Point it at this file's simulator, leaving the secret as the seed wrote it.
  await t.database.db
    .update(crmConnections)
    .set({ apiUrl: sim.url, authUrl: sim.url })
    .where(eq(crmConnections.organizationId, east));
  manager = await t.login("manager@demo.local");
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t?.close();
  await sim?.close();
});

describe("the CRM client secret at rest", () => {
  it("is read plain before the start seals it (the transition), then sealed once, and the CRM is reached either way", async () => {
    expect(await stored()).toBe(SECRET);
    const before = await refresh();
    expect(before.statusCode, before.body).toBe(200);

    // What prepare() runs after the migrations, the reference lists and the seed.
    expect(await sealCrmSecrets(t.app.deps.platform)).toBe(1);
    const sealed = await stored();
    expect(isSealed(sealed)).toBe(true);
    expect(sealed.startsWith(`v1:${testKeyId}:`)).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(t.app.deps.platform.secrets.open(sealed)).toBe(SECRET);
    // Idempotent: nothing left to seal, the stored value untouched.
    expect(await sealCrmSecrets(t.app.deps.platform)).toBe(0);
    expect(await stored()).toBe(sealed);

    const after = await refresh();
    expect(after.statusCode, after.body).toBe(200);
  });

  it("is opened to fetch a new token: a fresh server with the same key refreshes and checks capacity", async () => {
    const app = await appWithKey(TEST_SECRETS_KEY);
    const tokensBefore = sim.stats().tokenRequests;
    const res = await refresh(app);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ technicians: 6, businessUnits: 2 });
    expect(sim.stats().tokenRequests).toBeGreaterThan(tokensBefore);

    const { typeId, windowId } = await windowTheCrmCanTake();
    const answer = await available(app, typeId);
    expect(answer.crm).toBe("checked");
    expect(answer.ids).toContain(windowId);
  });

  it("is sealed on write when a connection is saved through the repository", async () => {
    const previous = await stored();
    await crmRepository(t.app.deps.platform.secrets).saveConnection(t.database.db, {
      organizationId: east,
      apiUrl: sim.url,
      authUrl: sim.url,
      tenantId: sim.credentials.tenantId,
      clientId: sim.credentials.clientId,
      clientSecret: SECRET,
      appKey: sim.credentials.appKey,
    });
    const now = await stored();
    expect(now.startsWith(`v1:${testKeyId}:`)).toBe(true);
    expect(now).not.toBe(previous); // a new IV
    expect(now).not.toContain(SECRET);
    const res = await refresh(await appWithKey(TEST_SECRETS_KEY));
    expect(res.statusCode, res.body).toBe(200);
  });

  it("is refused by a server with another key, which names the key it needs and nothing secret", async () => {
    const otherId = keyIdOf(Buffer.from(OTHER_KEY, "hex"));
    const read = crmRepository(secretBox(Buffer.from(OTHER_KEY, "hex"))).connection(t.database.db, east);
    await expect(read).rejects.toThrow(SecretsError);
    await expect(read).rejects.toThrow(`sealed with key ${testKeyId}, but this server's key is ${otherId}`);

    const app = await appWithKey(OTHER_KEY);
    const res = await refresh(app);
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/Something went wrong on our side/);
    // The capacity port never breaks availability: it answers without the CRM, and says so.
    const { typeId } = await windowTheCrmCanTake();
    expect((await available(app, typeId)).crm).toBe("unavailable");
  });

  it("never appears in an answer of the API", async () => {
    const sealedNow = await stored();
    const crmAnswers = answers.filter((a) => /update-technicians-list|available/.test(a.url));
    expect(crmAnswers.length).toBeGreaterThanOrEqual(7);
    // And the lookup list the refresh fills, which every screen reads.
    const lookups = await t.app.inject({ method: "GET", url: "/api/app/lookup-list", headers: h(manager) });
    expect(lookups.statusCode).toBe(200);
    expect(lookups.body).toContain("technicians");
    for (const { url, body } of answers) {
      expect(body, url).not.toContain(SECRET);
      expect(body, url).not.toContain(sealedNow.split(":")[4]);
      expect(body, url).not.toContain(TEST_SECRETS_KEY);
      expect(body, url).not.toContain(OTHER_KEY);
    }
  });
});
