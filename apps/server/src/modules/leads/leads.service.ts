import {
  CONSENT_DESTINATIONS,
  type ConsentDestination,
  DATA_TYPES,
  type ExternalLeadUpdateRequest,
  FIELD_TYPES,
  type InternalLeadUpsertRequest,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadDetail,
  type LeadKind,
  type LeadTypeLookup,
  type LeadUpsertResponse,
  nextLeadStatuses,
  REJECTION_REASONS,
} from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { conflict, fieldError, notFound } from "../../platform/errors";
import { changes } from "../../platform/history";
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { LeadFormReader } from "../settings/index";
import { displayAnswer } from "./lead-answers";
import { type LeadEditor, leadEditor } from "./lead-edit.service";
import { type LeadNotes, leadNotes } from "./lead-notes.service";
import { toDuplicateMatch, toHistoryEntry, toListItem } from "./leads.mapper";
import {
  canDeleteLeads,
  canEditLeads,
  canRestoreLeads,
  inLeadScope,
  type LeadScope,
  leadScope,
  nextStatusesFor,
  programSources,
  requireLeadDeleter,
  requireLeadRestorer,
} from "./leads.policy";
import type { LeadRow, LeadsRepository } from "./leads.repository";
import type { LeadsSearchRepository } from "./leads-search.repository";
import { leadsSearchService } from "./leads-search.service";

type Deps = {
  uow: UnitOfWork;
  repo: LeadsRepository;
  search: LeadsSearchRepository;
  forms: LeadFormReader;
  now?: () => Date;
};

export function leadsService(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };
  const editor: LeadEditor = leadEditor(d);
  const notes: LeadNotes = leadNotes(d);
  const searches = leadsSearchService(d);

  const match = (
    ctx: TenantContext,
    scope: LeadScope,
    r: LeadRow,
    probe: { phone: string | null; email: string | null },
  ) => toDuplicateMatch(r, probe, inLeadScope(scope, r), ctx.timeZone);

  /** One lead with its whole story, as the caller may see it (kind `null`: any). */
  async function detail(ctx: TenantContext, id: number, kind: LeadKind | null): Promise<LeadDetail> {
    const scope = leadScope(ctx);
    const read = d.uow.read;
    const row = await d.repo.find(read, ctx, id, { includeDeleted: canRestoreLeads(ctx) });
    if (!row || (kind && row.kind !== kind) || !inLeadScope(scope, row)) throw notFound("The lead");
    const [answers, consents, history, linked, captureEntryId, original] = await Promise.all([
      d.repo.answers(read, ctx, id),
      d.repo.consents(read, ctx, id),
      d.repo.history(read, ctx, id),
      d.repo.linkedDuplicates(read, ctx, id),
      d.repo.captureEntryId(read, ctx, id),
      row.duplicateOfLeadId ? d.repo.find(read, ctx, row.duplicateOfLeadId, { includeDeleted: true }) : null,
    ]);
    const responses = await d.repo.responsesOf(
      read,
      ctx,
      answers.map((a) => a.questionId),
    );
    const probe = { phone: row.phone, email: row.email };
    const live = row.deletedAt === null;
    return {
      ...toListItem(row, ctx.timeZone),
      address: row.address,
      notes: row.notes,
      answers: answers.map((a) => ({
        questionId: a.questionId,
        questionText: a.questionText,
        dataTypeId: a.dataTypeId,
        fieldTypeId: a.fieldTypeId,
        value: a.value as LeadDetail["answers"][number]["value"],
        display: displayAnswer(
          { dataTypeId: a.dataTypeId, responses: responses.filter((r) => r.questionId === a.questionId) },
          a.value,
        ),
      })),
      consents: consents.map((c) => ({
        destination: c.destination as ConsentDestination,
        disclosureText: c.disclosureText,
        acceptedAt: c.acceptedAt.toISOString(),
      })),
      history: history.map(toHistoryEntry),
      duplicateOf: original ? match(ctx, scope, original, probe) : null,
      duplicates: linked.map((r) => match(ctx, scope, r, probe)),
      captureEntryId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      nextStatusIds: live ? nextStatusesFor(ctx, row.statusId) : [],
      canEdit: live && canEditLeads(ctx),
      canDelete: live && canDeleteLeads(ctx),
    };
  }

  async function saved(ctx: TenantContext, id: number, kind: LeadKind): Promise<LeadUpsertResponse> {
    const lead = await detail(ctx, id, kind);
    return {
      saved: true,
      lead,
      isDuplicate: lead.duplicateOfLeadId !== null,
      duplicateOf: lead.duplicateOf,
      possibleDuplicates: lead.duplicateOf ? [lead.duplicateOf] : [],
    };
  }

  return {
    detail,

    async upsertInternal(
      ctx: TenantContext,
      input: InternalLeadUpsertRequest,
      raw?: unknown,
      idempotencyKey?: string,
    ): Promise<LeadUpsertResponse> {
      if (input.id) {
        if (input.checkOnly)
          throw fieldError("body.checkOnly", "checkOnly checks a new lead before it is saved.");
        const id = await editor.update(ctx, "internal", { ...input, id: input.id });
        return saved(ctx, id, "internal");
      }
      const r = await editor.createInternal(ctx, input, raw, idempotencyKey);
      const scope = leadScope(ctx);
      const probe = { phone: input.phone ?? null, email: input.email ?? null };
      const root = r.duplicateOfLeadId
        ? (r.duplicates.find((x) => x.id === r.duplicateOfLeadId) ??
          (await d.repo.find(d.uow.read, ctx, r.duplicateOfLeadId, { includeDeleted: true })))
        : null;
      return {
        saved: r.leadId !== null,
        lead: r.leadId !== null ? await detail(ctx, r.leadId, "internal") : null,
        isDuplicate: r.duplicateOfLeadId !== null,
        duplicateOf: root ? match(ctx, scope, root, probe) : null,
        possibleDuplicates: r.duplicates.map((x) => match(ctx, scope, x, probe)),
      };
    },

    async updateExternal(ctx: TenantContext, input: ExternalLeadUpdateRequest): Promise<LeadUpsertResponse> {
      const id = await editor.update(ctx, "external", input);
      return saved(ctx, id, "external");
    },

    /** Soft delete: the lead leaves every list and search; an Admin can restore it. */
    async remove(ctx: TenantContext, id: number, kind: LeadKind) {
      requireLeadDeleter(ctx);
      const scope = leadScope(ctx);
      await d.uow.run(async (tx) => {
        const row = await d.repo.lock(tx, ctx, id);
        if (!row || row.deletedAt || row.kind !== kind || !inLeadScope(scope, row))
          throw notFound("The lead");
        const at = d.now();
        await d.repo.update(tx, ctx, id, { deletedAt: at, deletedByUserId: ctx.userId, updatedAt: at });
        await d.repo.addHistory(tx, ctx, [
          { entityId: id, action: "deleted", ...changes({ deletedAt: row.deletedAt }, { deletedAt: at }) },
        ]);
      });
      return { ok: true as const };
    },

    async restore(ctx: TenantContext, id: number): Promise<LeadDetail> {
      requireLeadRestorer(ctx);
      const scope = leadScope(ctx);
      await d.uow.run(async (tx) => {
        const row = await d.repo.lock(tx, ctx, id);
        if (!row || !inLeadScope(scope, row)) throw notFound("The lead");
        if (!row.deletedAt) throw conflict("This lead is not deleted.");
        await d.repo.update(tx, ctx, id, { deletedAt: null, deletedByUserId: null, updatedAt: d.now() });
        await d.repo.addHistory(tx, ctx, [
          { entityId: id, action: "restored", ...changes({ deletedAt: row.deletedAt }, { deletedAt: null }) },
        ]);
      });
      return detail(ctx, id, null);
    },

    /** What the lead forms need: service types with their questions and choices, statuses and their next ones. */
    async leadTypes(ctx: TenantContext, includeInactive = false): Promise<LeadTypeLookup> {
      leadScope(ctx);
      const [types, windowDays, languages] = await Promise.all([
        d.forms.serviceTypes(d.uow.read, ctx, includeInactive),
        d.forms.duplicateWindowDays(d.uow.read, ctx),
        d.repo.referenceNames(d.uow.read, "languageTypes"),
      ]);
      const program = programSources(ctx);
      return {
        serviceTypes: types.map((t) => ({
          ...t,
          questions: t.questions.map((q) => ({
            ...q,
            dataTypeCode: DATA_TYPES.find((x) => x.id === q.dataTypeId)?.code ?? "text",
            fieldTypeCode: FIELD_TYPES.find((x) => x.id === q.fieldTypeId)?.code ?? "textbox",
            responses: q.responses.map((r) => ({ id: r.id, text: r.text, sortOrder: r.sortOrder })),
          })),
        })),
        statuses: LEAD_STATUSES.map((s) => ({
          id: s.id,
          name: s.name,
          nextStatusIds: [...nextLeadStatuses(s.id)],
        })),
        sources: LEAD_SOURCES.filter((s) => !program || program.includes(s.id)).map((s) => ({ ...s })),
        rejectionReasons: REJECTION_REASONS.map((r) => ({ ...r })),
        consentDestinations: CONSENT_DESTINATIONS.map((c) => ({ ...c })),
        languageTypes: [...languages].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id),
        duplicateWindowDays: windowDays,
      };
    },

    addNote: notes.add,

    search: searches.search,
    searchSql: searches.sqlOf,
    captureEntries: searches.captureEntries,
  };
}

export type LeadsService = ReturnType<typeof leadsService>;
