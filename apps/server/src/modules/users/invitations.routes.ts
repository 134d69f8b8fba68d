import { accountApi, usersApi } from "@fieldlead/contracts";
import type { FastifyRequest } from "fastify";
import { session, tenant } from "../../platform/auth/auth.plugin";
import type { RateLimits } from "../../platform/rate-limits";
import { type Routes, route } from "../../platform/routes";
import type { InvitationsService } from "./invitations.service";

const rawToken = (r: FastifyRequest) => (r.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
const client = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers["user-agent"] });

/** `/api/users/invitations/...`: the organization's pending invitations (what it typed, nothing more). */
export function organizationInvitationRoutes(svc: InvitationsService): Routes {
  return (app) => {
    route(app, usersApi.invitationsSearch, (req) => svc.search(tenant(req), req.body));
    route(app, usersApi.invitationResend, (req) => svc.resend(tenant(req), req.params.id));
    route(app, usersApi.invitationCancel, (req) => svc.cancel(tenant(req), req.params.id));
  };
}

/** `/api/account/invitations...`: the invited person accepts or declines, signed in or from the emailed link. */
export function personInvitationRoutes(svc: InvitationsService, limits: RateLimits): Routes {
  return (app) => {
    route(app, accountApi.myInvitations, (req) => svc.mine(session(req)));
    route(app, accountApi.acceptMyInvitation, (req) =>
      svc.acceptMine(session(req), rawToken(req), req.params.id),
    );
    route(app, accountApi.declineMyInvitation, (req) => svc.declineMine(session(req), req.params.id));
    route(app, accountApi.invitationLink, (req) => svc.linkInfo(req.params.token), {
      rateLimit: limits.passwordReset,
    });
    route(
      app,
      accountApi.acceptInvitationLink,
      (req) => svc.acceptByLink(req.params.token, req.body, client(req)),
      { rateLimit: limits.signIn },
    );
    route(app, accountApi.declineInvitationLink, (req) => svc.declineByLink(req.params.token), {
      rateLimit: limits.passwordReset,
    });
  };
}
