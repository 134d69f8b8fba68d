import { usersApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { UserTradesService } from "./user-trades.service";

/** `/api/users/trade/...`: in the first two calls `{id}` is the person; in DELETE it is the trade row. */
export function userTradesRoutes(svc: UserTradesService): Routes {
  return (app) => {
    route(app, usersApi.trades, (req) => svc.list(tenant(req), req.params.id));
    route(app, usersApi.tradeUpsert, (req) => svc.upsert(tenant(req), req.params.id, req.body));
    route(app, usersApi.tradeDelete, (req) => svc.remove(tenant(req), req.params.id));
  };
}
