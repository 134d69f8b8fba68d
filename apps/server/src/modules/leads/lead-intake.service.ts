import {
  type CaptureOutcome,
  externalLeadSubmission,
  LEAD_STATUS,
  type LeadSource,
  normalizeEmail,
  normalizePhone,
  type RejectionReason,
} from "@fieldlead/contracts";
import { AppError } from "../../platform/errors";
import type { Tx, UnitOfWork } from "../../platform/unit-of-work";
import type { LeadFormReader } from "../settings/index";
import { type StoredAnswer, validateAnswers } from "./lead-answers";
import { findDuplicates } from "./lead-duplicates";
import type { ConsentValues, LeadInsert, LeadsRepository } from "./leads.repository";

type Deps = { uow: UnitOfWork; repo: LeadsRepository; forms: LeadFormReader; now?: () => Date };
export type IntakeSource = Exclude<LeadSource, "app">;
export type IntakeResult = {
  captureEntryId: number;
  outcome: CaptureOutcome;
  leadId: number | null;
  rejectionReason: RejectionReason | null;
  duplicateOfLeadId: number | null;
  message: string | null;
};

/** Shoppers type their own details on a QR page or a web form: those sources must show a disclosure. */
const CONSENT_REQUIRED: IntakeSource[] = ["qr", "web"];
/**
 * A shopper booking themselves (QR) who repeats an earlier lead is saved as a live lead, flagged and linked to the
 * first one (capture entry `duplicate`), so that they can still book; a manager decides (docs/decisions/0037).
 * Other external sources keep the rule of decision 0012: a repeat is saved rejected (`duplicate`), still linked.
 */
const DUPLICATE_KEPT: IntakeSource[] = ["qr"];

/**
 * An external lead its caller has validated (the QR page's entry), saved by `record` in the caller's transaction.
 * `reason`: why it is rejected on arrival, if it is (a duplicate is decided by `record` itself).
 */
export type ExternalLeadRecord = {
  source: IntakeSource;
  values: Omit<
    LeadInsert,
    "kind" | "source" | "statusId" | "rejectionReason" | "duplicateOfLeadId" | "updatedByUserId"
  >;
  answers: StoredAnswer[];
  consents: ConsentValues[];
  reason: RejectionReason | null;
  /** The submission exactly as it came (the capture entry's payload). */
  payload: unknown;
  qrCodeId?: number | null;
};
export type RecordedLead = {
  captureEntryId: number;
  outcome: Exclude<CaptureOutcome, "invalid">;
  leadId: number;
  /** New, or Rejected when it was rejected on arrival. */
  statusId: number;
  rejectionReason: RejectionReason | null;
  duplicateOfLeadId: number | null;
  message: string | null;
};
/** A refused submission of a known organization, kept as an `invalid` capture entry with why. */
export type RefusedEntry = {
  source: IntakeSource;
  payload: unknown;
  message: string;
  storeId: number | null;
  territoryId: number | null;
  submittedByUserId: number | null;
  qrCodeId?: number | null;
};

class Invalid extends Error {}

/**
 * Turns an external submission (QR self-entry, a program's feed, a web form, an import) into a lead, a
 * rejected lead (duplicate, invalid phone or email, no consent: kept with its reason so a manager can restore
 * it) or, when it cannot be a lead at all, an invalid capture entry. The entry always keeps the submission
 * exactly as it came. The caller (the QR page, a program's endpoint) has already decided the organization.
 */
export function leadIntake(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };

  /**
   * Saves a validated external lead in the caller's transaction `tx`: the duplicate check under the advisory locks
   * of its phone and email (decision 0012), the lead, its answers and consents, its `created` history (no person:
   * the shopper or the feed submitted it) and the capture entry keeping the submission as sent. Nothing is
   * committed here: the caller's transaction commits it with whatever else it writes (the QR page's booking).
   */
  async function record(
    tx: Tx,
    org: { organizationId: number },
    r: ExternalLeadRecord,
  ): Promise<RecordedLead> {
    // Matched on the normalized phone and email only (one kept as typed because it is not one matches nothing).
    const phone = normalizePhone(r.values.phone);
    const email = normalizeEmail(r.values.email);
    // The settings module's read, with this transaction: it sees what the transaction sees.
    const windowDays = await d.forms.duplicateWindowDays(tx, org);
    await d.repo.lockKeys(
      tx,
      org,
      [phone, email].filter((x): x is string => Boolean(x)),
    );
    const found = await findDuplicates(tx, d.repo, org, {
      phone,
      email,
      capturedAt: r.values.capturedAt,
      windowDays,
    });
    const keptDuplicate = found.rootId !== null && !r.reason && DUPLICATE_KEPT.includes(r.source);
    const reason: RejectionReason | null = r.reason ?? (found.rootId && !keptDuplicate ? "duplicate" : null);
    const statusId = reason ? LEAD_STATUS.rejected : LEAD_STATUS.new;
    const leadId = await d.repo.insert(tx, org, {
      ...r.values,
      kind: "external",
      source: r.source,
      statusId,
      rejectionReason: reason,
      duplicateOfLeadId: found.rootId,
    });
    // A new lead has no answers to replace: only inserted (one statement fewer per entry).
    if (r.answers.length) await d.repo.insertAnswers(tx, org, leadId, r.answers);
    if (r.consents.length) await d.repo.upsertConsents(tx, org, leadId, r.consents, null);
    // No person: the shopper or the program's feed submitted it. A lead rejected on arrival keeps why.
    await d.repo.addHistory(tx, { organizationId: org.organizationId, userId: null }, [
      {
        entityId: leadId,
        action: "created",
        before: null,
        after: { source: r.source, statusId, rejectionReason: reason, duplicateOfLeadId: found.rootId },
        reason,
      },
    ]);
    const message = found.rootId ? `Duplicate of lead ${found.rootId}` : null;
    const outcome = reason ? "rejected" : keptDuplicate ? "duplicate" : "lead";
    const captureEntryId = await d.repo.insertCaptureEntry(tx, org, {
      source: r.source,
      submittedByUserId: r.values.capturedByUserId ?? null,
      storeId: r.values.storeId ?? null,
      territoryId: r.values.territoryId ?? null,
      payload: r.payload,
      outcome,
      leadId,
      rejectionReason: reason,
      message: reason === "duplicate" || keptDuplicate ? message : null,
      qrCodeId: r.qrCodeId ?? null,
    });
    return {
      captureEntryId,
      outcome,
      leadId,
      statusId,
      rejectionReason: reason,
      duplicateOfLeadId: found.rootId,
      message: reason === "duplicate" || keptDuplicate ? message : null,
    };
  }

  /** Keeps a refused submission as an `invalid` capture entry, in the caller's transaction. */
  function refuse(tx: Tx, org: { organizationId: number }, e: RefusedEntry): Promise<number> {
    return d.repo.insertCaptureEntry(tx, org, {
      source: e.source,
      submittedByUserId: e.submittedByUserId,
      storeId: e.storeId,
      territoryId: e.territoryId,
      payload: e.payload,
      outcome: "invalid",
      leadId: null,
      rejectionReason: null,
      message: e.message,
      qrCodeId: e.qrCodeId ?? null,
    });
  }

  return {
    record,
    refuse,

    async submit(org: { organizationId: number }, source: IntakeSource, raw: unknown): Promise<IntakeResult> {
      const now = d.now();
      const read = d.uow.read;
      let store: { id: number; territoryId: number | null } | null = null;
      try {
        const parsed = externalLeadSubmission.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new Invalid(`${issue.path.join(".") || "The submission"}: ${issue.message}`);
        }
        const input = parsed.data;
        if (input.storeId) {
          const s = await d.repo.store(read, org, input.storeId);
          if (!s) throw new Invalid(`There is no store ${input.storeId} in this organization.`);
          store = { id: s.id, territoryId: s.territoryId };
        }
        if (input.leadGeneratorId && !(await d.repo.leadGenerator(read, org, input.leadGeneratorId))) {
          throw new Invalid(`User ${input.leadGeneratorId} is not a lead generator of this organization.`);
        }
        if (!input.firstName?.trim() || !input.lastName?.trim())
          throw new Invalid("The first and last name are missing.");
        let answers: StoredAnswer[] = [];
        let serviceTypeId: number | null = null;
        if (input.serviceTypeId) {
          const type = await d.forms.serviceType(read, org, input.serviceTypeId);
          if (!type?.isActive) throw new Invalid(`There is no service type ${input.serviceTypeId} on offer.`);
          serviceTypeId = type.id;
          try {
            answers = validateAnswers(type, input.answers ?? []);
          } catch (err) {
            throw new Invalid(
              err instanceof AppError ? err.message : "The answers do not fit the questions.",
            );
          }
        }
        const phone = normalizePhone(input.phone);
        const email = normalizeEmail(input.email);
        let reason: RejectionReason | null = null;
        if (!phone && !email)
          reason = input.phone ? "invalidPhone" : input.email ? "invalidEmail" : "invalidPhone";
        else if (CONSENT_REQUIRED.includes(source) && !input.consents?.length) reason = "noConsent";
        const capturedAt = input.capturedAt ? new Date(input.capturedAt) : now;

        return await d.uow.run(async (tx) => {
          return record(tx, org, {
            source,
            values: {
              storeId: store?.id ?? null,
              territoryId: store?.territoryId ?? null,
              capturedByUserId: input.leadGeneratorId ?? null,
              capturedAt,
              serviceTypeId,
              firstName: input.firstName?.trim() ?? "",
              lastName: input.lastName?.trim() ?? "",
              // A phone that is not one is kept as typed (digits), so a manager restoring the lead can fix it.
              phone: phone ?? (input.phone?.replace(/\D/g, "") || null),
              email: email ?? (input.email?.trim().toLowerCase() || null),
              address: input.address ?? null,
              city: input.city ?? null,
              state: input.state?.toUpperCase() ?? null,
              zip: input.zip ?? null,
              languageId: input.languageId ?? null,
              notes: input.notes ?? null,
              hdsfiGroupId: input.hdsfiGroupId ?? null,
              hdJobTypeId: input.hdJobTypeId ?? null,
              centahServiceId: input.centahServiceId ?? null,
              centahAdCodeId: input.centahAdCodeId ?? null,
              externalReference: input.externalReference ?? null,
            },
            answers,
            consents: (input.consents ?? []).map((c) => ({
              destination: c.destination,
              disclosureText: c.disclosureText,
              acceptedAt: c.acceptedAt ? new Date(c.acceptedAt) : now,
            })),
            reason,
            payload: raw,
          });
        });
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        const captureEntryId = await d.uow.run((tx) =>
          refuse(tx, org, {
            source,
            submittedByUserId: null,
            storeId: store?.id ?? null,
            territoryId: store?.territoryId ?? null,
            payload: raw,
            message: err.message,
          }),
        );
        return {
          captureEntryId,
          outcome: "invalid",
          leadId: null,
          rejectionReason: null,
          duplicateOfLeadId: null,
          message: err.message,
        };
      }
    },
  };
}

export type LeadIntake = ReturnType<typeof leadIntake>;
