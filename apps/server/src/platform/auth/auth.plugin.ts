import {
  type ApiEndpointName,
  type AuthMode,
  capabilitiesOf,
  isPlatformAdmin,
  isTerritoryLimited,
  rowScopeOf,
} from "@fieldlead/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SessionContext, TenantContext } from "../context";
import { AppError, forbidden, unauthorized } from "../errors";
import type { UnitOfWork } from "../unit-of-work";
import type { SessionRepository } from "./session.repository";

export type { AuthMode };

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route: anyone, any signed-in user, or a member of the current organization (default). */
    auth?: AuthMode;
    /** The catalogue name of the endpoint a route serves (platform/routes.ts). */
    endpoint?: ApiEndpointName;
  }
  interface FastifyRequest {
    sessionCtx: SessionContext | null;
    tenantCtx: TenantContext | null;
  }
}

const TOUCH_EVERY_MS = 5 * 60_000;

/** `Offset` is minutes as JavaScript's getTimezoneOffset() gives them (UTC minus local: 300 in New York winter). */
export function parseOffsetHeader(value: string | string[] | undefined): number {
  if (value === undefined || value === "") return 0;
  const raw = Array.isArray(value) ? value[0] : value;
  if (!/^[+-]?\d{1,4}$/.test(raw.trim()) || Math.abs(Number(raw)) > 840) {
    throw new AppError(
      "bad_offset",
      400,
      "The Offset header must be a whole number of minutes between -840 and 840 (the browser's getTimezoneOffset()).",
    );
  }
  return -Number(raw) || 0;
}

/**
 * The organization a tenant call acts in: the `CurrentOrganizationId` header, else the session's current one;
 * `"bad"` for a header that is not an id (answered after the session is checked, so a stranger learns nothing).
 */
function organizationHeader(request: FastifyRequest): number | "current" | "bad" {
  const header = request.headers.currentorganizationid;
  if (header === undefined || header === "") return "current";
  const raw = Array.isArray(header) ? header[0] : header;
  return /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : "bad";
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { sessions: SessionRepository; uow: UnitOfWork; sessionHours: number },
  ) => {
    const { sessions, uow } = opts;
    app.decorateRequest("sessionCtx", null);
    app.decorateRequest("tenantCtx", null);

    app.addHook("onRequest", async (request) => {
      const url = request.url.toLowerCase();
      // The interactive API reference is public; everything else under /api declares its mode (tenant by default).
      if (!url.startsWith("/api/") || url.startsWith("/api/docs")) return;
      const mode: AuthMode = request.routeOptions.config?.auth ?? "tenant";
      if (mode === "public" || !request.routeOptions.url) return;

      const offsetMinutes = parseOffsetHeader(request.headers.offset);
      const token = bearer(request);
      if (!token) throw unauthorized("Sign in to continue: the Authorization header is missing.");
      const asked = mode === "session" ? null : organizationHeader(request);
      const organizationId = asked === "bad" ? null : asked;
      // The session and the caller's standing in the organization, in one round trip (docs/decisions/0028).
      const found = await sessions.authenticate(uow.read, token, organizationId);
      if (!found) throw unauthorized("Your session has ended. Sign in again.");
      if (asked === "bad") {
        throw new AppError(
          "bad_organization",
          400,
          "The CurrentOrganizationId header must be an organization id.",
        );
      }
      const { session, membership: m } = found;
      if (Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await uow.run((tx) => sessions.touch(tx, session.sessionId, opts.sessionHours));
      }
      request.sessionCtx = {
        userId: session.userId,
        sessionId: session.sessionId,
        currentOrganizationId: session.currentOrganizationId,
        offsetMinutes,
      };
      if (mode === "session") return;

      if (!m) {
        const id = organizationId === "current" ? session.currentOrganizationId : organizationId;
        throw forbidden(`You are not a member of organization ${id}. Switch to one of yours.`);
      }
      const who = { roleId: m.roleId, subscriptionId: m.subscriptionId };
      const territoryIds = m.membershipId !== null && isTerritoryLimited(who) ? m.territoryIds : [];
      const orgId = m.organizationId;
      request.tenantCtx = {
        userId: session.userId,
        sessionId: session.sessionId,
        organizationId: orgId,
        membershipId: m.membershipId,
        roleId: m.roleId,
        subscriptionId: m.subscriptionId,
        isPlatformAdmin: isPlatformAdmin(who),
        territoryIds,
        timeZone: m.timeZone,
        offsetMinutes,
        firstDayOfWeek: m.firstDayOfWeek,
        can: capabilitiesOf(who),
        scope: rowScopeOf({ ...who, userId: session.userId, territoryIds }),
      };
    });
  },
  { name: "auth" },
);

export function tenant(request: FastifyRequest): TenantContext {
  if (!request.tenantCtx) throw unauthorized();
  return request.tenantCtx;
}

export function session(request: FastifyRequest): SessionContext {
  if (!request.sessionCtx) throw unauthorized();
  return request.sessionCtx;
}
