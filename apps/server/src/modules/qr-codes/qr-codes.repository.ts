import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  appointmentTypeQuestions,
  appointmentTypes,
  captureEntries,
  memberships,
  organizations,
  qrCodes,
  questionResponses,
  referenceItems,
  serviceTypeQuestions,
  shifts,
  stores,
  timeLogs,
  users,
} from "../../db/schema/index";
import { rowsOf, type Tx } from "../../platform/db";
import { likePattern, type PageWindow, searchWords } from "../../platform/query-kit";

type Scope = { organizationId: number };

/** What a list of codes is narrowed by: the request's filters and the caller's row scope. */
export type QrCodeFilters = {
  ids?: number[];
  text?: string | null;
  userIds?: number[];
  storeIds?: number[];
  groups?: number[];
  isActive?: boolean | null;
  /** Row scope: only codes whose store is in these territories (null: not limited). */
  territoryIds: number[] | null;
  /** Row scope: only this person's codes (a lead generator's own). */
  ownUserId: number | null;
  /** Row scope: only codes of a program group (the retailer program's portal). */
  groupedOnly: boolean;
};

export type QrSortKey = "userName" | "storeName" | "group" | "updatedAt";
export type QrSort = { sortBy: QrSortKey; direction: "asc" | "desc" };

/** The group's name, from the `hdsfiGroup` list (none for group 0). */
const groupNames = sql`(select ${referenceItems.name} from ${referenceItems}
  where ${referenceItems.list} = 'hdsfiGroup' and ${referenceItems.id} = ${qrCodes.group})`;

/**
 * Whether a shopper can book with the code now: it is active, and its person is an active member of the code's
 * organization and active on the platform (made inactive or moved out, the code stops; docs/decisions/0037).
 */
const isLive = sql<boolean>`(${qrCodes.isActive} and coalesce(${memberships.isActive}, false)
  and ${users.isPlatformActive} and not ${organizations.isDeleted})`;

const itemColumns = {
  id: qrCodes.id,
  userId: qrCodes.userId,
  userUid: users.uid,
  firstName: users.firstName,
  lastName: users.lastName,
  storeId: qrCodes.storeId,
  storeName: stores.name,
  territoryId: stores.territoryId,
  group: qrCodes.group,
  groupName: sql<string | null>`${groupNames}`,
  isActive: qrCodes.isActive,
  isLive,
  createdAt: qrCodes.createdAt,
  updatedAt: qrCodes.updatedAt,
};

const selectItems = (exec: Tx) =>
  exec
    .select(itemColumns)
    .from(qrCodes)
    .innerJoin(users, eq(users.id, qrCodes.userId))
    .innerJoin(stores, and(eq(stores.organizationId, qrCodes.organizationId), eq(stores.id, qrCodes.storeId)))
    .innerJoin(organizations, eq(organizations.id, qrCodes.organizationId))
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, qrCodes.organizationId), eq(memberships.userId, qrCodes.userId)),
    )
    .$dynamic();

export type QrCodeRow = Awaited<ReturnType<ReturnType<typeof selectItems>["execute"]>>[number];

const SORTS: Record<QrSortKey, SQL[]> = {
  userName: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, sql`${qrCodes.group}`],
  storeName: [sql`lower(${stores.name})`, sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  group: [sql`${qrCodes.group}`, sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  updatedAt: [sql`${qrCodes.updatedAt}`],
};

/** A live code as the public page resolves it (its key `form_secret` included: never sent to anyone). */
export type LiveCode = {
  id: number;
  organizationId: number;
  organizationName: string;
  organizationTimeZone: string;
  userId: number;
  firstName: string;
  lastName: string;
  storeId: number;
  storeName: string;
  storeCity: string | null;
  storeTimeZone: string;
  territoryId: number | null;
  group: number;
  groupName: string | null;
  formSecret: string;
};

/** Where a code's person works: the store fields of a {@link LiveCode}. */
export type Workplace = Pick<
  LiveCode,
  "storeId" | "storeName" | "storeCity" | "storeTimeZone" | "territoryId"
>;

/** A question of an appointment type as the page asks it (the link's order and required flag). */
export type OfferedQuestion = {
  appointmentTypeId: number;
  id: number;
  serviceTypeId: number;
  text: string;
  dataTypeId: number;
  fieldTypeId: number;
  isRequired: boolean;
  isActive: boolean;
  sortOrder: number;
  responses: { id: number; text: string; sortOrder: number }[];
};
export type OfferedType = {
  id: number;
  name: string;
  durationMinutes: number;
  arrivalWindowMinutes: number;
  questions: OfferedQuestion[];
};

/**
 * QR codes: the staff's list and changes (bound to the caller's organization), and the public page's reads, which
 * start from a person's uid and group because the address names no organization. Every method takes the executor
 * first (docs/decisions/0018).
 */
export function qrCodesRepository() {
  const filterOf = (ctx: Scope, f: QrCodeFilters) => {
    const c: (SQL | undefined)[] = [eq(qrCodes.organizationId, ctx.organizationId)];
    if (f.ids?.length) c.push(inArray(qrCodes.id, f.ids));
    if (f.userIds?.length) c.push(inArray(qrCodes.userId, f.userIds));
    if (f.storeIds?.length) c.push(inArray(qrCodes.storeId, f.storeIds));
    if (f.groups?.length) c.push(inArray(qrCodes.group, f.groups));
    if (f.isActive === true || f.isActive === false) c.push(eq(qrCodes.isActive, f.isActive));
    for (const word of searchWords(f.text?.toLowerCase())) {
      const p = likePattern(word, "prefix");
      c.push(
        or(
          sql`lower(${users.firstName}) like ${p}`,
          sql`lower(${users.lastName}) like ${p}`,
          sql`lower(${users.email}) like ${p}`,
        ),
      );
    }
    if (f.territoryIds)
      c.push(f.territoryIds.length ? inArray(stores.territoryId, f.territoryIds) : sql`false`);
    if (f.ownUserId !== null) c.push(eq(qrCodes.userId, f.ownUserId));
    if (f.groupedOnly) c.push(sql`${qrCodes.group} > 0`);
    return and(...c);
  };

  const orderOf = (sort: QrSort) => {
    const dir = sql.raw(sort.direction);
    return [...SORTS[sort.sortBy].map((t) => sql`${t} ${dir}`), sql`${qrCodes.id} ${dir}`];
  };

  return {
    /** A page of codes in the sort's order, and how many match. */
    async search(exec: Tx, ctx: Scope, f: QrCodeFilters, sort: QrSort, page: PageWindow) {
      const where = filterOf(ctx, f);
      const [rows, [total]] = await Promise.all([
        selectItems(exec)
          .where(where)
          .orderBy(...orderOf(sort))
          .limit(page.limit)
          .offset(page.offset),
        exec
          .select({ n: count() })
          .from(qrCodes)
          .innerJoin(users, eq(users.id, qrCodes.userId))
          .innerJoin(
            stores,
            and(eq(stores.organizationId, qrCodes.organizationId), eq(stores.id, qrCodes.storeId)),
          )
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Up to `limit` codes in the sort's order (an export: the caller asks one more than it prints). */
    async list(exec: Tx, ctx: Scope, f: QrCodeFilters, sort: QrSort, limit: number) {
      return selectItems(exec)
        .where(filterOf(ctx, f))
        .orderBy(...orderOf(sort))
        .limit(limit);
    },

    async item(exec: Tx, ctx: Scope, id: number): Promise<QrCodeRow | null> {
      const [row] = await selectItems(exec).where(
        and(eq(qrCodes.organizationId, ctx.organizationId), eq(qrCodes.id, id)),
      );
      return row ?? null;
    },

    /** Entries made through each of these codes (every kept submission): one grouped query for a page. */
    async entryCounts(exec: Tx, ctx: Scope, ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await exec
        .select({ id: captureEntries.qrCodeId, n: count() })
        .from(captureEntries)
        .where(
          and(eq(captureEntries.organizationId, ctx.organizationId), inArray(captureEntries.qrCodeId, ids)),
        )
        .groupBy(captureEntries.qrCodeId);
      return new Map(rows.map((r) => [Number(r.id), r.n]));
    },

    /** The code of a person and group in this organization, active or not. */
    async ofPersonAndGroup(exec: Tx, ctx: Scope, userId: number, group: number) {
      const [row] = await exec
        .select({ id: qrCodes.id, isActive: qrCodes.isActive })
        .from(qrCodes)
        .where(
          and(
            eq(qrCodes.organizationId, ctx.organizationId),
            eq(qrCodes.userId, userId),
            eq(qrCodes.group, group),
          ),
        );
      return row ?? null;
    },

    async insert(
      tx: Tx,
      ctx: Scope,
      values: { userId: number; storeId: number; group: number; isActive: boolean; byUserId: number },
    ): Promise<number> {
      const [row] = await tx
        .insert(qrCodes)
        .values({
          organizationId: ctx.organizationId,
          userId: values.userId,
          storeId: values.storeId,
          group: values.group,
          isActive: values.isActive,
          createdByUserId: values.byUserId,
          updatedByUserId: values.byUserId,
        })
        .returning({ id: qrCodes.id });
      return row.id;
    },

    async update(
      tx: Tx,
      ctx: Scope,
      id: number,
      values: { storeId: number; isActive: boolean; byUserId: number },
    ) {
      await tx
        .update(qrCodes)
        .set({
          storeId: values.storeId,
          isActive: values.isActive,
          updatedByUserId: values.byUserId,
          updatedAt: sql`now()`,
        })
        .where(and(eq(qrCodes.organizationId, ctx.organizationId), eq(qrCodes.id, id)));
    },

    /** A person's place in the organization: role, whether active here and on the platform, and their name. */
    async member(exec: Tx, ctx: Scope, userId: number) {
      const [row] = await exec
        .select({
          roleId: memberships.roleId,
          isActive: sql<boolean>`(${memberships.isActive} and ${users.isPlatformActive})`,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.organizationId, ctx.organizationId), eq(memberships.userId, userId)));
      return row ?? null;
    },

    async store(exec: Tx, ctx: Scope, storeId: number) {
      const [row] = await exec
        .select({
          id: stores.id,
          name: stores.name,
          territoryId: stores.territoryId,
          isActive: stores.isActive,
        })
        .from(stores)
        .where(and(eq(stores.organizationId, ctx.organizationId), eq(stores.id, storeId)));
      return row ?? null;
    },

    async organizationName(exec: Tx, ctx: Scope): Promise<string> {
      const [row] = await exec
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, ctx.organizationId));
      return row?.name ?? "";
    },

    /** The name of a program group (`hdsfiGroup`), or null when there is no such active group. */
    async groupName(exec: Tx, group: number): Promise<string | null> {
      const [row] = await exec
        .select({ name: referenceItems.name })
        .from(referenceItems)
        .where(
          and(
            eq(referenceItems.list, "hdsfiGroup"),
            eq(referenceItems.id, group),
            eq(referenceItems.isActive, true),
          ),
        );
      return row?.name ?? null;
    },

    // -------------------------------------------------------------------------------------------------------
    // The public page
    // -------------------------------------------------------------------------------------------------------

    /**
     * The store the code's person works at, at `at` (decision 0037, "Where the lead is credited"), from labor: the
     * store of their open punch; else, among their time logs and shifts of `today` (a local date), the one whose
     * hours hold `at` or come nearest to it (a punch before a shift at the same distance, then the later start: a
     * person whose second shift has begun is at its store). Null when labor says
     * nothing for the day: the caller keeps the code's store. One statement, on the indexes that lead with the
     * organization and the person.
     */
    async workplace(exec: Tx, code: LiveCode, at: Date, today: string): Promise<Workplace | null> {
      const org = code.organizationId;
      const user = code.userId;
      const instant = at.toISOString();
      // Seconds between `at` and the hours [start, end]: 0 inside them.
      const distance = (start: SQL, end: SQL) =>
        sql`greatest(extract(epoch from (${start} - ${instant}::timestamptz)), extract(epoch from (${instant}::timestamptz - ${end})), 0)`;
      const [row] = await rowsOf<{
        store_id: number;
        store_name: string;
        store_city: string | null;
        store_time_zone: string;
        territory_id: number | null;
      }>(
        exec,
        sql`
        select s.id as store_id, s.name as store_name, s.city as store_city, s.time_zone as store_time_zone,
          s.territory_id
        from (
          select t.store_id, 0 as rank, 0::float8 as distance, 0 as pref, t.punch_in_at as starts from ${timeLogs} t
          where t.organization_id = ${org} and t.user_id = ${user} and t.state = 'open'
          union all
          select t.store_id, 1, ${distance(sql`t.punch_in_at`, sql`t.punch_out_at`)}, 0, t.punch_in_at from ${timeLogs} t
          where t.organization_id = ${org} and t.user_id = ${user} and t.work_date = ${today}
            and t.punch_in_at is not null and t.punch_out_at is not null
          union all
          select h.store_id, 1, ${distance(sql`h.starts_at`, sql`h.ends_at`)}, 1, h.starts_at from ${shifts} h
          where h.organization_id = ${org} and h.user_id = ${user} and h.work_date = ${today}
        ) c
        join ${stores} s on s.organization_id = ${org} and s.id = c.store_id
        order by c.rank, c.distance, c.pref, c.starts desc nulls last
        limit 1`,
      );
      if (!row) return null;
      return {
        storeId: Number(row.store_id),
        storeName: row.store_name,
        storeCity: row.store_city,
        storeTimeZone: row.store_time_zone,
        territoryId: row.territory_id === null ? null : Number(row.territory_id),
      };
    },

    /**
     * The live codes of the person with this uid (of one group when given): active, the person an active member of
     * the code's organization and active on the platform, the organization not deleted. At most one per group
     * (the partial unique index `qr_codes_active_user_group_key`), in group order.
     */
    async liveCodes(exec: Tx, userUid: string, group: number | null): Promise<LiveCode[]> {
      return exec
        .select({
          id: qrCodes.id,
          organizationId: qrCodes.organizationId,
          organizationName: organizations.name,
          organizationTimeZone: organizations.timeZone,
          userId: qrCodes.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          storeId: qrCodes.storeId,
          storeName: stores.name,
          storeCity: stores.city,
          storeTimeZone: stores.timeZone,
          territoryId: stores.territoryId,
          group: qrCodes.group,
          groupName: sql<string | null>`${groupNames}`,
          formSecret: qrCodes.formSecret,
        })
        .from(users)
        .innerJoin(qrCodes, and(eq(qrCodes.userId, users.id), eq(qrCodes.isActive, true)))
        .innerJoin(
          memberships,
          and(
            eq(memberships.organizationId, qrCodes.organizationId),
            eq(memberships.userId, qrCodes.userId),
            eq(memberships.isActive, true),
          ),
        )
        .innerJoin(
          organizations,
          and(eq(organizations.id, qrCodes.organizationId), eq(organizations.isDeleted, false)),
        )
        .innerJoin(
          stores,
          and(eq(stores.organizationId, qrCodes.organizationId), eq(stores.id, qrCodes.storeId)),
        )
        .where(
          and(
            eq(users.uid, userUid),
            eq(users.isPlatformActive, true),
            group === null ? undefined : eq(qrCodes.group, group),
          ),
        )
        .orderBy(asc(qrCodes.group))
        .limit(20);
    },

    /**
     * The active appointment types offered at a store (the organization's, and its territory's), with the
     * questions asked when booking them: their links to service-type questions (active questions only, in the
     * link's order, required as the link says) and the questions' choices. `typeId`: that type only.
     */
    async offeredTypes(
      exec: Tx,
      ctx: Scope,
      territoryId: number | null,
      typeId?: number,
    ): Promise<OfferedType[]> {
      const types = await exec
        .select({
          id: appointmentTypes.id,
          name: appointmentTypes.name,
          durationMinutes: appointmentTypes.durationMinutes,
          arrivalWindowMinutes: appointmentTypes.arrivalWindowMinutes,
        })
        .from(appointmentTypes)
        .where(
          and(
            eq(appointmentTypes.organizationId, ctx.organizationId),
            eq(appointmentTypes.isActive, true),
            territoryId === null
              ? isNull(appointmentTypes.territoryId)
              : or(isNull(appointmentTypes.territoryId), eq(appointmentTypes.territoryId, territoryId)),
            typeId === undefined ? undefined : eq(appointmentTypes.id, typeId),
          ),
        )
        .orderBy(sql`lower(${appointmentTypes.name})`, asc(appointmentTypes.id));
      if (types.length === 0) return [];
      const l = appointmentTypeQuestions;
      const q = serviceTypeQuestions;
      const questions = await exec
        .select({
          appointmentTypeId: l.appointmentTypeId,
          id: q.id,
          serviceTypeId: q.serviceTypeId,
          text: q.text,
          dataTypeId: q.dataTypeId,
          fieldTypeId: q.fieldTypeId,
          isRequired: l.isRequired,
          isActive: q.isActive,
          sortOrder: l.sortOrder,
        })
        .from(l)
        .innerJoin(q, and(eq(q.organizationId, l.organizationId), eq(q.id, l.questionId)))
        .where(
          and(
            eq(l.organizationId, ctx.organizationId),
            inArray(
              l.appointmentTypeId,
              types.map((t) => t.id),
            ),
            eq(q.isActive, true),
          ),
        )
        .orderBy(asc(l.sortOrder), asc(l.id));
      const questionIds = [...new Set(questions.map((x) => x.id))];
      const responses = questionIds.length
        ? await exec
            .select({
              id: questionResponses.id,
              questionId: questionResponses.questionId,
              text: questionResponses.text,
              sortOrder: questionResponses.sortOrder,
            })
            .from(questionResponses)
            .where(
              and(
                eq(questionResponses.organizationId, ctx.organizationId),
                inArray(questionResponses.questionId, questionIds),
              ),
            )
            .orderBy(asc(questionResponses.sortOrder), asc(questionResponses.id))
        : [];
      return types.map((t) => ({
        ...t,
        questions: questions
          .filter((x) => x.appointmentTypeId === t.id)
          .map((x) => ({
            ...x,
            responses: responses
              .filter((r) => r.questionId === x.id)
              .map((r) => ({ id: r.id, text: r.text, sortOrder: r.sortOrder })),
          })),
      }));
    },

    /** The ids of English and Spanish in the `languageTypes` list. */
    async languageIds(exec: Tx): Promise<{ en: number | null; es: number | null }> {
      const rows = await exec
        .select({ id: referenceItems.id, name: referenceItems.name })
        .from(referenceItems)
        .where(
          and(eq(referenceItems.list, "languageTypes"), inArray(referenceItems.name, ["English", "Spanish"])),
        )
        .orderBy(desc(referenceItems.isActive), asc(referenceItems.id));
      return {
        en: rows.find((r) => r.name === "English")?.id ?? null,
        es: rows.find((r) => r.name === "Spanish")?.id ?? null,
      };
    },
  };
}

export type QrCodesRepository = ReturnType<typeof qrCodesRepository>;
