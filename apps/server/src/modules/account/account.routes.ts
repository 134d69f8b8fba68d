import { accountApi, appApi } from "@fieldlead/contracts";
import type { FastifyRequest } from "fastify";
import { session } from "../../platform/auth/auth.plugin";
import type { RateLimits } from "../../platform/rate-limits";
import { type Routes, route } from "../../platform/routes";
import type { AccountService } from "./account.service";

const rawToken = (r: FastifyRequest) => (r.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
const client = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers["user-agent"] });

export function accountRoutes(svc: AccountService, limits: RateLimits): Routes {
  return (app) => {
    route(app, accountApi.login, (req) => svc.login(req.body.email, req.body.password, client(req)), {
      rateLimit: limits.signIn,
    });
    route(app, accountApi.forgotPassword, (req) => svc.forgotPassword(req.body.email), {
      rateLimit: limits.passwordReset,
    });
    route(app, accountApi.validateResetLink, (req) => svc.validateLink(req.params.linkId), {
      rateLimit: limits.passwordReset,
    });
    route(
      app,
      accountApi.resetPassword,
      (req) => svc.resetPassword(req.body.linkId, req.body.password, client(req)),
      { rateLimit: limits.passwordReset },
    );
    route(app, accountApi.switchOrganization, (req) =>
      svc.updateOrganization(session(req), rawToken(req), req.params.orgId),
    );
    route(app, accountApi.me, (req) => svc.me(session(req), rawToken(req)));
    route(app, accountApi.logout, async (req) => {
      await svc.logout(session(req));
      return { ok: true as const };
    });
    // The caller's own web settings: the account's, wherever the catalogue groups the call.
    route(app, appApi.webConfigUpsert, (req) => svc.upsertWebConfig(session(req), req.body.config));
  };
}
