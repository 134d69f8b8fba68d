import { z } from "zod";

/** The largest id a PostgreSQL integer column holds: a bigger path id is a 400, never a database error. */
export const MAX_INT_ID = 2_147_483_647;
export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_INT_ID) });
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
