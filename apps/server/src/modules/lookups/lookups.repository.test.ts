import { describe, expect, it } from "vitest";
import type { Tx } from "../../platform/db";
import { lookupsRepository } from "./lookups.repository";

/** An executor that answers the reference lists' one query, counting the reads (and failing when told). */
function fakeExec(rows: { list: string; id: number; name: string; code: string }[]) {
  const state = { reads: 0, fail: false };
  const chain = {
    from: () => chain,
    where: () => chain,
    orderBy: async () => {
      state.reads++;
      if (state.fail) throw new Error("connection lost");
      return rows;
    },
  };
  return { exec: { select: () => chain } as unknown as Tx, state };
}

describe("reference lists", () => {
  const rows = [
    { list: "storesBrands", id: 1, name: "Costco", code: "costco" },
    { list: "storesBrands", id: 2, name: "Home Depot", code: "hd" },
    { list: "userTrades", id: 7, name: "Roofing", code: "roof" },
  ];

  it("are read once and shared until they are a few minutes old", async () => {
    let now = 0;
    const repo = lookupsRepository({ now: () => now });
    const { exec, state } = fakeExec(rows);
    const [a, b] = await Promise.all([repo.referenceLists(exec), repo.referenceLists(exec)]);
    expect(a).toBe(b);
    expect(state.reads).toBe(1);
    expect(a.get("storesBrands")?.map((x) => x.name)).toEqual(["Costco", "Home Depot"]);
    now += 4 * 60_000;
    await repo.referenceLists(exec);
    expect(state.reads).toBe(1);
    now += 2 * 60_000;
    await repo.referenceLists(exec);
    expect(state.reads).toBe(2);
  });

  it("do not keep a failed read: the next call reads again", async () => {
    const repo = lookupsRepository({ now: () => 0 });
    const { exec, state } = fakeExec(rows);
    state.fail = true;
    await expect(repo.referenceLists(exec)).rejects.toThrow(/connection lost/);
    state.fail = false;
    expect((await repo.referenceLists(exec)).get("userTrades")?.[0].id).toBe(7);
    expect(state.reads).toBe(2);
  });
});
