// How the server stores a phone number and an email address; the web uses the same functions to check and preview
// them. No schema library here: the capture screen loads this module and nothing of zod (docs/decisions/0029).

/** Ten digits of a US phone number (a leading country code 1 is dropped), or null when it is not one. */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  let digits = raw.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Trimmed, lower-cased email, or null when it is not an email address. */
export function normalizeEmail(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const e = raw.trim().toLowerCase();
  return e.length <= 254 && EMAIL_PATTERN.test(e) ? e : null;
}
