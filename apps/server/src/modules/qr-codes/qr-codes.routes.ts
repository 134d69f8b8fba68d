import { qrCodesApi } from "@fieldlead/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { tenant } from "../../platform/auth/auth.plugin";
import { AppError } from "../../platform/errors";
import { sendExport } from "../../platform/export";
import { idempotencyKeyOf } from "../../platform/idempotency";
import type { RateLimits } from "../../platform/rate-limits";
import { keepRawBody, rawBodyOf } from "../../platform/raw-body";
import { type Routes, route } from "../../platform/routes";
import { orTaken } from "../appointments/index";
import type { QrCodesService } from "./qr-codes.service";
import type { QrPublicService } from "./qr-public.service";

export const CODE_BUSY = "This code is busy right now; wait a minute and try again.";

type PublicLimiter = (req: FastifyRequest) => Promise<{
  isAllowed: boolean;
  isExceeded?: boolean;
  ttlInSeconds?: number;
}>;

/**
 * The per-code limit, checked after the per-address one (a `preValidation` hook runs after the route's
 * `onRequest` limit), so that one address refused by its own limit does not use up the code's. @fastify/rate-limit's
 * `createRateLimit` counts without answering, because its route hook runs once per request (a second limit's hook
 * would be skipped); the 429 is ours, with the same `Retry-After`.
 */
function perCodeHook(limiter: PublicLimiter, keepBody: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const limit = await limiter(req);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header("retry-after", String(limit.ttlInSeconds ?? 60));
      throw new AppError("too_many_requests", 429, CODE_BUSY);
    }
    // The entry's body as sent, for its capture entry (one preValidation hook per route: kept here, once allowed).
    if (keepBody) await keepRawBody(req);
  };
}

/** `/api/QRCodes/...`: the staff's list, changes and export, and the shopper's three public calls. */
export function qrCodesRoutes(svc: QrCodesService, pub: QrPublicService, limits: RateLimits): Routes {
  // Per address (the route's `rateLimit`): the page's reads as any public call, entries fewer. Per code: every
  // address together, keyed by the person's uid in the path (their codes of every group share it), so one busy code
  // cannot be flooded from many addresses (docs/decisions/0037).
  return (app) => {
    route(app, qrCodesApi.search, (req) => svc.search(tenant(req), req.body));
    route(app, qrCodesApi.upsert, (req) => svc.upsert(tenant(req), req.body));
    route(app, qrCodesApi.export, async (req, reply) =>
      sendExport(reply, await svc.export(tenant(req), req.query)),
    );

    const perCode = app.createRateLimit({
      ...limits.perCode,
      keyGenerator: (req) => `qr-code:${(req.params as { userUid?: string }).userUid ?? ""}`,
    }) as PublicLimiter;
    route(app, qrCodesApi.details, (req) => pub.details(req.params.userUid, req.params.hdsfiGroup), {
      rateLimit: limits.publicCall,
      preValidation: perCodeHook(perCode, false),
    });
    route(app, qrCodesApi.available, (req) => pub.available(req.params.userUid, req.query), {
      rateLimit: limits.publicCall,
      preValidation: perCodeHook(perCode, false),
    });
    route(
      app,
      qrCodesApi.entry,
      (req, reply) =>
        orTaken(req, reply, async () => {
          const answer = await pub.entry(
            req.params.userUid,
            req.body,
            rawBodyOf(req),
            idempotencyKeyOf(req.headers),
          );
          reply.status(201);
          return answer;
        }),
      { rateLimit: limits.publicEntry, preValidation: perCodeHook(perCode, true) },
    );
  };
}
