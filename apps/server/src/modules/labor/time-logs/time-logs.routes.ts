import { timeLogsApi } from "@fieldlead/contracts";
import { tenant } from "../../../platform/auth/auth.plugin";
import { isExportFile, sendExport } from "../../../platform/export";
import { idempotencyKeyOf } from "../../../platform/idempotency";
import { type Routes, route } from "../../../platform/routes";
import type { TimeLogsService } from "./time-logs.service";

/** `/api/laborHistory/...` and the dashboard's time logs (docs/decisions/0040-labor.md). */
export function timeLogsRoutes(svc: TimeLogsService): Routes {
  return (app) => {
    route(app, timeLogsApi.historySearch, async (req, reply) => {
      const result = await svc.historySearch(tenant(req), req.body);
      return isExportFile(result) ? sendExport(reply, result) : result;
    });
    route(app, timeLogsApi.missingPunches, (req) => svc.missingPunches(tenant(req), req.body));
    route(app, timeLogsApi.today, (req) => svc.today(tenant(req)));
    route(app, timeLogsApi.userTimeLogsSearch, (req) =>
      svc.userSearch(tenant(req), req.params.userId, req.body),
    );
    route(app, timeLogsApi.create, async (req, reply) => {
      const answer = await svc.create(
        tenant(req),
        req.params.userId,
        req.body,
        idempotencyKeyOf(req.headers),
      );
      reply.status(201);
      return answer;
    });
    route(app, timeLogsApi.update, (req) =>
      svc.update(tenant(req), req.params.userId, req.params.logId, req.body),
    );
    route(app, timeLogsApi.remove, (req) =>
      svc.remove(tenant(req), req.params.userId, req.params.logId, req.query.reason),
    );
    route(app, timeLogsApi.timeLogHistory, (req) =>
      svc.logHistory(tenant(req), req.params.userId, req.params.logId),
    );
    route(app, timeLogsApi.dashboardTimeLogs, (req) => svc.dashboard(tenant(req), req.params.id, req.query));
  };
}
