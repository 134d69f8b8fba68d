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
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { LeadFormReader } from "../settings/index";
import { type StoredAnswer, validateAnswers } from "./lead-answers";
import { findDuplicates } from "./lead-duplicates";
import type { LeadsRepository } from "./leads.repository";

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

class Invalid extends Error {}

/**
 * Turns an external submission (QR self-entry, a program's feed, a web form, an import) into a lead, a
 * rejected lead (duplicate, invalid phone or email, no consent: kept with its reason so a manager can restore
 * it) or, when it cannot be a lead at all, an invalid capture entry. The entry always keeps the submission
 * exactly as it came. The caller (the QR page, a program's endpoint) has already decided the organization.
 */
export function leadIntake(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };

  return {
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
          // The settings module's read, with this transaction: it sees what the transaction sees.
          const windowDays = await d.forms.duplicateWindowDays(tx, org);
          await d.repo.lockKeys(
            tx,
            org,
            [phone, email].filter((x): x is string => Boolean(x)),
          );
          const found = await findDuplicates(tx, d.repo, org, { phone, email, capturedAt, windowDays });
          if (!reason && found.rootId) reason = "duplicate";
          const leadId = await d.repo.insert(tx, org, {
            kind: "external",
            source,
            storeId: store?.id ?? null,
            territoryId: store?.territoryId ?? null,
            capturedByUserId: input.leadGeneratorId ?? null,
            capturedAt,
            serviceTypeId,
            statusId: reason ? LEAD_STATUS.rejected : LEAD_STATUS.new,
            rejectionReason: reason,
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
            duplicateOfLeadId: found.rootId,
            hdsfiGroupId: input.hdsfiGroupId ?? null,
            hdJobTypeId: input.hdJobTypeId ?? null,
            centahServiceId: input.centahServiceId ?? null,
            centahAdCodeId: input.centahAdCodeId ?? null,
            externalReference: input.externalReference ?? null,
          });
          await d.repo.replaceAnswers(tx, org, leadId, answers);
          if (input.consents?.length) {
            await d.repo.upsertConsents(
              tx,
              org,
              leadId,
              input.consents.map((c) => ({
                destination: c.destination,
                disclosureText: c.disclosureText,
                acceptedAt: c.acceptedAt ? new Date(c.acceptedAt) : now,
              })),
              null,
            );
          }
          // No person: the shopper or the program's feed submitted it. A lead rejected on arrival keeps why.
          await d.repo.addHistory(tx, { organizationId: org.organizationId, userId: null }, [
            {
              entityId: leadId,
              action: "created",
              before: null,
              after: {
                source,
                statusId: reason ? LEAD_STATUS.rejected : LEAD_STATUS.new,
                rejectionReason: reason,
                duplicateOfLeadId: found.rootId,
              },
              reason,
            },
          ]);
          const message = reason === "duplicate" ? `Duplicate of lead ${found.rootId}` : null;
          const captureEntryId = await d.repo.insertCaptureEntry(tx, org, {
            source,
            submittedByUserId: input.leadGeneratorId ?? null,
            storeId: store?.id ?? null,
            territoryId: store?.territoryId ?? null,
            payload: raw,
            outcome: reason ? "rejected" : "lead",
            leadId,
            rejectionReason: reason,
            message,
          });
          return {
            captureEntryId,
            outcome: reason ? ("rejected" as const) : ("lead" as const),
            leadId,
            rejectionReason: reason,
            duplicateOfLeadId: found.rootId,
            message,
          };
        });
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        const captureEntryId = await d.uow.run((tx) =>
          d.repo.insertCaptureEntry(tx, org, {
            source,
            submittedByUserId: null,
            storeId: store?.id ?? null,
            territoryId: store?.territoryId ?? null,
            payload: raw,
            outcome: "invalid",
            leadId: null,
            rejectionReason: null,
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
