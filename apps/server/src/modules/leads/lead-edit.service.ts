import {
  CONSENT_DESTINATIONS,
  type ConsentDestination,
  type ExternalLeadUpdateRequest,
  type InternalLeadConsentInput,
  type InternalLeadUpsertRequest,
  isLegalLeadTransition,
  LEAD_STATUS,
  type LeadAnswerInput,
  type LeadHistoryAction,
  type LeadKind,
  leadStatusName,
  nextLeadStatuses,
} from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from "../../platform/errors";
import { changes } from "../../platform/history";
import { type IdempotencyCodec, once } from "../../platform/idempotency";
import { has } from "../../platform/scope";
import type { Tx, UnitOfWork } from "../../platform/unit-of-work";
import type { FormServiceType, LeadFormReader } from "../settings/index";
import { type StoredAnswer, validateAnswers } from "./lead-answers";
import { findDuplicates } from "./lead-duplicates";
import {
  inLeadScope,
  type LeadScope,
  leadScope,
  requireInternalCapture,
  requireLeadEditor,
} from "./leads.policy";
import type { ConsentValues, HistoryInsert, LeadRow, LeadsRepository, LeadUpdate } from "./leads.repository";

type Deps = { uow: UnitOfWork; repo: LeadsRepository; forms: LeadFormReader; now: () => Date };
type EditInput = Omit<Partial<InternalLeadUpsertRequest>, "consents"> &
  Omit<Partial<ExternalLeadUpdateRequest>, "consents"> & { consents?: InternalLeadConsentInput[] };
type LockedLead = NonNullable<Awaited<ReturnType<LeadsRepository["lock"]>>>;

/** Columns a person may change, by their name in the API (history keeps these names). */
const EDITABLE = [
  "storeId",
  "territoryId",
  "capturedByUserId",
  "serviceTypeId",
  "firstName",
  "lastName",
  "phone",
  "email",
  "address",
  "city",
  "state",
  "zip",
  "languageId",
  "notes",
  "duplicateOfLeadId",
  "rejectionReason",
  "hdsfiGroupId",
  "hdJobTypeId",
  "centahServiceId",
  "centahAdCodeId",
  "externalReference",
] as const;
type Editable = (typeof EDITABLE)[number];
const apiName = (k: Editable) => (k === "capturedByUserId" ? "leadGeneratorId" : k);

const PROGRAM_LISTS = {
  hdsfiGroupId: "hdsfiGroup",
  hdJobTypeId: "hdJobType",
  centahServiceId: "centahServiceId",
  centahAdCodeId: "centahAdCode",
} as const;

const SKEW_MS = 5 * 60_000;

/** A consent whose text is not the organization's current one: the form was opened before a change. */
function staleDisclosure(destination: ConsentDestination, index: number) {
  const name = CONSENT_DESTINATIONS.find((x) => x.id === destination)?.name ?? destination;
  const message = `The consent text for ${name} has changed since this form was opened; reload the form and show the shopper the current text before they agree.`;
  return new AppError("stale_disclosure", 400, message, {
    [`body.consents.${index}.disclosureText`]: [message],
  });
}

export type SaveResult = { leadId: number | null; duplicates: LeadRow[]; duplicateOfLeadId: number | null };

/** What was asked, checked against the organization's data before the transaction opens (it stays short). */
type Prepared = {
  patch: LeadUpdate;
  answers: StoredAnswer[] | null;
  consents: ConsentValues[] | null;
  statusId: number | undefined;
  rejectionReason: string | null | undefined;
  store: { id: number; territoryId: number | null } | null;
};

export function leadEditor(d: Deps) {
  async function prepare(
    ctx: TenantContext,
    kind: LeadKind,
    input: EditInput,
    existing: LeadRow | null,
    out: { store: Prepared["store"] },
  ): Promise<Prepared> {
    const patch: LeadUpdate = {};
    const now = d.now();
    const creating = existing === null;
    const read = d.uow.read;

    if (input.storeId !== undefined && input.storeId !== existing?.storeId) {
      if (input.storeId === null) {
        if (kind === "internal")
          throw fieldError("body.storeId", "Choose the store where the lead was captured.");
        patch.storeId = null;
        patch.territoryId = null;
      } else {
        const store = await d.repo.store(read, ctx, input.storeId);
        if (!store) throw notFound("The store");
        if (!store.isActive)
          throw fieldError("body.storeId", `${store.name} is inactive; choose an active store.`);
        const limited = leadScope(ctx).territoryIds;
        if (limited && (store.territoryId === null || !limited.includes(store.territoryId))) {
          throw forbidden(`${store.name} is outside your territories.`);
        }
        patch.storeId = store.id;
        patch.territoryId = store.territoryId;
        out.store = { id: store.id, territoryId: store.territoryId };
      }
    }

    if (input.leadGeneratorId !== undefined && input.leadGeneratorId !== existing?.capturedByUserId) {
      const lgId = input.leadGeneratorId;
      if (lgId === null) {
        if (kind === "internal")
          throw fieldError("body.leadGeneratorId", "An internal lead has a lead generator.");
        patch.capturedByUserId = null;
      } else {
        if (ctx.scope.reach === "self" && lgId !== ctx.userId) {
          throw forbidden("Lead generators capture their own leads.");
        }
        if (lgId !== ctx.userId || !creating) {
          const lg = await d.repo.leadGenerator(read, ctx, lgId);
          if (!lg) throw fieldError("body.leadGeneratorId", "Choose a lead generator of this organization.");
        }
        patch.capturedByUserId = lgId;
      }
    }

    let type: FormServiceType | null = null;
    const typeChanged = input.serviceTypeId !== undefined && input.serviceTypeId !== existing?.serviceTypeId;
    if (typeChanged && input.serviceTypeId !== null && input.serviceTypeId !== undefined) {
      type = await d.forms.serviceType(read, ctx, input.serviceTypeId);
      if (!type) throw notFound("The service type");
      if (!type.isActive)
        throw fieldError("body.serviceTypeId", `${type.name} is no longer offered; choose another.`);
      patch.serviceTypeId = type.id;
    } else if (typeChanged) {
      if (kind === "internal") throw fieldError("body.serviceTypeId", "Choose the service type.");
      patch.serviceTypeId = null;
    } else if (existing?.serviceTypeId) {
      type = await d.forms.serviceType(read, ctx, existing.serviceTypeId);
    }

    for (const k of ["firstName", "lastName", "phone", "email", "address", "city", "notes"] as const) {
      if (input[k] !== undefined && input[k] !== existing?.[k])
        (patch as Record<string, unknown>)[k] = input[k];
    }
    for (const k of ["state", "zip", "externalReference"] as const) {
      if (input[k] !== undefined && input[k] !== existing?.[k])
        (patch as Record<string, unknown>)[k] = input[k];
    }
    if (input.languageId !== undefined && input.languageId !== existing?.languageId) {
      if (
        input.languageId !== null &&
        !(await d.repo.referenceIds(read, "languageTypes")).has(input.languageId)
      ) {
        throw fieldError("body.languageId", `There is no language ${input.languageId}.`);
      }
      patch.languageId = input.languageId;
    }
    for (const [k, list] of Object.entries(PROGRAM_LISTS) as [keyof typeof PROGRAM_LISTS, string][]) {
      const v = input[k];
      if (v === undefined || v === existing?.[k]) continue;
      if (kind === "internal") throw fieldError(`body.${k}`, "Program fields belong to external leads.");
      if (v !== null && !(await d.repo.referenceIds(read, list)).has(v)) {
        throw fieldError(`body.${k}`, `There is no ${list} ${v}.`);
      }
      patch[k] = v;
    }

    if (creating) {
      const errors: Record<string, string[]> = {};
      if (!patch.storeId && kind === "internal") errors["body.storeId"] = ["Choose the store."];
      if (!patch.serviceTypeId && kind === "internal")
        errors["body.serviceTypeId"] = ["Choose the service type."];
      if (!patch.firstName) errors["body.firstName"] = ["Enter the first name."];
      if (!patch.lastName) errors["body.lastName"] = ["Enter the last name."];
      if (!patch.phone && !patch.email) errors["body.phone"] = ["Enter a phone number or an email address."];
      const first = Object.values(errors)[0];
      if (first) throw badRequest(first[0], errors);
    } else if (existing) {
      const phone = patch.phone !== undefined ? patch.phone : existing.phone;
      const email = patch.email !== undefined ? patch.email : existing.email;
      if (!phone && !email) throw fieldError("body.phone", "Keep a phone number or an email address.");
    }

    // Answers: given ones replace the lead's; a new service type asks its own required questions.
    let answers: StoredAnswer[] | null = null;
    if (input.answers !== undefined || creating || typeChanged) {
      if (!type) {
        if (input.answers?.length)
          throw fieldError("body.answers", "Choose a service type before answering its questions.");
        answers = input.answers !== undefined || typeChanged ? [] : null;
      } else {
        // A new service type asks its own questions: the old type's answers do not carry over.
        const given =
          input.answers ??
          (existing && !typeChanged ? await d.repo.storedAnswers(read, ctx, existing.id) : []);
        answers = validateAnswers(type, given as LeadAnswerInput[]);
      }
    }

    let consents: ConsentValues[] | null = null;
    if (input.consents?.length) {
      // The organization's own people show the shopper the organization's current disclosure: a consent
      // captured in the app keeps that text, never one the client made up or kept from an older form.
      const current = kind === "internal" ? await d.forms.disclosures(read, ctx) : null;
      const stored = current && existing ? await d.repo.consents(read, ctx, existing.id) : [];
      consents = input.consents.map((c, i) => {
        const acceptedAt = c.acceptedAt ? new Date(c.acceptedAt) : now;
        if (acceptedAt.getTime() > now.getTime() + SKEW_MS) {
          throw fieldError("body.consents", "A consent cannot be accepted in the future.");
        }
        let text = c.disclosureText;
        if (current) {
          // An edit may send a lead's consent back as it is: that one keeps the text the shopper saw then.
          const unchanged = stored.some(
            (s) =>
              s.destination === c.destination &&
              s.disclosureText === text &&
              s.acceptedAt.getTime() === acceptedAt.getTime(),
          );
          if (text === undefined) text = current[c.destination];
          else if (text !== current[c.destination] && !unchanged) throw staleDisclosure(c.destination, i);
        }
        if (text === undefined)
          throw fieldError(`body.consents.${i}.disclosureText`, "Keep the disclosure text the shopper saw.");
        return { destination: c.destination, disclosureText: text, acceptedAt };
      });
    }

    if (creating && input.statusId !== undefined && input.statusId !== LEAD_STATUS.new) {
      throw fieldError("body.statusId", "A new lead starts as New.");
    }
    if (existing && input.statusId !== undefined && input.statusId !== existing.statusId) {
      statusAllowed(ctx, existing.statusId, input.statusId);
    }
    return {
      patch,
      answers,
      consents,
      statusId: creating ? undefined : input.statusId,
      rejectionReason: input.rejectionReason,
      store: out.store,
    };
  }

  function statusAllowed(ctx: TenantContext, from: number, to: number) {
    if (!isLegalLeadTransition(from, to)) {
      const next = nextLeadStatuses(from).map(leadStatusName);
      throw conflict(
        `A lead cannot go from ${leadStatusName(from)} to ${leadStatusName(to)}.` +
          (next.length ? ` From ${leadStatusName(from)} it can go to ${next.join(", ")}.` : ""),
      );
    }
    if (!has(ctx, "leads.reject") && (from === LEAD_STATUS.rejected || to === LEAD_STATUS.rejected)) {
      throw forbidden("Only a manager can reject a lead or restore a rejected one.");
    }
  }

  /** Status change, rejection reason and duplicate link decided on the locked row; history entries for all. */
  async function applyUpdate(tx: Tx, ctx: TenantContext, lead: LockedLead, p: Prepared, windowDays: number) {
    const patch: LeadUpdate = { ...p.patch };
    const history: HistoryInsert[] = [];
    const entry = (
      action: LeadHistoryAction,
      before: Record<string, unknown>,
      after: Record<string, unknown>,
      reason: string | null = null,
    ) => history.push({ entityId: lead.id, action, before, after, reason });

    const to = p.statusId ?? lead.statusId;
    if (to !== lead.statusId) {
      statusAllowed(ctx, lead.statusId, to);
      patch.statusId = to;
      if (to === LEAD_STATUS.rejected) {
        if (!p.rejectionReason) throw fieldError("body.rejectionReason", "Say why the lead is rejected.");
        patch.rejectionReason = p.rejectionReason;
        entry(
          "rejected",
          { statusId: lead.statusId, status: leadStatusName(lead.statusId) },
          { statusId: to, status: leadStatusName(to), rejectionReason: p.rejectionReason },
          p.rejectionReason,
        );
      } else if (lead.statusId === LEAD_STATUS.rejected) {
        patch.rejectionReason = null;
        entry(
          "unrejected",
          {
            statusId: lead.statusId,
            status: leadStatusName(lead.statusId),
            rejectionReason: lead.rejectionReason,
          },
          { statusId: to, status: leadStatusName(to) },
        );
      } else {
        entry(
          "status",
          { statusId: lead.statusId, status: leadStatusName(lead.statusId) },
          { statusId: to, status: leadStatusName(to) },
        );
      }
    } else if (p.rejectionReason !== undefined && p.rejectionReason !== lead.rejectionReason) {
      if (lead.statusId !== LEAD_STATUS.rejected || !p.rejectionReason) {
        throw fieldError("body.rejectionReason", "Only a rejected lead has a rejection reason.");
      }
      patch.rejectionReason = p.rejectionReason;
    }

    const phone = patch.phone !== undefined ? patch.phone : lead.phone;
    const email = patch.email !== undefined ? patch.email : lead.email;
    if ((patch.phone !== undefined || patch.email !== undefined) && windowDays > 0) {
      await d.repo.lockKeys(
        tx,
        ctx,
        [phone, email].filter((x): x is string => Boolean(x)),
      );
      const found = await findDuplicates(tx, d.repo, ctx, {
        phone,
        email,
        capturedAt: lead.capturedAt,
        windowDays,
        self: { id: lead.id, capturedAt: lead.capturedAt },
      });
      const root = found.rootId;
      if (root !== lead.duplicateOfLeadId) patch.duplicateOfLeadId = root;
    }

    // The edited fields under their API names; a status change already records its rejection reason.
    const fields: Record<string, string> = Object.fromEntries(
      EDITABLE.filter((k) => k !== "rejectionReason" || patch.statusId === undefined).map((k) => [
        k,
        apiName(k),
      ]),
    );
    const was: Record<string, unknown> = { ...lead };
    const now: Record<string, unknown> = { ...patch };
    if (p.answers) {
      fields.answers = "answers";
      was.answers = answerValues(await d.repo.storedAnswers(tx, ctx, lead.id));
      now.answers = answerValues(p.answers);
    }
    if (p.consents) {
      // Only the consents given anew (or with another text or time), beside what they replace.
      const consents = changes(
        byDestination(await d.repo.consents(tx, ctx, lead.id)),
        byDestination(p.consents),
      );
      if (consents) {
        fields.consents = "consents";
        was.consents = consents.before;
        now.consents = consents.after;
      }
    }
    const edited = changes(was, now, fields);
    if (edited) entry("updated", edited.before, edited.after);
    if (history.length === 0) return;

    await d.repo.update(tx, ctx, lead.id, { ...patch, updatedAt: d.now(), updatedByUserId: ctx.userId });
    if (edited?.after.answers && p.answers) await d.repo.replaceAnswers(tx, ctx, lead.id, p.answers);
    if (edited?.after.consents && p.consents)
      await d.repo.upsertConsents(tx, ctx, lead.id, p.consents, ctx.userId);
    await d.repo.addHistory(tx, ctx, history);
  }

  /** A lead the caller may edit, of the kind the call is about; anything else is 404. */
  async function editable(ctx: TenantContext, kind: LeadKind, id: number, scope: LeadScope) {
    const lead = await d.repo.find(d.uow.read, ctx, id);
    if (!lead || lead.kind !== kind || !inLeadScope(scope, lead)) throw notFound("The lead");
    return lead;
  }

  return {
    /** Updates an internal or external lead; only the fields sent change, and each change lands in history. */
    async update(ctx: TenantContext, kind: LeadKind, input: EditInput & { id: number }) {
      requireLeadEditor(ctx);
      const scope = leadScope(ctx);
      const existing = await editable(ctx, kind, input.id, scope);
      const prepared = await prepare(ctx, kind, input, existing, { store: null });
      await d.uow.run(async (tx) => {
        const windowDays = await d.forms.duplicateWindowDays(tx, ctx);
        const locked = await d.repo.lock(tx, ctx, existing.id);
        if (!locked || locked.deletedAt) throw notFound("The lead");
        await applyUpdate(tx, ctx, locked, prepared, windowDays);
      });
      return existing.id;
    },

    /**
     * Captures an internal lead: validates it, links it to an earlier lead with the same phone or email
     * within the window, and keeps the capture entry exactly as submitted (also when it is refused).
     * `checkOnly` validates and reports duplicates without writing anything.
     */
    /**
     * With an `Idempotency-Key` (platform/idempotency.ts), a repeat of the same capture creates nothing and gets
     * the first call's outcome: the same lead and the same earlier leads it matched.
     */
    async createInternal(
      ctx: TenantContext,
      input: EditInput,
      raw: unknown,
      idempotencyKey?: string,
    ): Promise<SaveResult> {
      requireInternalCapture(ctx);
      const resolved: { store: Prepared["store"] } = { store: null };
      try {
        const withDefaults = { ...input, leadGeneratorId: input.leadGeneratorId ?? ctx.userId };
        const p = await prepare(ctx, "internal", withDefaults, null, resolved);
        const now = d.now();
        const capturedAt = input.capturedAt ? new Date(input.capturedAt) : now;
        if (capturedAt.getTime() > now.getTime() + SKEW_MS) {
          throw fieldError("body.capturedAt", "A lead cannot be captured in the future.");
        }
        const probe = { phone: p.patch.phone ?? null, email: p.patch.email ?? null };
        if (input.checkOnly) {
          const windowDays = await d.forms.duplicateWindowDays(d.uow.read, ctx);
          const found = await findDuplicates(d.uow.read, d.repo, ctx, { ...probe, capturedAt, windowDays });
          return { leadId: null, duplicates: found.rows, duplicateOfLeadId: found.rootId };
        }
        const scope = {
          organizationId: ctx.organizationId,
          actor: `u${ctx.userId}`,
          operation: "leads.capture",
        };
        return await d.uow.run((tx) =>
          once(
            tx,
            scope,
            idempotencyKey,
            raw ?? input,
            async () => {
              const windowDays = await d.forms.duplicateWindowDays(tx, ctx);
              await d.repo.lockKeys(
                tx,
                ctx,
                [probe.phone, probe.email].filter((x): x is string => Boolean(x)),
              );
              const found = await findDuplicates(tx, d.repo, ctx, { ...probe, capturedAt, windowDays });
              const leadId = await d.repo.insert(tx, ctx, {
                ...p.patch,
                kind: "internal",
                source: "app",
                capturedAt,
                firstName: p.patch.firstName ?? "",
                lastName: p.patch.lastName ?? "",
                statusId: LEAD_STATUS.new,
                duplicateOfLeadId: found.rootId,
                updatedByUserId: ctx.userId,
              });
              await d.repo.replaceAnswers(tx, ctx, leadId, p.answers ?? []);
              if (p.consents) await d.repo.upsertConsents(tx, ctx, leadId, p.consents, ctx.userId);
              await d.repo.addHistory(tx, ctx, [
                {
                  entityId: leadId,
                  action: "created",
                  before: null,
                  after: createdSnapshot(p, capturedAt, found.rootId),
                },
              ]);
              await d.repo.insertCaptureEntry(tx, ctx, {
                source: "app",
                submittedByUserId: ctx.userId,
                storeId: p.patch.storeId ?? null,
                territoryId: p.patch.territoryId ?? null,
                payload: raw ?? input,
                outcome: found.rootId ? "duplicate" : "lead",
                leadId,
                rejectionReason: null,
                message: found.rootId ? `Duplicate of lead ${found.rootId}` : null,
              });
              return { leadId, duplicates: found.rows, duplicateOfLeadId: found.rootId };
            },
            savedCodec(d.repo, ctx),
          ),
        );
      } catch (err) {
        if (!input.checkOnly && err instanceof AppError && [400, 404, 409].includes(err.status)) {
          // The refused capture is kept on its own, after the failed transaction (if any) rolled back.
          await d.uow.run((tx) =>
            d.repo.insertCaptureEntry(tx, ctx, {
              source: "app",
              submittedByUserId: ctx.userId,
              storeId: resolved.store?.id ?? null,
              territoryId: resolved.store?.territoryId ?? null,
              payload: raw ?? input,
              outcome: "invalid",
              leadId: null,
              rejectionReason: null,
              message: err.message,
            }),
          );
        }
        throw err;
      }
    },
  };
}

/** A capture's outcome as kept for a repeat: ids only, the rows read again with the repeat's transaction. */
type StoredSave = { leadId: number | null; duplicateIds: number[]; duplicateOfLeadId: number | null };

function savedCodec(repo: LeadsRepository, ctx: TenantContext): IdempotencyCodec<SaveResult> {
  return {
    encode: (r): StoredSave => ({
      leadId: r.leadId,
      duplicateIds: r.duplicates.map((x) => x.id),
      duplicateOfLeadId: r.duplicateOfLeadId,
    }),
    async decode(stored, tx) {
      const s = stored as StoredSave;
      const rows = await Promise.all(
        s.duplicateIds.map((id) => repo.find(tx, ctx, id, { includeDeleted: true })),
      );
      return {
        leadId: s.leadId,
        duplicates: rows.filter((x): x is LeadRow => x !== null && x !== undefined),
        duplicateOfLeadId: s.duplicateOfLeadId,
      };
    },
  };
}

function createdSnapshot(p: Prepared, capturedAt: Date, duplicateOfLeadId: number | null) {
  const out: Record<string, unknown> = { statusId: LEAD_STATUS.new, capturedAt: capturedAt.toISOString() };
  for (const k of EDITABLE) if (p.patch[k] !== undefined && p.patch[k] !== null) out[apiName(k)] = p.patch[k];
  if (duplicateOfLeadId) out.duplicateOfLeadId = duplicateOfLeadId;
  if (p.answers?.length) out.answers = Object.fromEntries(p.answers.map((a) => [a.questionId, a.value]));
  if (p.consents?.length) out.consents = p.consents.map((c) => c.destination);
  return out;
}

/** Answers as history keeps them: the value by question id. */
const answerValues = (answers: { questionId: number; value: unknown }[]) =>
  Object.fromEntries(answers.map((a) => [a.questionId, a.value]));

/** Consents as history keeps them: the text shown and when it was accepted, by destination. */
const byDestination = (consents: { destination: string; disclosureText: string; acceptedAt: Date }[]) =>
  Object.fromEntries(
    consents.map((c) => [
      c.destination,
      { disclosureText: c.disclosureText, acceptedAt: c.acceptedAt.toISOString() },
    ]),
  );

export type LeadEditor = ReturnType<typeof leadEditor>;
