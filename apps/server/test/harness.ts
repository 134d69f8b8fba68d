import type { UserDetail } from "@fieldlead/contracts";
import { inject } from "vitest";
import { type App, buildApp } from "../src/app";
import { applyReferenceData } from "../src/db/reference-data";
import { DEMO_PASSWORD, seedDemo } from "../src/db/seed";
import type { Config } from "../src/platform/config";
import { type Database, openDatabase } from "../src/platform/db";
import type { Mailer } from "../src/platform/mail";
import {
  createPostgresCopy,
  openPgliteCopy,
  openPostgresCopy,
  type TemplateKind,
  type Templates,
} from "./db-template";

/** The database the suite runs on: embedded (PGlite in memory) by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/**
 * The key tests seal secrets with (64 hex characters, as `SECRETS_KEY` takes it): given through the config, so no
 * test makes a key file in a data folder (decision 0038).
 */
export const TEST_SECRETS_KEY = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir: "/nonexistent",
    mailFrom: "FieldLead <no-reply@test.local>",
    publicUrl: "http://app.test",
    logLevel: "silent",
    seedDemo: "never",
    sessionHours: 12,
    trustProxy: false,
    rateLimitScale: 1000,
    webDist: "/nonexistent",
    secretsKey: TEST_SECRETS_KEY,
    ...overrides,
  };
}

/**
 * A fresh, migrated database with the reference lists: an in-memory PGlite, or a new database on the PostgreSQL
 * server, copied from the run's template (docs/decisions/0017).
 */
export async function freshDatabase(): Promise<Database> {
  return databaseFromTemplate("bare");
}

/** PostgreSQL only: a new database copied from the run's template, by URL (for a server started as a process). */
export async function freshPostgresUrl(kind: TemplateKind = "bare") {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("freshPostgresUrl needs TEST_DATABASE_URL");
  const templates = inject("dbTemplates") as Templates | undefined;
  return createPostgresCopy(url, templates?.[kind]);
}

/** A copy of a template built once per run by `db-template.setup.ts`; `seeded` holds the demo data. */
async function databaseFromTemplate(kind: TemplateKind): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const templates = inject("dbTemplates") as Templates | undefined;
  if (templates && url) return openPostgresCopy(url, templates[kind]);
  const copy = templates && !url ? await openPgliteCopy(templates[kind]) : undefined;
  if (copy) return copy;
  // Run without the server project's globalSetup (another vitest config), or its dump was pruned since (a long
  // watch session): build this file's database in place.
  const d = url ? await openPostgresCopy(url, undefined) : await openDatabase({ inMemory: true });
  await d.migrate();
  await applyReferenceData(d.db);
  if (kind === "seeded") await seedDemo(d.db);
  return d;
}

export type TestApp = {
  app: App;
  database: Database;
  mailer: Mailer;
  close: () => Promise<void>;
  /** Signs in and returns the headers a client sends on every call. */
  login: (email: string, password?: string, orgId?: number) => Promise<AuthHeaders>;
  orgId: (name: string) => Promise<number>;
  /**
   * Adds a person the way the product does (decision 0015): the upsert invites the email, the person accepts from
   * the emailed link (a new account gets `MEMBER_PASSWORD`, an existing one signs in with the demo password).
   * Returns the member as the inviting organization then reads them.
   */
  addMember: (headers: Record<string, string>, payload: Record<string, unknown>) => Promise<UserDetail>;
};

/** The password of accounts started by `addMember`. */
export const MEMBER_PASSWORD = "member-password-1";

export type AuthHeaders = {
  authorization: string;
  currentorganizationid: string;
  offset: string;
  token: string;
  userId: number;
};

/** A full app on a fresh database holding the demo data (two dealer organizations, every role). */
export async function createTestApp(
  opts: { config?: Partial<Config>; seed?: boolean; demoCrm?: boolean; destinations?: boolean } = {},
): Promise<TestApp> {
  const database = await databaseFromTemplate(opts.seed === false ? "bare" : "seeded");
  // The demo's CRM connection points at the simulator `npm start` serves (decision 0036); a test that wants a CRM
  // starts its own simulator and connects to it, so no test depends on what listens on that port here.
  if (opts.seed !== false && !opts.demoCrm)
    await database.executeSql("update crm_connections set is_active = false", []);
  // Likewise the demo's destinations (decision 0039): off, unless a test turns them on against its own simulators.
  if (opts.seed !== false && !opts.destinations)
    await database.executeSql("update destination_settings set is_enabled = false", []);
  const app = await buildApp({ config: testConfig(opts.config), database });
  await app.ready();
  const t: TestApp = {
    app,
    database,
    mailer: app.deps.mailer,
    async close() {
      await app.close();
      await database.close();
    },
    async login(email, password = DEMO_PASSWORD, orgId) {
      const res = await app.inject({
        method: "POST",
        url: "/api/account/login",
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return {
        authorization: `Bearer ${body.token}`,
        currentorganizationid: String(orgId ?? body.currentOrganizationId),
        offset: "0",
        token: body.token,
        userId: body.userId,
      };
    },
    async addMember(headers, payload) {
      const invited = await app.inject({ method: "POST", url: "/api/users/upsert", headers, payload });
      if (invited.statusCode !== 200) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
      const email = invited.json().invitation.email as string;
      await app.deps.mailer.idle();
      const mail = (await app.deps.mailer.list(50)).find((m) => m.to === email);
      const token = /\/invitations\/([A-Za-z0-9]+)/.exec(mail?.text ?? "")?.[1];
      if (!token) throw new Error(`no invitation mail to ${email}`);
      const info = (
        await app.inject({ method: "GET", url: `/api/account/invitation-links/${token}` })
      ).json();
      const accepted = await app.inject({
        method: "PUT",
        url: `/api/account/invitation-links/${token}/accept`,
        payload: info.hasAccount
          ? { password: DEMO_PASSWORD }
          : { password: MEMBER_PASSWORD, firstName: info.firstName, lastName: info.lastName },
      });
      if (accepted.statusCode !== 200)
        throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
      const read = await app.inject({ method: "GET", url: `/api/users/${accepted.json().userId}`, headers });
      if (read.statusCode !== 200)
        throw new Error(`read after accept failed: ${read.statusCode} ${read.body}`);
      return read.json();
    },
    async orgId(name) {
      const r = await database.executeSql("select id from organizations where name = $1", [name]);
      const row = r.rows[0] as { id: number } | undefined;
      if (!row) throw new Error(`no organization ${name}`);
      return row.id;
    },
  };
  return t;
}

/** The headers of an AuthHeaders object, without the helper fields. */
export function h(a: AuthHeaders, extra: Record<string, string> = {}) {
  return {
    authorization: a.authorization,
    currentorganizationid: a.currentorganizationid,
    offset: a.offset,
    ...extra,
  };
}

/**
 * What the modules' test kits share: signing in once per person (and organization, by name), raw rows by SQL, and
 * ids by email or name.
 */
export function sessionKit(t: () => TestApp) {
  const sessions = new Map<string, AuthHeaders>();
  /** Signs in once per person (and organization, by name). */
  const as = async (email: string, orgName?: string) => {
    const key = `${email}|${orgName ?? ""}`;
    let a = sessions.get(key);
    if (!a) {
      a = await t().login(email, undefined, orgName ? await t().orgId(orgName) : undefined);
      sessions.set(key, a);
    }
    return a;
  };
  const rows = async <T>(text: string, params: unknown[] = []) =>
    (await t().database.executeSql(text, params)).rows as T[];
  /** The first row; throws when there is none. */
  const one = async <T>(text: string, params: unknown[] = []) => {
    const [row] = await rows<T>(text, params);
    if (!row) throw new Error(`nothing for ${text} ${JSON.stringify(params)}`);
    return row;
  };
  const idBy = async (text: string, value: string) => Number((await one<{ id: number }>(text, [value])).id);
  return {
    as,
    rows,
    one,
    userId: (email: string) => idBy("select id from users where lower(email) = lower($1)", email),
    storeId: (name: string) => idBy("select id from stores where name = $1", name),
    territoryId: (name: string) => idBy("select id from territories where name = $1", name),
  };
}
