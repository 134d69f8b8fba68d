import type { DocumentKind } from "@fieldlead/contracts";
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { storedFiles, supportDocuments, tutorials, users } from "../../db/schema/index";
import { likePattern, type PageWindow, searchWords } from "../../platform/query-kit";
import type { Tx } from "../../platform/unit-of-work";

/**
 * Support's rows (docs/decisions/0041): stored files, documents and tutorials. A service-provider document is one
 * organization's (`organization_id`), a product document and a tutorial the platform's (null); every read of a
 * document names whose it may be, so another organization's row is never found.
 */

/** Whose documents a read reaches: one organization's service-provider documents, or the product documents. */
export type DocumentOwner = { kind: "serviceProvider"; organizationId: number } | { kind: "product" };

export type NewFile = {
  organizationId: number | null;
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  createdByUserId: number | null;
};

const fileColumns = {
  fileId: storedFiles.id,
  fileName: storedFiles.fileName,
  contentType: storedFiles.contentType,
  sizeBytes: storedFiles.sizeBytes,
  storageKey: storedFiles.storageKey,
};

const documentColumns = {
  id: supportDocuments.id,
  kind: supportDocuments.kind,
  organizationId: supportDocuments.organizationId,
  title: supportDocuments.title,
  description: supportDocuments.description,
  ...fileColumns,
  updatedByFirstName: users.firstName,
  updatedByLastName: users.lastName,
  createdAt: supportDocuments.createdAt,
  updatedAt: supportDocuments.updatedAt,
};

const tutorialColumns = {
  id: tutorials.id,
  title: tutorials.title,
  description: tutorials.description,
  sortOrder: tutorials.sortOrder,
  videoUrl: tutorials.videoUrl,
  videoFileId: tutorials.videoFileId,
  fileName: storedFiles.fileName,
  contentType: storedFiles.contentType,
  sizeBytes: storedFiles.sizeBytes,
  storageKey: storedFiles.storageKey,
  createdAt: tutorials.createdAt,
  updatedAt: tutorials.updatedAt,
};

function ownerCondition(owner: DocumentOwner): SQL {
  return owner.kind === "serviceProvider"
    ? and(
        eq(supportDocuments.kind, "serviceProvider"),
        eq(supportDocuments.organizationId, owner.organizationId),
      )!
    : and(eq(supportDocuments.kind, "product"), isNull(supportDocuments.organizationId))!;
}

/** Every word in the title or the description (a word anywhere in them, case aside). */
function textCondition(
  search: string | null | undefined,
  title: AnyPgColumn,
  description: AnyPgColumn,
): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((w) => {
      const p = likePattern(w);
      return or(ilike(title, p), ilike(description, p))!;
    }),
  );
}

/** The first row a query answers, or null. */
async function firstOrNull<R>(query: PromiseLike<R[]>): Promise<R | null> {
  const [row] = await query;
  return row ?? null;
}

/** A page of rows with how many match in all, read together. */
async function pageWithTotal<R>(rows: PromiseLike<R[]>, counted: PromiseLike<{ total: number }[]>) {
  const [page, [{ total }]] = await Promise.all([rows, counted]);
  return { rows: page, total };
}

type TutorialValues = {
  title: string;
  description: string | null;
  sortOrder: number;
  videoFileId: number | null;
  videoUrl: string | null;
  byUserId: number;
};

/** A tutorial's columns as an insert or an update sets them. */
const tutorialFields = (v: TutorialValues) => ({
  title: v.title,
  description: v.description,
  sortOrder: v.sortOrder,
  videoFileId: v.videoFileId,
  videoUrl: v.videoUrl,
  updatedByUserId: v.byUserId,
});

type DocumentValues = { title: string; description: string | null; fileId: number; byUserId: number };

/** A document's columns that an insert and an update both set. */
const documentFields = (v: DocumentValues) => ({
  title: v.title,
  description: v.description,
  fileId: v.fileId,
  updatedByUserId: v.byUserId,
});

export function supportRepository() {
  const selectDocuments = (exec: Tx) =>
    exec
      .select(documentColumns)
      .from(supportDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, supportDocuments.fileId))
      .leftJoin(users, eq(users.id, supportDocuments.updatedByUserId))
      .$dynamic();

  const selectTutorials = (exec: Tx) =>
    exec
      .select(tutorialColumns)
      .from(tutorials)
      .leftJoin(storedFiles, eq(storedFiles.id, tutorials.videoFileId))
      .$dynamic();

  return {
    /** A page of one owner's documents by title, and how many match. */
    async documents(exec: Tx, owner: DocumentOwner, search: string | null | undefined, page: PageWindow) {
      const where = and(
        ownerCondition(owner),
        textCondition(search, supportDocuments.title, supportDocuments.description),
      );
      return pageWithTotal(
        selectDocuments(exec)
          .where(where)
          .orderBy(sql`lower(${supportDocuments.title})`, asc(supportDocuments.id))
          .limit(page.limit)
          .offset(page.offset),
        exec.select({ total: count() }).from(supportDocuments).where(where),
      );
    },

    /** One document by id, whoever's it is (the service decides who may see it); locked when asked. */
    async document(exec: Tx, id: number, opts: { lock?: boolean } = {}) {
      const q = selectDocuments(exec).where(eq(supportDocuments.id, id));
      return firstOrNull(opts.lock ? q.for("update", { of: supportDocuments }) : q);
    },

    async insertFile(tx: Tx, file: NewFile): Promise<number> {
      const [row] = await tx.insert(storedFiles).values(file).returning({ id: storedFiles.id });
      return row.id;
    },

    /** Forgets a stored file's row; its storage key, for the bytes to be removed after the commit. */
    async deleteFile(tx: Tx, fileId: number): Promise<string | null> {
      const [row] = await tx
        .delete(storedFiles)
        .where(eq(storedFiles.id, fileId))
        .returning({ storageKey: storedFiles.storageKey });
      return row?.storageKey ?? null;
    },

    /** The file a link names, with whose document or tutorial it is (none: the file is no longer used). */
    async fileForLink(exec: Tx, fileId: number) {
      return firstOrNull(
        exec
          .select({
            ...fileColumns,
            organizationId: storedFiles.organizationId,
            used: sql<boolean>`(exists (select 1 from ${supportDocuments} where ${supportDocuments.fileId} = ${storedFiles.id})
              or exists (select 1 from ${tutorials} where ${tutorials.videoFileId} = ${storedFiles.id}))`,
          })
          .from(storedFiles)
          .where(eq(storedFiles.id, fileId)),
      );
    },

    async isKeyStored(exec: Tx, storageKey: string): Promise<boolean> {
      const [row] = await exec
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.storageKey, storageKey));
      return row !== undefined;
    },

    async insertDocument(
      tx: Tx,
      values: DocumentValues & { kind: DocumentKind; organizationId: number | null },
    ): Promise<number> {
      const [row] = await tx
        .insert(supportDocuments)
        .values({ kind: values.kind, organizationId: values.organizationId, ...documentFields(values) })
        .returning({ id: supportDocuments.id });
      return row.id;
    },

    async updateDocument(tx: Tx, id: number, values: DocumentValues): Promise<void> {
      await tx
        .update(supportDocuments)
        .set({ ...documentFields(values), updatedAt: sql`now()` })
        .where(eq(supportDocuments.id, id));
    },

    async deleteDocument(tx: Tx, id: number): Promise<void> {
      await tx.delete(supportDocuments).where(eq(supportDocuments.id, id));
    },

    /** A page of tutorials in their order, and how many match. */
    async tutorials(exec: Tx, search: string | null | undefined, page: PageWindow) {
      const where = textCondition(search, tutorials.title, tutorials.description);
      return pageWithTotal(
        selectTutorials(exec)
          .where(where)
          .orderBy(asc(tutorials.sortOrder), asc(tutorials.id))
          .limit(page.limit)
          .offset(page.offset),
        exec.select({ total: count() }).from(tutorials).where(where),
      );
    },

    async tutorial(exec: Tx, id: number, opts: { lock?: boolean } = {}) {
      const q = selectTutorials(exec).where(eq(tutorials.id, id));
      return firstOrNull(opts.lock ? q.for("update", { of: tutorials }) : q);
    },

    async insertTutorial(tx: Tx, values: TutorialValues): Promise<number> {
      const [row] = await tx.insert(tutorials).values(tutorialFields(values)).returning({ id: tutorials.id });
      return row.id;
    },

    async updateTutorial(tx: Tx, id: number, values: TutorialValues): Promise<void> {
      await tx
        .update(tutorials)
        .set({ ...tutorialFields(values), updatedAt: sql`now()` })
        .where(eq(tutorials.id, id));
    },

    async deleteTutorial(tx: Tx, id: number): Promise<void> {
      await tx.delete(tutorials).where(eq(tutorials.id, id));
    },
  };
}

export type SupportRepository = ReturnType<typeof supportRepository>;
export type DocumentRow = NonNullable<Awaited<ReturnType<SupportRepository["document"]>>>;
export type TutorialRow = NonNullable<Awaited<ReturnType<SupportRepository["tutorial"]>>>;
