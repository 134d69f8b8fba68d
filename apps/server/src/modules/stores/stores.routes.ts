import { storesApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { StoresService } from "./stores.service";

/** `/api/store/...` */
export function storesRoutes(svc: StoresService): Routes {
  return (app) => {
    route(app, storesApi.search, (req) => svc.search(tenant(req), req.body));
    route(app, storesApi.upsert, (req) => svc.upsert(tenant(req), req.body));
    route(app, storesApi.detail, (req) => svc.get(tenant(req), req.params.id));
  };
}
