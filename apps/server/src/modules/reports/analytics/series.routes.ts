import { chartsApi, dashboardApi, reportsApi } from "@fieldlead/contracts";
import { tenant } from "../../../platform/auth/auth.plugin";
import { sendExport } from "../../../platform/export";
import { type Routes, route } from "../../../platform/routes";
import type { SeriesService } from "./series.service";

/** The charts', the dashboard's bar chart, speed to lead's and appointment outcomes' routes. */
export function seriesRoutes(series: SeriesService): Routes {
  return (app) => {
    route(app, chartsApi.leadCount, (req) => series.leadCount(tenant(req), req.body));
    route(app, chartsApi.leadGeneratorDaysOfWeek, (req) =>
      series.leadGeneratorDaysOfWeek(tenant(req), req.body),
    );
    route(app, chartsApi.leadGeneratorHoursOfDay, (req) =>
      series.leadGeneratorHoursOfDay(tenant(req), req.body),
    );
    route(app, chartsApi.leadCountSummary, (req) => series.leadCountSummary(tenant(req), req.body));
    route(app, dashboardApi.leadsBarChart, (req) =>
      series.leadsBarChart(tenant(req), req.params.territoryId, req.query),
    );
    // A CSV or XLSX export streams as an attachment (the JSON answer schema does not apply to it).
    route(app, reportsApi.speedToLead, async (req, reply) => {
      const report = await series.speedToLead(tenant(req), req.body);
      return report.kind === "page" ? report.page : sendExport(reply, report);
    });
    route(app, reportsApi.leadRan, async (req, reply) => {
      const report = await series.leadRan(tenant(req), req.body);
      return report.kind === "page" ? report.page : sendExport(reply, report);
    });
  };
}
