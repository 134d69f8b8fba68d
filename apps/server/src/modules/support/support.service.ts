import { createReadStream } from "node:fs";
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type DocumentItem,
  type DocumentKind,
  type documentSearchRequest,
  type documentSearchResponse,
  type documentUpsertRequest,
  type FileItem,
  TUTORIAL_VIDEO_MAX_BYTES,
  type TutorialItem,
  type tutorialSearchResponse,
  type tutorialUpsertRequest,
  VIDEO_TYPES,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { fieldError, notFound } from "../../platform/errors";
import type { Outbox } from "../../platform/outbox";
import { pageOf, pageResult } from "../../platform/query-kit";
import type { SecretBox } from "../../platform/secrets";
import { type ByteRange, type FileStorage, newStorageKey, type StoredObject } from "../../platform/storage";
import type { Tx, UnitOfWork } from "../../platform/unit-of-work";
import { downloadName, fileLinks } from "./support.links";
import { canManage, requireManager, requireSupportReader, type SupportArea } from "./support.policy";
import type { DocumentOwner, DocumentRow, SupportRepository, TutorialRow } from "./support.repository";
import { contentTypeOf, type SpooledFile, type UploadRules } from "./support.uploads";

type ListInput = z.output<typeof documentSearchRequest>;
type DocumentInput = z.output<typeof documentUpsertRequest>;
type TutorialInput = z.output<typeof tutorialUpsertRequest>;
type DocumentList = z.infer<typeof documentSearchResponse>;
type TutorialList = z.infer<typeof tutorialSearchResponse>;

/** The outbox topic that removes a file's bytes once the change that let go of it has committed. */
export const FILE_REMOVAL_TOPIC = "support.fileRemoval";
/** What the links' signing key is derived for (`SecretBox.deriveKey`). */
export const FILE_LINK_KEY_PURPOSE = "support.file-links";
/** An upload whose row never committed (the process died between the storage and the database) goes this late. */
export const UNUSED_UPLOAD_SECONDS = 6 * 3600;

/** A file received, checked and stored, whose row the upsert is about to write. */
export type StoredUpload = {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
};

/** A file a link opens: its headers' facts, and its bytes (or a range of them) on demand. */
export type OpenedFile = {
  fileName: string;
  contentType: string;
  size: number;
  disposition: "attachment" | "inline";
  read: (range?: ByteRange) => Promise<StoredObject | null>;
};

type Deps = {
  uow: UnitOfWork;
  repo: SupportRepository;
  storage: FileStorage;
  outbox: Outbox;
  secrets: Pick<SecretBox, "deriveKey">;
  /** Where uploads are spooled while they arrive and are checked. */
  spoolDir: string;
  /** The contracts' limits unless a test lowers them. */
  limits?: { documentBytes?: number; videoBytes?: number };
  now?: () => Date;
};

const iso = (v: Date | string) => new Date(v).toISOString();
const personName = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * A player's address for a video link of a known host: YouTube (`youtube.com/watch?v=`, `youtu.be/`, `/shorts/`,
 * `/embed/`; played from youtube-nocookie.com) and Vimeo (`vimeo.com/<id>`, with an unlisted video's hash); null
 * for any other link, which is opened as it is.
 */
export function embedUrlOf(link: string): string | null {
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    return null;
  }
  if (u.protocol !== "https:") return null;
  const host = u.hostname.toLowerCase().replace(/^(www\.|m\.)/, "");
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const id =
      u.pathname === "/watch"
        ? u.searchParams.get("v")
        : /^\/(?:embed|shorts|live)\/([^/]+)/.exec(u.pathname)?.[1];
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === "youtu.be") {
    const id = u.pathname.split("/")[1];
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const parts = u.pathname.split("/").filter(Boolean);
    const at = parts.findIndex((p) => /^\d{1,12}$/.test(p));
    if (at < 0) return null;
    const next = parts[at + 1];
    const hash = u.searchParams.get("h") ?? (next && /^[0-9a-f]{6,20}$/.test(next) ? next : null);
    return `https://player.vimeo.com/video/${parts[at]}${hash && /^[0-9a-f]{6,20}$/.test(hash) ? `?h=${hash}` : ""}`;
  }
  return null;
}

/**
 * Support (docs/decisions/0041): the organization's service-provider documents, the platform's product documents
 * and tutorials, their files and the links that open them.
 *
 * A file is received and checked before any row is written (support.uploads.ts), stored under a new random key,
 * and only then does the upsert's transaction record it. A file let go of (its document or tutorial deleted, or
 * replaced by a new one) loses its row in that transaction, which also records the removal of its bytes in the
 * outbox: they go after the commit, and a rollback keeps them. An upload whose transaction never commits is removed
 * when the request ends (the routes) and, should the process die first, by a removal recorded before it was stored.
 */
export function supportService(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };
  const links = fileLinks(d.secrets.deriveKey(FILE_LINK_KEY_PURPOSE), d.now);
  const rules: Record<"document" | "video", UploadRules> = {
    document: {
      what: "a document",
      kinds: DOCUMENT_TYPES,
      maxBytes: d.limits?.documentBytes ?? DOCUMENT_MAX_BYTES,
    },
    video: {
      what: "a tutorial video",
      kinds: VIDEO_TYPES,
      maxBytes: d.limits?.videoBytes ?? TUTORIAL_VIDEO_MAX_BYTES,
    },
  };

  const uploadRules = (area: SupportArea): UploadRules =>
    area === "tutorial" ? rules.video : rules.document;

  function fileItem(file: {
    fileId: number;
    fileName: string;
    contentType: string;
    sizeBytes: number;
  }): FileItem {
    return {
      fileName: downloadName(file.fileName),
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      ...links.linksFor({ id: file.fileId, contentType: file.contentType }),
    };
  }

  function documentItem(r: DocumentRow): DocumentItem {
    return {
      id: r.id,
      kind: r.kind,
      organizationId: r.organizationId,
      title: r.title,
      description: r.description,
      file: fileItem(r),
      updatedByName: personName(r.updatedByFirstName, r.updatedByLastName),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    };
  }

  function tutorialItem(r: TutorialRow): TutorialItem {
    const video: TutorialItem["video"] =
      r.videoFileId !== null && r.fileName !== null && r.contentType !== null && r.sizeBytes !== null
        ? {
            kind: "file",
            file: fileItem({
              fileId: r.videoFileId,
              fileName: r.fileName,
              contentType: r.contentType,
              sizeBytes: r.sizeBytes,
            }),
          }
        : { kind: "link", url: r.videoUrl ?? "", embedUrl: r.videoUrl ? embedUrlOf(r.videoUrl) : null };
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      sortOrder: r.sortOrder,
      video,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    };
  }

  /** Whether the caller's organization reaches a document: its own service-provider ones, and every product one. */
  const reaches = (ctx: TenantContext, r: { kind: DocumentKind; organizationId: number | null }) =>
    r.kind === "product" ? r.organizationId === null : r.organizationId === ctx.organizationId;

  const ownerOf = (ctx: TenantContext, kind: DocumentKind): DocumentOwner =>
    kind === "serviceProvider" ? { kind, organizationId: ctx.organizationId } : { kind };

  /** Lets go of a stored file in `tx`: its row now, its bytes after the commit (the outbox). */
  async function releaseFile(tx: Tx, fileId: number, organizationId: number | null) {
    const storageKey = await d.repo.deleteFile(tx, fileId);
    if (storageKey === null) return;
    await d.outbox.add(tx, {
      topic: FILE_REMOVAL_TOPIC,
      key: `support.file.removed:${storageKey}`,
      payload: { storageKey },
      organizationId,
    });
  }

  async function insertFile(tx: Tx, ctx: TenantContext, upload: StoredUpload, organizationId: number | null) {
    return d.repo.insertFile(tx, {
      organizationId,
      storageKey: upload.storageKey,
      fileName: upload.fileName,
      contentType: upload.contentType,
      sizeBytes: upload.sizeBytes,
      sha256: upload.sha256,
      createdByUserId: ctx.userId,
    });
  }

  return {
    /** What an upload of the area may be: its kinds and its limit. */
    uploadRules,

    spoolDir: d.spoolDir,

    /** Asked before an upload is read: who may not change the area gets 403 without a byte being stored. */
    requireUploader(ctx: TenantContext, area: SupportArea): void {
      requireManager(ctx, area);
    },

    /**
     * Checks a spooled file by its content (415 otherwise) and stores it under a new key. Its removal is recorded
     * first, due in a few hours and only if no row then names it, so that an upload whose row never commits is
     * not kept even if this process dies before the request ends.
     */
    async storeUpload(ctx: TenantContext, area: SupportArea, file: SpooledFile): Promise<StoredUpload> {
      requireManager(ctx, area);
      const contentType = await contentTypeOf(file, uploadRules(area));
      const storageKey = newStorageKey("support", d.now());
      await d.uow.run((tx) =>
        d.outbox.add(tx, {
          topic: FILE_REMOVAL_TOPIC,
          key: `support.file.unused:${storageKey}`,
          payload: { storageKey, onlyIfUnused: true },
          organizationId: area === "serviceProvider" ? ctx.organizationId : null,
          delaySeconds: UNUSED_UPLOAD_SECONDS,
        }),
      );
      await d.storage.put(storageKey, createReadStream(file.path), {
        contentType,
        size: file.size,
        sha256: file.sha256,
      });
      return { storageKey, fileName: file.fileName, contentType, sizeBytes: file.size, sha256: file.sha256 };
    },

    /** Removes an upload whose upsert did not commit. */
    async discardUpload(upload: StoredUpload): Promise<void> {
      await d.storage.delete(upload.storageKey);
    },

    /** A page of the caller's organization's service-provider documents, or of the product documents. */
    async documents(ctx: TenantContext, kind: DocumentKind, input: ListInput): Promise<DocumentList> {
      requireSupportReader(ctx);
      const { rows, total } = await d.repo.documents(
        d.uow.read,
        ownerOf(ctx, kind),
        input.search,
        pageOf(input),
      );
      return { ...pageResult(rows.map(documentItem), total, input), canManage: canManage(ctx, kind) };
    },

    /**
     * Adds a document (its file required) or changes one: its words, and its file when a new one was uploaded
     * (the old one is then let go of). Another organization's document, or one of the other kind, answers 404.
     */
    async upsertDocument(
      ctx: TenantContext,
      kind: DocumentKind,
      input: DocumentInput,
      upload: StoredUpload | null,
    ): Promise<DocumentItem> {
      requireManager(ctx, kind);
      if (input.id === undefined && !upload)
        throw fieldError("body.file", "Choose the file to upload: a new document needs one.");
      const organizationId = kind === "serviceProvider" ? ctx.organizationId : null;
      const words = { title: input.title, description: input.description || null, byUserId: ctx.userId };
      return d.uow.run(async (tx) => {
        let id = input.id;
        if (id === undefined) {
          const fileId = await insertFile(tx, ctx, upload as StoredUpload, organizationId);
          id = await d.repo.insertDocument(tx, { kind, organizationId, fileId, ...words });
        } else {
          const existing = await d.repo.document(tx, id, { lock: true });
          if (!existing || existing.kind !== kind || !reaches(ctx, existing)) throw notFound("The document");
          const fileId = upload ? await insertFile(tx, ctx, upload, organizationId) : existing.fileId;
          await d.repo.updateDocument(tx, id, { fileId, ...words });
          if (fileId !== existing.fileId) await releaseFile(tx, existing.fileId, organizationId);
        }
        const row = await d.repo.document(tx, id);
        if (!row) throw notFound("The document");
        return documentItem(row);
      });
    },

    /** Deletes a document and lets go of its file: the organization's (Admins) or a product one (Super Admins). */
    async removeDocument(ctx: TenantContext, id: number): Promise<{ ok: true }> {
      requireSupportReader(ctx);
      await d.uow.run(async (tx) => {
        const row = await d.repo.document(tx, id, { lock: true });
        if (!row || !reaches(ctx, row)) throw notFound("The document");
        requireManager(ctx, row.kind);
        await d.repo.deleteDocument(tx, id);
        await releaseFile(tx, row.fileId, row.organizationId);
      });
      return { ok: true };
    },

    /** A page of tutorials in their order. */
    async tutorials(ctx: TenantContext, input: ListInput): Promise<TutorialList> {
      requireSupportReader(ctx);
      const { rows, total } = await d.repo.tutorials(d.uow.read, input.search, pageOf(input));
      return { ...pageResult(rows.map(tutorialItem), total, input), canManage: canManage(ctx, "tutorial") };
    },

    /**
     * Adds or changes a tutorial (Super Admins). Its video is exactly one of an uploaded file or a link: a new
     * tutorial needs one of them, a change keeps the video unless given a new file or link (the old file is then
     * let go of).
     */
    async upsertTutorial(
      ctx: TenantContext,
      input: TutorialInput,
      upload: StoredUpload | null,
    ): Promise<TutorialItem> {
      requireManager(ctx, "tutorial");
      const link = input.videoUrl || null;
      if (upload && link)
        throw fieldError("body.videoUrl", "Give either a video file or a link to one, not both.");
      if (input.id === undefined && !upload && !link)
        throw fieldError("body.videoUrl", "Upload the video, or give a link to it.");
      return d.uow.run(async (tx) => {
        const words = {
          title: input.title,
          description: input.description || null,
          sortOrder: input.sortOrder,
          byUserId: ctx.userId,
        };
        let id = input.id;
        const fileId = upload ? await insertFile(tx, ctx, upload, null) : null;
        if (id === undefined) {
          id = await d.repo.insertTutorial(tx, { ...words, videoFileId: fileId, videoUrl: link });
        } else {
          const existing = await d.repo.tutorial(tx, id, { lock: true });
          if (!existing) throw notFound("The tutorial");
          const replaced = upload !== null || link !== null;
          await d.repo.updateTutorial(tx, id, {
            ...words,
            videoFileId: replaced ? fileId : existing.videoFileId,
            videoUrl: replaced ? link : existing.videoUrl,
          });
          if (replaced && existing.videoFileId !== null) await releaseFile(tx, existing.videoFileId, null);
        }
        const row = await d.repo.tutorial(tx, id);
        if (!row) throw notFound("The tutorial");
        return tutorialItem(row);
      });
    },

    /** Deletes a tutorial and lets go of its uploaded video (Super Admins). */
    async removeTutorial(ctx: TenantContext, id: number): Promise<{ ok: true }> {
      requireManager(ctx, "tutorial");
      await d.uow.run(async (tx) => {
        const row = await d.repo.tutorial(tx, id, { lock: true });
        if (!row) throw notFound("The tutorial");
        await d.repo.deleteTutorial(tx, id);
        if (row.videoFileId !== null) await releaseFile(tx, row.videoFileId, null);
      });
      return { ok: true };
    },

    /**
     * The file a link names: one 404 for a token that is malformed, altered, expired, or names a file no document
     * or tutorial holds any more (or whose bytes are gone), so none can be told from another.
     */
    async openFile(token: string): Promise<OpenedFile> {
      const link = links.verify(token);
      if (!link) throw notFound("The file");
      const row = await d.repo.fileForLink(d.uow.read, link.fileId);
      if (!row?.used) throw notFound("The file");
      return {
        fileName: downloadName(row.fileName),
        contentType: row.contentType,
        size: row.sizeBytes,
        disposition: link.disposition,
        read: (range) => d.storage.get(row.storageKey, range),
      };
    },

    /** The outbox's work: removes a file's bytes (only if no row names it, for an upload's safety net). */
    async removeStoredFile(payload: Record<string, unknown>): Promise<void> {
      const storageKey = String(payload.storageKey);
      if (payload.onlyIfUnused === true && (await d.repo.isKeyStored(d.uow.read, storageKey))) return;
      await d.storage.delete(storageKey);
    },

    /** The signer of links, for tests that need a link made at another time. */
    links,
  };
}

export type SupportService = ReturnType<typeof supportService>;
