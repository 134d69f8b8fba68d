import { organizationsApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { sendExport } from "../../platform/export";
import { type Routes, route } from "../../platform/routes";
import type { SmartCircleService } from "./smart-circle.service";

/**
 * The reports: reads across an area's rows, a page at a time or as a CSV or XLSX file. The Smart Circle users
 * report is the first (its path is under `/api/organizations/reports/`, where the catalogue groups it).
 */
export function reportsRoutes(smartCircle: SmartCircleService): Routes {
  return (app) => {
    route(app, organizationsApi.smartCircleUsers, async (req, reply) => {
      const report = await smartCircle.smartCircleUsers(tenant(req), req.body);
      // A CSV or XLSX export streams as an attachment (the JSON answer schema does not apply to it).
      if (report.kind === "page") return report.page;
      return sendExport(reply, report);
    });
  };
}
