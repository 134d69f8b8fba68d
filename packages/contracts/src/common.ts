import { z } from "zod";

/** The largest id a PostgreSQL integer column holds: a bigger path id is a 400, never a database error. */
export const MAX_INT_ID = 2_147_483_647;
export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_INT_ID) });

/** What a request hears for an id past {@link MAX_INT_ID} (before the database could refuse it). */
export const ID_TOO_LARGE_MESSAGE = `Use a whole number up to ${MAX_INT_ID}`;

/**
 * An id of an integer column in a request body or query: a whole number from 1 to {@link MAX_INT_ID}.
 * Add `.optional()` / `.nullable()` / `.nullish()` as the field allows.
 */
export const idSchema = z.number().int().positive().max(MAX_INT_ID, ID_TOO_LARGE_MESSAGE);

/** {@link idSchema} whose missing or non-number value reads `error` (a form's "Choose a role"). */
export const idSchemaWith = (error: string) =>
  z.number({ error }).int().positive().max(MAX_INT_ID, ID_TOO_LARGE_MESSAGE);

export const CONTROL_CHARACTER_MESSAGE = "Remove the invisible control character (such as a NUL)";
export const BROKEN_CHARACTER_MESSAGE = "Remove the broken Unicode character (an unpaired UTF-16 surrogate)";

/** True when `s` holds a C0 control character other than tab, line feed and carriage return, or DEL. */
export function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** True when `s` holds half of a UTF-16 surrogate pair without the other half (text no database keeps). */
export function hasUnpairedSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * Text in a request body or query: a string without control characters (a NUL, \u0000, which PostgreSQL
 * refuses; tab and line breaks are fine) or broken Unicode. Chain `.trim()`, `.min()`, `.max()`... on it.
 */
export const textSchema = z
  .string()
  .refine((s) => !hasControlCharacter(s), CONTROL_CHARACTER_MESSAGE)
  .refine((s) => !hasUnpairedSurrogate(s), BROKEN_CHARACTER_MESSAGE);
export const okResponse = z.object({ ok: z.literal(true) });

/** RFC 7807 problem body with a readable message. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  message: z.string(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const pagingSchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
