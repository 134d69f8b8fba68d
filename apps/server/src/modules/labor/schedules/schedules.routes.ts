import { schedulesApi } from "@fieldlead/contracts";
import { tenant } from "../../../platform/auth/auth.plugin";
import { sendExport } from "../../../platform/export";
import { type Routes, route } from "../../../platform/routes";
import type { SchedulesService } from "./schedules.service";

/**
 * Schedules and available hours (docs/decisions/0040-labor.md): the week grid and its export, shifts, copying a
 * week, and each person's available hours. They sit under `/api/users/...`, where the catalogue groups them.
 */
export function schedulesRoutes(svc: SchedulesService): Routes {
  return (app) => {
    route(app, schedulesApi.schedulesWeek, (req) => svc.grid(tenant(req), req.body));
    route(app, schedulesApi.schedulesExport, async (req, reply) =>
      sendExport(reply, await svc.export(tenant(req), req.body)),
    );
    route(app, schedulesApi.shiftUpsert, (req) => svc.upsert(tenant(req), req.body));
    route(app, schedulesApi.shiftDelete, (req) => svc.remove(tenant(req), req.params.id));
    route(app, schedulesApi.schedulesCopy, (req) => svc.copy(tenant(req), req.body));
    route(app, schedulesApi.availableHoursReplace, (req) => svc.replaceAvailable(tenant(req), req.body));
    route(app, schedulesApi.availableHoursDelete, (req) => svc.removeAvailable(tenant(req), req.params.id));
  };
}
