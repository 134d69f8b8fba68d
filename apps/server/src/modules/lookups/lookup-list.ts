import { LOOKUP_LIST_KEYS, type LookupList } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import type { Executor } from "../../platform/unit-of-work";

export type LookupKey = keyof LookupList;

/** What the caller asked of the lookup list. */
export type LookupReadOptions = {
  /** Inactive rows too (lead generators, named "... - Inactive"). */
  includeInactive: boolean;
  /** Leave contracts' `LARGE_LOOKUP_KEYS` empty, without reading them: the option searches serve them. */
  compact: boolean;
};

/**
 * What one area puts in the lookup list (docs/decisions/0027-modules-by-domain.md): the keys it fills and a read
 * answering exactly those keys for the caller, in the caller's organization and scope. The lookups module
 * assembles the answer from every contribution without knowing any area; `modules/index.ts` hands them over.
 */
export type LookupContribution = {
  /** Who fills these keys (the module), for messages. */
  readonly area: string;
  readonly keys: readonly LookupKey[];
  read(exec: Executor, ctx: TenantContext, opts: LookupReadOptions): Promise<Partial<LookupList>>;
};

/** A contribution whose read is type-checked against its keys: it answers each of them, and nothing else. */
export function lookupContribution<const K extends LookupKey>(
  area: string,
  keys: readonly K[],
  read: (exec: Executor, ctx: TenantContext, opts: LookupReadOptions) => Promise<Pick<LookupList, K>>,
): LookupContribution {
  return { area, keys, read };
}

/** What is wrong with a set of contributions, one line each: a key nobody fills, one filled twice, an unknown one. */
export function contributionProblems(contributions: readonly LookupContribution[]): string[] {
  const owners = new Map<string, string[]>();
  for (const c of contributions) {
    for (const key of c.keys) owners.set(key, [...(owners.get(key) ?? []), c.area]);
  }
  const problems: string[] = [];
  for (const key of LOOKUP_LIST_KEYS) {
    const by = owners.get(key) ?? [];
    if (by.length === 0) problems.push(`${key}: no module contributes it`);
    if (by.length > 1) problems.push(`${key}: contributed by ${by.join(" and ")}`);
  }
  const known = new Set<string>(LOOKUP_LIST_KEYS);
  for (const [key, by] of owners) {
    if (!known.has(key))
      problems.push(`${key}: contributed by ${by.join(" and ")}, but not a lookup list key`);
  }
  return problems;
}

/**
 * The lookup list from every contribution's answer, in the contract's key order. A contribution that leaves out
 * one of its keys is a programming error (a 500), never a silently missing list.
 */
export function assembleLookupList(
  contributions: readonly LookupContribution[],
  answers: readonly Partial<LookupList>[],
): LookupList {
  const out: Partial<Record<LookupKey, unknown>> = {};
  contributions.forEach((c, i) => {
    for (const key of c.keys) {
      const value = answers[i]?.[key];
      if (value === undefined) throw new Error(`The ${c.area} lookup contribution did not answer ${key}.`);
      out[key] = value;
    }
  });
  return Object.fromEntries(LOOKUP_LIST_KEYS.map((key) => [key, out[key]])) as LookupList;
}
