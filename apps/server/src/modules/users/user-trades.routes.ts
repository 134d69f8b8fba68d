import {
  idParam,
  okResponse,
  userTrade,
  userTradesResponse,
  userTradeUpsertRequest,
} from "@fieldlead/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tenant } from "../../platform/auth/auth.plugin";
import type { UserTradesService } from "./user-trades.service";

const tags = ["users"];

/** `/api/users/trade/...`: in the first two calls `{id}` is the person; in DELETE it is the trade row. */
export function userTradesRoutes(svc: UserTradesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/trade/:id",
      { schema: { tags, params: idParam, response: { 200: userTradesResponse } } },
      (req) => svc.list(tenant(req), req.params.id),
    );
    app.post(
      "/trade/:id/upsert",
      { schema: { tags, params: idParam, body: userTradeUpsertRequest, response: { 200: userTrade } } },
      (req) => svc.upsert(tenant(req), req.params.id, req.body),
    );
    app.delete("/trade/:id", { schema: { tags, params: idParam, response: { 200: okResponse } } }, (req) =>
      svc.remove(tenant(req), req.params.id),
    );
  };
}
