import type { FastifyInstance } from "fastify";

/**
 * Whether an answer to `url` must not be kept by any cache: every `/api` answer (a token, a person's data,
 * an organization's rows, or an error about them), whatever the route's auth mode or own header, but the
 * public interactive reference under `/api/docs`. The web app's files are outside `/api` and keep theirs.
 */
export function isPrivateAnswer(url: string): boolean {
  const path = url.split("?")[0].toLowerCase();
  if (path !== "/api" && !path.startsWith("/api/")) return false;
  return path !== "/api/docs" && !path.startsWith("/api/docs/");
}

/**
 * `Cache-Control: no-store` on every private answer (docs/decisions/0016), set last so that it replaces
 * whatever a route set (the capture icon's `private, max-age=300`).
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (isPrivateAnswer(request.url)) reply.header("cache-control", "no-store");
    return payload;
  });
}
