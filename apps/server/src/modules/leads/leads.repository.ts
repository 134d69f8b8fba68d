import { LEAD_GENERATOR_ROLE_IDS, LEAD_HISTORY_ACTIONS, type LeadHistoryAction } from "@fieldlead/contracts";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import {
  captureEntries,
  leadAnswers,
  leadConsents,
  leadHistory,
  leads,
  memberships,
  questionResponses,
  referenceItems,
  serviceTypeQuestions,
  stores,
  users,
} from "../../db/schema/index";
import type { Tx } from "../../platform/db";
import { type HistoryEntry, historyOf } from "../../platform/history";
import { type LeadRow, selectLeadRows } from "./lead-rows";

type Scope = { organizationId: number };
export type LeadInsert = Omit<typeof leads.$inferInsert, "id" | "organizationId">;
export type LeadUpdate = Partial<Omit<LeadInsert, "kind" | "source">>;
/** One entry of a lead's history (`entityId`: the lead); who and which organization come with the call. */
export type HistoryInsert = HistoryEntry<LeadHistoryAction>;
export type CaptureEntryInsert = Omit<typeof captureEntries.$inferInsert, "id" | "organizationId">;
export type ConsentValues = { destination: string; disclosureText: string; acceptedAt: Date };
export type { LeadRow };

/** The lead's story, written the one way every entity's history is (platform/history.ts). */
const leadHistoryLog = historyOf(leadHistory, "leadId", { actions: LEAD_HISTORY_ACTIONS });

/** History entries with the name of who made them. */
const historyRows = (exec: Tx) =>
  exec
    .select({
      id: leadHistory.id,
      action: leadHistory.action,
      at: leadHistory.at,
      userId: leadHistory.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      before: leadHistory.before,
      after: leadHistory.after,
      reason: leadHistory.reason,
    })
    .from(leadHistory)
    .leftJoin(users, eq(users.id, leadHistory.userId));

/** Reads and writes of leads, their answers, consents, history and capture entries, bound to the organization. */
/** The answers of a lead that has none yet (a lead just inserted). */
async function insertAnswers(
  tx: Tx,
  ctx: Scope,
  leadId: number,
  answers: { questionId: number; value: unknown }[],
) {
  if (answers.length === 0) return;
  await tx
    .insert(leadAnswers)
    .values(answers.map((a) => ({ organizationId: ctx.organizationId, leadId, ...a })));
}

export function leadsRepository() {
  return {
    async find(exec: Tx, ctx: Scope, id: number, opts: { includeDeleted?: boolean } = {}) {
      const [row] = await selectLeadRows(exec)
        .where(
          and(
            eq(leads.organizationId, ctx.organizationId),
            eq(leads.id, id),
            opts.includeDeleted ? undefined : isNull(leads.deletedAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The lead's row locked for the rest of the transaction (status and field changes are decided on it). */
    async lock(tx: Tx, ctx: Scope, id: number) {
      const [row] = await tx
        .select()
        .from(leads)
        .where(and(eq(leads.organizationId, ctx.organizationId), eq(leads.id, id)))
        .for("update");
      return row ?? null;
    },

    async store(exec: Tx, ctx: Scope, storeId: number) {
      const [row] = await exec
        .select({
          id: stores.id,
          name: stores.name,
          territoryId: stores.territoryId,
          timeZone: stores.timeZone,
          isActive: stores.isActive,
        })
        .from(stores)
        .where(and(eq(stores.organizationId, ctx.organizationId), eq(stores.id, storeId)));
      return row ?? null;
    },

    /** A lead generator (role 14 or 15) of the organization. */
    async leadGenerator(exec: Tx, ctx: Scope, userId: number) {
      const [row] = await exec
        .select({ userId: memberships.userId, isActive: memberships.isActive })
        .from(memberships)
        .where(
          and(
            eq(memberships.organizationId, ctx.organizationId),
            eq(memberships.userId, userId),
            inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
          ),
        );
      return row ?? null;
    },

    async referenceIds(exec: Tx, list: string): Promise<Set<number>> {
      const rows = await exec
        .select({ id: referenceItems.id })
        .from(referenceItems)
        .where(and(eq(referenceItems.list, list), eq(referenceItems.isActive, true)));
      return new Set(rows.map((r) => r.id));
    },

    async referenceNames(exec: Tx, list: string): Promise<Map<number, string>> {
      const rows = await exec
        .select({ id: referenceItems.id, name: referenceItems.name })
        .from(referenceItems)
        .where(eq(referenceItems.list, list));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async insert(tx: Tx, ctx: Scope, values: LeadInsert) {
      const [row] = await tx
        .insert(leads)
        .values({ ...values, organizationId: ctx.organizationId })
        .returning({ id: leads.id });
      return row.id;
    },

    async update(tx: Tx, ctx: Scope, id: number, values: LeadUpdate) {
      await tx
        .update(leads)
        .set(values)
        .where(and(eq(leads.organizationId, ctx.organizationId), eq(leads.id, id)));
    },

    /**
     * Earlier live leads of the organization with the same phone or email captured in [from, to], oldest
     * first. Serves the duplicate check from the (organization_id, phone) and (organization_id, email) indexes.
     */
    async duplicateCandidates(
      exec: Tx,
      ctx: Scope,
      q: { phone: string | null; email: string | null; from: Date; to: Date; excludeId?: number },
    ) {
      // One index lookup per key, joined by UNION ALL, not `phone = $1 OR email = $2`: the OR form's plan depends
      // on the statistics, and with stale ones (a table that grew since the last ANALYZE) PostgreSQL read every
      // lead of the organization through one of the two indexes, 14 ms at 20,000 leads (docs/benchmarks.md).
      const byKey = (column: "phone" | "email", value: string) =>
        sql`select d.id from ${leads} d where d.organization_id = ${ctx.organizationId} and d.deleted_at is null and d.${sql.raw(column)} = ${value}`;
      const match: SQL[] = [];
      if (q.phone) match.push(byKey("phone", q.phone));
      if (q.email) match.push(byKey("email", q.email));
      if (match.length === 0) return [];
      return selectLeadRows(exec)
        .where(
          and(
            eq(leads.organizationId, ctx.organizationId),
            isNull(leads.deletedAt),
            sql`${leads.id} in (${sql.join(match, sql` union all `)})`,
            gte(leads.capturedAt, q.from),
            lte(leads.capturedAt, q.to),
            q.excludeId ? ne(leads.id, q.excludeId) : undefined,
          ),
        )
        .orderBy(asc(leads.capturedAt), asc(leads.id))
        .limit(20);
    },

    /** Live leads linked to this one as its duplicates. */
    async linkedDuplicates(exec: Tx, ctx: Scope, leadId: number) {
      return selectLeadRows(exec)
        .where(
          and(
            eq(leads.organizationId, ctx.organizationId),
            eq(leads.duplicateOfLeadId, leadId),
            isNull(leads.deletedAt),
          ),
        )
        .orderBy(asc(leads.capturedAt))
        .limit(50);
    },

    /** Serializes captures of the same phone or email (duplicate check, then insert) across sessions. */
    async lockKeys(tx: Tx, ctx: Scope, keys: string[]) {
      const sorted = [...new Set(keys)].sort().map((key) => `lead:${ctx.organizationId}:${key}`);
      if (sorted.length === 0) return;
      // One round trip for all of them, taken in sorted order (the subquery's ORDER BY is the order the locks are
      // taken in), so two transactions locking the same keys never wait on each other in a cycle.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(k, 0))
            from (select k from unnest(${sql.param(sorted)}::text[]) as k order by k) as keys`,
      );
    },

    async answers(exec: Tx, ctx: Scope, leadId: number) {
      return exec
        .select({
          questionId: leadAnswers.questionId,
          value: leadAnswers.value,
          questionText: serviceTypeQuestions.text,
          dataTypeId: serviceTypeQuestions.dataTypeId,
          fieldTypeId: serviceTypeQuestions.fieldTypeId,
          sortOrder: serviceTypeQuestions.sortOrder,
        })
        .from(leadAnswers)
        .innerJoin(serviceTypeQuestions, eq(serviceTypeQuestions.id, leadAnswers.questionId))
        .where(and(eq(leadAnswers.organizationId, ctx.organizationId), eq(leadAnswers.leadId, leadId)))
        .orderBy(asc(serviceTypeQuestions.sortOrder), asc(serviceTypeQuestions.id));
    },

    async responsesOf(exec: Tx, ctx: Scope, questionIds: number[]) {
      if (questionIds.length === 0) return [];
      return exec
        .select({
          id: questionResponses.id,
          questionId: questionResponses.questionId,
          text: questionResponses.text,
        })
        .from(questionResponses)
        .where(
          and(
            eq(questionResponses.organizationId, ctx.organizationId),
            inArray(questionResponses.questionId, questionIds),
          ),
        );
    },

    async storedAnswers(exec: Tx, ctx: Scope, leadId: number) {
      return exec
        .select({ questionId: leadAnswers.questionId, value: leadAnswers.value })
        .from(leadAnswers)
        .where(and(eq(leadAnswers.organizationId, ctx.organizationId), eq(leadAnswers.leadId, leadId)))
        .orderBy(asc(leadAnswers.questionId));
    },

    async replaceAnswers(
      tx: Tx,
      ctx: Scope,
      leadId: number,
      answers: { questionId: number; value: unknown }[],
    ) {
      await tx
        .delete(leadAnswers)
        .where(and(eq(leadAnswers.organizationId, ctx.organizationId), eq(leadAnswers.leadId, leadId)));
      await insertAnswers(tx, ctx, leadId, answers);
    },

    insertAnswers,

    async consents(exec: Tx, ctx: Scope, leadId: number) {
      return exec
        .select({
          destination: leadConsents.destination,
          disclosureText: leadConsents.disclosureText,
          acceptedAt: leadConsents.acceptedAt,
        })
        .from(leadConsents)
        .where(and(eq(leadConsents.organizationId, ctx.organizationId), eq(leadConsents.leadId, leadId)))
        .orderBy(asc(leadConsents.destination));
    },

    async upsertConsents(
      tx: Tx,
      ctx: Scope,
      leadId: number,
      consents: ConsentValues[],
      userId: number | null,
    ) {
      for (const c of consents) {
        const values = {
          disclosureText: c.disclosureText,
          acceptedAt: c.acceptedAt,
          recordedByUserId: userId,
          recordedAt: new Date(),
        };
        await tx
          .insert(leadConsents)
          .values({
            organizationId: ctx.organizationId,
            leadId,
            destination: c.destination as "crm",
            ...values,
          })
          .onConflictDoUpdate({
            target: [leadConsents.organizationId, leadConsents.leadId, leadConsents.destination],
            set: values,
          });
      }
    },

    /** History rows of the scope's person (`userId: null`: a shopper, a program's feed), in the caller's `tx`. */
    addHistory: leadHistoryLog.write,

    /** The lead's story, newest first. */
    async history(exec: Tx, ctx: Scope, leadId: number) {
      return historyRows(exec)
        .where(and(eq(leadHistory.organizationId, ctx.organizationId), eq(leadHistory.leadId, leadId)))
        .orderBy(desc(leadHistory.at), desc(leadHistory.id));
    },

    /**
     * The newest entry of one action by one person on the lead: read back in the transaction that wrote it, on
     * the locked lead, it is the one just written (history's writer answers no ids).
     */
    async latestHistory(
      tx: Tx,
      ctx: Scope,
      leadId: number,
      of: { action: LeadHistoryAction; userId: number },
    ) {
      const [row] = await historyRows(tx)
        .where(
          and(
            eq(leadHistory.organizationId, ctx.organizationId),
            eq(leadHistory.leadId, leadId),
            eq(leadHistory.action, of.action),
            eq(leadHistory.userId, of.userId),
          ),
        )
        .orderBy(desc(leadHistory.id))
        .limit(1);
      return row ?? null;
    },

    async insertCaptureEntry(exec: Tx, ctx: Scope, values: CaptureEntryInsert) {
      const [row] = await exec
        .insert(captureEntries)
        .values({ ...values, organizationId: ctx.organizationId })
        .returning({ id: captureEntries.id });
      return row.id;
    },

    async captureEntryId(exec: Tx, ctx: Scope, leadId: number) {
      const [row] = await exec
        .select({ id: captureEntries.id })
        .from(captureEntries)
        .where(
          and(
            eq(captureEntries.organizationId, ctx.organizationId),
            isNotNull(captureEntries.leadId),
            eq(captureEntries.leadId, leadId),
          ),
        )
        .orderBy(asc(captureEntries.id))
        .limit(1);
      return row?.id ?? null;
    },
  };
}

export type LeadsRepository = ReturnType<typeof leadsRepository>;
