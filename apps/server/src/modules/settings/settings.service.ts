import {
  type BusinessContact,
  type BusinessContactsSaveRequest,
  type ConsentDestination,
  DATA_TYPES,
  DEFAULT_DISCLOSURE_TEMPLATES,
  DISCLOSURE_DESTINATIONS,
  type DisclosureTexts,
  FIELD_TYPES,
  fillDisclosures,
  type LeadSettings,
  type LeadSettingsSaveRequest,
  type QuestionResponse,
  type QuestionUpsertRequest,
  type ResponseUpsertRequest,
  type ServiceType,
  type ServiceTypeQuestion,
  type ServiceTypeUpsertRequest,
} from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { badRequest, conflict, fieldError, notFound } from "../../platform/errors";
import type { Tx, UnitOfWork } from "../../platform/unit-of-work";
import type { ContactsRepository, LeadSettingsRow } from "./contacts.repository";
import type { QuestionRow, ResponseRow, ServiceTypesRepository } from "./service-types.repository";
import { requireLeadSettingsReader, requireSettingsManager, requireSettingsReader } from "./settings.policy";

type Repositories = { serviceTypes: ServiceTypesRepository; contacts: ContactsRepository };
type Deps = Repositories & { uow: UnitOfWork };

const n = (x: number) => x.toLocaleString("en-US");
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

/** A service type as the lead forms need it: its questions in order, each with its responses. */
export type FormServiceType = {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  sortOrder: number;
  questions: FormQuestion[];
};
export type FormQuestion = Omit<ServiceTypeQuestion, "responses"> & {
  responses: { id: number; text: string; sortOrder: number }[];
};

/** The settings as served: the default template where the organization has none, and the name filled in. */
function effectiveLeadSettings(row: LeadSettingsRow): LeadSettings {
  const templates = Object.fromEntries(
    DISCLOSURE_DESTINATIONS.map((dest) => [
      dest,
      row.disclosures[dest] ?? DEFAULT_DISCLOSURE_TEMPLATES[dest],
    ]),
  ) as DisclosureTexts;
  return {
    duplicateWindowDays: row.duplicateWindowDays,
    organizationName: row.organizationName,
    disclosures: fillDisclosures(templates, row.organizationName),
    disclosureTemplates: templates,
  };
}

function withResponses(questions: QuestionRow[], responses: ResponseRow[]): ServiceTypeQuestion[] {
  const byQuestion = new Map<number, QuestionResponse[]>();
  for (const r of responses) byQuestion.set(r.questionId, [...(byQuestion.get(r.questionId) ?? []), r]);
  return questions.map((q) => ({ ...q, responses: byQuestion.get(q.id) ?? [] }));
}

export function settingsService(d: Deps) {
  const typeOr404 = async (tx: Tx, ctx: TenantContext, id: number) => {
    const t = await d.serviceTypes.find(tx, ctx, id);
    if (!t) throw notFound("The service type");
    return t;
  };
  const questionOr404 = async (tx: Tx, ctx: TenantContext, id: number) => {
    const q = await d.serviceTypes.findQuestion(tx, ctx, id);
    if (!q) throw notFound("The question");
    return q;
  };
  /** Another organization's id answers 404, as if it did not exist. */
  const ownOrganization = (ctx: TenantContext, orgId: number) => {
    if (orgId !== ctx.organizationId) throw notFound("The organization");
  };
  const territoryOr404 = async (tx: Tx, ctx: TenantContext, territoryId: number) => {
    if (!(await d.contacts.territoryExists(tx, ctx, territoryId))) throw notFound("The territory");
  };

  return {
    async listServiceTypes(
      ctx: TenantContext,
      orgId: number,
      includeInactive = false,
    ): Promise<ServiceType[]> {
      requireSettingsReader(ctx);
      ownOrganization(ctx, orgId);
      return d.serviceTypes.list(d.uow.read, ctx, includeInactive);
    },

    async upsertServiceType(ctx: TenantContext, input: ServiceTypeUpsertRequest): Promise<ServiceType> {
      requireSettingsManager(ctx);
      return d.uow.run(async (tx) => {
        const existing = input.id ? await typeOr404(tx, ctx, input.id) : null;
        const clash = await d.serviceTypes.findByName(tx, ctx, input.name);
        if (clash && clash.id !== input.id) {
          throw fieldError("body.name", `A service type named "${input.name}" already exists.`, 409);
        }
        const values = {
          name: input.name,
          description: input.description ?? existing?.description ?? "",
          isActive: input.isActive ?? existing?.isActive ?? true,
          sortOrder:
            input.sortOrder ?? existing?.sortOrder ?? (await d.serviceTypes.nextTypeSortOrder(tx, ctx)),
        };
        const row = existing
          ? await d.serviceTypes.updateType(tx, ctx, existing.id, values)
          : await d.serviceTypes.insertType(tx, ctx, values);
        if (!row) throw notFound("The service type");
        const questionCount = (await d.serviceTypes.questions(tx, ctx, row.id, false)).length;
        return { ...row, questionCount };
      });
    },

    async deleteServiceType(ctx: TenantContext, id: number) {
      requireSettingsManager(ctx);
      return d.uow.run(async (tx) => {
        const t = await typeOr404(tx, ctx, id);
        const used = await d.serviceTypes.leadCount(tx, ctx, id);
        if (used > 0) {
          throw conflict(
            `The service type "${t.name}" is used by ${plural(used, "lead")}; deactivate it instead.`,
          );
        }
        const questions = await d.serviceTypes.questions(tx, ctx, id, true);
        const asking = await d.serviceTypes.appointmentTypesAsking(
          tx,
          ctx,
          questions.map((q) => q.id),
        );
        if (asking.length > 0) {
          throw conflict(
            `Questions of "${t.name}" are asked when booking ${namesList(asking)}; remove them from ${asking.length === 1 ? "that appointment type" : "those appointment types"} first.`,
          );
        }
        await d.serviceTypes.deleteType(tx, ctx, id);
        return { ok: true as const };
      });
    },

    async listQuestions(ctx: TenantContext, serviceTypeId: number, includeInactive = false) {
      requireSettingsReader(ctx);
      await typeOr404(d.uow.read, ctx, serviceTypeId);
      const questions = await d.serviceTypes.questions(d.uow.read, ctx, serviceTypeId, includeInactive);
      const responses = await d.serviceTypes.responses(
        d.uow.read,
        ctx,
        questions.map((q) => q.id),
      );
      return withResponses(questions, responses);
    },

    async upsertQuestion(ctx: TenantContext, input: QuestionUpsertRequest): Promise<ServiceTypeQuestion> {
      requireSettingsManager(ctx);
      return d.uow.run(async (tx) => {
        const existing = input.id ? await questionOr404(tx, ctx, input.id) : null;
        await typeOr404(tx, ctx, input.serviceTypeId);
        if (existing && existing.serviceTypeId !== input.serviceTypeId) {
          throw fieldError(
            "body.serviceTypeId",
            "A question cannot move to another service type; add a new one there.",
          );
        }
        const dataType = DATA_TYPES.find((t) => t.id === input.dataTypeId);
        if (!dataType) throw fieldError("body.dataTypeId", `There is no data type ${input.dataTypeId}.`);
        const fieldType = FIELD_TYPES.find((f) => f.id === input.fieldTypeId);
        if (!fieldType) throw fieldError("body.fieldTypeId", `There is no field type ${input.fieldTypeId}.`);
        if (!(fieldType.dataTypeIds as readonly number[]).includes(dataType.id)) {
          const fits = DATA_TYPES.filter((t) => (fieldType.dataTypeIds as readonly number[]).includes(t.id))
            .map((t) => t.name)
            .join(", ");
          throw fieldError(
            "body.fieldTypeId",
            `A ${fieldType.name} cannot hold ${dataType.name} answers; it holds ${fits}.`,
          );
        }
        if (existing) {
          if (existing.dataTypeId !== input.dataTypeId) {
            const answers = await d.serviceTypes.answerCount(tx, ctx, existing.id);
            if (answers > 0) {
              throw conflict(
                `This question is answered in ${plural(answers, "lead")}; its data type cannot change. Deactivate it and add a new question.`,
              );
            }
          }
          if (!fieldType.hasChoices) {
            const responses = await d.serviceTypes.responses(tx, ctx, [existing.id]);
            if (responses.length > 0) {
              throw conflict(
                `This question has ${plural(responses.length, "response")}; a ${fieldType.name} has no choices. Delete the responses first.`,
              );
            }
          }
        }
        const values = {
          serviceTypeId: input.serviceTypeId,
          text: input.text,
          dataTypeId: input.dataTypeId,
          fieldTypeId: input.fieldTypeId,
          isRequired: input.isRequired ?? existing?.isRequired ?? false,
          isActive: input.isActive ?? existing?.isActive ?? true,
          sortOrder:
            input.sortOrder ??
            existing?.sortOrder ??
            (await d.serviceTypes.nextQuestionSortOrder(tx, ctx, input.serviceTypeId)),
        };
        const row = existing
          ? await d.serviceTypes.updateQuestion(tx, ctx, existing.id, values)
          : await d.serviceTypes.insertQuestion(tx, ctx, values);
        if (!row) throw notFound("The question");
        return { ...row, responses: await d.serviceTypes.responses(tx, ctx, [row.id]) };
      });
    },

    async deleteQuestion(ctx: TenantContext, id: number) {
      requireSettingsManager(ctx);
      return d.uow.run(async (tx) => {
        await questionOr404(tx, ctx, id);
        const answers = await d.serviceTypes.answerCount(tx, ctx, id);
        if (answers > 0) {
          throw conflict(`This question is answered in ${plural(answers, "lead")}; deactivate it instead.`);
        }
        const asking = await d.serviceTypes.appointmentTypesAsking(tx, ctx, [id]);
        if (asking.length > 0) {
          throw conflict(
            `This question is asked when booking ${namesList(asking)}; remove it from ${asking.length === 1 ? "that appointment type" : "those appointment types"} first.`,
          );
        }
        await d.serviceTypes.deleteQuestion(tx, ctx, id);
        return { ok: true as const };
      });
    },

    async listResponses(ctx: TenantContext, questionId: number): Promise<QuestionResponse[]> {
      requireSettingsReader(ctx);
      await questionOr404(d.uow.read, ctx, questionId);
      return d.serviceTypes.responses(d.uow.read, ctx, [questionId]);
    },

    async upsertResponse(ctx: TenantContext, input: ResponseUpsertRequest): Promise<QuestionResponse> {
      requireSettingsManager(ctx);
      return d.uow.run(async (tx) => {
        const existing = input.id ? await d.serviceTypes.findResponse(tx, ctx, input.id) : null;
        if (input.id && !existing) throw notFound("The response");
        const question = await questionOr404(tx, ctx, input.questionId);
        if (existing && existing.questionId !== question.id) {
          throw fieldError("body.questionId", "A response cannot move to another question.");
        }
        const fieldType = FIELD_TYPES.find((f) => f.id === question.fieldTypeId);
        if (!fieldType?.hasChoices) {
          throw badRequest(
            `"${question.text}" is a ${fieldType?.name ?? "field"} with no choices; it takes no responses.`,
          );
        }
        const values = {
          text: input.text,
          sortOrder:
            input.sortOrder ??
            existing?.sortOrder ??
            (await d.serviceTypes.nextResponseSortOrder(tx, ctx, question.id)),
        };
        const row = existing
          ? await d.serviceTypes.updateResponse(tx, ctx, existing.id, values)
          : await d.serviceTypes.insertResponse(tx, ctx, { questionId: question.id, ...values });
        if (!row) throw notFound("The response");
        return row;
      });
    },

    async deleteResponse(ctx: TenantContext, id: number) {
      requireSettingsManager(ctx);
      return d.uow.run(async (tx) => {
        const r = await d.serviceTypes.findResponse(tx, ctx, id);
        if (!r) throw notFound("The response");
        const used = await d.serviceTypes.responseUseCount(tx, ctx, r.questionId, r.id);
        if (used > 0) {
          throw conflict(
            `The response "${r.text}" is the answer of ${plural(used, "lead")}; rename it instead.`,
          );
        }
        await d.serviceTypes.deleteResponse(tx, ctx, id);
        return { ok: true as const };
      });
    },

    async organizationContacts(ctx: TenantContext, orgId: number): Promise<BusinessContact[]> {
      requireSettingsReader(ctx);
      ownOrganization(ctx, orgId);
      return d.contacts.list(d.uow.read, ctx, null) as Promise<BusinessContact[]>;
    },

    async saveOrganizationContacts(ctx: TenantContext, orgId: number, input: BusinessContactsSaveRequest) {
      requireSettingsManager(ctx);
      ownOrganization(ctx, orgId);
      return d.uow.run(
        (tx) => d.contacts.replace(tx, ctx, null, input.contacts) as Promise<BusinessContact[]>,
      );
    },

    async territoryContacts(ctx: TenantContext, territoryId: number): Promise<BusinessContact[]> {
      requireSettingsReader(ctx);
      await territoryOr404(d.uow.read, ctx, territoryId);
      return d.contacts.list(d.uow.read, ctx, territoryId) as Promise<BusinessContact[]>;
    },

    async saveTerritoryContacts(ctx: TenantContext, territoryId: number, input: BusinessContactsSaveRequest) {
      requireSettingsManager(ctx);
      return d.uow.run(async (tx) => {
        await territoryOr404(tx, ctx, territoryId);
        return d.contacts.replace(tx, ctx, territoryId, input.contacts) as Promise<BusinessContact[]>;
      });
    },

    async leadSettings(ctx: TenantContext): Promise<LeadSettings> {
      requireLeadSettingsReader(ctx);
      return effectiveLeadSettings(await d.contacts.leadSettings(d.uow.read, ctx));
    },

    async saveLeadSettings(ctx: TenantContext, input: LeadSettingsSaveRequest): Promise<LeadSettings> {
      requireSettingsManager(ctx);
      const disclosures: Partial<Record<ConsentDestination, string | null>> = {};
      for (const destination of DISCLOSURE_DESTINATIONS) {
        const text = input.disclosures?.[destination];
        // The default's wording is kept as "the default", so it follows the product's text if that changes.
        if (text !== undefined)
          disclosures[destination] = text === DEFAULT_DISCLOSURE_TEMPLATES[destination] ? null : text;
      }
      return d.uow.run(async (tx) => {
        await d.contacts.saveLeadSettings(tx, ctx, {
          duplicateWindowDays: input.duplicateWindowDays,
          disclosures,
        });
        return effectiveLeadSettings(await d.contacts.leadSettings(tx, ctx));
      });
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;

/**
 * What the leads module reads of the settings, without the settings' rights (every user capturing or
 * editing a lead needs the form): the service types with their questions and responses, the duplicate
 * window and the disclosure texts. Bound to the caller's organization like every read. Like a repository, each
 * read takes the executor first: inside a lead's transaction, that transaction (docs/decisions/0018).
 */
export function leadFormReader(d: Repositories) {
  return {
    async serviceTypes(
      exec: Tx,
      scope: { organizationId: number },
      includeInactive: boolean,
    ): Promise<FormServiceType[]> {
      const [types, questions, responses] = await Promise.all([
        d.serviceTypes.list(exec, scope, includeInactive),
        d.serviceTypes.questions(exec, scope, null, includeInactive),
        d.serviceTypes.responses(exec, scope, null),
      ]);
      const full = withResponses(questions, responses);
      return types.map(({ questionCount: _q, ...t }) => ({
        ...t,
        questions: full.filter((q) => q.serviceTypeId === t.id),
      }));
    },

    /** One type with all its questions (inactive ones too: old answers stay readable), or null. */
    async serviceType(
      exec: Tx,
      scope: { organizationId: number },
      id: number,
    ): Promise<FormServiceType | null> {
      const t = await d.serviceTypes.find(exec, scope, id);
      if (!t) return null;
      const questions = await d.serviceTypes.questions(exec, scope, id, true);
      const responses = await d.serviceTypes.responses(
        exec,
        scope,
        questions.map((q) => q.id),
      );
      return { ...t, questions: withResponses(questions, responses) };
    },

    async duplicateWindowDays(exec: Tx, scope: { organizationId: number }) {
      return (await d.contacts.leadSettings(exec, scope)).duplicateWindowDays;
    },

    /** The disclosures a shopper reads now, per destination (the organization's name filled in). */
    async disclosures(exec: Tx, scope: { organizationId: number }): Promise<DisclosureTexts> {
      return effectiveLeadSettings(await d.contacts.leadSettings(exec, scope)).disclosures;
    },
  };
}

export type LeadFormReader = ReturnType<typeof leadFormReader>;

/** "A", "A and B", "A, B and C": names in quotes. */
function namesList(names: readonly string[]): string {
  const quoted = names.map((n) => `"${n}"`);
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}
