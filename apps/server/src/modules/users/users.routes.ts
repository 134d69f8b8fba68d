import { usersApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { UsersService } from "./users.service";

/** `/api/users/...`: people and their membership in the current organization. */
export function usersRoutes(svc: UsersService): Routes {
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
  };
}
