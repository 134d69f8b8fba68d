import { dashboardApi, reportsApi } from "@fieldlead/contracts";
import { tenant } from "../../../platform/auth/auth.plugin";
import { sendExport } from "../../../platform/export";
import { type Routes, route } from "../../../platform/routes";
import type { FunnelReport, FunnelService } from "./funnel.service";

/** The funnel reports (each by its REPORTS entry), the dashboard's panels, listings and store export. */
const FUNNEL_REPORTS = [
  reportsApi.ownerGroupOrganization,
  reportsApi.ownerGroupLeadGenerator,
  reportsApi.ownerGroupAppointmentType,
  reportsApi.leadCountAppointmentType,
  reportsApi.leadCountLgAppointmentType,
  reportsApi.leadCountTerritory,
  reportsApi.leadCountSummary,
  reportsApi.lgAgAnalysis,
  reportsApi.lgAgPerformance,
  reportsApi.storeLead,
  reportsApi.approaches,
] as const;

export function funnelRoutes(funnel: FunnelService): Routes {
  return (app) => {
    // A CSV or XLSX export streams as an attachment (the JSON answer schema does not apply to it).
    const answer = (reply: Parameters<typeof sendExport>[0], report: FunnelReport) =>
      report.kind === "page" ? report.page : sendExport(reply, report);

    for (const def of FUNNEL_REPORTS) {
      route(app, def, async (req, reply) =>
        answer(reply, await funnel.report(tenant(req), def.name, req.body)),
      );
    }
    route(app, dashboardApi.stores, async (req, reply) =>
      answer(reply, await funnel.stores(tenant(req), req.body)),
    );
    route(app, dashboardApi.users, async (req, reply) =>
      answer(reply, await funnel.users(tenant(req), req.body)),
    );
    route(app, dashboardApi.storesExport, async (req, reply) =>
      sendExport(reply, await funnel.storesExport(tenant(req), req.query)),
    );
    route(app, dashboardApi.panels, async (req) =>
      funnel.panels(tenant(req), req.params.territoryId, req.query),
    );
  };
}
