import { type AuthHeaders, h, sessionKit, type TestApp } from "../../../../test/harness";

/** What the schedules' API tests share: signing in once per person, ids by name, a call as someone. */
export function schedulesTestKit(t: () => TestApp) {
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
