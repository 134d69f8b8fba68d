import {
  idParam,
  storeDetail,
  storeSearchRequest,
  storeSearchResponse,
  storeUpsertRequest,
} from "@fieldlead/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tenant } from "../../platform/auth/auth.plugin";
import type { StoresService } from "./stores.service";

const tags = ["store"];

/** `/api/store/...` */
export function storesRoutes(svc: StoresService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/search",
      { schema: { tags, body: storeSearchRequest, response: { 200: storeSearchResponse } } },
      (req) => svc.search(tenant(req), req.body),
    );
    app.post(
      "/upsert",
      { schema: { tags, body: storeUpsertRequest, response: { 200: storeDetail } } },
      (req) => svc.upsert(tenant(req), req.body),
    );
    app.get("/:id", { schema: { tags, params: idParam, response: { 200: storeDetail } } }, (req) =>
      svc.get(tenant(req), req.params.id),
    );
  };
}
