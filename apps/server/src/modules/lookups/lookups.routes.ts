import { appApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { LookupsService } from "./lookups.service";

/** The lookup list and the reference calls beside it (`/api/app/lookup-list...`, `/api/app/data-type`...). */
export function lookupsRoutes(svc: LookupsService): Routes {
  return (app) => {
    route(app, appApi.lookupList, (req) => svc.lookupList(tenant(req), req.query));
    route(app, appApi.roles, (req) => svc.roles(tenant(req), req.query.selector));
    route(app, appApi.timeZones, () => svc.timeZones());
    route(app, appApi.dataTypes, () => svc.dataTypes());
    route(app, appApi.fieldTypes, () => svc.fieldTypes());
  };
}
