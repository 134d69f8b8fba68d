import {
  hdUserUpsertRequest,
  idParam,
  inviteResponse,
  userDetail,
  userSearchRequest,
  userSearchResponse,
  userUpsertRequest,
  userUpsertResponse,
} from "@fieldlead/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tenant } from "../../platform/auth/auth.plugin";
import type { UsersService } from "./users.service";

const tags = ["users"];

/** `/api/users/...`: people and their membership in the current organization. */
export function usersRoutes(svc: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/search",
      { schema: { tags, body: userSearchRequest, response: { 200: userSearchResponse } } },
      (req) => svc.search(tenant(req), req.body),
    );
    app.post(
      "/upsert",
      { schema: { tags, body: userUpsertRequest, response: { 200: userUpsertResponse } } },
      (req) => svc.upsert(tenant(req), req.body),
    );
    app.post(
      "/hd/upsert",
      { schema: { tags, body: hdUserUpsertRequest, response: { 200: userUpsertResponse } } },
      (req) => svc.upsertRetailerProgramUser(tenant(req), req.body),
    );
    app.get("/:id", { schema: { tags, params: idParam, response: { 200: userDetail } } }, (req) =>
      svc.get(tenant(req), req.params.id),
    );
    app.get(
      "/:id/capture-icon",
      {
        schema: {
          tags,
          params: idParam,
          description: "The capture icon as an image (PNG, JPEG or WebP); 404 when the person has none.",
        },
      },
      async (req, reply) => {
        const icon = await svc.captureIcon(tenant(req), req.params.id);
        return reply
          .type(icon.contentType)
          .header("last-modified", icon.updatedAt.toUTCString())
          .send(icon.content);
      },
    );
    app.put("/:id/invite", { schema: { tags, params: idParam, response: { 200: inviteResponse } } }, (req) =>
      svc.invite(tenant(req), req.params.id),
    );
  };
}
