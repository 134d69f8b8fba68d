/** True when PostgreSQL refused a write for a unique index (SQLSTATE 23505), through any driver or wrapper. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const pgErr = e as { code?: unknown; constraint?: unknown };
    if (pgErr.code === "23505") return constraint === undefined || pgErr.constraint === constraint;
  }
  return false;
}

/**
 * PostgreSQL data exceptions a client can cause with a well-typed value the schemas let through: a whole
 * number past the 32-bit id columns (22003), a NUL character in text (22021), an unpaired UTF-16 surrogate
 * that a jsonb column refuses (22P02/22P05), an impossible date (22007/22008). They name no column, so the
 * message is general; the error handler adds the body fields that hold such values.
 */
const DATA_EXCEPTIONS: Record<string, string> = {
  "22003": "A number in the request is too large.",
  "22021": "Text in the request contains a character that cannot be saved (such as a NUL, \\u0000).",
  "22P02": "Text in the request contains a character that cannot be saved (a broken Unicode character).",
  "22P05": "Text in the request contains a character that cannot be saved (a broken Unicode character).",
  "22007": "A date in the request is not valid.",
  "22008": "A date in the request is out of range.",
};

/** The message for a data exception caused by a value in the request, or undefined for any other error. */
export function dataExceptionMessage(err: unknown): { code: string; message: string } | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code in DATA_EXCEPTIONS) return { code, message: DATA_EXCEPTIONS[code] };
  }
  return undefined;
}
