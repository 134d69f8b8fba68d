import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import {
  documentUpsertRequest,
  type EndpointDef,
  supportApi,
  tutorialUpsertRequest,
} from "@fieldlead/contracts";
import { create as contentDisposition } from "content-disposition";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { tenant } from "../../platform/auth/auth.plugin";
import type { TenantContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { type EndpointHandler, type EndpointRequest, type Routes, route } from "../../platform/routes";
import type { ByteRange } from "../../platform/storage";
import type { SupportArea } from "./support.policy";
import type { StoredUpload, SupportService } from "./support.service";
import { receiveForm } from "./support.uploads";

/** The form fields each upsert reads (its request schema's); an empty optional one counts as not sent. */
const FORM_FIELDS: Record<"document" | "tutorial", readonly string[]> = {
  document: Object.keys(documentUpsertRequest.shape),
  tutorial: Object.keys(tutorialUpsertRequest.shape),
};
/** Sent empty, the title is refused by its own message ("Give the document a title") rather than as missing. */
const KEEP_EMPTY = new Set(["title"]);

/**
 * One bytes range of `Range: bytes=a-b` (or `a-`, or `-n`) within a file of `size` bytes: null to send the whole
 * file (no header, or one this server does not serve, which HTTP lets it ignore), "unsatisfiable" when it starts
 * past the end. Videos play and seek through ranges.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (header === undefined) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}

/**
 * `/api/support/...` (docs/decisions/0041): documents, tutorials, their uploads and their files.
 *
 * The three upserts take `multipart/form-data` (the fields and one `file`) or JSON (the fields only). The
 * multipart parser is registered for those three routes only. A form is read in the route's `preValidation`: the
 * caller's right is checked first (nothing is stored for someone who may not change the area), the file is
 * received, checked by its content and stored, and `req.body` becomes the form's fields, which the request schema
 * then validates as it validates JSON. An upload whose upsert does not succeed (a field refused, another
 * organization's id, a failure) is removed when the request ends.
 */
export function supportRoutes(svc: SupportService): Routes {
  return (app) => {
    route(app, supportApi.serviceProviderDocuments, (req) =>
      svc.documents(tenant(req), "serviceProvider", req.body),
    );
    route(app, supportApi.productDocuments, (req) => svc.documents(tenant(req), "product", req.body));
    route(app, supportApi.tutorials, (req) => svc.tutorials(tenant(req), req.body));
    route(app, supportApi.documentDelete, (req) => svc.removeDocument(tenant(req), req.params.id));
    route(app, supportApi.tutorialDelete, (req) => svc.removeTutorial(tenant(req), req.params.id));
    app.register(uploadRoutes(svc));
    app.register(fileRoutes(svc));
  };
}

function uploadRoutes(svc: SupportService) {
  return async (forms: FastifyInstance) => {
    // A file past its limit is cut short and refused by receiveForm, once the request is read (not thrown mid-way);
    // the limits are set per call there. Field values and file names are read as UTF-8, as browsers send them.
    await forms.register(multipart, { throwFileSizeLimit: false });
    /** The upload a request stored and its upsert has not yet committed. */
    const pending = new WeakMap<FastifyRequest, StoredUpload>();

    /** Removes the request's upload unless its upsert committed (which takes it out of `pending`). */
    const discard = async (req: FastifyRequest) => {
      const left = pending.get(req);
      if (!left) return;
      pending.delete(req);
      await svc.discardUpload(left).catch((err: unknown) => {
        req.log.warn(
          { err, storageKey: left.storageKey },
          "an upload that was not kept could not be removed",
        );
      });
    };
    // Before a refusal is sent (so the client never sees it while the bytes are still there), and when a request
    // ends any other way (the client went away).
    forms.addHook("onSend", async (req, _reply, payload) => {
      await discard(req);
      return payload;
    });
    forms.addHook("onResponse", discard);
    forms.addHook("onRequestAbort", discard);

    function receive(area: SupportArea) {
      const fields = area === "tutorial" ? FORM_FIELDS.tutorial : FORM_FIELDS.document;
      return async (req: FastifyRequest) => {
        if (!req.isMultipart()) return;
        const ctx = tenant(req);
        svc.requireUploader(ctx, area);
        const form = await receiveForm(req, svc.uploadRules(area), svc.spoolDir, fields);
        try {
          if (form.file) pending.set(req, await svc.storeUpload(ctx, area, form.file));
        } finally {
          if (form.file) await rm(form.file.path, { force: true });
        }
        req.body = Object.fromEntries(
          Object.entries(form.fields).filter(([name, value]) => value !== "" || KEEP_EMPTY.has(name)),
        );
      };
    }

    function upsert<E extends EndpointDef, R>(
      endpoint: E,
      area: SupportArea,
      save: (ctx: TenantContext, body: EndpointRequest<E>["body"], upload: StoredUpload | null) => Promise<R>,
    ) {
      const handler = async (req: EndpointRequest<E>) => {
        const upload = pending.get(req) ?? null;
        const saved = await save(tenant(req), req.body, upload);
        // Committed: the file is the row's now.
        pending.delete(req);
        return saved;
      };
      route(forms, endpoint, handler as unknown as EndpointHandler<E>, { preValidation: receive(area) });
    }

    upsert(supportApi.serviceProviderUpsert, "serviceProvider", (ctx, body, upload) =>
      svc.upsertDocument(ctx, "serviceProvider", body, upload),
    );
    upsert(supportApi.productUpsert, "product", (ctx, body, upload) =>
      svc.upsertDocument(ctx, "product", body, upload),
    );
    upsert(supportApi.tutorialUpsert, "tutorial", (ctx, body, upload) =>
      svc.upsertTutorial(ctx, body, upload),
    );
  };
}

/** Media types sent with their charset (the upload was checked to be UTF-8). */
const withCharset = (contentType: string) =>
  contentType.startsWith("text/") ? `${contentType}; charset=utf-8` : contentType;

/**
 * The policy of a file shown in the browser: `sandbox` (no script, an origin of its own) and only this site may
 * frame it. Not on a PDF: Chrome's and Safari's PDF viewers refuse to run in a sandboxed document (they show
 * "blocked"); a PDF's own scripts run inside the viewer, never in this site's origin, and the site's policy stays.
 */
const INLINE_POLICY = "sandbox; frame-ancestors 'self'";

function fileRoutes(svc: SupportService) {
  return async (files: FastifyInstance) => {
    // Set last, over the API's `no-store` (platform/no-store.ts): a file is the caller's, and no cache keeps it.
    files.addHook("onSend", async (_req, reply, payload) => {
      reply.header("cache-control", "private, no-store");
      return payload;
    });
    route(
      files,
      supportApi.file,
      async (req, reply) => {
        const file = await svc.openFile(req.params.token);
        const range = rangeOf(req.headers.range, file.size);
        if (range === "unsatisfiable") {
          reply.header("content-range", `bytes */${file.size}`);
          throw new AppError(
            "range_not_satisfiable",
            416,
            "The range asked for is past the end of the file.",
          );
        }
        reply
          .header("content-type", withCharset(file.contentType))
          .header("content-disposition", contentDisposition(file.fileName, { type: file.disposition }))
          .header("x-content-type-options", "nosniff")
          .header("accept-ranges", "bytes");
        if (file.disposition === "inline" && file.contentType !== "application/pdf")
          reply.header("content-security-policy", INLINE_POLICY);
        if (range) {
          reply.status(206).header("content-range", `bytes ${range.start}-${range.end}/${file.size}`);
        }
        reply.header("content-length", String(range ? range.end - range.start + 1 : file.size));
        // HEAD: the headers only, without reading the file (Fastify drains the empty stream and keeps the length).
        if (req.method === "HEAD") return reply.send(Readable.from([]));
        const stored = await file.read(range ?? undefined);
        if (!stored) {
          req.log.warn({ fileName: file.fileName }, "a file's row is there but its bytes are not");
          for (const h of ["content-type", "content-disposition", "content-range", "content-length"])
            reply.removeHeader(h);
          reply.status(200);
          throw new AppError("not_found", 404, "The file was not found.");
        }
        return reply.send(stored.stream);
      },
      { compress: false },
    );
  };
}
