import { appApi, usersApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { LeadGeneratorsService } from "./lead-generators.service";
import type { UsersService } from "./users.service";

/**
 * `/api/users/...`: people and their membership in the current organization; and the lead generator search of
 * the lookup list (`/api/app/lookup-list/lead-generators/search`).
 */
export function usersRoutes(svc: UsersService, leadGenerators: LeadGeneratorsService): Routes {
  return (app) => {
    route(app, usersApi.search, (req) => svc.search(tenant(req), req.body));
    route(app, usersApi.upsert, (req) => svc.upsert(tenant(req), req.body));
    route(app, usersApi.retailerProgramUpsert, (req) => svc.upsertRetailerProgramUser(tenant(req), req.body));
    route(app, usersApi.detail, (req) => svc.get(tenant(req), req.params.id));
    // The image itself, not JSON: a Buffer is sent as it is (the response schema only documents it).
    route(app, usersApi.captureIcon, async (req, reply) => {
      const icon = await svc.captureIcon(tenant(req), req.params.id);
      return reply
        .type(icon.contentType)
        .header("last-modified", icon.updatedAt.toUTCString())
        .send(icon.content);
    });
    route(app, usersApi.invite, (req) => svc.invite(tenant(req), req.params.id));
    route(app, appApi.leadGeneratorOptions, (req) => leadGenerators.options(tenant(req), req.body));
  };
}
