import {
  forgotPasswordRequest,
  forgotPasswordResponse,
  linkIdParam,
  loggedInUser,
  loginRequest,
  okResponse,
  orgIdParam,
  resetPasswordRequest,
  resetPasswordResponse,
  validateLinkResponse,
} from "@fieldlead/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { session } from "../../platform/auth/auth.plugin";
import type { RateLimits } from "../../platform/rate-limits";
import type { AccountService } from "./account.service";

const tags = ["account"];
const rawToken = (r: FastifyRequest) => (r.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
const client = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers["user-agent"] });

export function accountRoutes(svc: AccountService, limits: RateLimits): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/login",
      {
        config: { auth: "public", rateLimit: limits.signIn },
        schema: { tags, security: [], body: loginRequest, response: { 200: loggedInUser } },
      },
      (req) => svc.login(req.body.email, req.body.password, client(req)),
    );
    app.post(
      "/forgot-password",
      {
        config: { auth: "public", rateLimit: limits.passwordReset },
        schema: {
          tags,
          security: [],
          body: forgotPasswordRequest,
          response: { 200: forgotPasswordResponse },
        },
      },
      (req) => svc.forgotPassword(req.body.email),
    );
    app.get(
      "/reset-password/:linkId/validate",
      {
        config: { auth: "public", rateLimit: limits.passwordReset },
        schema: { tags, security: [], params: linkIdParam, response: { 200: validateLinkResponse } },
      },
      (req) => svc.validateLink(req.params.linkId),
    );
    app.put(
      "/reset-password",
      {
        config: { auth: "public", rateLimit: limits.passwordReset },
        schema: { tags, security: [], body: resetPasswordRequest, response: { 200: resetPasswordResponse } },
      },
      (req) => svc.resetPassword(req.body.linkId, req.body.password, client(req)),
    );
    app.put(
      "/:orgId/update-organization",
      { config: { auth: "session" }, schema: { tags, params: orgIdParam, response: { 200: loggedInUser } } },
      (req) => svc.updateOrganization(session(req), rawToken(req), req.params.orgId),
    );
    app.get(
      "/me",
      { config: { auth: "session" }, schema: { tags, response: { 200: loggedInUser } } },
      (req) => svc.me(session(req), rawToken(req)),
    );
    app.post(
      "/logout",
      { config: { auth: "session" }, schema: { tags, response: { 200: okResponse } } },
      async (req) => {
        await svc.logout(session(req));
        return { ok: true as const };
      },
    );
  };
}
