import { z } from "zod";
import { DATE_FORMAT, isValidLocalDate } from "./time/local-date";

/** The largest id a PostgreSQL integer column holds: a bigger id is a 400 naming the field, never a database error. */
export const MAX_INT_ID = 2_147_483_647;

/** What a request hears for an id that is not a whole number from 1 to `max` (the field is named beside it). */
export const idRangeMessage = (max: number) => `Use a whole number from 1 to ${max}`;
/** {@link idRangeMessage} for the integer id columns. */
export const ID_MESSAGE = idRangeMessage(MAX_INT_ID);
/** @deprecated The same text as {@link ID_MESSAGE}: one message for every out-of-range id. */
export const ID_TOO_LARGE_MESSAGE = ID_MESSAGE;

/**
 * An id of an integer column in a request body or query: a whole number from 1 to {@link MAX_INT_ID}, declared
 * with checks the OpenAPI document shows (`type: integer, minimum: 1, maximum: 2147483647`).
 * Add `.optional()` / `.nullable()` / `.nullish()` as the field allows.
 */
export const idSchema = z
  .number()
  .int({ error: ID_MESSAGE, abort: true })
  .min(1, ID_MESSAGE)
  .max(MAX_INT_ID, ID_MESSAGE);

/** {@link idSchema} whose missing or non-number value reads `error` (a form's "Choose a role"). */
export const idSchemaWith = (error: string) =>
  z.number({ error }).int({ error: ID_MESSAGE, abort: true }).min(1, ID_MESSAGE).max(MAX_INT_ID, ID_MESSAGE);

/**
 * An id in a path (`/api/users/{id}`): the text must read as a whole number from 1 to `max` (the integer
 * columns by default; a bigint column passes `Number.MAX_SAFE_INTEGER`). Anything else, `abc` included,
 * answers 400 with {@link idRangeMessage} under `params.<name>`.
 */
export const pathIdSchema = (max: number = MAX_INT_ID) => {
  const message = idRangeMessage(max);
  return z.coerce
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(1, message)
    .max(max, message);
};

/** `{id}` in a path: see {@link pathIdSchema}. */
export const idParam = z.object({ id: pathIdSchema() });

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

/** How deep free-form JSON (a field whose shape the schemas do not describe) may nest objects and arrays. */
export const FREE_FORM_JSON_MAX_DEPTH = 32;
/** How large free-form JSON may be, as UTF-8 JSON text. */
export const FREE_FORM_JSON_MAX_BYTES = 64 * 1024;

/**
 * How deep a JSON value nests objects and arrays: a number, string, boolean or null is 0, `{}` and `[]` 1,
 * `{"a": [1]}` 2. Counted without recursion (a value thousands of levels deep cannot overflow the stack),
 * and it stops as soon as the depth passes `limit`, answering `limit + 1`.
 */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, above] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    const depth = above + 1;
    if (depth > limit) return limit + 1;
    if (depth > deepest) deepest = depth;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === "object") stack.push([child, depth]);
    }
  }
  return deepest;
}

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/**
 * The bounds of free-form JSON, as a zod check: at most `maxDepth` levels of objects and arrays, then at most
 * `maxBytes` of JSON text. The depth is checked first, so the size is measured (JSON.stringify) only on a
 * value shallow enough to stringify. The issue lands on the field, so the API's 400 names it
 * (`body.config: Nest at most 32 levels of objects and arrays`).
 */
export function checkJsonBounds({
  maxDepth = FREE_FORM_JSON_MAX_DEPTH,
  maxBytes = FREE_FORM_JSON_MAX_BYTES,
}: {
  maxDepth?: number;
  maxBytes?: number;
} = {}) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (jsonDepth(value, maxDepth) > maxDepth) {
      ctx.addIssue({ code: "custom", message: `Nest at most ${maxDepth} levels of objects and arrays` });
      return;
    }
    const text = JSON.stringify(value);
    if (text !== undefined && utf8Length(text) > maxBytes) {
      ctx.addIssue({ code: "custom", message: `Keep it under ${Math.floor(maxBytes / 1024)} KB of JSON` });
    }
  };
}

/** Any JSON value within the bounds of free-form JSON ({@link checkJsonBounds}). */
export const jsonValueSchema = z.unknown().superRefine(checkJsonBounds());

/**
 * A free-form JSON object (settings a client keeps, a payload passed through): keys and values the schemas
 * do not describe, bounded in depth and size ({@link checkJsonBounds}). Every free-form object in a request
 * schema uses it; pass tighter bounds where the field needs them.
 */
export const freeFormJson = (bounds?: { maxDepth?: number; maxBytes?: number }) =>
  z.record(z.string(), z.unknown()).superRefine(checkJsonBounds(bounds));

/**
 * What every error answers (`application/problem+json`, RFC 7807), as `platform/error-handler.ts` writes it.
 * The OpenAPI document's 4xx answers all refer to it (component `Problem`).
 */
export const problemSchema = z
  .object({
    type: z.string().meta({
      format: "uri",
      description: "`https://httpstatuses.io/<status>` for a 4xx, `about:blank` for a 5xx",
    }),
    title: z.string().meta({ description: "The status's name (`Bad Request`, `Not Found`...)" }),
    status: z.number().int().min(400).max(599),
    message: z.string().meta({ description: "What went wrong and what to do, for a person to read" }),
    code: z.string().optional().meta({
      description:
        "A machine-readable reason: `validation` for a request the schemas refuse, `bad_request`, `unauthorized`, `forbidden`, `not_found`, `conflict`, `too_many_requests`, or a more precise one",
    }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({
        description:
          "The refused fields and why, keyed by where they are: `body.email`, `body.storeIds.0`, `params.id`, `querystring.limit`",
        example: { "body.email": ["Enter a valid email address"] },
      }),
    requestId: z
      .string()
      .optional()
      .meta({ description: "The answer's `x-request-id`, to quote to support" }),
  })
  .meta({ description: "An error answer (RFC 7807 problem details with a readable `message`)" });
export type Problem = z.infer<typeof problemSchema>;

const LOCAL_DATE_MESSAGE = `Use the date format ${DATE_FORMAT}`;

/**
 * A calendar day written `yyyy-MM-dd` (a real day: not `2024-02-30`). Its shape is a declared check, so the
 * OpenAPI document shows `format: date` and the pattern; the calendar is checked by a refinement.
 */
export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: LOCAL_DATE_MESSAGE, abort: true })
  .refine(isValidLocalDate, LOCAL_DATE_MESSAGE)
  .meta({ format: "date", example: "2026-03-31" });

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
