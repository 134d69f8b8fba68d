import { organizationsApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { OrganizationsService } from "./organizations.service";

/** `/api/organizations/...` */
export function organizationsRoutes(svc: OrganizationsService): Routes {
  return (app) => {
    // Tenant call for an Admin (the organization of the request, or one its owner group owns); platform call
    // for the Super Admin (any organization, creation included). docs/decisions/0007 and 0016.
    route(app, organizationsApi.upsert, (req) => svc.upsert(tenant(req), req.body));
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
