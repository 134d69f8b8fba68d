import { destinationsApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { DeliveriesService } from "./deliveries.service";

/** Destinations' settings, deliveries, and the spec's send, revenue and program-settings calls (decision 0039). */
export function deliveriesRoutes(svc: DeliveriesService): Routes {
  return (app) => {
    route(app, destinationsApi.list, (req) => svc.list(tenant(req)));
    route(app, destinationsApi.upsert, (req) => svc.upsert(tenant(req), req.params.destination, req.body));
    route(app, destinationsApi.test, (req) => svc.test(tenant(req), req.params.destination, req.body));
    route(app, destinationsApi.deliveries, (req) => svc.search(tenant(req), req.body));
    route(app, destinationsApi.resend, (req) => svc.resend(tenant(req), req.body.ids));
    route(app, destinationsApi.health, (req) => svc.health(tenant(req)));
    route(app, destinationsApi.leadDeliveries, (req) => svc.leadDeliveries(tenant(req), req.params.id));
    route(app, destinationsApi.sendServiceTitan, (req) =>
      svc.sendLead(tenant(req), req.params.id, ["crm"], req.params.isExternal),
    );
    route(app, destinationsApi.sendRetailer, (req) => svc.sendLead(tenant(req), req.params.id, ["retailer"]));
    route(app, destinationsApi.sendAll, (req) => svc.sendLead(tenant(req), req.params.id, "all"));
    route(app, destinationsApi.revenue, (req) =>
      svc.revenue(tenant(req), req.params.id, req.params.isExternal),
    );
    route(app, destinationsApi.centah, (req) => svc.program(tenant(req), req.params.orgUid, "secondPartner"));
    route(app, destinationsApi.centahUpsert, (req) =>
      svc.programUpsert(tenant(req), req.params.orgUid, "secondPartner", req.body),
    );
    route(app, destinationsApi.homeDepot, (req) =>
      svc.program(tenant(req), req.params.orgUid, "retailerProgram"),
    );
    route(app, destinationsApi.homeDepotUpsert, (req) =>
      svc.programUpsert(tenant(req), req.params.orgUid, "retailerProgram", req.body),
    );
  };
}
