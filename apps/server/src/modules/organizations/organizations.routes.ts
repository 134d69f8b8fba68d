import {
  organizationDetail,
  organizationUpsertRequest,
  settingsOrganizationsRequest,
  settingsOrganizationsResponse,
  smartCircleUsersRequest,
  smartCircleUsersResponse,
} from "@fieldlead/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { tenant } from "../../platform/auth/auth.plugin";
import { sendExport } from "../../platform/export";
import type { OrganizationsService } from "./organizations.service";
import type { SmartCircleService } from "./smart-circle.service";

const tags = ["organizations"];

/** `/api/organizations/...` */
export function organizationsRoutes(
  svc: OrganizationsService,
  smartCircle: SmartCircleService,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Tenant call for an Admin (the organization of the request, or one its owner group owns); platform call
    // for the Super Admin (any organization, creation included). docs/decisions/0007 and 0016.
    app.put(
      "/upsert/smart-circle",
      {
        schema: {
          tags,
          description:
            "The organization save. An Admin changes the organization named by `CurrentOrganizationId` (or, when it is an owner group, an organization it owns): any other `id` answers 404 and changes nothing; switch organization to change another one. Platform call: only a Super Admin creates organizations (no `id`), changes any organization, moves one to another owner group or deletes/restores it.",
          body: organizationUpsertRequest,
          response: { 200: organizationDetail },
        },
      },
      (req) => svc.upsert(tenant(req), req.body),
    );
    app.post(
      "/reports/smart-circle-users",
      {
        schema: {
          tags,
          description:
            'Lead generators of Smart Circle organizations. `format: "csv"` answers a text/csv download, `"xlsx"` an Excel workbook.',
          body: smartCircleUsersRequest,
          response: { 200: z.union([smartCircleUsersResponse, z.string()]) },
        },
      },
      async (req, reply) => {
        const report = await smartCircle.smartCircleUsers(tenant(req), req.body);
        // A CSV or XLSX export streams as an attachment (the JSON answer schema does not apply to it).
        if (report.kind === "page") return report.page;
        return sendExport(reply, report);
      },
    );
  };
}

/** `/api/settings/organizations`: registered under /settings beside the settings module's own routes. */
export function organizationSettingsRoutes(svc: OrganizationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/organizations",
      {
        schema: {
          tags: ["settings"],
          description:
            "The organizations the caller may change from the request's organization (`CurrentOrganizationId`): for an Admin, that organization and, when it is an owner group, the organizations it owns; for a Super Admin (platform call), every organization.",
          body: settingsOrganizationsRequest,
          response: { 200: settingsOrganizationsResponse },
        },
      },
      (req) => svc.settingsOrganizations(tenant(req), req.body),
    );
  };
}
