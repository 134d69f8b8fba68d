import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailMessages, organizations } from "../db/schema/index";
import { type Database, openDatabase } from "./db";
import { RootQueryInTransaction, type UnitOfWork, unitOfWork } from "./unit-of-work";

// The embedded database, with the tripwire asked for explicitly (it is also the default outside production).
let database: Database;
let uow: UnitOfWork;
beforeAll(async () => {
  database = await openDatabase({ inMemory: true, tripwire: true });
  await database.migrate();
  uow = unitOfWork(database);
});
afterAll(() => database?.close());

/** Fails instead of hanging when a promise never settles (what a root query inside a transaction did). */
function within<T>(p: Promise<T>, ms = 5_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** What a query gives or throws, thrown at once or rejected later. */
const settle = (query: () => unknown) => (async () => query())().catch((err: unknown) => err);

const organizationsNamed = async (name: string) =>
  (await uow.read.select({ n: count() }).from(organizations).where(eq(organizations.name, name)))[0].n;
const mailTo = async (to: string) =>
  (await uow.read.select({ n: count() }).from(mailMessages).where(eq(mailMessages.to, to)))[0].n;

describe("the unit of work on the embedded database", () => {
  it("throws 'use the transaction's executor' at once for a root-handle query inside an open transaction", async () => {
    const seen: unknown[] = [];
    const result = await within(
      uow.run(async (tx) => {
        const [mine] = await tx
          .execute(sql`select 1 as one`)
          .then((r) => (r as unknown as { rows: unknown[] }).rows);
        for (const attempt of [
          () => uow.read.select({ n: count() }).from(organizations),
          () => uow.read.execute(sql`select 1`),
          () => database.executeSql("select 1"),
          () => database.executeSql("select $1::int as n", [1]),
          () => uow.read.transaction(async () => undefined),
        ]) {
          seen.push(await settle(attempt));
        }
        return mine;
      }),
    );
    expect(result).toEqual({ one: 1 });
    expect(seen).toHaveLength(5);
    for (const err of seen) {
      expect(err).toBeInstanceOf(RootQueryInTransaction);
      expect((err as Error).message).toBe("use the transaction's executor");
    }
  });

  it("stops a query built outside the transaction and run inside it, at the client", async () => {
    const built = uow.read.select({ n: count() }).from(organizations);
    const err = await within(uow.run(async () => settle(() => built)));
    // Drizzle wraps what the client throws in its own "Failed query" error; the cause says what to do.
    expect(((err as Error).cause as Error).message).toBe("use the transaction's executor");
    expect(await within(built)).toEqual([{ n: expect.any(Number) }]);
  });

  it("runs the transaction's own queries, and root queries again once it has committed", async () => {
    const name = `Committed ${Date.now()}`;
    const id = await within(
      uow.run(async (tx) => {
        const [row] = await tx
          .insert(organizations)
          .values({ uid: "uow-commit", name, timeZone: "America/New_York" })
          .returning({ id: organizations.id });
        // The transaction sees its own write.
        const [inside] = await tx
          .select({ n: count() })
          .from(organizations)
          .where(eq(organizations.name, name));
        expect(inside.n).toBe(1);
        return row.id;
      }),
    );
    expect(id).toBeGreaterThan(0);
    expect(await within(organizationsNamed(name))).toBe(1);
    const r = await within(
      database.executeSql("select count(*)::int as n from organizations where name = $1", [name]),
    );
    expect(r.rows[0]).toEqual({ n: 1 });
  });

  it("lets another caller's root query wait for the transaction instead of refusing it", async () => {
    const name = `Waited for ${Date.now()}`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const writing = uow.run(async (tx) => {
      await tx.insert(organizations).values({ uid: "uow-wait", name, timeZone: "America/New_York" });
      inserted();
      await gate;
    });
    await written;
    // Not inside the transaction: this query queues behind it and sees the committed row.
    const reading = organizationsNamed(name);
    release();
    await within(writing);
    expect(await within(reading)).toBe(1);
  });

  it("rolls back a business row and the row written with it when the function throws", async () => {
    const name = `Rolled back ${Date.now()}`;
    const to = `rollback-${Date.now()}@test.local`;
    const failure = new Error("the booking failed after both writes");
    await expect(
      within(
        uow.run(async (tx) => {
          await tx.insert(organizations).values({ uid: "uow-rollback", name, timeZone: "America/New_York" });
          // Work that must follow the business change is a row of the same transaction (an outbox).
          await tx
            .insert(mailMessages)
            .values({ to, subject: "Welcome", text: "Hello", transport: "mailbox" });
          expect(await tx.select({ n: count() }).from(mailMessages).where(eq(mailMessages.to, to))).toEqual([
            { n: 1 },
          ]);
          throw failure;
        }),
      ),
    ).rejects.toBe(failure);
    expect(await organizationsNamed(name)).toBe(0);
    expect(await mailTo(to)).toBe(0);
  });

  it("makes a run inside a run a savepoint: it rolls back alone, or with the outer transaction", async () => {
    const stamp = Date.now();
    await within(
      uow.run(async (tx) => {
        await tx
          .insert(mailMessages)
          .values({ to: `outer-${stamp}@t`, subject: "s", text: "t", transport: "mailbox" });
        await uow
          .run(async (inner) => {
            await inner
              .insert(mailMessages)
              .values({ to: `inner-${stamp}@t`, subject: "s", text: "t", transport: "mailbox" });
            throw new Error("inner fails");
          })
          .catch(() => undefined);
        // Still inside the outer transaction: the tripwire still holds after the savepoint.
        expect(await settle(() => uow.read.select({ n: count() }).from(mailMessages))).toBeInstanceOf(
          RootQueryInTransaction,
        );
      }),
    );
    expect(await mailTo(`outer-${stamp}@t`)).toBe(1);
    expect(await mailTo(`inner-${stamp}@t`)).toBe(0);

    await expect(
      within(
        uow.run(async () => {
          await uow.run((inner) =>
            inner
              .insert(mailMessages)
              .values({ to: `nested-${stamp}@t`, subject: "s", text: "t", transport: "mailbox" }),
          );
          throw new Error("outer fails after the inner run committed its savepoint");
        }),
      ),
    ).rejects.toThrow("outer fails");
    expect(await mailTo(`nested-${stamp}@t`)).toBe(0);
  });
});
