import type { UserDetail } from "@fieldlead/contracts";
import pg from "pg";
import { type App, buildApp } from "../src/app";
import { applyReferenceData } from "../src/db/reference-data";
import { DEMO_PASSWORD, seedDemo } from "../src/db/seed";
import type { Config } from "../src/platform/config";
import { type Database, openDatabase } from "../src/platform/db";
import type { Mailer } from "../src/platform/mail";

/** The database the suite runs on: embedded (PGlite in memory) by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

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
    ...overrides,
  };
}

/** A fresh, migrated database with the reference lists: a new PGlite, or a new database on the PostgreSQL server. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const d = await openDatabase({ inMemory: true });
    await d.migrate();
    await applyReferenceData(d.db);
    return d;
  }
  const name = `fl_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const d = await openDatabase({ databaseUrl: u.toString() });
  await d.migrate();
  await applyReferenceData(d.db);
  const close = d.close;
  d.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
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
  opts: { config?: Partial<Config>; seed?: boolean } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  if (opts.seed !== false) await seedDemo(database.db);
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
