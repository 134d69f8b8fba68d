import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { idempotencyKeys } from "../db/schema/index";
import { AppError, badRequest } from "./errors";
import type { Tx } from "./unit-of-work";

/**
 * Safe retries of creates (docs/decisions/0019-outbox.md, "Idempotency keys"). A phone that loses the answer to a
 * capture sends it again with the same `Idempotency-Key` header; the second call answers with the first call's
 * answer and creates nothing.
 *
 * It lives in the database, in the transaction of the create: the key is claimed by inserting its row first, the
 * work runs, and the answer is stored in the same row before the commit. A second call with the key waits on the
 * row's unique index while the first is still open (PostgreSQL; PGlite runs one transaction at a time), then finds
 * the stored answer. If the first call fails, its row rolls back with everything else and the retry runs afresh.
 * Keys are per organization, caller and call, and are forgotten after a day (`pruneIdempotencyKeys`, hourly).
 */

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The header's value, if sent; a malformed one is a 400 that says what a key looks like. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (Array.isArray(raw) && raw.length > 1) throw badRequest("Send one Idempotency-Key header, not several.");
  if (!KEY_PATTERN.test(value)) {
    throw badRequest(
      "The Idempotency-Key header must be 1 to 200 visible characters (a UUID made by the client is typical).",
    );
  }
  return value;
}

export type IdempotencyScope = {
  organizationId: number;
  /** Who calls: `u{userId}` for a signed-in person. */
  actor: string;
  /** The call, such as `leads.capture`. */
  operation: string;
};

/** Sorted keys, so the same body hashes the same whatever order its fields came in. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const fingerprintOf = (request: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(stable(request)) ?? "")
    .digest("hex");

/**
 * How a result is kept: `encode` makes it JSON (by default the result itself, as the client receives it) and
 * `decode` turns it back into a result for a repeat, reading what it needs with the same transaction.
 */
export type IdempotencyCodec<T> = {
  encode: (result: T) => unknown;
  decode: (stored: unknown, tx: Tx) => Promise<T>;
};

/**
 * Runs `create` once per key inside the caller's transaction `tx` and answers a repeat with the stored result.
 * Without a key, simply runs `create`. A key reused with a different request is refused (422).
 */
export async function once<T>(
  tx: Tx,
  scope: IdempotencyScope,
  key: string | undefined,
  request: unknown,
  create: () => Promise<T>,
  codec?: IdempotencyCodec<T>,
): Promise<T> {
  if (key === undefined) return create();
  const fingerprint = fingerprintOf(request);
  const where = and(
    eq(idempotencyKeys.organizationId, scope.organizationId),
    eq(idempotencyKeys.actor, scope.actor),
    eq(idempotencyKeys.operation, scope.operation),
    eq(idempotencyKeys.key, key),
  );
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ ...scope, key, fingerprint, statusCode: 0, response: sql`'null'::jsonb` })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [first] = await tx
      .select({ fingerprint: idempotencyKeys.fingerprint, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(where);
    if (first && first.fingerprint !== fingerprint) {
      throw new AppError(
        "idempotency_key_reused",
        422,
        "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
      );
    }
    if (first) return codec ? codec.decode(first.response, tx) : (first.response as T);
    // Claimed and then forgotten between the two statements (a prune): run it as new.
    return create();
  }
  const result = await create();
  // Stored as the client received it (JSON), so a repeat answers exactly the same.
  const response = JSON.parse(JSON.stringify((codec ? codec.encode(result) : result) ?? null));
  await tx.update(idempotencyKeys).set({ statusCode: 200, response }).where(where);
  return result;
}

/** Forgets keys older than a day (hourly schedule, platform.jobs.ts). */
export async function pruneIdempotencyKeys(exec: Tx): Promise<void> {
  await exec.execute(
    sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
  );
}
