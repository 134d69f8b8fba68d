import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, testDatabaseKind } from "../../test/harness";
import type { Database, Tx } from "./db";
import { MAX_PER_CONNECTION, withPreparedStatements } from "./prepared-statements";
import { type UnitOfWork, unitOfWork } from "./unit-of-work";

let database: Database;
let uow: UnitOfWork;
beforeAll(async () => {
  database = await freshDatabase();
  uow = unitOfWork(database);
});
afterAll(() => database?.close());

/** The rows of a statement run through `exec`. */
const all = async <T>(exec: Tx, q: SQL) => ((await exec.execute(q)) as unknown as { rows: T[] }).rows;
/** The statements this connection has prepared whose text contains `marker`. */
const preparedWith = async (tx: Tx, marker: string) =>
  (
    await all<{ n: number }>(
      tx,
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${marker}%`}`,
    )
  )[0].n;

describe("prepared statements", () => {
  it("gives the same answers inside and outside the scope", async () => {
    const read = () =>
      all<{ n: number; t: string }>(uow.read, sql`select ${41}::int + 1 as n, ${"text"}::text as t`);
    const outside = await read();
    const inside = await withPreparedStatements(read);
    const again = await withPreparedStatements(read);
    expect(inside).toEqual(outside);
    expect(again).toEqual([{ n: 42, t: "text" }]);
  });

  it.runIf(testDatabaseKind === "postgres")(
    "prepares a connection's parameterized statements inside the scope only, once per text",
    async () => {
      await uow.run(async (tx) => {
        await tx.execute(sql`select ${1}::int as n /* outside-scope */`);
        expect(await preparedWith(tx, "outside-scope")).toBe(0);
        await withPreparedStatements(async () => {
          for (let i = 0; i < 3; i++) await tx.execute(sql`select ${i}::int as n /* inside-scope */`);
          // No parameters: nothing to plan for other values, so it is left unnamed.
          await tx.execute(sql`select 1 as n /* no-parameters */`);
        });
        expect(await preparedWith(tx, "inside-scope")).toBe(1);
        expect(await preparedWith(tx, "no-parameters")).toBe(0);
      });
    },
  );

  it.runIf(testDatabaseKind === "postgres")(
    `keeps at most ${MAX_PER_CONNECTION} per connection and runs the rest unnamed`,
    async () => {
      await uow.run(async (tx) => {
        const answers = await withPreparedStatements(async () => {
          const out: number[] = [];
          for (let i = 0; i < MAX_PER_CONNECTION + 20; i++) {
            const r = (await tx.execute(
              sql`select ${i}::int as n /* ${sql.raw(`capped-${i}`)} */`,
            )) as unknown as {
              rows: { n: number }[];
            };
            out.push(r.rows[0].n);
          }
          return out;
        });
        expect(answers.at(-1)).toBe(MAX_PER_CONNECTION + 19);
        const n = await preparedWith(tx, "capped-");
        expect(n).toBeGreaterThan(0);
        expect(n).toBeLessThanOrEqual(MAX_PER_CONNECTION);
      });
    },
  );
});
