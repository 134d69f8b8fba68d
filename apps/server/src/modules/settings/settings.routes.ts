import { settingsApi } from "@fieldlead/contracts";
import { tenant } from "../../platform/auth/auth.plugin";
import { type Routes, route } from "../../platform/routes";
import type { SettingsService } from "./settings.service";

/** Service types, their questions and responses, business contacts, and the organization's lead settings. */
export function settingsRoutes(svc: SettingsService): Routes {
  return (app) => {
    route(app, settingsApi.serviceTypes, (req) =>
      svc.listServiceTypes(tenant(req), req.params.orgId, req.body.includeInactive),
    );
    route(app, settingsApi.serviceTypeUpsert, (req) => svc.upsertServiceType(tenant(req), req.body));
    route(app, settingsApi.serviceTypeDelete, (req) => svc.deleteServiceType(tenant(req), req.params.id));

    route(app, settingsApi.questions, (req) =>
      svc.listQuestions(tenant(req), req.params.id, req.body.includeInactive),
    );
    route(app, settingsApi.questionUpsert, (req) => svc.upsertQuestion(tenant(req), req.body));
    route(app, settingsApi.questionDelete, (req) => svc.deleteQuestion(tenant(req), req.params.id));

    route(app, settingsApi.responses, (req) => svc.listResponses(tenant(req), req.params.id));
    route(app, settingsApi.responseUpsert, (req) => svc.upsertResponse(tenant(req), req.body));
    route(app, settingsApi.responseDelete, (req) => svc.deleteResponse(tenant(req), req.params.id));

    route(app, settingsApi.organizationContacts, (req) =>
      svc.organizationContacts(tenant(req), req.params.id),
    );
    route(app, settingsApi.organizationContactsSave, (req) =>
      svc.saveOrganizationContacts(tenant(req), req.params.id, req.body),
    );
    route(app, settingsApi.territoryContacts, (req) => svc.territoryContacts(tenant(req), req.params.id));
    route(app, settingsApi.territoryContactsSave, (req) =>
      svc.saveTerritoryContacts(tenant(req), req.params.id, req.body),
    );

    // Outside the spec's catalogue: the organization's lead settings (duplicate window, disclosure texts;
    // docs/decisions/0014).
    route(app, settingsApi.leadSettings, (req) => svc.leadSettings(tenant(req)));
    route(app, settingsApi.leadSettingsSave, (req) => svc.saveLeadSettings(tenant(req), req.body));
  };
}
