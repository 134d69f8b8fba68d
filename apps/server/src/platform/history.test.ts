import { LEAD_HISTORY_ACTIONS } from "@fieldlead/contracts";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/harness";
import { leadHistory, leads, organizations } from "../db/schema/index";
import type { Database } from "./db";
import { changes, HistoryOutsideTransaction, historyOf, sameValue } from "./history";
import { type UnitOfWork, unitOfWork } from "./unit-of-work";

let database: Database;
let uow: UnitOfWork;
let organizationId: number;
const history = historyOf(leadHistory, "leadId", { actions: LEAD_HISTORY_ACTIONS });

beforeAll(async () => {
  database = await freshDatabase();
  uow = unitOfWork(database);
  organizationId = await uow.run(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ uid: "history-test", name: "History test", timeZone: "America/New_York" })
      .returning({ id: organizations.id });
    return org.id;
  });
});
afterAll(() => database?.close());

const scope = () => ({ organizationId, userId: null });

async function newLead(tx: Parameters<Parameters<UnitOfWork["run"]>[0]>[0], lastName: string) {
  const [row] = await tx
    .insert(leads)
    .values({
      organizationId,
      kind: "external",
      source: "import",
      capturedAt: new Date(),
      firstName: "Hana",
      lastName,
    })
    .returning({ id: leads.id });
  return row.id;
}

const rowsOf = (leadId: number) =>
  uow.read
    .select()
    .from(leadHistory)
    .where(and(eq(leadHistory.organizationId, organizationId), eq(leadHistory.leadId, leadId)))
    .orderBy(asc(leadHistory.id));

describe("historyOf(table).write", () => {
  it("writes the rows in the unit of work, stamped with the organization and the person", async () => {
    const leadId = await uow.run(async (tx) => {
      const id = await newLead(tx, "Committed");
      await history.write(tx, scope(), [
        { entityId: id, action: "created", after: { lastName: "Committed" } },
        {
          entityId: id,
          action: "rejected",
          before: { statusId: 1 },
          after: { statusId: 11 },
          reason: "invalidPhone",
        },
      ]);
      return id;
    });
    const rows = await rowsOf(leadId);
    expect(rows).toMatchObject([
      {
        organizationId,
        leadId,
        action: "created",
        userId: null,
        before: null,
        after: { lastName: "Committed" },
        reason: null,
      },
      { action: "rejected", before: { statusId: 1 }, after: { statusId: 11 }, reason: "invalidPhone" },
    ]);
    expect(rows[0].at).toBeInstanceOf(Date);
  });

  it("rolls back with the unit of work: the change and its history go together", async () => {
    let leadId = 0;
    const failed = await uow
      .run(async (tx) => {
        leadId = await newLead(tx, "Rolled back");
        await history.write(tx, scope(), [{ entityId: leadId, action: "created", after: { x: 1 } }]);
        // Visible inside the transaction...
        const inside = await tx.select().from(leadHistory).where(eq(leadHistory.leadId, leadId));
        expect(inside).toHaveLength(1);
        throw new Error("boom");
      })
      .catch((err: Error) => err);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toBe("boom");
    // ...and gone with the lead once it rolled back.
    expect(leadId).toBeGreaterThan(0);
    expect(await rowsOf(leadId)).toEqual([]);
    expect(await uow.read.select().from(leads).where(eq(leads.id, leadId))).toEqual([]);
  });

  it("rolls back alone in a nested unit of work (a savepoint) that throws", async () => {
    const leadId = await uow.run(async (tx) => {
      const id = await newLead(tx, "Savepoint");
      await history.write(tx, scope(), [{ entityId: id, action: "created" }]);
      await uow
        .run(async (inner) => {
          await history.write(inner, scope(), [{ entityId: id, action: "deleted" }]);
          throw new Error("inner");
        })
        .catch(() => undefined);
      return id;
    });
    expect((await rowsOf(leadId)).map((r) => r.action)).toEqual(["created"]);
  });

  it("refuses the root handle: history is written inside a unit of work or not at all", async () => {
    const leadId = await uow.run((tx) => newLead(tx, "Root"));
    await expect(
      history.write(uow.read, scope(), [{ entityId: leadId, action: "created" }]),
    ).rejects.toBeInstanceOf(HistoryOutsideTransaction);
    expect(await rowsOf(leadId)).toEqual([]);
  });

  it("refuses an action the entity's history does not know, writing none of the entries", async () => {
    const leadId = await uow.run((tx) => newLead(tx, "Unknown action"));
    const err = await uow
      .run((tx) =>
        history.write(tx, scope(), [
          { entityId: leadId, action: "created" },
          // @ts-expect-error: not one of LEAD_HISTORY_ACTIONS
          { entityId: leadId, action: "renamed" },
        ]),
      )
      .catch((e: Error) => e);
    expect((err as Error).message).toBe('Unknown history action "renamed".');
    expect(await rowsOf(leadId)).toEqual([]);
  });

  it("writes nothing for no entries", async () => {
    const leadId = await uow.run(async (tx) => {
      const id = await newLead(tx, "Nothing");
      await history.write(tx, scope(), []);
      return id;
    });
    expect(await rowsOf(leadId)).toEqual([]);
  });

  it("is typed against tables with the standard columns and their entity column", () => {
    // @ts-expect-error: organizationId is not the entity column
    expect(() => historyOf(leadHistory, "organizationId")).not.toThrow();
    // @ts-expect-error: leads is not a history table
    expect(() => historyOf(leads, "id")).not.toThrow();
  });
});

describe("changes", () => {
  const lead = {
    firstName: "Hana",
    lastName: "Lee",
    phone: "8085550001",
    email: null as string | null,
    capturedByUserId: 7,
    deletedAt: null as Date | null,
    answers: { 3: 12, 4: ["a", "b"] },
  };

  it("records only the fields that changed, before and after", () => {
    expect(changes(lead, { firstName: "Hana", lastName: "Kim", email: "h@example.com" })).toEqual({
      before: { lastName: "Lee", email: null },
      after: { lastName: "Kim", email: "h@example.com" },
    });
  });

  it("reads the second version as a patch: left out or undefined is unchanged, null is a value", () => {
    expect(changes(lead, { phone: undefined })).toBeNull();
    expect(changes(lead, { phone: null })).toEqual({
      before: { phone: "8085550001" },
      after: { phone: null },
    });
    expect(changes(lead, {})).toBeNull();
  });

  it("compares as JSON: dates by instant, objects in any key order, arrays in order", () => {
    const at = new Date("2025-03-01T12:00:00.000Z");
    expect(changes({ deletedAt: at }, { deletedAt: new Date(at.getTime()) })).toBeNull();
    expect(changes({ deletedAt: null }, { deletedAt: at })).toEqual({
      before: { deletedAt: null },
      after: { deletedAt: "2025-03-01T12:00:00.000Z" },
    });
    expect(changes(lead, { answers: { 4: ["a", "b"], 3: 12 } })).toBeNull();
    expect(changes(lead, { answers: { 3: 12, 4: ["b", "a"] } })).toEqual({
      before: { answers: lead.answers },
      after: { answers: { 3: 12, 4: ["b", "a"] } },
    });
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });

  it("limits the comparison to the fields given, and names them as the history shows them", () => {
    const patch = { lastName: "Kim", capturedByUserId: 9, notes: "not compared" };
    expect(changes(lead, patch, ["capturedByUserId"])).toEqual({
      before: { capturedByUserId: 7 },
      after: { capturedByUserId: 9 },
    });
    expect(changes(lead, patch, { capturedByUserId: "leadGeneratorId", lastName: "lastName" })).toEqual({
      before: { leadGeneratorId: 7, lastName: "Lee" },
      after: { leadGeneratorId: 9, lastName: "Kim" },
    });
  });

  it("leaves out of before a field the first version did not have", () => {
    expect(changes({ crm: { text: "a" } }, { crm: { text: "a" }, retailer: { text: "b" } })).toEqual({
      before: {},
      after: { retailer: { text: "b" } },
    });
  });
});
