import { crmApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { CrmService } from "./crm.service";

/** The CRM's calls: refreshing the organization's references (`/api/appointments/update-technicians-list`). */
export function crmRoutes(svc: CrmService): Routes {
  return (app) => {
    route(app, crmApi.updateTechniciansList, (req) => svc.updateTechniciansList(tenant(req)));
  };
}
