import {
  acceptInvitationRequest,
  idParam,
  invitationLinkResponse,
  invitationResendResponse,
  invitationSearchRequest,
  invitationSearchResponse,
  invitationTokenParam,
  loggedInUser,
  myInvitationsResponse,
  okResponse,
} from "@fieldlead/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { session, tenant } from "../../platform/auth/auth.plugin";
import type { RateLimits } from "../../platform/rate-limits";
import type { InvitationsService } from "./invitations.service";

const rawToken = (r: FastifyRequest) => (r.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
const client = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers["user-agent"] });

/** `/api/users/invitations/...`: the organization's pending invitations (what it typed, nothing more). */
export function organizationInvitationRoutes(svc: InvitationsService): FastifyPluginAsyncZod {
  const tags = ["users"];
  return async (app) => {
    app.post(
      "/invitations/search",
      {
        schema: {
          tags,
          summary: "the organization's pending invitations to join",
          body: invitationSearchRequest,
          response: { 200: invitationSearchResponse },
        },
      },
      (req) => svc.search(tenant(req), req.body),
    );
    app.put(
      "/invitations/:id/resend",
      {
        schema: {
          tags,
          summary: "email a pending invitation again with a new link",
          params: idParam,
          response: { 200: invitationResendResponse },
        },
      },
      (req) => svc.resend(tenant(req), req.params.id),
    );
    app.delete(
      "/invitations/:id",
      {
        schema: {
          tags,
          summary: "cancel a pending invitation",
          params: idParam,
          response: { 200: okResponse },
        },
      },
      (req) => svc.cancel(tenant(req), req.params.id),
    );
  };
}

/** `/api/account/invitations...`: the invited person accepts or declines, signed in or from the emailed link. */
export function personInvitationRoutes(svc: InvitationsService, limits: RateLimits): FastifyPluginAsyncZod {
  const tags = ["account"];
  return async (app) => {
    app.get(
      "/invitations",
      {
        config: { auth: "session" },
        schema: {
          tags,
          summary: "invitations to join organizations waiting for the signed-in person",
          response: { 200: myInvitationsResponse },
        },
      },
      (req) => svc.mine(session(req)),
    );
    app.put(
      "/invitations/:id/accept",
      {
        config: { auth: "session" },
        schema: {
          tags,
          summary: "join the organization of an invitation; it becomes the current organization",
          params: idParam,
          response: { 200: loggedInUser },
        },
      },
      (req) => svc.acceptMine(session(req), rawToken(req), req.params.id),
    );
    app.put(
      "/invitations/:id/decline",
      {
        config: { auth: "session" },
        schema: { tags, summary: "decline an invitation", params: idParam, response: { 200: okResponse } },
      },
      (req) => svc.declineMine(session(req), req.params.id),
    );
    app.get(
      "/invitation-links/:token",
      {
        config: { auth: "public", rateLimit: limits.passwordReset },
        schema: {
          tags,
          security: [],
          summary: "what an emailed invitation link offers",
          params: invitationTokenParam,
          response: { 200: invitationLinkResponse },
        },
      },
      (req) => svc.linkInfo(req.params.token),
    );
    app.put(
      "/invitation-links/:token/accept",
      {
        config: { auth: "public", rateLimit: limits.signIn },
        schema: {
          tags,
          security: [],
          summary: "accept an emailed invitation (existing password, or a new account) and sign in",
          params: invitationTokenParam,
          body: acceptInvitationRequest,
          response: { 200: loggedInUser },
        },
      },
      (req) => svc.acceptByLink(req.params.token, req.body, client(req)),
    );
    app.put(
      "/invitation-links/:token/decline",
      {
        config: { auth: "public", rateLimit: limits.passwordReset },
        schema: {
          tags,
          security: [],
          summary: "decline an emailed invitation",
          params: invitationTokenParam,
          response: { 200: okResponse },
        },
      },
      (req) => svc.declineByLink(req.params.token),
    );
  };
}
