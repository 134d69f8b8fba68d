import { createHmac, timingSafeEqual } from "node:crypto";
import { QR_FORM_TOKEN_HOURS, QR_MIN_FILL_SECONDS } from "@fieldlead/contracts";
import { AppError } from "../../platform/errors";

/**
 * The form token of the QR page (docs/decisions/0037): `qr-details` hands it out, the entry sends it back. It says
 * which code's page was opened and when, signed with the code's own key (`qr_codes.form_secret`): an HMAC-SHA256 of
 * the code's id and the time it was issued. It is no secret and names no row; it only lets the server tell how long
 * the form was open, so that an entry sent sooner than a person can fill the form (QR_MIN_FILL_SECONDS) or long
 * after (QR_FORM_TOKEN_HOURS) is refused with a message a person can act on.
 *
 * Format: `v1.{issued at, ms since 1970, base 36}.{signature, base64url}`.
 */

const VERSION = "v1";
/** A clock a little ahead of ours (another API process) is not a forgery. */
const SKEW_MS = 60_000;

const signatureOf = (secret: string, codeId: number, issuedMs: number) =>
  createHmac("sha256", secret).update(`${VERSION}.${codeId}.${issuedMs}`).digest("base64url");

/** A token for a code's page opened at `issuedAt` (tests sign one opened earlier with it). */
export function signFormToken(code: { id: number; formSecret: string }, issuedAt: Date): string {
  const ms = issuedAt.getTime();
  return `${VERSION}.${ms.toString(36)}.${signatureOf(code.formSecret, code.id, ms)}`;
}

export const FORM_TOO_FAST = "Please take a moment to check your details, then send again.";
export const FORM_TOO_OLD = "This form was opened too long ago; reload the page and send it again.";
export const FORM_NOT_OURS = "This form could not be checked; reload the page and send it again.";

const refusal = (code: string, message: string) =>
  new AppError(code, 422, message, { "body.formToken": [message] });

/**
 * Checks a token against the code whose page it claims to come from. Throws a 422 a person can act on: too soon
 * (`form_too_fast`), too old (`form_expired`), or not this code's token at all (`form_invalid`: reload).
 */
export function checkFormToken(code: { id: number; formSecret: string }, token: string, now: Date): void {
  const [version, issued, signature, ...rest] = token.split(".");
  const issuedMs = issued && /^[0-9a-z]{1,12}$/.test(issued) ? Number.parseInt(issued, 36) : Number.NaN;
  if (version !== VERSION || !signature || rest.length || !Number.isSafeInteger(issuedMs))
    throw refusal("form_invalid", FORM_NOT_OURS);
  const expected = Buffer.from(signatureOf(code.formSecret, code.id, issuedMs));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw refusal("form_invalid", FORM_NOT_OURS);
  const age = now.getTime() - issuedMs;
  if (age < -SKEW_MS) throw refusal("form_invalid", FORM_NOT_OURS);
  if (age < QR_MIN_FILL_SECONDS * 1000) throw refusal("form_too_fast", FORM_TOO_FAST);
  if (age > QR_FORM_TOKEN_HOURS * 3_600_000) throw refusal("form_expired", FORM_TOO_OLD);
}
