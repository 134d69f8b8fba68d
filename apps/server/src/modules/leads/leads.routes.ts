import { leadsApi } from "@fieldlead/contracts";
import type { FastifyReply } from "fastify";
import { tenant } from "../../platform/auth/auth.plugin";
import { type ExportFile, isExportFile, sendExport } from "../../platform/export";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { keepRawBody, rawBodyOf } from "../../platform/raw-body";
import { type Routes, route } from "../../platform/routes";
import type { LeadsService } from "./leads.service";
import type { LeadView } from "./leads-search.service";

/** A page as JSON, or a CSV or XLSX download streamed as it is read. */
function send<T>(reply: FastifyReply, result: T | ExportFile): T | FastifyReply {
  return isExportFile(result) ? sendExport(reply, result) : result;
}

export function leadsRoutes(svc: LeadsService): Routes {
  return (app) => {
    const searches: [
      (
        | typeof leadsApi.internalSearch
        | typeof leadsApi.externalSearch
        | typeof leadsApi.retailerProgramSearch
        | typeof leadsApi.secondPartnerSearch
        | typeof leadsApi.rejectedSearch
      ),
      LeadView,
    ][] = [
      [leadsApi.internalSearch, "internal"],
      [leadsApi.externalSearch, "external"],
      [leadsApi.retailerProgramSearch, "retailerProgram"],
      [leadsApi.secondPartnerSearch, "secondPartner"],
      [leadsApi.rejectedSearch, "rejected"],
    ];
    for (const [endpoint, view] of searches) {
      route(app, endpoint, async (req, reply) => send(reply, await svc.search(tenant(req), view, req.body)));
    }
    route(app, leadsApi.captureEntriesSearch, async (req, reply) =>
      send(reply, await svc.captureEntries(tenant(req), req.body)),
    );
    route(app, leadsApi.internalDetail, (req) => svc.detail(tenant(req), req.params.id, "internal"));
    route(app, leadsApi.externalDetail, (req) => svc.detail(tenant(req), req.params.id, "external"));
    route(
      app,
      leadsApi.internalUpsert,
      (req) => svc.upsertInternal(tenant(req), req.body, rawBodyOf(req), idempotencyKeyOf(req.headers)),
      { preValidation: keepRawBody },
    );
    route(app, leadsApi.externalUpdate, (req) => svc.updateExternal(tenant(req), req.body));
    route(app, leadsApi.internalDelete, (req) => svc.remove(tenant(req), req.params.id, "internal"));
    route(app, leadsApi.externalDelete, (req) => svc.remove(tenant(req), req.params.id, "external"));
    route(app, leadsApi.leadTypes, (req) => svc.leadTypes(tenant(req), req.body.includeInactive));
    route(app, leadsApi.restore, (req) => svc.restore(tenant(req), req.params.id));
    route(app, leadsApi.addNote, (req) =>
      svc.addNote(tenant(req), req.params.id, req.body.text, idempotencyKeyOf(req.headers)),
    );
  };
}
