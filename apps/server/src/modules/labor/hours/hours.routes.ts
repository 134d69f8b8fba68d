import { laborApi } from "@fieldlead/contracts";
import { tenant } from "../../../platform/auth/auth.plugin";
import { sendExport } from "../../../platform/export";
import { type Routes, route } from "../../../platform/routes";
import type { HoursService } from "./hours.service";

/** `/api/users/hours/...`: the hours list, manual entries, posting, the postings and the payroll file. */
export function hoursRoutes(svc: HoursService): Routes {
  return (app) => {
    route(app, laborApi.hoursSearch, (req) => svc.search(tenant(req), req.body));
    route(app, laborApi.hoursUpsert, (req) => svc.upsert(tenant(req), req.body));
    route(app, laborApi.hoursPost, (req) => svc.post(tenant(req), req.body));
    route(app, laborApi.hoursDelete, (req) => svc.remove(tenant(req), req.params.id));
    route(app, laborApi.hoursPostings, (req) => svc.postings(tenant(req), req.query));
    route(app, laborApi.hoursPayrollExport, async (req, reply) =>
      sendExport(reply, await svc.payrollExport(tenant(req), req.query)),
    );
  };
}
