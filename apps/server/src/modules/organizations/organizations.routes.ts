import { organizationsApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { sendExport } from "../../platform/export";
import { type Routes, route } from "../../platform/routes";
import type { OrganizationsService } from "./organizations.service";
import type { SmartCircleService } from "./smart-circle.service";

/** `/api/organizations/...` */
export function organizationsRoutes(svc: OrganizationsService, smartCircle: SmartCircleService): Routes {
  return (app) => {
    // Tenant call for an Admin (the organization of the request, or one its owner group owns); platform call
    // for the Super Admin (any organization, creation included). docs/decisions/0007 and 0016.
    route(app, organizationsApi.upsert, (req) => svc.upsert(tenant(req), req.body));
    route(app, organizationsApi.smartCircleUsers, async (req, reply) => {
      const report = await smartCircle.smartCircleUsers(tenant(req), req.body);
      // A CSV or XLSX export streams as an attachment (the JSON answer schema does not apply to it).
      if (report.kind === "page") return report.page;
      return sendExport(reply, report);
    });
  };
}

/** `/api/settings/organizations`: served beside the settings module's own routes. */
export function organizationSettingsRoutes(svc: OrganizationsService): Routes {
  return (app) => {
    route(app, organizationsApi.settingsOrganizations, (req) =>
      svc.settingsOrganizations(tenant(req), req.body),
    );
  };
}
