import { appApi, storesApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { AddressService } from "./address.service";
import type { StoresService } from "./stores.service";

/** `/api/store/...`, the store search of the lookup list, and the addresses the store forms look up. */
export function storesRoutes(svc: StoresService, address: AddressService): Routes {
  return (app) => {
    route(app, storesApi.search, (req) => svc.search(tenant(req), req.body));
    route(app, storesApi.upsert, (req) => svc.upsert(tenant(req), req.body));
    route(app, storesApi.detail, (req) => svc.get(tenant(req), req.params.id));
    route(app, appApi.storeOptions, (req) => svc.options(tenant(req), req.body));
    route(app, appApi.addressSuggestions, (req) =>
      address.suggestions(tenant(req), req.query.query, req.query.limit),
    );
    route(app, appApi.addressDetails, (req) => address.details(tenant(req), req.params.id));
  };
}
