import type { z } from "zod";
import type { ApiError } from "./api-error";

/**
 * Checks data against a contract schema and answers one message per form field (the first issue's path
 * up to its first number: `territoryIds.2` is reported on `territoryIds`, `territories.1.name` stays).
 */
export function schemaErrors(
  schema: z.ZodType,
  data: unknown,
  fieldOf: (path: string) => string | null = (p) => p,
): Record<string, string> {
  const result = schema.safeParse(data);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.map(String).join("."));
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}

/** Maps a server field (`captureIcon.dataBase64`) to the form field it belongs to (`captureIcon`). */
export const fieldsOf =
  (fields: readonly string[]) =>
  (key: string): string | null =>
    fields.find((f) => key === f || key.startsWith(`${f}.`)) ?? null;

/**
 * A failed save's field errors, keyed by form field, for `form.setErrors`; and the message to show above
 * the form when some error has no field there (or the error named none).
 */
export function splitServerErrors(
  err: ApiError,
  mapKey: (serverKey: string) => string | null,
): { fieldErrors: Record<string, string>; other: string | null } {
  const fieldErrors: Record<string, string> = {};
  const leftover: string[] = [];
  for (const [key, message] of Object.entries(err.formErrors())) {
    const field = mapKey(key);
    if (field) fieldErrors[field] ??= message;
    else leftover.push(message);
  }
  const other = Object.keys(fieldErrors).length === 0 ? err.message : (leftover[0] ?? null);
  return { fieldErrors, other };
}
