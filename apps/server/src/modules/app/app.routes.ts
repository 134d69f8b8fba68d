import { appApi } from "@fieldlead/contracts";
import { session, tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { AppService } from "./app.service";

export function appRoutes(svc: AppService): Routes {
  return (app) => {
    route(app, appApi.lookupList, (req) => svc.lookupList(tenant(req), req.query.includeInactive));
    route(app, appApi.roles, (req) => svc.roles(tenant(req), req.query.selector));
    route(app, appApi.timeZones, () => svc.timeZones());
    route(app, appApi.featureUpdates, () => svc.featureUpdates());
    route(app, appApi.featureUpsert, (req) => svc.upsertFeature(tenant(req), req.body));
    route(app, appApi.featureDelete, (req) => svc.deleteFeature(tenant(req), req.params.id));
    route(app, appApi.dataTypes, () => svc.dataTypes());
    route(app, appApi.fieldTypes, () => svc.fieldTypes());
    route(app, appApi.webConfigUpsert, (req) => svc.upsertWebConfig(session(req), req.body.config));
    route(app, appApi.addressSuggestions, (req) =>
      svc.addressSuggestions(tenant(req), req.query.query, req.query.limit),
    );
    route(app, appApi.addressDetails, (req) => svc.addressDetails(tenant(req), req.params.id));
  };
}

/** Platform operations outside the spec's catalogue (Super Admin only). */
export function platformRoutes(svc: AppService): Routes {
  return (app) => {
    route(app, appApi.mailbox, (req) => svc.mailbox(tenant(req), req.query.limit));
  };
}
