import { activitiesApi } from "@fieldlead/contracts";
import { tenant } from "../../../platform/auth/auth.plugin";
import { idempotencyKeyOf } from "../../../platform/idempotency";
import { type Routes, route } from "../../../platform/routes";
import type { ActivitiesService } from "./activities.service";

/** `/api/users/activity...` and `/api/users/no-activity/...` (docs/decisions/0040-labor.md). */
export function activitiesRoutes(svc: ActivitiesService): Routes {
  return (app) => {
    route(app, activitiesApi.activitySearch, (req) => svc.search(tenant(req), req.body));
    route(app, activitiesApi.activityRecent, (req) => svc.recent(tenant(req), req.query));
    route(app, activitiesApi.activityCreate, async (req, reply) => {
      const item = await svc.create(tenant(req), req.body, idempotencyKeyOf(req.headers));
      reply.status(201);
      return item;
    });
    route(app, activitiesApi.activityUpdate, (req) => svc.update(tenant(req), req.params.id, req.body));
    route(app, activitiesApi.activityDelete, (req) => svc.remove(tenant(req), req.params.id));
    route(app, activitiesApi.noActivitySearch, (req) => svc.noActivitySearch(tenant(req), req.body));
    route(app, activitiesApi.noActivityUpdate, (req) => svc.noActivityUpdate(tenant(req), req.body));
  };
}
