import type { FastifyRequest } from "fastify";

/**
 * A request's body exactly as it was sent, before validation trims, fills in and normalizes it: what a capture
 * entry keeps (the capture form's and the QR page's submissions, docs/decisions/0037). Kept by `keepRawBody` as a
 * `preValidation` hook of the routes that need it, read by `rawBodyOf` in their handler.
 */
const rawBodies = new WeakMap<FastifyRequest, unknown>();

export async function keepRawBody(req: FastifyRequest): Promise<void> {
  if (req.body !== undefined) rawBodies.set(req, structuredClone(req.body));
}

export function rawBodyOf(req: FastifyRequest): unknown {
  return rawBodies.get(req);
}
