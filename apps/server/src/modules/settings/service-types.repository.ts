import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import {
  appointmentTypeQuestions,
  appointmentTypes,
  leadAnswers,
  leads,
  questionResponses,
  serviceTypeQuestions,
  serviceTypes,
} from "../../db/schema/index";
import type { Tx } from "../../platform/db";

type Scope = { organizationId: number };

export type ServiceTypeValues = { name: string; description: string; isActive: boolean; sortOrder: number };
export type QuestionValues = {
  serviceTypeId: number;
  text: string;
  dataTypeId: number;
  fieldTypeId: number;
  isRequired: boolean;
  sortOrder: number;
  isActive: boolean;
};

const typeColumns = {
  id: serviceTypes.id,
  name: serviceTypes.name,
  description: serviceTypes.description,
  isActive: serviceTypes.isActive,
  sortOrder: serviceTypes.sortOrder,
};
const questionColumns = {
  id: serviceTypeQuestions.id,
  serviceTypeId: serviceTypeQuestions.serviceTypeId,
  text: serviceTypeQuestions.text,
  dataTypeId: serviceTypeQuestions.dataTypeId,
  fieldTypeId: serviceTypeQuestions.fieldTypeId,
  isRequired: serviceTypeQuestions.isRequired,
  sortOrder: serviceTypeQuestions.sortOrder,
  isActive: serviceTypeQuestions.isActive,
};
const responseColumns = {
  id: questionResponses.id,
  questionId: questionResponses.questionId,
  text: questionResponses.text,
  sortOrder: questionResponses.sortOrder,
};

export type QuestionRow = Awaited<ReturnType<ServiceTypesRepository["questions"]>>[number];
export type ResponseRow = Awaited<ReturnType<ServiceTypesRepository["responses"]>>[number];

/** Service types, their questions and the questions' responses; every read and write bound to the organization. */
export function serviceTypesRepository() {
  const repo = {
    async list(exec: Tx, ctx: Scope, includeInactive: boolean) {
      const questionCount = exec
        .select({ serviceTypeId: serviceTypeQuestions.serviceTypeId, n: count().as("n") })
        .from(serviceTypeQuestions)
        .where(
          and(
            eq(serviceTypeQuestions.organizationId, ctx.organizationId),
            eq(serviceTypeQuestions.isActive, true),
          ),
        )
        .groupBy(serviceTypeQuestions.serviceTypeId)
        .as("qc");
      return exec
        .select({ ...typeColumns, questionCount: sql<number>`coalesce(${questionCount.n}, 0)::int` })
        .from(serviceTypes)
        .leftJoin(questionCount, eq(questionCount.serviceTypeId, serviceTypes.id))
        .where(
          and(
            eq(serviceTypes.organizationId, ctx.organizationId),
            includeInactive ? undefined : eq(serviceTypes.isActive, true),
          ),
        )
        .orderBy(asc(serviceTypes.sortOrder), asc(serviceTypes.name));
    },

    async find(exec: Tx, ctx: Scope, id: number) {
      const [row] = await exec
        .select(typeColumns)
        .from(serviceTypes)
        .where(and(eq(serviceTypes.organizationId, ctx.organizationId), eq(serviceTypes.id, id)));
      return row ?? null;
    },

    async findByName(exec: Tx, ctx: Scope, name: string) {
      const [row] = await exec
        .select({ id: serviceTypes.id })
        .from(serviceTypes)
        .where(
          and(
            eq(serviceTypes.organizationId, ctx.organizationId),
            eq(sql`lower(${serviceTypes.name})`, name.toLowerCase()),
          ),
        );
      return row ?? null;
    },

    async nextTypeSortOrder(exec: Tx, ctx: Scope) {
      const [r] = await exec
        .select({ n: sql<number>`coalesce(max(${serviceTypes.sortOrder}) + 1, 0)::int` })
        .from(serviceTypes)
        .where(eq(serviceTypes.organizationId, ctx.organizationId));
      return r.n;
    },

    async insertType(exec: Tx, ctx: Scope, v: ServiceTypeValues) {
      const [row] = await exec
        .insert(serviceTypes)
        .values({ organizationId: ctx.organizationId, ...v })
        .returning(typeColumns);
      return row;
    },

    async updateType(exec: Tx, ctx: Scope, id: number, v: ServiceTypeValues) {
      const [row] = await exec
        .update(serviceTypes)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(serviceTypes.organizationId, ctx.organizationId), eq(serviceTypes.id, id)))
        .returning(typeColumns);
      return row ?? null;
    },

    /** Leads of the type, deleted ones included (they still point at it). */
    async leadCount(exec: Tx, ctx: Scope, serviceTypeId: number) {
      const [r] = await exec
        .select({ n: count() })
        .from(leads)
        .where(and(eq(leads.organizationId, ctx.organizationId), eq(leads.serviceTypeId, serviceTypeId)));
      return r.n;
    },

    /** Removes an unused type with its questions and their responses (three statements: give it a transaction). */
    async deleteType(tx: Tx, ctx: Scope, id: number) {
      const org = eq(serviceTypeQuestions.organizationId, ctx.organizationId);
      const qIds = tx
        .select({ id: serviceTypeQuestions.id })
        .from(serviceTypeQuestions)
        .where(and(org, eq(serviceTypeQuestions.serviceTypeId, id)));
      await tx
        .delete(questionResponses)
        .where(
          and(
            eq(questionResponses.organizationId, ctx.organizationId),
            inArray(questionResponses.questionId, qIds),
          ),
        );
      await tx.delete(serviceTypeQuestions).where(and(org, eq(serviceTypeQuestions.serviceTypeId, id)));
      const gone = await tx
        .delete(serviceTypes)
        .where(and(eq(serviceTypes.organizationId, ctx.organizationId), eq(serviceTypes.id, id)))
        .returning({ id: serviceTypes.id });
      return gone.length > 0;
    },

    /** Questions of one type, or of every type of the organization (`serviceTypeId` null), in order. */
    async questions(exec: Tx, ctx: Scope, serviceTypeId: number | null, includeInactive: boolean) {
      return exec
        .select(questionColumns)
        .from(serviceTypeQuestions)
        .where(
          and(
            eq(serviceTypeQuestions.organizationId, ctx.organizationId),
            serviceTypeId === null ? undefined : eq(serviceTypeQuestions.serviceTypeId, serviceTypeId),
            includeInactive ? undefined : eq(serviceTypeQuestions.isActive, true),
          ),
        )
        .orderBy(
          asc(serviceTypeQuestions.serviceTypeId),
          asc(serviceTypeQuestions.sortOrder),
          asc(serviceTypeQuestions.id),
        );
    },

    async findQuestion(exec: Tx, ctx: Scope, id: number) {
      const [row] = await exec
        .select(questionColumns)
        .from(serviceTypeQuestions)
        .where(
          and(eq(serviceTypeQuestions.organizationId, ctx.organizationId), eq(serviceTypeQuestions.id, id)),
        );
      return row ?? null;
    },

    async nextQuestionSortOrder(exec: Tx, ctx: Scope, serviceTypeId: number) {
      const [r] = await exec
        .select({ n: sql<number>`coalesce(max(${serviceTypeQuestions.sortOrder}) + 1, 0)::int` })
        .from(serviceTypeQuestions)
        .where(
          and(
            eq(serviceTypeQuestions.organizationId, ctx.organizationId),
            eq(serviceTypeQuestions.serviceTypeId, serviceTypeId),
          ),
        );
      return r.n;
    },

    async insertQuestion(exec: Tx, ctx: Scope, v: QuestionValues) {
      const [row] = await exec
        .insert(serviceTypeQuestions)
        .values({ organizationId: ctx.organizationId, ...v })
        .returning(questionColumns);
      return row;
    },

    async updateQuestion(exec: Tx, ctx: Scope, id: number, v: QuestionValues) {
      const [row] = await exec
        .update(serviceTypeQuestions)
        .set({ ...v, updatedAt: new Date() })
        .where(
          and(eq(serviceTypeQuestions.organizationId, ctx.organizationId), eq(serviceTypeQuestions.id, id)),
        )
        .returning(questionColumns);
      return row ?? null;
    },

    /** Leads that answered the question. */
    async answerCount(exec: Tx, ctx: Scope, questionId: number) {
      const [r] = await exec
        .select({ n: count() })
        .from(leadAnswers)
        .where(
          and(eq(leadAnswers.organizationId, ctx.organizationId), eq(leadAnswers.questionId, questionId)),
        );
      return r.n;
    },

    /**
     * The appointment types that ask these questions when booking (their names, once each): a question linked to
     * one cannot be deleted until the link is removed (appointment_type_questions refuses it).
     */
    async appointmentTypesAsking(exec: Tx, ctx: Scope, questionIds: readonly number[]): Promise<string[]> {
      if (questionIds.length === 0) return [];
      const rows = await exec
        .selectDistinct({ name: appointmentTypes.name })
        .from(appointmentTypeQuestions)
        .innerJoin(
          appointmentTypes,
          and(
            eq(appointmentTypes.organizationId, appointmentTypeQuestions.organizationId),
            eq(appointmentTypes.id, appointmentTypeQuestions.appointmentTypeId),
          ),
        )
        .where(
          and(
            eq(appointmentTypeQuestions.organizationId, ctx.organizationId),
            inArray(appointmentTypeQuestions.questionId, [...questionIds]),
          ),
        )
        .orderBy(asc(appointmentTypes.name));
      return rows.map((r) => r.name);
    },

    /** Removes a question with its responses (two statements: give it a transaction). */
    async deleteQuestion(tx: Tx, ctx: Scope, id: number) {
      await tx
        .delete(questionResponses)
        .where(
          and(eq(questionResponses.organizationId, ctx.organizationId), eq(questionResponses.questionId, id)),
        );
      const gone = await tx
        .delete(serviceTypeQuestions)
        .where(
          and(eq(serviceTypeQuestions.organizationId, ctx.organizationId), eq(serviceTypeQuestions.id, id)),
        )
        .returning({ id: serviceTypeQuestions.id });
      return gone.length > 0;
    },

    /** Responses of some questions (all of the organization's when `questionIds` is null), in order. */
    async responses(exec: Tx, ctx: Scope, questionIds: number[] | null) {
      if (questionIds && questionIds.length === 0) return [];
      return exec
        .select(responseColumns)
        .from(questionResponses)
        .where(
          and(
            eq(questionResponses.organizationId, ctx.organizationId),
            questionIds ? inArray(questionResponses.questionId, questionIds) : undefined,
          ),
        )
        .orderBy(
          asc(questionResponses.questionId),
          asc(questionResponses.sortOrder),
          asc(questionResponses.id),
        );
    },

    async findResponse(exec: Tx, ctx: Scope, id: number) {
      const [row] = await exec
        .select(responseColumns)
        .from(questionResponses)
        .where(and(eq(questionResponses.organizationId, ctx.organizationId), eq(questionResponses.id, id)));
      return row ?? null;
    },

    async nextResponseSortOrder(exec: Tx, ctx: Scope, questionId: number) {
      const [r] = await exec
        .select({ n: sql<number>`coalesce(max(${questionResponses.sortOrder}) + 1, 0)::int` })
        .from(questionResponses)
        .where(
          and(
            eq(questionResponses.organizationId, ctx.organizationId),
            eq(questionResponses.questionId, questionId),
          ),
        );
      return r.n;
    },

    async insertResponse(exec: Tx, ctx: Scope, v: { questionId: number; text: string; sortOrder: number }) {
      const [row] = await exec
        .insert(questionResponses)
        .values({ organizationId: ctx.organizationId, ...v })
        .returning(responseColumns);
      return row;
    },

    async updateResponse(exec: Tx, ctx: Scope, id: number, v: { text: string; sortOrder: number }) {
      const [row] = await exec
        .update(questionResponses)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(questionResponses.organizationId, ctx.organizationId), eq(questionResponses.id, id)))
        .returning(responseColumns);
      return row ?? null;
    },

    /** Leads whose answer to the question is (or, for several choices, includes) the response. */
    async responseUseCount(exec: Tx, ctx: Scope, questionId: number, responseId: number) {
      const [r] = await exec
        .select({ n: count() })
        .from(leadAnswers)
        .where(
          and(
            eq(leadAnswers.organizationId, ctx.organizationId),
            eq(leadAnswers.questionId, questionId),
            sql`${leadAnswers.value} @> to_jsonb(${responseId}::int)`,
          ),
        );
      return r.n;
    },

    async deleteResponse(exec: Tx, ctx: Scope, id: number) {
      const gone = await exec
        .delete(questionResponses)
        .where(and(eq(questionResponses.organizationId, ctx.organizationId), eq(questionResponses.id, id)))
        .returning({ id: questionResponses.id });
      return gone.length > 0;
    },
  };
  return repo;
}

export type ServiceTypesRepository = ReturnType<typeof serviceTypesRepository>;
