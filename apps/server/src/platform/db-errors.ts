/** True when PostgreSQL refused a write for a unique index (SQLSTATE 23505), through any driver or wrapper. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const pgErr = e as { code?: unknown; constraint?: unknown };
    if (pgErr.code === "23505") return constraint === undefined || pgErr.constraint === constraint;
  }
  return false;
}
