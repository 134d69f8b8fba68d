import { type AuthHeaders, h, type TestApp } from "../../../../test/harness";

/** What the schedules' API tests share: signing in once per person, ids by name, a call as someone. */
export function schedulesTestKit(t: () => TestApp) {
  const sessions = new Map<string, AuthHeaders>();
  const as = async (email: string, orgName?: string) => {
    const key = `${email}|${orgName ?? ""}`;
    let a = sessions.get(key);
    if (!a) {
      a = await t().login(email, undefined, orgName ? await t().orgId(orgName) : undefined);
      sessions.set(key, a);
    }
    return a;
  };
  const rows = async <T>(text: string, params: unknown[] = []) =>
    (await t().database.executeSql(text, params)).rows as T[];
  const one = async <T>(text: string, params: unknown[]) => {
    const [row] = await rows<T>(text, params);
    if (!row) throw new Error(`nothing for ${text} ${JSON.stringify(params)}`);
    return row;
  };
  const idOf = async (table: "stores" | "territories", name: string) =>
    Number((await one<{ id: number }>(`select id from ${table} where name = $1`, [name])).id);
  const userId = async (email: string) =>
    Number((await one<{ id: number }>("select id from users where email = $1", [email])).id);
  const inject = (a: AuthHeaders, method: string, url: string, payload?: unknown) =>
    t().app.inject({ method: method as "POST", url, headers: h(a), payload: payload as object });
  return {
    as,
    rows,
    one,
    storeId: (name: string) => idOf("stores", name),
    territoryId: (name: string) => idOf("territories", name),
    userId,
    inject,
  };
}
