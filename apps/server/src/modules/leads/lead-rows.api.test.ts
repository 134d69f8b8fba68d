import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { leads } from "../../db/schema/index";
import { readLeadRowsFlat, selectLeadRows } from "./lead-rows";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("lead rows read flat (exports)", () => {
  it("are the rows drizzle maps, value for value and type for type, on this database's driver", async () => {
    const db = t.database.db;
    const org = await t.orgId("Summit Home East");
    // A deleted lead, a revenue and a lead without its store or lead generator: every kind of value.
    const [first, second] = await db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.organizationId, org))
      .limit(2);
    await db
      .update(leads)
      .set({ revenue: 1234.5, deletedAt: new Date("2026-11-20T10:11:12.345Z"), storeId: null })
      .where(eq(leads.id, first.id));
    await db
      .update(leads)
      .set({ capturedByUserId: null, serviceTypeId: null })
      .where(eq(leads.id, second.id));

    const ids = (await db.select({ id: leads.id }).from(leads).where(eq(leads.organizationId, org))).map(
      (r) => r.id,
    );
    expect(ids.length).toBeGreaterThan(10);
    const mapped = await selectLeadRows(db).where(inArray(leads.id, ids));
    const flat = await readLeadRowsFlat(db, sql`${leads.id} = any(${sql.param(ids)}::bigint[])`);
    const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
    expect(byId(flat)).toEqual(byId(mapped));
    const one = flat.find((r) => r.id === first.id);
    expect(one?.revenue).toBe(1234.5);
    expect(one?.deletedAt).toEqual(new Date("2026-11-20T10:11:12.345Z"));
    expect(one?.storeName).toBeNull();
    expect(typeof one?.id).toBe("number");
    expect(one?.capturedAt).toBeInstanceOf(Date);
  });
});
