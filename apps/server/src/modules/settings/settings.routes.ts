import {
  businessContactList,
  businessContactsSaveRequest,
  includeInactiveRequest,
  leadSettings,
  leadSettingsSaveRequest,
  okResponse,
  questionResponse,
  questionResponseList,
  questionUpsertRequest,
  responseUpsertRequest,
  serviceType,
  serviceTypeList,
  serviceTypeQuestion,
  serviceTypeQuestionList,
  serviceTypeUpsertRequest,
  settingsIdParam,
  settingsOrgIdParam,
} from "@fieldlead/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tenant } from "../../platform/auth/auth.plugin";
import type { SettingsService } from "./settings.service";

const tags = ["settings"];

/** Service types, their questions and responses, business contacts (registered under /api/settings). */
export function settingsRoutes(svc: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/:orgId/service-type",
      {
        schema: {
          tags,
          params: settingsOrgIdParam,
          body: includeInactiveRequest,
          response: { 200: serviceTypeList },
        },
      },
      (req) => svc.listServiceTypes(tenant(req), req.params.orgId, req.body.includeInactive),
    );
    app.post(
      "/service-type/upsert",
      { schema: { tags, body: serviceTypeUpsertRequest, response: { 200: serviceType } } },
      (req) => svc.upsertServiceType(tenant(req), req.body),
    );
    app.delete(
      "/service-type/:id",
      { schema: { tags, params: settingsIdParam, response: { 200: okResponse } } },
      (req) => svc.deleteServiceType(tenant(req), req.params.id),
    );

    app.post(
      "/service-type/:id/question",
      {
        schema: {
          tags,
          params: settingsIdParam,
          body: includeInactiveRequest,
          response: { 200: serviceTypeQuestionList },
        },
      },
      (req) => svc.listQuestions(tenant(req), req.params.id, req.body.includeInactive),
    );
    app.post(
      "/service-type/question/upsert",
      { schema: { tags, body: questionUpsertRequest, response: { 200: serviceTypeQuestion } } },
      (req) => svc.upsertQuestion(tenant(req), req.body),
    );
    app.delete(
      "/service-type/question/:id",
      { schema: { tags, params: settingsIdParam, response: { 200: okResponse } } },
      (req) => svc.deleteQuestion(tenant(req), req.params.id),
    );

    app.post(
      "/question/:id/response",
      { schema: { tags, params: settingsIdParam, response: { 200: questionResponseList } } },
      (req) => svc.listResponses(tenant(req), req.params.id),
    );
    app.post(
      "/question/response/upsert",
      { schema: { tags, body: responseUpsertRequest, response: { 200: questionResponse } } },
      (req) => svc.upsertResponse(tenant(req), req.body),
    );
    app.delete(
      "/question/response/:id",
      { schema: { tags, params: settingsIdParam, response: { 200: okResponse } } },
      (req) => svc.deleteResponse(tenant(req), req.params.id),
    );

    app.get(
      "/organization/:id/business-contact",
      { schema: { tags, params: settingsIdParam, response: { 200: businessContactList } } },
      (req) => svc.organizationContacts(tenant(req), req.params.id),
    );
    app.post(
      "/organization/:id/business-contact",
      {
        schema: {
          tags,
          params: settingsIdParam,
          body: businessContactsSaveRequest,
          response: { 200: businessContactList },
        },
      },
      (req) => svc.saveOrganizationContacts(tenant(req), req.params.id, req.body),
    );
    app.get(
      "/organizationsTerritory/:id/business-contact",
      { schema: { tags, params: settingsIdParam, response: { 200: businessContactList } } },
      (req) => svc.territoryContacts(tenant(req), req.params.id),
    );
    app.post(
      "/organizationsTerritory/:id/business-contact",
      {
        schema: {
          tags,
          params: settingsIdParam,
          body: businessContactsSaveRequest,
          response: { 200: businessContactList },
        },
      },
      (req) => svc.saveTerritoryContacts(tenant(req), req.params.id, req.body),
    );

    // Outside the spec's catalogue: the organization's lead settings (duplicate window, disclosure texts;
    // docs/decisions/0014).
    app.get("/leads", { schema: { tags, response: { 200: leadSettings } } }, (req) =>
      svc.leadSettings(tenant(req)),
    );
    app.put(
      "/leads",
      { schema: { tags, body: leadSettingsSaveRequest, response: { 200: leadSettings } } },
      (req) => svc.saveLeadSettings(tenant(req), req.body),
    );
  };
}
