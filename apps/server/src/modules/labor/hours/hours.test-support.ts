import { type AuthHeaders, h, sessionKit, type TestApp } from "../../../../test/harness";

/**
 * Helpers of the hours tests: signing in once per person (and organization), ids by name, raw rows, and calls with
 * a person's headers. (The leads kit does the same, but a labor slice may not import another module's files.)
 */
export function hoursTestKit(t: () => TestApp) {
  const { as, rows, one, userId, storeId, territoryId } = sessionKit(t);
  const inject = (a: AuthHeaders, method: string, url: string, payload?: unknown) =>
    t().app.inject({ method: method as "POST", url, headers: h(a), payload: payload as object });
  return {
    as,
    rows,
    one,
    storeId,
    territoryId,
    userId,
    inject,
  };
}
