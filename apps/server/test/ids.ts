import type { TestApp } from "./harness";

/** Ids of the demo data by name, read straight from the database (tests only). */
export async function demoIds(t: TestApp) {
  const rows = async (sql: string) =>
    (await t.database.executeSql(sql, [])).rows as { id: number; name: string }[];
  const byName = (list: { id: number; name: string }[]) =>
    Object.fromEntries(list.map((r) => [r.name, r.id]));
  return {
    territory: byName(await rows("select id, name from territories")) as Record<string, number>,
    store: byName(await rows("select id, name from stores")) as Record<string, number>,
    user: byName(await rows("select id, email as name from users")) as Record<string, number>,
  };
}
