import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import {
  leadAnswers,
  leads,
  questionResponses,
  serviceTypeQuestions,
  serviceTypes,
} from "../../db/schema/index";
import type { Db } from "../../platform/db";

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
export function serviceTypesRepository(db: Db) {
  const repo = {
    async list(ctx: Scope, includeInactive: boolean) {
      const questionCount = db
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
      return db
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

    async find(ctx: Scope, id: number) {
      const [row] = await db
        .select(typeColumns)
        .from(serviceTypes)
        .where(and(eq(serviceTypes.organizationId, ctx.organizationId), eq(serviceTypes.id, id)));
      return row ?? null;
    },

    async findByName(ctx: Scope, name: string) {
      const [row] = await db
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

    async nextTypeSortOrder(ctx: Scope) {
      const [r] = await db
        .select({ n: sql<number>`coalesce(max(${serviceTypes.sortOrder}) + 1, 0)::int` })
        .from(serviceTypes)
        .where(eq(serviceTypes.organizationId, ctx.organizationId));
      return r.n;
    },

    async insertType(ctx: Scope, v: ServiceTypeValues) {
      const [row] = await db
        .insert(serviceTypes)
        .values({ organizationId: ctx.organizationId, ...v })
        .returning(typeColumns);
      return row;
    },

    async updateType(ctx: Scope, id: number, v: ServiceTypeValues) {
      const [row] = await db
        .update(serviceTypes)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(serviceTypes.organizationId, ctx.organizationId), eq(serviceTypes.id, id)))
        .returning(typeColumns);
      return row ?? null;
    },

    /** Leads of the type, deleted ones included (they still point at it). */
    async leadCount(ctx: Scope, serviceTypeId: number) {
      const [r] = await db
        .select({ n: count() })
        .from(leads)
        .where(and(eq(leads.organizationId, ctx.organizationId), eq(leads.serviceTypeId, serviceTypeId)));
      return r.n;
    },

    /** Removes an unused type with its questions and their responses. */
    async deleteType(ctx: Scope, id: number) {
      return db.transaction(async (tx) => {
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
      });
    },

    /** Questions of one type, or of every type of the organization (`serviceTypeId` null), in order. */
    async questions(ctx: Scope, serviceTypeId: number | null, includeInactive: boolean) {
      return db
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

    async findQuestion(ctx: Scope, id: number) {
      const [row] = await db
        .select(questionColumns)
        .from(serviceTypeQuestions)
        .where(
          and(eq(serviceTypeQuestions.organizationId, ctx.organizationId), eq(serviceTypeQuestions.id, id)),
        );
      return row ?? null;
    },

    async nextQuestionSortOrder(ctx: Scope, serviceTypeId: number) {
      const [r] = await db
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

    async insertQuestion(ctx: Scope, v: QuestionValues) {
      const [row] = await db
        .insert(serviceTypeQuestions)
        .values({ organizationId: ctx.organizationId, ...v })
        .returning(questionColumns);
      return row;
    },

    async updateQuestion(ctx: Scope, id: number, v: QuestionValues) {
      const [row] = await db
        .update(serviceTypeQuestions)
        .set({ ...v, updatedAt: new Date() })
        .where(
          and(eq(serviceTypeQuestions.organizationId, ctx.organizationId), eq(serviceTypeQuestions.id, id)),
        )
        .returning(questionColumns);
      return row ?? null;
    },

    /** Leads that answered the question. */
    async answerCount(ctx: Scope, questionId: number) {
      const [r] = await db
        .select({ n: count() })
        .from(leadAnswers)
        .where(
          and(eq(leadAnswers.organizationId, ctx.organizationId), eq(leadAnswers.questionId, questionId)),
        );
      return r.n;
    },

    async deleteQuestion(ctx: Scope, id: number) {
      return db.transaction(async (tx) => {
        await tx
          .delete(questionResponses)
          .where(
            and(
              eq(questionResponses.organizationId, ctx.organizationId),
              eq(questionResponses.questionId, id),
            ),
          );
        const gone = await tx
          .delete(serviceTypeQuestions)
          .where(
            and(eq(serviceTypeQuestions.organizationId, ctx.organizationId), eq(serviceTypeQuestions.id, id)),
          )
          .returning({ id: serviceTypeQuestions.id });
        return gone.length > 0;
      });
    },

    /** Responses of some questions (all of the organization's when `questionIds` is null), in order. */
    async responses(ctx: Scope, questionIds: number[] | null) {
      if (questionIds && questionIds.length === 0) return [];
      return db
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

    async findResponse(ctx: Scope, id: number) {
      const [row] = await db
        .select(responseColumns)
        .from(questionResponses)
        .where(and(eq(questionResponses.organizationId, ctx.organizationId), eq(questionResponses.id, id)));
      return row ?? null;
    },

    async nextResponseSortOrder(ctx: Scope, questionId: number) {
      const [r] = await db
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

    async insertResponse(ctx: Scope, v: { questionId: number; text: string; sortOrder: number }) {
      const [row] = await db
        .insert(questionResponses)
        .values({ organizationId: ctx.organizationId, ...v })
        .returning(responseColumns);
      return row;
    },

    async updateResponse(ctx: Scope, id: number, v: { text: string; sortOrder: number }) {
      const [row] = await db
        .update(questionResponses)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(questionResponses.organizationId, ctx.organizationId), eq(questionResponses.id, id)))
        .returning(responseColumns);
      return row ?? null;
    },

    /** Leads whose answer to the question is (or, for several choices, includes) the response. */
    async responseUseCount(ctx: Scope, questionId: number, responseId: number) {
      const [r] = await db
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

    async deleteResponse(ctx: Scope, id: number) {
      const gone = await db
        .delete(questionResponses)
        .where(and(eq(questionResponses.organizationId, ctx.organizationId), eq(questionResponses.id, id)))
        .returning({ id: questionResponses.id });
      return gone.length > 0;
    },
  };
  return repo;
}

export type ServiceTypesRepository = ReturnType<typeof serviceTypesRepository>;
