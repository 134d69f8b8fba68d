import type {
  AppointmentType,
  AppointmentTypeBusinessUnit,
  AppointmentTypeQuestion,
  AppointmentTypeTechnician,
  appointmentTypeBusinessUnitUpsertRequest,
  appointmentTypeQuestionUpsertRequest,
  appointmentTypeSearchRequest,
  appointmentTypeTechnicianUpsertRequest,
  appointmentTypeUpsertRequest,
  BusinessContact,
  BusinessContactsSaveRequest,
  CrmOption,
  LinkableQuestion,
  ServiceTitanLookups,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { AppError, conflict, fieldError } from "../../platform/errors";
import { type Page, pageOf, pageResult } from "../../platform/query-kit";
import type { Tx, UnitOfWork } from "../../platform/unit-of-work";
import { inTypeScope, requireTypeSetup, typeReadScope } from "./appointment-types.policy";
import type {
  AppointmentTypeRow,
  AppointmentTypesRepository,
  CrmKind,
  TypeReadScope,
} from "./appointment-types.repository";

type SearchInput = z.output<typeof appointmentTypeSearchRequest>;
type UpsertInput = z.output<typeof appointmentTypeUpsertRequest>;
type TechnicianInput = z.output<typeof appointmentTypeTechnicianUpsertRequest>;
type BusinessUnitInput = z.output<typeof appointmentTypeBusinessUnitUpsertRequest>;
type QuestionInput = z.output<typeof appointmentTypeQuestionUpsertRequest>;

type Deps = { uow: UnitOfWork; repo: AppointmentTypesRepository };

const n = (x: number) => x.toLocaleString("en-US");
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

/** A 404 that also names the field of the body holding the id (another organization's id reads as none). */
const notFoundIn = (field: string, what: string) =>
  new AppError("not_found", 404, `${what} was not found.`, { [field]: [`${what} was not found.`] });

const CRM_KIND_NAMES: Record<CrmKind, string> = {
  technician: "technician",
  businessUnit: "business unit",
  jobType: "job type",
  campaign: "campaign",
};

export const toAppointmentType = (r: AppointmentTypeRow): AppointmentType => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export function appointmentTypesService(d: Deps) {
  const { repo } = d;

  /** A type the caller reaches, or 404. */
  const readableType = async (exec: Tx, ctx: TenantContext, scope: TypeReadScope, id: number) => {
    const row = await repo.find(exec, ctx, id);
    if (!row || !inTypeScope(scope, row)) throw notFoundIn("params.id", "The appointment type");
    return row;
  };

  /** Locks the type a link belongs to; another organization's (or no) type is a 404 naming the field. */
  const lockedType = async (tx: Tx, ctx: TenantContext, id: number, field = "body.appointmentTypeId") => {
    const row = await repo.lockType(tx, ctx, id);
    if (!row) throw notFoundIn(field, "The appointment type");
    return row;
  };

  /**
   * A CRM reference of the organization to link: another organization's (or none) is a 404, one of another kind a
   * 400, one the CRM no longer lists as active a 400 unless the link already points at it.
   */
  const linkableReference = async (
    tx: Tx,
    ctx: TenantContext,
    kind: "technician" | "businessUnit",
    id: number,
    current?: number,
  ) => {
    const field = "body.crmReferenceId";
    const ref = await repo.crmReference(tx, ctx, id);
    if (!ref) throw notFoundIn(field, `The CRM ${CRM_KIND_NAMES[kind]}`);
    if (ref.kind !== kind) {
      throw fieldError(
        field,
        `"${ref.name}" is a CRM ${CRM_KIND_NAMES[ref.kind]}, not a ${CRM_KIND_NAMES[kind]}; choose a ${CRM_KIND_NAMES[kind]} from the list.`,
      );
    }
    if (!ref.isActive && current !== id) {
      throw fieldError(field, `"${ref.name}" is no longer active in the CRM; choose an active one.`);
    }
    return ref;
  };

  /** A CRM job type or campaign id of the type: it must be one `crm_references` knows for the organization. */
  const checkCrmId = async (
    tx: Tx,
    ctx: TenantContext,
    kind: "jobType" | "campaign",
    field: string,
    externalId: number | null,
    current: number | null | undefined,
  ) => {
    if (externalId === null) return;
    const ref = await repo.crmByExternalId(tx, ctx, kind, externalId);
    const what = CRM_KIND_NAMES[kind];
    if (!ref) {
      throw fieldError(
        field,
        `${n(externalId)} is not one of this organization's CRM ${what}s; choose a ${what} from the list (refresh the CRM lists if it is new).`,
      );
    }
    if (!ref.isActive && current !== externalId) {
      throw fieldError(
        field,
        `The ${what} "${ref.name}" is no longer active in the CRM; choose an active one.`,
      );
    }
  };

  async function upsertQuestionLink(
    ctx: TenantContext,
    input: QuestionInput,
  ): Promise<AppointmentTypeQuestion> {
    requireTypeSetup(ctx);
    return d.uow.run(async (tx) => {
      const before = input.id ? await repo.findQuestionLink(tx, ctx, input.id) : null;
      if (input.id && !before) throw notFoundIn("body.id", "The question link");
      await lockedType(tx, ctx, input.appointmentTypeId);
      const question = await repo.question(tx, ctx, input.questionId);
      if (!question) throw notFoundIn("body.questionId", "The question");
      if (!question.isActive && before?.questionId !== input.questionId) {
        throw fieldError("body.questionId", "This question is inactive; make it active or choose another.");
      }
      const twin = await repo.questionTwin(tx, ctx, input.appointmentTypeId, input.questionId, input.id);
      if (twin) {
        throw fieldError(
          "body.questionId",
          "This question is already asked for this appointment type; change that link instead.",
          409,
        );
      }
      const id = await repo.saveQuestionLink(tx, ctx, input.id, {
        appointmentTypeId: input.appointmentTypeId,
        questionId: input.questionId,
        isRequired: input.isRequired,
        sortOrder: input.sortOrder,
      });
      return (await repo.findQuestionLink(tx, ctx, id))!;
    });
  }

  async function deleteQuestionLink(ctx: TenantContext, id: number) {
    requireTypeSetup(ctx);
    return d.uow.run(async (tx) => {
      if (!(await repo.findQuestionLink(tx, ctx, id))) throw notFoundIn("params.id", "The question link");
      await repo.deleteQuestionLink(tx, ctx, id);
      return { ok: true as const };
    });
  }

  return {
    // Types --------------------------------------------------------------------------------------------

    async search(ctx: TenantContext, input: SearchInput): Promise<Page<AppointmentType>> {
      const scope = typeReadScope(ctx);
      const { rows, total } = await repo.search(d.uow.read, ctx, scope, input, pageOf(input));
      return pageResult(rows.map(toAppointmentType), total, input);
    },

    async upsert(ctx: TenantContext, input: UpsertInput): Promise<AppointmentType> {
      requireTypeSetup(ctx);
      return d.uow.run(async (tx) => {
        await repo.lockNames(tx, ctx);
        const before = input.id ? await repo.find(tx, ctx, input.id) : null;
        if (input.id && !before) throw notFoundIn("body.id", "The appointment type");
        if (input.territoryId !== null) {
          const t = await repo.territory(tx, ctx, input.territoryId);
          if (!t) throw notFoundIn("body.territoryId", "The territory");
          if (!t.isActive && before?.territoryId !== input.territoryId) {
            throw fieldError("body.territoryId", "This territory is inactive; choose an active one.");
          }
        }
        await checkCrmId(tx, ctx, "jobType", "body.crmJobTypeId", input.crmJobTypeId, before?.crmJobTypeId);
        await checkCrmId(
          tx,
          ctx,
          "campaign",
          "body.crmCampaignId",
          input.crmCampaignId,
          before?.crmCampaignId,
        );
        const twin = await repo.sameName(tx, ctx, input.name, input.id);
        if (twin) {
          throw fieldError(
            "body.name",
            `An appointment type named "${twin.name}" already exists; choose another name.`,
            409,
          );
        }
        const values = {
          name: input.name,
          territoryId: input.territoryId,
          durationMinutes: input.durationMinutes,
          arrivalWindowMinutes: input.arrivalWindowMinutes,
          minimumNoticeMinutes: input.minimumNoticeMinutes,
          bookingHorizonDays: input.bookingHorizonDays,
          crmJobTypeId: input.crmJobTypeId,
          crmCampaignId: input.crmCampaignId,
          isActive: input.isActive,
        };
        let id = input.id;
        if (id) await repo.update(tx, ctx, id, values);
        else id = await repo.insert(tx, ctx, values);
        return toAppointmentType((await repo.find(tx, ctx, id))!);
      });
    },

    /**
     * Deletes a type nothing uses, with its links and business contacts, in one transaction. A type with
     * template windows, dated windows or appointments is refused (409) with where it is used: those keep their
     * history, so the type is made inactive instead.
     */
    async delete(ctx: TenantContext, id: number) {
      requireTypeSetup(ctx);
      return d.uow.run(async (tx) => {
        // The row lock makes a window or booking of this type wait for the delete (and then fail), never slip in.
        await lockedType(tx, ctx, id, "params.id");
        const used = await repo.usage(tx, ctx, id);
        if (used.templates + used.windows + used.appointments > 0) {
          const type = (await repo.find(tx, ctx, id))!;
          throw conflict(
            `"${type.name}" is in use: ${plural(used.templates, "weekly template window")}, ${plural(used.windows, "dated window")} and ${plural(used.appointments, "appointment")}. Make it inactive instead: it stays on what uses it and takes no new bookings.`,
          );
        }
        await repo.delete(tx, ctx, id);
        return { ok: true as const };
      });
    },

    // Technicians ---------------------------------------------------------------------------------------

    async technicians(ctx: TenantContext, typeId: number): Promise<AppointmentTypeTechnician[]> {
      const scope = typeReadScope(ctx);
      await readableType(d.uow.read, ctx, scope, typeId);
      return repo.technicians(d.uow.read, ctx, typeId);
    },

    async upsertTechnician(ctx: TenantContext, input: TechnicianInput): Promise<AppointmentTypeTechnician> {
      requireTypeSetup(ctx);
      return d.uow.run(async (tx) => {
        const before = input.id ? await repo.findTechnician(tx, ctx, input.id) : null;
        if (input.id && !before) throw notFoundIn("body.id", "The technician link");
        await lockedType(tx, ctx, input.appointmentTypeId);
        const ref = await linkableReference(
          tx,
          ctx,
          "technician",
          input.crmReferenceId,
          before?.crmReferenceId,
        );
        if (await repo.technicianTwin(tx, ctx, input.appointmentTypeId, ref.id, input.id)) {
          throw fieldError(
            "body.crmReferenceId",
            `${ref.name} is already a technician of this appointment type.`,
            409,
          );
        }
        const id = await repo.saveTechnician(tx, ctx, input.id, {
          appointmentTypeId: input.appointmentTypeId,
          crmReferenceId: ref.id,
          sortOrder: input.sortOrder,
        });
        return (await repo.findTechnician(tx, ctx, id))!;
      });
    },

    async deleteTechnician(ctx: TenantContext, id: number) {
      requireTypeSetup(ctx);
      return d.uow.run(async (tx) => {
        if (!(await repo.findTechnician(tx, ctx, id))) throw notFoundIn("params.id", "The technician link");
        await repo.deleteTechnician(tx, ctx, id);
        return { ok: true as const };
      });
    },

    async technicianOptions(ctx: TenantContext, typeId: number): Promise<CrmOption[]> {
      requireTypeSetup(ctx);
      if (!(await repo.find(d.uow.read, ctx, typeId))) throw notFoundIn("params.id", "The appointment type");
      return repo.unlinkedTechnicians(d.uow.read, ctx, typeId);
    },

    // Business units ------------------------------------------------------------------------------------

    async businessUnits(ctx: TenantContext, typeId: number): Promise<AppointmentTypeBusinessUnit[]> {
      const scope = typeReadScope(ctx);
      await readableType(d.uow.read, ctx, scope, typeId);
      return repo.businessUnits(d.uow.read, ctx, typeId);
    },

    async upsertBusinessUnit(
      ctx: TenantContext,
      input: BusinessUnitInput,
    ): Promise<AppointmentTypeBusinessUnit> {
      requireTypeSetup(ctx);
      return d.uow.run(async (tx) => {
        const before = input.id ? await repo.findBusinessUnit(tx, ctx, input.id) : null;
        if (input.id && !before) throw notFoundIn("body.id", "The business unit link");
        // The type's row lock also keeps two "make this the default" from leaving two defaults.
        await lockedType(tx, ctx, input.appointmentTypeId);
        const ref = await linkableReference(
          tx,
          ctx,
          "businessUnit",
          input.crmReferenceId,
          before?.crmReferenceId,
        );
        if (await repo.businessUnitTwin(tx, ctx, input.appointmentTypeId, ref.id, input.id)) {
          throw fieldError(
            "body.crmReferenceId",
            `${ref.name} is already a business unit of this appointment type.`,
            409,
          );
        }
        const id = await repo.saveBusinessUnit(tx, ctx, input.id, {
          appointmentTypeId: input.appointmentTypeId,
          crmReferenceId: ref.id,
          isDefault: input.isDefault,
        });
        return (await repo.findBusinessUnit(tx, ctx, id))!;
      });
    },

    async deleteBusinessUnit(ctx: TenantContext, id: number) {
      requireTypeSetup(ctx);
      return d.uow.run(async (tx) => {
        if (!(await repo.findBusinessUnit(tx, ctx, id)))
          throw notFoundIn("params.id", "The business unit link");
        await repo.deleteBusinessUnit(tx, ctx, id);
        return { ok: true as const };
      });
    },

    async serviceTitanOptions(ctx: TenantContext): Promise<ServiceTitanLookups> {
      requireTypeSetup(ctx);
      const rows = await repo.crmOptions(d.uow.read, ctx, ["businessUnit", "jobType", "campaign"]);
      const of = (kind: CrmKind) =>
        rows.filter((r) => r.kind === kind).map(({ id, externalId, name }) => ({ id, externalId, name }));
      return { businessUnits: of("businessUnit"), jobTypes: of("jobType"), campaigns: of("campaign") };
    },

    // Questions -----------------------------------------------------------------------------------------

    async questions(ctx: TenantContext, typeId: number): Promise<AppointmentTypeQuestion[]> {
      const scope = typeReadScope(ctx);
      await readableType(d.uow.read, ctx, scope, typeId);
      return repo.questionLinks(d.uow.read, ctx, "type", typeId);
    },

    upsertQuestion: upsertQuestionLink,
    deleteQuestion: deleteQuestionLink,

    async questionOptions(ctx: TenantContext): Promise<LinkableQuestion[]> {
      requireTypeSetup(ctx);
      return repo.linkableQuestions(d.uow.read, ctx);
    },

    // The settings' side: a question's appointment types, and a type's business contacts ----------------

    /** The same `appointment_type_questions` rows, seen from one question (settings). */
    async questionAppointmentTypes(
      ctx: TenantContext,
      questionId: number,
    ): Promise<AppointmentTypeQuestion[]> {
      requireTypeSetup(ctx);
      if (!(await repo.question(d.uow.read, ctx, questionId))) throw notFoundIn("params.id", "The question");
      return repo.questionLinks(d.uow.read, ctx, "question", questionId);
    },

    async contacts(ctx: TenantContext, typeId: number): Promise<BusinessContact[]> {
      requireTypeSetup(ctx);
      if (!(await repo.find(d.uow.read, ctx, typeId))) throw notFoundIn("params.id", "The appointment type");
      return repo.contacts(d.uow.read, ctx, typeId) as Promise<BusinessContact[]>;
    },

    async saveContacts(
      ctx: TenantContext,
      typeId: number,
      input: BusinessContactsSaveRequest,
    ): Promise<BusinessContact[]> {
      requireTypeSetup(ctx);
      return d.uow.run(async (tx) => {
        await lockedType(tx, ctx, typeId, "params.id");
        return repo.replaceContacts(tx, ctx, typeId, input.contacts) as Promise<BusinessContact[]>;
      });
    },
  };
}

export type AppointmentTypesService = ReturnType<typeof appointmentTypesService>;
