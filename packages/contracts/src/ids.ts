/** Random identifiers made of letters and digits ([A-Za-z0-9]). */

export const RANDOM_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const DEFAULT_RANDOM_ID_LENGTH = 12;

const ALPHABET_SIZE = RANDOM_ID_ALPHABET.length; // 62
// Bytes at or above the largest multiple of 62 that fits in a byte (248) are rejected, so `byte % 62` is uniform.
const ACCEPT_BELOW = 256 - (256 % ALPHABET_SIZE);
// getRandomValues fills at most 65,536 bytes per call.
const MAX_BYTES_PER_CALL = 65_536;
const RANDOM_ID_PATTERN = /^[A-Za-z0-9]+$/;

/**
 * A cryptographically random id of `length` characters from [A-Za-z0-9], drawn with
 * `globalThis.crypto.getRandomValues` and rejection sampling (no modulo bias).
 */
export function randomId(length: number = DEFAULT_RANDOM_ID_LENGTH): string {
  if (!Number.isInteger(length) || length < 1) {
    throw new RangeError(`Invalid id length ${length}: expected a positive integer`);
  }
  let id = "";
  while (id.length < length) {
    const missing = length - id.length;
    // About 3% of bytes are rejected; ask for a little more than needed to usually finish in one call.
    const bytes = new Uint8Array(Math.min(MAX_BYTES_PER_CALL, Math.ceil(missing * 1.1) + 8));
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < ACCEPT_BELOW) {
        id += RANDOM_ID_ALPHABET[byte % ALPHABET_SIZE];
        if (id.length === length) break;
      }
    }
  }
  return id;
}

/** True when `value` is a non-empty string of letters and digits (of exactly `length` characters when given). */
export function isRandomId(value: unknown, length?: number): value is string {
  return (
    typeof value === "string" &&
    RANDOM_ID_PATTERN.test(value) &&
    (length === undefined || value.length === length)
  );
}
