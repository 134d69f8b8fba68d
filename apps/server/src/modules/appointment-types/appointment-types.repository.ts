import { and, asc, count, eq, inArray, isNull, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  appointments,
  appointmentTemplates,
  appointmentTypeBusinessUnits,
  appointmentTypeQuestions,
  appointmentTypes,
  appointmentTypeTechnicians,
  appointmentWindows,
  businessContacts,
  crmReferences,
  serviceTypeQuestions,
  serviceTypes,
  territories,
} from "../../db/schema/index";
import type { Tx } from "../../platform/db";
import { likePattern, type PageWindow, searchWords, sortBy } from "../../platform/query-kit";

type Scope = { organizationId: number };
export type CrmKind = "technician" | "businessUnit" | "jobType" | "campaign";

export type AppointmentTypeFilters = {
  search?: string;
  isActive?: boolean;
  territoryIds?: number[];
  ids?: number[];
  sortBy:
    | "name"
    | "territory"
    | "durationMinutes"
    | "arrivalWindowMinutes"
    | "minimumNoticeMinutes"
    | "bookingHorizonDays"
    | "createdAt";
  sortDirection: "asc" | "desc";
};

/** Who reads: null = every type; else only types of every territory and of these territories. */
export type TypeReadScope = { territoryIds: number[] | null; activeOnly: boolean };

export type AppointmentTypeValues = {
  name: string;
  territoryId: number | null;
  durationMinutes: number;
  arrivalWindowMinutes: number;
  minimumNoticeMinutes: number;
  bookingHorizonDays: number;
  crmJobTypeId: number | null;
  crmCampaignId: number | null;
  isActive: boolean;
};

export type ContactValues = { name: string; email: string; phone: string | null; topics: string[] };

const jobTypes = alias(crmReferences, "job_types");
const campaigns = alias(crmReferences, "campaigns");

const typeColumns = {
  id: appointmentTypes.id,
  name: appointmentTypes.name,
  territoryId: appointmentTypes.territoryId,
  territoryName: territories.name,
  durationMinutes: appointmentTypes.durationMinutes,
  arrivalWindowMinutes: appointmentTypes.arrivalWindowMinutes,
  minimumNoticeMinutes: appointmentTypes.minimumNoticeMinutes,
  bookingHorizonDays: appointmentTypes.bookingHorizonDays,
  crmJobTypeId: appointmentTypes.crmJobTypeId,
  crmJobTypeName: jobTypes.name,
  crmCampaignId: appointmentTypes.crmCampaignId,
  crmCampaignName: campaigns.name,
  isActive: appointmentTypes.isActive,
  createdAt: appointmentTypes.createdAt,
  updatedAt: appointmentTypes.updatedAt,
};
export type AppointmentTypeRow = {
  id: number;
  name: string;
  territoryId: number | null;
  territoryName: string | null;
  durationMinutes: number;
  arrivalWindowMinutes: number;
  minimumNoticeMinutes: number;
  bookingHorizonDays: number;
  crmJobTypeId: number | null;
  crmJobTypeName: string | null;
  crmCampaignId: number | null;
  crmCampaignName: string | null;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
};

// Joined through the type's own organization, so a foreign row could never lend a name.
const territoryJoin = and(
  eq(territories.id, appointmentTypes.territoryId),
  eq(territories.organizationId, appointmentTypes.organizationId),
);
const jobTypeJoin = and(
  eq(jobTypes.organizationId, appointmentTypes.organizationId),
  eq(jobTypes.kind, "jobType"),
  eq(jobTypes.externalId, appointmentTypes.crmJobTypeId),
);
const campaignJoin = and(
  eq(campaigns.organizationId, appointmentTypes.organizationId),
  eq(campaigns.kind, "campaign"),
  eq(campaigns.externalId, appointmentTypes.crmCampaignId),
);

function typeConditions(ctx: Scope, scope: TypeReadScope, f: Partial<AppointmentTypeFilters>) {
  const conditions: (SQL | undefined)[] = [eq(appointmentTypes.organizationId, ctx.organizationId)];
  if (scope.territoryIds) {
    conditions.push(
      scope.territoryIds.length
        ? or(isNull(appointmentTypes.territoryId), inArray(appointmentTypes.territoryId, scope.territoryIds))
        : isNull(appointmentTypes.territoryId),
    );
  }
  if (scope.activeOnly) conditions.push(eq(appointmentTypes.isActive, true));
  if (f.isActive !== undefined) conditions.push(eq(appointmentTypes.isActive, f.isActive));
  if (f.territoryIds?.length) {
    conditions.push(
      or(isNull(appointmentTypes.territoryId), inArray(appointmentTypes.territoryId, f.territoryIds)),
    );
  }
  if (f.ids) conditions.push(f.ids.length ? inArray(appointmentTypes.id, f.ids) : sql`false`);
  for (const word of searchWords(f.search)) {
    conditions.push(sql`${appointmentTypes.name} ilike ${likePattern(word)}`);
  }
  return and(...conditions);
}

const crmLinkColumns = (link: typeof appointmentTypeTechnicians | typeof appointmentTypeBusinessUnits) => ({
  id: link.id,
  appointmentTypeId: link.appointmentTypeId,
  crmReferenceId: link.crmReferenceId,
  externalId: crmReferences.externalId,
  name: crmReferences.name,
  isActive: crmReferences.isActive,
});
const crmJoin = (link: typeof appointmentTypeTechnicians | typeof appointmentTypeBusinessUnits) =>
  and(eq(crmReferences.organizationId, link.organizationId), eq(crmReferences.id, link.crmReferenceId));

const questionLinkColumns = {
  id: appointmentTypeQuestions.id,
  appointmentTypeId: appointmentTypeQuestions.appointmentTypeId,
  appointmentTypeName: appointmentTypes.name,
  questionId: appointmentTypeQuestions.questionId,
  questionText: serviceTypeQuestions.text,
  serviceTypeId: serviceTypeQuestions.serviceTypeId,
  serviceTypeName: serviceTypes.name,
  isRequired: appointmentTypeQuestions.isRequired,
  sortOrder: appointmentTypeQuestions.sortOrder,
};

const contactColumns = {
  id: businessContacts.id,
  name: businessContacts.name,
  email: businessContacts.email,
  phone: businessContacts.phone,
  topics: businessContacts.topics,
  sortOrder: businessContacts.sortOrder,
};

/**
 * Appointment types, their links (technicians, business units, questions, business contacts) and the CRM
 * references they point at. Every method takes the executor first and is bound to the caller's organization.
 */
export function appointmentTypesRepository() {
  const typeAt = (ctx: Scope, id: number) =>
    and(eq(appointmentTypes.organizationId, ctx.organizationId), eq(appointmentTypes.id, id));

  const questionLinksFrom = (exec: Tx) =>
    exec
      .select(questionLinkColumns)
      .from(appointmentTypeQuestions)
      .innerJoin(
        appointmentTypes,
        and(
          eq(appointmentTypes.organizationId, appointmentTypeQuestions.organizationId),
          eq(appointmentTypes.id, appointmentTypeQuestions.appointmentTypeId),
        ),
      )
      .innerJoin(
        serviceTypeQuestions,
        and(
          eq(serviceTypeQuestions.organizationId, appointmentTypeQuestions.organizationId),
          eq(serviceTypeQuestions.id, appointmentTypeQuestions.questionId),
        ),
      )
      .innerJoin(
        serviceTypes,
        and(
          eq(serviceTypes.organizationId, serviceTypeQuestions.organizationId),
          eq(serviceTypes.id, serviceTypeQuestions.serviceTypeId),
        ),
      )
      .$dynamic();

  return {
    // Types --------------------------------------------------------------------------------------------

    async search(
      exec: Tx,
      ctx: Scope,
      scope: TypeReadScope,
      f: AppointmentTypeFilters,
      page: PageWindow,
    ): Promise<{ rows: AppointmentTypeRow[]; total: number }> {
      const where = typeConditions(ctx, scope, f);
      const thenName = (by: SQL) => [
        { by, nulls: "low" as const },
        { by: sql`lower(${appointmentTypes.name})`, direction: "asc" as const },
      ];
      const order = sortBy(
        {
          name: sql`lower(${appointmentTypes.name})`,
          territory: thenName(sql`lower(${territories.name})`),
          durationMinutes: thenName(sql`${appointmentTypes.durationMinutes}`),
          arrivalWindowMinutes: thenName(sql`${appointmentTypes.arrivalWindowMinutes}`),
          minimumNoticeMinutes: thenName(sql`${appointmentTypes.minimumNoticeMinutes}`),
          bookingHorizonDays: thenName(sql`${appointmentTypes.bookingHorizonDays}`),
          createdAt: thenName(sql`${appointmentTypes.createdAt}`),
        },
        { key: f.sortBy, direction: f.sortDirection },
        { key: "name", direction: "asc" },
        { tieBreak: [{ by: appointmentTypes.id, direction: "asc" }] },
      );
      const [rows, [{ total }]] = await Promise.all([
        exec
          .select(typeColumns)
          .from(appointmentTypes)
          .leftJoin(territories, territoryJoin)
          .leftJoin(jobTypes, jobTypeJoin)
          .leftJoin(campaigns, campaignJoin)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        exec.select({ total: count() }).from(appointmentTypes).where(where),
      ]);
      return { rows, total };
    },

    async find(exec: Tx, ctx: Scope, id: number): Promise<AppointmentTypeRow | null> {
      const [row] = await exec
        .select(typeColumns)
        .from(appointmentTypes)
        .leftJoin(territories, territoryJoin)
        .leftJoin(jobTypes, jobTypeJoin)
        .leftJoin(campaigns, campaignJoin)
        .where(typeAt(ctx, id))
        .limit(1);
      return row ?? null;
    },

    /** Locks the type's row for the rest of the transaction (link writes of one type queue behind each other). */
    async lockType(tx: Tx, ctx: Scope, id: number) {
      const [row] = await tx
        .select({ id: appointmentTypes.id, territoryId: appointmentTypes.territoryId })
        .from(appointmentTypes)
        .where(typeAt(ctx, id))
        .for("update");
      return row ?? null;
    },

    /** Serializes the name check and the write of types of one organization (names are unique, case aside). */
    async lockNames(tx: Tx, ctx: Scope) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`appointment-type-names:${ctx.organizationId}`}, 0))`,
      );
    },

    /** Another type of the organization with this name, in any case. */
    async sameName(exec: Tx, ctx: Scope, name: string, exceptId?: number) {
      const [row] = await exec
        .select({ id: appointmentTypes.id, name: appointmentTypes.name })
        .from(appointmentTypes)
        .where(
          and(
            eq(appointmentTypes.organizationId, ctx.organizationId),
            sql`lower(${appointmentTypes.name}) = lower(${name})`,
            exceptId ? ne(appointmentTypes.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async territory(exec: Tx, ctx: Scope, territoryId: number) {
      const [row] = await exec
        .select({ id: territories.id, isActive: territories.isActive })
        .from(territories)
        .where(and(eq(territories.organizationId, ctx.organizationId), eq(territories.id, territoryId)))
        .limit(1);
      return row ?? null;
    },

    async insert(tx: Tx, ctx: Scope, v: AppointmentTypeValues): Promise<number> {
      const [row] = await tx
        .insert(appointmentTypes)
        .values({ ...v, organizationId: ctx.organizationId })
        .returning({ id: appointmentTypes.id });
      return row.id;
    },

    async update(tx: Tx, ctx: Scope, id: number, v: AppointmentTypeValues) {
      await tx
        .update(appointmentTypes)
        .set({ ...v, updatedAt: new Date() })
        .where(typeAt(ctx, id));
    },

    /** Where a type is used: weekly template windows, dated windows and appointments (any status). */
    async usage(exec: Tx, ctx: Scope, id: number) {
      const [[templates], [windows], [booked]] = await Promise.all([
        exec
          .select({ n: count() })
          .from(appointmentTemplates)
          .where(
            and(
              eq(appointmentTemplates.organizationId, ctx.organizationId),
              eq(appointmentTemplates.appointmentTypeId, id),
            ),
          ),
        exec
          .select({ n: count() })
          .from(appointmentWindows)
          .where(
            and(
              eq(appointmentWindows.organizationId, ctx.organizationId),
              eq(appointmentWindows.appointmentTypeId, id),
            ),
          ),
        exec
          .select({ n: count() })
          .from(appointments)
          .where(
            and(eq(appointments.organizationId, ctx.organizationId), eq(appointments.appointmentTypeId, id)),
          ),
      ]);
      return { templates: templates.n, windows: windows.n, appointments: booked.n };
    },

    /** Removes a type and its links (five statements: give it a transaction). */
    async delete(tx: Tx, ctx: Scope, id: number) {
      const org = ctx.organizationId;
      await tx
        .delete(appointmentTypeTechnicians)
        .where(
          and(
            eq(appointmentTypeTechnicians.organizationId, org),
            eq(appointmentTypeTechnicians.appointmentTypeId, id),
          ),
        );
      await tx
        .delete(appointmentTypeBusinessUnits)
        .where(
          and(
            eq(appointmentTypeBusinessUnits.organizationId, org),
            eq(appointmentTypeBusinessUnits.appointmentTypeId, id),
          ),
        );
      await tx
        .delete(appointmentTypeQuestions)
        .where(
          and(
            eq(appointmentTypeQuestions.organizationId, org),
            eq(appointmentTypeQuestions.appointmentTypeId, id),
          ),
        );
      await tx
        .delete(businessContacts)
        .where(and(eq(businessContacts.organizationId, org), eq(businessContacts.appointmentTypeId, id)));
      const gone = await tx
        .delete(appointmentTypes)
        .where(typeAt(ctx, id))
        .returning({ id: appointmentTypes.id });
      return gone.length > 0;
    },

    /** Active types of the organization by name, for the lookup list. */
    async lookupTypes(exec: Tx, ctx: Scope) {
      return exec
        .select({
          id: appointmentTypes.id,
          name: appointmentTypes.name,
          territory: territories.name,
          organizationId: appointmentTypes.organizationId,
          organizationTerritoryId: appointmentTypes.territoryId,
        })
        .from(appointmentTypes)
        .leftJoin(territories, territoryJoin)
        .where(
          and(eq(appointmentTypes.organizationId, ctx.organizationId), eq(appointmentTypes.isActive, true)),
        )
        .orderBy(sql`lower(${appointmentTypes.name})`, asc(appointmentTypes.id));
    },

    // CRM references ------------------------------------------------------------------------------------

    async crmReference(exec: Tx, ctx: Scope, id: number) {
      const [row] = await exec
        .select({
          id: crmReferences.id,
          kind: crmReferences.kind,
          name: crmReferences.name,
          isActive: crmReferences.isActive,
        })
        .from(crmReferences)
        .where(and(eq(crmReferences.organizationId, ctx.organizationId), eq(crmReferences.id, id)))
        .limit(1);
      return row ?? null;
    },

    async crmByExternalId(exec: Tx, ctx: Scope, kind: CrmKind, externalId: number) {
      const [row] = await exec
        .select({ id: crmReferences.id, name: crmReferences.name, isActive: crmReferences.isActive })
        .from(crmReferences)
        .where(
          and(
            eq(crmReferences.organizationId, ctx.organizationId),
            eq(crmReferences.kind, kind),
            eq(crmReferences.externalId, externalId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Active references of some kinds, by name (`crm_references_org_kind_name_idx`). */
    async crmOptions(exec: Tx, ctx: Scope, kinds: CrmKind[]) {
      return exec
        .select({
          id: crmReferences.id,
          kind: crmReferences.kind,
          externalId: crmReferences.externalId,
          name: crmReferences.name,
        })
        .from(crmReferences)
        .where(
          and(
            eq(crmReferences.organizationId, ctx.organizationId),
            inArray(crmReferences.kind, kinds),
            eq(crmReferences.isActive, true),
          ),
        )
        .orderBy(sql`lower(${crmReferences.name})`, asc(crmReferences.id));
    },

    /** Active CRM technicians of the organization not linked to the type yet. */
    async unlinkedTechnicians(exec: Tx, ctx: Scope, typeId: number) {
      const linked = exec
        .select({ one: sql`1` })
        .from(appointmentTypeTechnicians)
        .where(
          and(
            eq(appointmentTypeTechnicians.organizationId, ctx.organizationId),
            eq(appointmentTypeTechnicians.appointmentTypeId, typeId),
            eq(appointmentTypeTechnicians.crmReferenceId, crmReferences.id),
          ),
        );
      return exec
        .select({ id: crmReferences.id, externalId: crmReferences.externalId, name: crmReferences.name })
        .from(crmReferences)
        .where(
          and(
            eq(crmReferences.organizationId, ctx.organizationId),
            eq(crmReferences.kind, "technician"),
            eq(crmReferences.isActive, true),
            notExists(linked),
          ),
        )
        .orderBy(sql`lower(${crmReferences.name})`, asc(crmReferences.id));
    },

    // Technicians ---------------------------------------------------------------------------------------

    async technicians(exec: Tx, ctx: Scope, typeId: number) {
      const t = appointmentTypeTechnicians;
      return exec
        .select({ ...crmLinkColumns(t), sortOrder: t.sortOrder })
        .from(t)
        .innerJoin(crmReferences, crmJoin(t))
        .where(and(eq(t.organizationId, ctx.organizationId), eq(t.appointmentTypeId, typeId)))
        .orderBy(asc(t.sortOrder), sql`lower(${crmReferences.name})`, asc(t.id));
    },

    async findTechnician(exec: Tx, ctx: Scope, id: number) {
      const t = appointmentTypeTechnicians;
      const [row] = await exec
        .select({ ...crmLinkColumns(t), sortOrder: t.sortOrder })
        .from(t)
        .innerJoin(crmReferences, crmJoin(t))
        .where(and(eq(t.organizationId, ctx.organizationId), eq(t.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** The link of this reference to this type, if any (other than `exceptId`). */
    async technicianTwin(exec: Tx, ctx: Scope, typeId: number, crmReferenceId: number, exceptId?: number) {
      const t = appointmentTypeTechnicians;
      const [row] = await exec
        .select({ id: t.id })
        .from(t)
        .where(
          and(
            eq(t.organizationId, ctx.organizationId),
            eq(t.appointmentTypeId, typeId),
            eq(t.crmReferenceId, crmReferenceId),
            exceptId ? ne(t.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async saveTechnician(
      tx: Tx,
      ctx: Scope,
      id: number | undefined,
      v: { appointmentTypeId: number; crmReferenceId: number; sortOrder: number },
    ): Promise<number> {
      const t = appointmentTypeTechnicians;
      if (id) {
        await tx
          .update(t)
          .set({ ...v, updatedAt: new Date() })
          .where(and(eq(t.organizationId, ctx.organizationId), eq(t.id, id)));
        return id;
      }
      const [row] = await tx
        .insert(t)
        .values({ ...v, organizationId: ctx.organizationId })
        .returning({ id: t.id });
      return row.id;
    },

    async deleteTechnician(tx: Tx, ctx: Scope, id: number) {
      const t = appointmentTypeTechnicians;
      await tx.delete(t).where(and(eq(t.organizationId, ctx.organizationId), eq(t.id, id)));
    },

    // Business units ------------------------------------------------------------------------------------

    async businessUnits(exec: Tx, ctx: Scope, typeId: number) {
      const b = appointmentTypeBusinessUnits;
      return exec
        .select({ ...crmLinkColumns(b), isDefault: b.isDefault })
        .from(b)
        .innerJoin(crmReferences, crmJoin(b))
        .where(and(eq(b.organizationId, ctx.organizationId), eq(b.appointmentTypeId, typeId)))
        .orderBy(sql`${b.isDefault} desc`, sql`lower(${crmReferences.name})`, asc(b.id));
    },

    async findBusinessUnit(exec: Tx, ctx: Scope, id: number) {
      const b = appointmentTypeBusinessUnits;
      const [row] = await exec
        .select({ ...crmLinkColumns(b), isDefault: b.isDefault })
        .from(b)
        .innerJoin(crmReferences, crmJoin(b))
        .where(and(eq(b.organizationId, ctx.organizationId), eq(b.id, id)))
        .limit(1);
      return row ?? null;
    },

    async businessUnitTwin(exec: Tx, ctx: Scope, typeId: number, crmReferenceId: number, exceptId?: number) {
      const b = appointmentTypeBusinessUnits;
      const [row] = await exec
        .select({ id: b.id })
        .from(b)
        .where(
          and(
            eq(b.organizationId, ctx.organizationId),
            eq(b.appointmentTypeId, typeId),
            eq(b.crmReferenceId, crmReferenceId),
            exceptId ? ne(b.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Saves a link; a default takes the mark from the type's other units in the same transaction. */
    async saveBusinessUnit(
      tx: Tx,
      ctx: Scope,
      id: number | undefined,
      v: { appointmentTypeId: number; crmReferenceId: number; isDefault: boolean },
    ): Promise<number> {
      const b = appointmentTypeBusinessUnits;
      if (v.isDefault) {
        await tx
          .update(b)
          .set({ isDefault: false, updatedAt: new Date() })
          .where(
            and(
              eq(b.organizationId, ctx.organizationId),
              eq(b.appointmentTypeId, v.appointmentTypeId),
              eq(b.isDefault, true),
              id ? ne(b.id, id) : undefined,
            ),
          );
      }
      if (id) {
        await tx
          .update(b)
          .set({ ...v, updatedAt: new Date() })
          .where(and(eq(b.organizationId, ctx.organizationId), eq(b.id, id)));
        return id;
      }
      const [row] = await tx
        .insert(b)
        .values({ ...v, organizationId: ctx.organizationId })
        .returning({ id: b.id });
      return row.id;
    },

    async deleteBusinessUnit(tx: Tx, ctx: Scope, id: number) {
      const b = appointmentTypeBusinessUnits;
      await tx.delete(b).where(and(eq(b.organizationId, ctx.organizationId), eq(b.id, id)));
    },

    // Questions -----------------------------------------------------------------------------------------

    /** The question links of one type (`by: "type"`) or of one question (`by: "question"`), in order. */
    async questionLinks(exec: Tx, ctx: Scope, by: "type" | "question", id: number) {
      const q = appointmentTypeQuestions;
      return questionLinksFrom(exec)
        .where(
          and(
            eq(q.organizationId, ctx.organizationId),
            by === "type" ? eq(q.appointmentTypeId, id) : eq(q.questionId, id),
          ),
        )
        .orderBy(
          ...(by === "type"
            ? [asc(q.sortOrder), asc(q.id)]
            : [sql`lower(${appointmentTypes.name})`, asc(q.id)]),
        );
    },

    async findQuestionLink(exec: Tx, ctx: Scope, id: number) {
      const q = appointmentTypeQuestions;
      const [row] = await questionLinksFrom(exec)
        .where(and(eq(q.organizationId, ctx.organizationId), eq(q.id, id)))
        .limit(1);
      return row ?? null;
    },

    async question(exec: Tx, ctx: Scope, id: number) {
      const [row] = await exec
        .select({ id: serviceTypeQuestions.id, isActive: serviceTypeQuestions.isActive })
        .from(serviceTypeQuestions)
        .where(
          and(eq(serviceTypeQuestions.organizationId, ctx.organizationId), eq(serviceTypeQuestions.id, id)),
        )
        .limit(1);
      return row ?? null;
    },

    async questionTwin(exec: Tx, ctx: Scope, typeId: number, questionId: number, exceptId?: number) {
      const q = appointmentTypeQuestions;
      const [row] = await exec
        .select({ id: q.id })
        .from(q)
        .where(
          and(
            eq(q.organizationId, ctx.organizationId),
            eq(q.appointmentTypeId, typeId),
            eq(q.questionId, questionId),
            exceptId ? ne(q.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async saveQuestionLink(
      tx: Tx,
      ctx: Scope,
      id: number | undefined,
      v: { appointmentTypeId: number; questionId: number; isRequired: boolean; sortOrder: number },
    ): Promise<number> {
      const q = appointmentTypeQuestions;
      if (id) {
        await tx
          .update(q)
          .set({ ...v, updatedAt: new Date() })
          .where(and(eq(q.organizationId, ctx.organizationId), eq(q.id, id)));
        return id;
      }
      const [row] = await tx
        .insert(q)
        .values({ ...v, organizationId: ctx.organizationId })
        .returning({ id: q.id });
      return row.id;
    },

    async deleteQuestionLink(tx: Tx, ctx: Scope, id: number) {
      const q = appointmentTypeQuestions;
      await tx.delete(q).where(and(eq(q.organizationId, ctx.organizationId), eq(q.id, id)));
    },

    /** The organization's active questions of active service types, by service type and order. */
    async linkableQuestions(exec: Tx, ctx: Scope) {
      return exec
        .select({
          id: serviceTypeQuestions.id,
          text: serviceTypeQuestions.text,
          serviceTypeId: serviceTypeQuestions.serviceTypeId,
          serviceTypeName: serviceTypes.name,
        })
        .from(serviceTypeQuestions)
        .innerJoin(
          serviceTypes,
          and(
            eq(serviceTypes.organizationId, serviceTypeQuestions.organizationId),
            eq(serviceTypes.id, serviceTypeQuestions.serviceTypeId),
          ),
        )
        .where(
          and(
            eq(serviceTypeQuestions.organizationId, ctx.organizationId),
            eq(serviceTypeQuestions.isActive, true),
            eq(serviceTypes.isActive, true),
          ),
        )
        .orderBy(
          asc(serviceTypes.sortOrder),
          sql`lower(${serviceTypes.name})`,
          asc(serviceTypeQuestions.sortOrder),
          asc(serviceTypeQuestions.id),
        );
    },

    // Business contacts ---------------------------------------------------------------------------------

    async contacts(exec: Tx, ctx: Scope, typeId: number) {
      return exec
        .select(contactColumns)
        .from(businessContacts)
        .where(
          and(
            eq(businessContacts.organizationId, ctx.organizationId),
            eq(businessContacts.appointmentTypeId, typeId),
          ),
        )
        .orderBy(asc(businessContacts.sortOrder), asc(businessContacts.id));
    },

    /** Replaces a type's contacts with these, in this order (two statements: give it a transaction). */
    async replaceContacts(tx: Tx, ctx: Scope, typeId: number, contacts: ContactValues[]) {
      await tx
        .delete(businessContacts)
        .where(
          and(
            eq(businessContacts.organizationId, ctx.organizationId),
            eq(businessContacts.appointmentTypeId, typeId),
          ),
        );
      if (contacts.length === 0) return [];
      return tx
        .insert(businessContacts)
        .values(
          contacts.map((c, i) => ({
            organizationId: ctx.organizationId,
            territoryId: null,
            appointmentTypeId: typeId,
            ...c,
            sortOrder: i,
          })),
        )
        .returning(contactColumns);
    },
  };
}

export type AppointmentTypesRepository = ReturnType<typeof appointmentTypesRepository>;
