import {
  captureEntryPage,
  captureEntrySearchRequest,
  externalLeadUpdateRequest,
  internalLeadUpsertRequest,
  leadDetail,
  leadIdParam,
  leadPage,
  leadSearchRequest,
  leadTypeLookup,
  leadTypeLookupRequest,
  leadUpsertResponse,
  okResponse,
} from "@fieldlead/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { tenant } from "../../platform/auth/auth.plugin";
import { type ExportFile, isExportFile, sendExport } from "../../platform/export";
import { idempotencyKeyOf } from "../../platform/idempotency";
import type { LeadsService } from "./leads.service";
import type { LeadView } from "./leads-search.service";

const tags = ["leads"];
const csvNote =
  'With `format: "csv"` the answer is a text/csv download of the whole result (up to 100,000 rows); with `format: "xlsx"` the same rows as an Excel workbook.';

/** The capture form's body exactly as sent, before validation trims and normalizes it (capture entries). */
const rawBodies = new WeakMap<FastifyRequest, unknown>();
async function keepRawBody(req: FastifyRequest) {
  if (req.body !== undefined) rawBodies.set(req, structuredClone(req.body));
}

/** A page as JSON, or a CSV or XLSX download streamed as it is read. */
function send<T>(reply: FastifyReply, result: T | ExportFile) {
  return isExportFile(result) ? sendExport(reply, result) : (result as T);
}

/** Documents the header; `idempotencyKeyOf` checks it with a message that says what a key looks like. */
const idempotencyHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .optional()
    .describe("Makes a retried create safe: the same key answers with the first result (kept 24 hours)."),
});

export function leadsRoutes(svc: LeadsService): FastifyPluginAsyncZod {
  return async (app) => {
    const searches: [string, LeadView, string][] = [
      ["/internal/search", "internal", "Leads captured in the app by lead generators."],
      ["/external/search", "external", "Leads that came from outside (QR, programs, web, imports)."],
      ["/leads-hd/search", "retailerProgram", "Retailer-program leads."],
      ["/leads-centah/search", "secondPartner", "Second-partner-program leads."],
      ["/rejected/search", "rejected", "Rejected leads with their reason."],
    ];
    for (const [path, view, description] of searches) {
      app.post(
        path,
        {
          schema: {
            tags,
            description: `${description} ${csvNote}`,
            body: leadSearchRequest,
            response: { 200: leadPage },
          },
        },
        async (req, reply) => send(reply, await svc.search(tenant(req), view, req.body)),
      );
    }
    app.post(
      "/capture-leads/search",
      {
        schema: {
          tags,
          description: `Raw capture entries, before they became leads. ${csvNote}`,
          body: captureEntrySearchRequest,
          response: { 200: captureEntryPage },
        },
      },
      async (req, reply) => send(reply, await svc.captureEntries(tenant(req), req.body)),
    );

    app.get(
      "/:id/internal",
      { schema: { tags, params: leadIdParam, response: { 200: leadDetail } } },
      (req) => svc.detail(tenant(req), req.params.id, "internal"),
    );
    app.get(
      "/:id/external",
      { schema: { tags, params: leadIdParam, response: { 200: leadDetail } } },
      (req) => svc.detail(tenant(req), req.params.id, "external"),
    );
    app.post(
      "/internal/upsert",
      {
        preValidation: keepRawBody,
        schema: {
          tags,
          description:
            "Creates (no `id`) or edits a lead captured in the app. A capture sent again with the same `Idempotency-Key` header (a UUID the client makes once per capture) creates nothing and answers with the first call's lead.",
          headers: idempotencyHeaders,
          body: internalLeadUpsertRequest,
          response: { 200: leadUpsertResponse },
        },
      },
      (req) => svc.upsertInternal(tenant(req), req.body, rawBodies.get(req), idempotencyKeyOf(req.headers)),
    );
    app.put(
      "/external/update",
      { schema: { tags, body: externalLeadUpdateRequest, response: { 200: leadUpsertResponse } } },
      (req) => svc.updateExternal(tenant(req), req.body),
    );
    app.delete(
      "/:id/internal",
      { schema: { tags, params: leadIdParam, response: { 200: okResponse } } },
      (req) => svc.remove(tenant(req), req.params.id, "internal"),
    );
    app.delete(
      "/:id/external",
      { schema: { tags, params: leadIdParam, response: { 200: okResponse } } },
      (req) => svc.remove(tenant(req), req.params.id, "external"),
    );
    app.post(
      "/lookup-list/lead-type",
      { schema: { tags, body: leadTypeLookupRequest, response: { 200: leadTypeLookup } } },
      (req) => svc.leadTypes(tenant(req), req.body.includeInactive),
    );
    // Outside the spec's catalogue: an Admin brings a deleted lead back.
    app.post(
      "/:id/restore",
      { schema: { tags, params: leadIdParam, response: { 200: leadDetail } } },
      (req) => svc.restore(tenant(req), req.params.id),
    );
  };
}
