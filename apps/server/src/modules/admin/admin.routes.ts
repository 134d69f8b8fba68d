import { appApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { AdminService } from "./admin.service";

/** Platform administration: feature notes (`/api/app/feature/...`) and the mailbox (`/api/platform/mailbox`). */
export function adminRoutes(svc: AdminService): Routes {
  return (app) => {
    route(app, appApi.featureUpdates, () => svc.featureUpdates());
    route(app, appApi.featureUpsert, (req) => svc.upsertFeature(tenant(req), req.body));
    route(app, appApi.featureDelete, (req) => svc.deleteFeature(tenant(req), req.params.id));
    route(app, appApi.mailbox, (req) => svc.mailbox(tenant(req), req.query.limit));
  };
}
