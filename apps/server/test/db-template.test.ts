import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/platform/db";
import { createTestApp, freshDatabase, type TestApp } from "./harness";

// Each file's database is a copy of a template built once per run (docs/decisions/0017). A copy must be the
// database the seed left: a dump taken without a checkpoint starts by replaying WAL, which moves every sequence
// up to 32 ahead of its table (the next lead would be 690 after 657).

/** Every id sequence of the public schema whose next value is not right after its table's highest id. */
async function sequencesOffTheirTables(database: Database) {
  const owned = (
    await database.executeSql(
      `select s.oid::regclass::text as seq, t.oid::regclass::text as tbl, a.attname as col
         from pg_class s
         join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype in ('a', 'i')
         join pg_class t on t.oid = d.refobjid
         join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace
        order by 1`,
      [],
    )
  ).rows as { seq: string; tbl: string; col: string }[];
  const off: string[] = [];
  for (const o of owned) {
    const s = (await database.executeSql(`select last_value, is_called from ${o.seq}`, [])).rows[0] as {
      last_value: number | string;
      is_called: boolean;
    };
    const m = (await database.executeSql(`select coalesce(max("${o.col}"), 0) as max from ${o.tbl}`, []))
      .rows[0] as { max: number | string };
    // The seed only inserts, in one transaction: each sequence stops at its table's highest id.
    const used = s.is_called ? Number(s.last_value) : 0;
    if (used !== Number(m.max)) off.push(`${o.seq}: last value ${used}, highest ${o.tbl}.${o.col} ${m.max}`);
  }
  return { owned: owned.length, off };
}

describe("a test file's database", () => {
  let t: TestApp;
  let bare: Database;
  beforeAll(async () => {
    t = await createTestApp();
    bare = await freshDatabase();
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });

  it("holds the demo data with every sequence where the seed left it", async () => {
    const orgs = await t.database.executeSql("select count(*)::int as n from organizations", []);
    expect((orgs.rows[0] as { n: number }).n).toBeGreaterThan(1);
    const leads = await t.database.executeSql("select count(*)::int as n from leads", []);
    expect((leads.rows[0] as { n: number }).n).toBeGreaterThan(0);
    const { owned, off } = await sequencesOffTheirTables(t.database);
    expect(owned).toBeGreaterThan(10);
    expect(off).toEqual([]);
  });

  it("without the demo data holds the migrations and reference lists only", async () => {
    expect(await bare.isEmpty()).toBe(true);
    const roles = await bare.executeSql("select count(*)::int as n from roles", []);
    expect((roles.rows[0] as { n: number }).n).toBeGreaterThan(0);
    expect((await sequencesOffTheirTables(bare)).off).toEqual([]);
  });

  it("is the file's own: writes stay in it", async () => {
    await bare.executeSql(
      "insert into organizations (uid, name) values ('tpl-own-1', 'Only In This Copy')",
      [],
    );
    const other = await freshDatabase();
    try {
      expect(await other.isEmpty()).toBe(true);
    } finally {
      await other.close();
    }
  });
});
