import type { ServerResponse } from "node:http";
import { notificationsApi } from "@fieldlead/contracts";
import { session, tenant } from "../../platform/auth/auth.plugin";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { type Routes, route } from "../../platform/routes";
import type { NotificationsService } from "./notifications.service";

/** How often an open stream gets a comment, so proxies and browsers keep it open. */
export const EVENTS_PING_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream (the stream's `retry:`). */
const RECONNECT_MS = 5_000;

/** `/api/notifications/...` (docs/decisions/0041-notifications-and-support.md). */
export function notificationsRoutes(svc: NotificationsService, opts: { pingMs?: number } = {}): Routes {
  const pingMs = opts.pingMs ?? EVENTS_PING_MS;
  return (app) => {
    route(app, notificationsApi.send, async (req, reply) => {
      const item = await svc.send(tenant(req), req.body, idempotencyKeyOf(req.headers));
      reply.status(201);
      return item;
    });
    route(app, notificationsApi.lookupList, (req) => svc.lookupList(tenant(req)));
    route(app, notificationsApi.audienceCount, (req) => svc.audienceCount(tenant(req), req.body));
    route(app, notificationsApi.sentSearch, (req) => svc.sentSearch(tenant(req), req.body));
    route(app, notificationsApi.sentById, (req) => svc.sentById(tenant(req), req.params.id));
    route(app, notificationsApi.inbox, (req) => svc.inbox(session(req), req.body));
    route(app, notificationsApi.unread, (req) => svc.unread(session(req)));
    route(app, notificationsApi.markRead, (req) => svc.markRead(session(req), req.body));
    route(app, notificationsApi.preferences, (req) => svc.preferences(session(req)));
    route(app, notificationsApi.preferencesUpdate, (req) => svc.updatePreferences(session(req), req.body));

    // The bell's stream: server-sent events written straight to the socket (the reply is hijacked, so nothing
    // buffers or compresses it). The session was checked by the auth hook like any session call; the browser
    // reads it with fetch() to send the Authorization header.
    const open = new Set<() => void>();
    route(app, notificationsApi.events, async (req, reply) => {
      const { userId } = session(req);
      reply.hijack();
      const res: ServerResponse = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
        "x-content-type-options": "nosniff",
        "x-request-id": req.id,
      });
      const write = (text: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(text);
      };
      write(`retry: ${RECONNECT_MS}\n\n`);
      let unsubscribe: (() => void) | null = null;
      let closed = false;
      const ping = setInterval(() => write(": ping\n\n"), pingMs);
      const cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(ping);
        unsubscribe?.();
        open.delete(end);
      };
      /** Ends the stream from the server's side (the app is closing). */
      const end = () => {
        cleanup();
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      res.on("close", cleanup);
      try {
        const stop = await svc.events.subscribe(userId, (unread) =>
          write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`),
        );
        // The client may have gone while the first count was read.
        if (closed) stop();
        else unsubscribe = stop;
      } catch (err) {
        req.log.warn({ err }, "the notification stream could not start");
        end();
      }
      // Hijacked: Fastify sends nothing more; the stream is ours until either side ends it.
      return reply;
    });

    // A closing app ends the open streams (their sockets would keep the server from closing) and stops listening.
    app.addHook("preClose", async () => {
      for (const end of [...open]) end();
      await svc.events.close();
    });
  };
}
