import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * How a partner knows a call is ours and fresh (the same scheme on the three partner destinations, documented in
 * docs/integrations/*.openapi.yaml). We sign `${timestamp}.${body}` with HMAC-SHA256 and the organization's shared
 * secret; the timestamp (Unix seconds) is signed too, so a captured call cannot be replayed once it is older than the
 * tolerance. A GET signs the empty body (`${timestamp}.`).
 */

/** The request headers of every partner call (their spelling is part of the documented protocol). */
export const PARTNER_HEADERS = {
  timestamp: "FieldLead-Timestamp",
  signature: "FieldLead-Signature",
  idempotencyKey: "Idempotency-Key",
} as const;

/** The scheme's version: a later scheme gets a new prefix, and a receiver can accept both while partners move. */
export const SIGNATURE_PREFIX = "v1=";
/** Five minutes either way: enough for clock drift, short enough that a replay is of little use. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const SIGNATURE_PATTERN = /^v1=([0-9a-f]{64})$/;

/** `v1=<hex>`: HMAC-SHA256 of `${timestampSeconds}.${body}` with the secret. */
export function signBody(secret: string, timestampSeconds: number, body: string): string {
  return `${SIGNATURE_PREFIX}${mac(secret, String(timestampSeconds), body)}`;
}

const mac = (secret: string, timestamp: string, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");

export type SignatureCheck =
  | { ok: true }
  | {
      ok: false;
      reason:
        | "missingTimestamp"
        | "badTimestamp"
        | "staleTimestamp"
        | "missingSignature"
        | "badSignature"
        | "mismatch";
    };

/** What each refusal means, in words a partner's developer can act on (the simulator answers these). */
export const SIGNATURE_REFUSALS: Record<Exclude<SignatureCheck, { ok: true }>["reason"], string> = {
  missingTimestamp: `The ${PARTNER_HEADERS.timestamp} header is missing.`,
  badTimestamp: `The ${PARTNER_HEADERS.timestamp} header is not Unix seconds.`,
  staleTimestamp: `The ${PARTNER_HEADERS.timestamp} header is too far from now (a replay, or a clock that is off).`,
  missingSignature: `The ${PARTNER_HEADERS.signature} header is missing.`,
  badSignature: `The ${PARTNER_HEADERS.signature} header is not v1=<64 hex digits>.`,
  mismatch: `The ${PARTNER_HEADERS.signature} header does not match the body: check the shared secret.`,
};

/**
 * Checks a signed request as a receiver does: a timestamp within `toleranceSeconds` of `now` (either way), and
 * the signature of exactly the bytes received, compared in constant time (a plain `===` would leak, through its
 * timing, how many leading characters of a forged signature were right).
 */
export function verifySignature(input: {
  secret: string;
  timestamp: string | number | null | undefined;
  body: string;
  signature: string | null | undefined;
  now: Date;
  toleranceSeconds?: number;
}): SignatureCheck {
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const rawTimestamp = input.timestamp == null ? "" : String(input.timestamp).trim();
  if (!rawTimestamp) return { ok: false, reason: "missingTimestamp" };
  if (!/^\d{1,12}$/.test(rawTimestamp)) return { ok: false, reason: "badTimestamp" };
  const timestamp = Number(rawTimestamp);
  if (Math.abs(input.now.getTime() / 1000 - timestamp) > tolerance)
    return { ok: false, reason: "staleTimestamp" };
  const signature = input.signature?.trim() ?? "";
  if (!signature) return { ok: false, reason: "missingSignature" };
  const given = SIGNATURE_PATTERN.exec(signature.toLowerCase());
  if (!given) return { ok: false, reason: "badSignature" };
  // Over the header's own text, as the sender signed it (not the number read back from it).
  const expected = mac(input.secret, rawTimestamp, input.body);
  // Both are 32 bytes here (the pattern checked the length), as timingSafeEqual requires.
  const same = timingSafeEqual(Buffer.from(given[1], "hex"), Buffer.from(expected, "hex"));
  return same ? { ok: true } : { ok: false, reason: "mismatch" };
}
