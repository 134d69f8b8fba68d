import { LOOKUP_LIST_KEYS, type LookupList } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import type { TenantContext } from "../../platform/context";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { assembleLookupList, contributionProblems, type LookupContribution } from "./lookup-list";
import { lookupsService } from "./lookups.service";

/** A contribution of empty lists for `keys` (the shapes do not matter to the assembly). */
const empty = (area: string, keys: readonly string[]): LookupContribution => ({
  area,
  keys: keys as LookupContribution["keys"],
  read: async () => Object.fromEntries(keys.map((k) => [k, []])) as Partial<LookupList>,
});
const everyKey = [...LOOKUP_LIST_KEYS];
const noUow = {} as UnitOfWork;
const opts = { includeInactive: false, compact: false };

describe("the lookup list's contributions", () => {
  it("cover every key exactly once, or say which key is missing, doubled or unknown", () => {
    expect(contributionProblems([empty("a", everyKey.slice(0, 10)), empty("b", everyKey.slice(10))])).toEqual(
      [],
    );
    expect(contributionProblems([empty("a", everyKey.slice(1))])).toEqual([
      `${everyKey[0]}: no module contributes it`,
    ]);
    expect(contributionProblems([empty("a", everyKey), empty("b", ["stores"])])).toEqual([
      "stores: contributed by a and b",
    ]);
    expect(contributionProblems([empty("a", [...everyKey, "shoppers"])])).toEqual([
      "shoppers: contributed by a, but not a lookup list key",
    ]);
  });

  it("keep the service from being built when they do not", () => {
    const assignableRoles = () => [];
    expect(() =>
      lookupsService({ uow: noUow, contributions: [empty("a", everyKey.slice(1))], assignableRoles }),
    ).toThrow(/parentOrganizations: no module contributes it/);
    expect(() =>
      lookupsService({ uow: noUow, contributions: [empty("a", everyKey)], assignableRoles }),
    ).not.toThrow();
  });

  it("are assembled in the contract's key order, and a contribution that leaves out one of its keys is an error", async () => {
    const parts = [empty("b", everyKey.slice(5)), empty("a", everyKey.slice(0, 5))];
    const answers = await Promise.all(parts.map((p) => p.read(noUow.read, {} as TenantContext, opts)));
    expect(Object.keys(assembleLookupList(parts, answers))).toEqual(everyKey);
    const short: LookupContribution = { ...parts[1], read: async () => ({}) };
    expect(() => assembleLookupList([parts[0], short], [answers[0], {}])).toThrow(
      `The a lookup contribution did not answer ${everyKey[0]}.`,
    );
  });
});
