import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/platform/db";
import { freshDatabase } from "./harness";

/**
 * Tenancy in the database (docs/decisions/0022-tenancy-in-the-database.md): every reference from one tenant table
 * to another is `(organization_id, x_id)`, so the database itself refuses a row of one organization pointing at
 * another's row, whatever the code above it does. Direct SQL, beside the API tests of docs/decisions/0003.
 */

let d: Database;
/** The rows of one organization that other rows point at. */
type Rows = {
  org: number;
  territory: number;
  store: number;
  serviceType: number;
  question: number;
  membership: number;
  lead: number;
};
let a: Rows;
let b: Rows;

async function one(text: string, values: unknown[] = []) {
  const r = await d.executeSql(text, values);
  // Lead ids are bigint: node-postgres reads them as strings, PGlite as numbers.
  return Number((r.rows[0] as { id: number | string }).id);
}

async function organization(name: string, userId: number): Promise<Rows> {
  const org = await one("insert into organizations (uid, name) values ($1, $2) returning id", [
    `tk-${name}`,
    name,
  ]);
  const territory = await one(
    "insert into territories (organization_id, name) values ($1, 'North') returning id",
    [org],
  );
  const store = await one(
    "insert into stores (organization_id, territory_id, name, time_zone) values ($1, $2, 'Costco', 'America/New_York') returning id",
    [org, territory],
  );
  const serviceType = await one(
    "insert into service_types (organization_id, name) values ($1, 'HVAC') returning id",
    [org],
  );
  const question = await one(
    "insert into service_type_questions (organization_id, service_type_id, text, data_type_id, field_type_id) values ($1, $2, 'Age?', 2, 1) returning id",
    [org, serviceType],
  );
  const membership = await one(
    "insert into memberships (organization_id, user_id, role_id) values ($1, $2, 14) returning id",
    [org, userId],
  );
  const lead = await one(
    "insert into leads (organization_id, kind, source, store_id, captured_at, first_name, last_name) values ($1, 'internal', 'app', $2, now(), 'Pat', 'Shopper') returning id",
    [org, store],
  );
  return { org, territory, store, serviceType, question, membership, lead };
}

/**
 * Runs one statement in a transaction that is rolled back: the error code and message PostgreSQL refused it with,
 * or undefined when it was accepted. The values are ids (numbers), written into the statement.
 */
async function attempt(text: string, values: unknown[]) {
  const statement = text.replace(/\$(\d+)/g, (_m, n: string) => String(Number(values[Number(n) - 1])));
  try {
    await d.db.transaction(async (tx) => {
      await tx.execute(sql.raw(statement));
      tx.rollback();
    });
  } catch (err) {
    if (err instanceof TransactionRollbackError) return undefined;
    // drizzle wraps the driver's error as its `cause`.
    const e = err as { code?: string; message: string; cause?: { code?: string; message: string } };
    const pg = e.code ? e : (e.cause ?? e);
    return { code: pg.code, message: pg.message };
  }
  throw new Error("the transaction was not rolled back");
}

beforeAll(async () => {
  d = await freshDatabase();
  const user = await one(
    "insert into users (uid, email, first_name, last_name) values ('tk-user', 'tk@keys.test', 'Tess', 'Keys') returning id",
  );
  a = await organization("Keys A", user);
  b = await organization("Keys B", user);
});
afterAll(() => d?.close());

/**
 * One row per tenant key: a statement writing a row of organization A, given the rows it points at. Run with A's
 * own rows it is accepted; with B's, refused by the named key.
 */
const cases: [constraint: string, statement: string, values: (own: Rows, other: Rows) => unknown[]][] = [
  [
    "leads_store_id_tenant_fk",
    "insert into leads (organization_id, kind, source, store_id, captured_at, first_name, last_name) values ($1, 'internal', 'app', $2, now(), 'X', 'Y')",
    (o, x) => [o.org, x.store],
  ],
  [
    "leads_territory_id_tenant_fk",
    "insert into leads (organization_id, kind, source, territory_id, captured_at, first_name, last_name) values ($1, 'internal', 'app', $2, now(), 'X', 'Y')",
    (o, x) => [o.org, x.territory],
  ],
  [
    "leads_service_type_id_tenant_fk",
    "insert into leads (organization_id, kind, source, service_type_id, captured_at, first_name, last_name) values ($1, 'internal', 'app', $2, now(), 'X', 'Y')",
    (o, x) => [o.org, x.serviceType],
  ],
  [
    "leads_duplicate_of_lead_id_tenant_fk",
    "insert into leads (organization_id, kind, source, duplicate_of_lead_id, captured_at, first_name, last_name) values ($1, 'internal', 'app', $2, now(), 'X', 'Y')",
    (o, x) => [o.org, x.lead],
  ],
  [
    "lead_answers_lead_id_tenant_fk",
    "insert into lead_answers (organization_id, lead_id, question_id, value) values ($1, $2, $3, '1')",
    (o, x) => [o.org, x.lead, o.question],
  ],
  [
    "lead_answers_question_id_tenant_fk",
    // A lead of its own each time: the answer's primary key is (organization, lead, question).
    "with l as (insert into leads (organization_id, kind, source, captured_at, first_name, last_name) values ($1, 'internal', 'app', now(), 'X', 'Y') returning id) insert into lead_answers (organization_id, lead_id, question_id, value) select $1, l.id, $2, '1' from l",
    (o, x) => [o.org, x.question],
  ],
  [
    "lead_consents_lead_id_tenant_fk",
    "insert into lead_consents (organization_id, lead_id, destination, disclosure_text, accepted_at) values ($1, $2, 'crm', 'ok', now())",
    (o, x) => [o.org, x.lead],
  ],
  [
    "lead_history_lead_id_tenant_fk",
    "insert into lead_history (organization_id, lead_id, action) values ($1, $2, 'edit')",
    (o, x) => [o.org, x.lead],
  ],
  [
    "capture_entries_store_id_tenant_fk",
    "insert into capture_entries (organization_id, source, store_id, payload, outcome) values ($1, 'app', $2, '{}', 'invalid')",
    (o, x) => [o.org, x.store],
  ],
  [
    "capture_entries_territory_id_tenant_fk",
    "insert into capture_entries (organization_id, source, territory_id, payload, outcome) values ($1, 'app', $2, '{}', 'invalid')",
    (o, x) => [o.org, x.territory],
  ],
  [
    "capture_entries_lead_id_tenant_fk",
    "insert into capture_entries (organization_id, source, lead_id, payload, outcome) values ($1, 'app', $2, '{}', 'lead')",
    (o, x) => [o.org, x.lead],
  ],
  [
    "stores_territory_id_tenant_fk",
    "insert into stores (organization_id, territory_id, name, time_zone) values ($1, $2, 'Ghost', 'UTC')",
    (o, x) => [o.org, x.territory],
  ],
  [
    "service_type_questions_service_type_id_tenant_fk",
    "insert into service_type_questions (organization_id, service_type_id, text, data_type_id, field_type_id) values ($1, $2, 'Q?', 1, 1)",
    (o, x) => [o.org, x.serviceType],
  ],
  [
    "question_responses_question_id_tenant_fk",
    "insert into question_responses (organization_id, question_id, text) values ($1, $2, 'Yes')",
    (o, x) => [o.org, x.question],
  ],
  [
    "business_contacts_territory_id_tenant_fk",
    "insert into business_contacts (organization_id, territory_id, name, email) values ($1, $2, 'C', 'c@keys.test')",
    (o, x) => [o.org, x.territory],
  ],
  [
    "membership_territories_membership_id_tenant_fk",
    "insert into membership_territories (organization_id, membership_id, territory_id) values ($1, $2, $3)",
    (o, x) => [o.org, x.membership, o.territory],
  ],
  [
    "membership_territories_territory_id_tenant_fk",
    "insert into membership_territories (organization_id, membership_id, territory_id) values ($1, $2, $3)",
    (o, x) => [o.org, o.membership, x.territory],
  ],
  [
    "membership_stores_membership_id_tenant_fk",
    "insert into membership_stores (organization_id, membership_id, store_id) values ($1, $2, $3)",
    (o, x) => [o.org, x.membership, o.store],
  ],
  [
    "membership_stores_store_id_tenant_fk",
    "insert into membership_stores (organization_id, membership_id, store_id) values ($1, $2, $3)",
    (o, x) => [o.org, o.membership, x.store],
  ],
];

describe("the database refuses a row pointing at another organization's row", () => {
  it("refuses a lead of one organization pointing at another's store (23503)", async () => {
    const insert =
      "insert into leads (organization_id, kind, source, store_id, captured_at, first_name, last_name) values ($1, 'internal', 'app', $2, now(), 'Cross', 'Org') returning id";
    // A plain statement, as any client would send it.
    const err = await d.executeSql(insert, [a.org, b.store]).then(
      () => undefined,
      (e: { code?: string; message: string; cause?: { code?: string; message: string } }) =>
        e.code ? e : (e.cause ?? e),
    );
    expect(err?.code).toBe("23503");
    expect(err?.message).toContain('violates foreign key constraint "leads_store_id_tenant_fk"');
    const n = await d.executeSql("select count(*)::int as n from leads where first_name = 'Cross'", []);
    expect(n.rows[0]).toEqual({ n: 0 });
    // The same statement with the organization's own store is accepted.
    expect(await one(insert, [a.org, a.store])).toBeGreaterThan(0);
  });

  it.each(cases)(
    "%s: refused across organizations, accepted within one",
    async (constraint, statement, values) => {
      // Organization B's row first: the refusal must come from the organization, not from anything else.
      const refused = await attempt(statement, values(a, b));
      expect(refused, `${constraint} accepted a row of A pointing at B's row`).toBeDefined();
      expect(refused?.code, refused?.message).toBe("23503");
      expect(refused?.message).toContain(`"${constraint}"`);
      expect(await attempt(statement, values(a, a))).toBeUndefined();
    },
  );

  it("refuses moving a reference to another organization's row by UPDATE", async () => {
    const refused = await attempt("update leads set store_id = $1 where id = $2", [b.store, a.lead]);
    expect(refused?.code).toBe("23503");
    expect(refused?.message).toContain("leads_store_id_tenant_fk");
    // Nor by moving the row to the other organization while it points at this one's store.
    const moved = await attempt("update leads set organization_id = $1 where id = $2", [b.org, a.lead]);
    expect(moved?.code).toBe("23503");
  });

  it("does not check a null reference (MATCH SIMPLE), as before", async () => {
    expect(
      await attempt(
        "insert into leads (organization_id, kind, source, store_id, territory_id, captured_at, first_name, last_name) values ($1, 'external', 'web', null, null, now(), 'No', 'Store')",
        [a.org],
      ),
    ).toBeUndefined();
  });

  it("still deletes a membership's territories and stores with it (ON DELETE CASCADE)", async () => {
    const u = await one(
      "insert into users (uid, email, first_name, last_name) values ('tk-user-2', 'tk2@keys.test', 'Tom', 'Keys') returning id",
    );
    const m = await one(
      "insert into memberships (organization_id, user_id, role_id) values ($1, $2, 15) returning id",
      [b.org, u],
    );
    await d.executeSql(
      "insert into membership_territories (organization_id, membership_id, territory_id) values ($1, $2, $3)",
      [b.org, m, b.territory],
    );
    await d.executeSql(
      "insert into membership_stores (organization_id, membership_id, store_id) values ($1, $2, $3)",
      [b.org, m, b.store],
    );
    await d.executeSql("delete from memberships where id = $1", [m]);
    const left = await d.executeSql(
      "select (select count(*) from membership_territories where membership_id = $1)::int as t, (select count(*) from membership_stores where membership_id = $1)::int as s",
      [m],
    );
    expect(left.rows[0]).toEqual({ t: 0, s: 0 });
  });
});

type ForeignKey = {
  name: string;
  fromTable: string;
  toTable: string;
  columns: string[];
  foreignColumns: string[];
  validated: boolean;
};

/** Every foreign key from a table having `organization_id` to a table having `organization_id` (itself included). */
async function tenantForeignKeys(): Promise<ForeignKey[]> {
  const r = await d.executeSql(
    `with tenant as (
       select c.oid from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped
       where n.nspname = 'public' and c.relkind in ('r', 'p')
     )
     select con.conname as name, con.conrelid::regclass::text as from_table,
       con.confrelid::regclass::text as to_table, con.convalidated as validated,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i) as columns,
       array(select a.attname::text from unnest(con.confkey) with ordinality k(num, i)
             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i) as foreign_columns
     from pg_constraint con
     where con.contype = 'f' and con.conrelid in (select oid from tenant) and con.confrelid in (select oid from tenant)
     order by 2, 1`,
    [],
  );
  // node-postgres reads name[] and text[] as arrays; read a '{a,b}' string too, to be safe.
  const list = (v: string[] | string) => (Array.isArray(v) ? v : v.replace(/[{}]/g, "").split(","));
  return (
    r.rows as {
      name: string;
      from_table: string;
      to_table: string;
      validated: boolean;
      columns: string[] | string;
      foreign_columns: string[] | string;
    }[]
  ).map((x) => ({
    name: x.name,
    fromTable: x.from_table,
    toTable: x.to_table,
    columns: list(x.columns),
    foreignColumns: list(x.foreign_columns),
    validated: x.validated,
  }));
}

/** What is wrong with a reference between tenant tables, if anything (undefined: a validated tenant key). */
function tenantKeyProblem(fk: ForeignKey): string | undefined {
  const where = `${fk.name}: ${fk.fromTable} (${fk.columns.join(", ")}) -> ${fk.toTable} (${fk.foreignColumns.join(", ")})`;
  const org = fk.columns.indexOf("organization_id");
  if (fk.columns.length < 2 || org < 0 || fk.foreignColumns[org] !== "organization_id")
    return `${where} is not (organization_id, x_id) -> (organization_id, id): use tenantKey() (db/schema/organizations.ts)`;
  if (!fk.validated) return `${where} is NOT VALID: validate it (ALTER TABLE ... VALIDATE CONSTRAINT)`;
  return undefined;
}

describe("the schema", () => {
  it("makes every reference between tenant tables an (organization_id, x_id) key, validated", async () => {
    const keys = await tenantForeignKeys();
    // The 19 of migration 0006 at least: the query finds them (it does not pass for finding nothing).
    expect(keys.length).toBeGreaterThanOrEqual(19);
    expect(keys.map(tenantKeyProblem).filter(Boolean)).toEqual([]);
    for (const c of cases) expect(keys.map((k) => k.name)).toContain(c[0]);
  });

  it("would catch a new table whose reference forgets the organization, or a key left NOT VALID", async () => {
    await d.executeSql(
      "create table tk_notes (id serial primary key, organization_id integer not null, lead_id bigint references leads (id))",
      [],
    );
    // NOT VALID is ignored in CREATE TABLE: added afterwards, as a migration would.
    await d.executeSql(
      "create table tk_tags (organization_id integer not null, store_id integer not null)",
      [],
    );
    await d.executeSql(
      "alter table tk_tags add constraint tk_tags_store_fk foreign key (organization_id, store_id) references stores (organization_id, id) not valid",
      [],
    );
    try {
      const problems = (await tenantForeignKeys()).map(tenantKeyProblem).filter(Boolean);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^tk_notes_lead_id_fkey: tk_notes \(lead_id\) -> leads \(id\) is not/);
      expect(problems[1]).toMatch(/^tk_tags_store_fk: .* is NOT VALID/);
    } finally {
      await d.executeSql("drop table tk_notes", []);
      await d.executeSql("drop table tk_tags", []);
    }
  });
});
