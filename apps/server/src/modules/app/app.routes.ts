import {
  addressDetails,
  addressIdParam,
  addressSuggestionsQuery,
  addressSuggestionsResponse,
  dataTypesResponse,
  feature,
  featureUpdatesResponse,
  featureUpsertRequest,
  fieldTypesResponse,
  idParam,
  lookupList,
  lookupListQuery,
  mailboxQuery,
  mailboxResponse,
  okResponse,
  rolesQuery,
  rolesResponse,
  timeZonesResponse,
  webConfigUpsertRequest,
  webConfigUpsertResponse,
} from "@fieldlead/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { session, tenant } from "../../platform/auth/auth.plugin";
import type { AppService } from "./app.service";

const tags = ["app"];

export function appRoutes(svc: AppService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/lookup-list",
      { schema: { tags, querystring: lookupListQuery, response: { 200: lookupList } } },
      (req) => svc.lookupList(tenant(req), req.query.includeInactive),
    );
    app.get(
      "/lookup-list/roles",
      { schema: { tags, querystring: rolesQuery, response: { 200: rolesResponse } } },
      (req) => svc.roles(tenant(req), req.query.selector),
    );
    app.get(
      "/lookup-list/timezones",
      { config: { auth: "session" }, schema: { tags, response: { 200: timeZonesResponse } } },
      () => svc.timeZones(),
    );
    app.get(
      "/feature/updates",
      { config: { auth: "session" }, schema: { tags, response: { 200: featureUpdatesResponse } } },
      () => svc.featureUpdates(),
    );
    app.post(
      "/feature/upsert",
      { schema: { tags, body: featureUpsertRequest, response: { 200: feature } } },
      (req) => svc.upsertFeature(tenant(req), req.body),
    );
    app.delete(
      "/feature/:id/delete",
      { schema: { tags, params: idParam, response: { 200: okResponse } } },
      (req) => svc.deleteFeature(tenant(req), req.params.id),
    );
    app.get(
      "/data-type",
      { config: { auth: "session" }, schema: { tags, response: { 200: dataTypesResponse } } },
      () => svc.dataTypes(),
    );
    app.get(
      "/field-type",
      { config: { auth: "session" }, schema: { tags, response: { 200: fieldTypesResponse } } },
      () => svc.fieldTypes(),
    );
    app.post(
      "/wingen-web-config/upsert",
      {
        config: { auth: "session" },
        schema: { tags, body: webConfigUpsertRequest, response: { 200: webConfigUpsertResponse } },
      },
      (req) => svc.upsertWebConfig(session(req), req.body.config),
    );
    app.get(
      "/address-suggestions",
      {
        schema: { tags, querystring: addressSuggestionsQuery, response: { 200: addressSuggestionsResponse } },
      },
      (req) => svc.addressSuggestions(tenant(req), req.query.query, req.query.limit),
    );
    app.get(
      "/address-details/:id",
      { schema: { tags, params: addressIdParam, response: { 200: addressDetails } } },
      (req) => svc.addressDetails(tenant(req), req.params.id),
    );
  };
}

/** Platform operations outside the spec's catalogue (Super Admin only). */
export function platformRoutes(svc: AppService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/mailbox",
      { schema: { tags: ["platform"], querystring: mailboxQuery, response: { 200: mailboxResponse } } },
      (req) => svc.mailbox(tenant(req), req.query.limit),
    );
  };
}
