import { asc, eq } from "drizzle-orm";
import { referenceItems } from "../../db/schema/index";
import type { Tx } from "../../platform/db";

export type ReferenceItem = { id: number; name: string; code: string };

/**
 * How long a read of the reference lists is reused. They change only when the server starts (`applyReferenceData`
 * after the migrations), so this is a bound for a hand edit of the table, not a freshness rule (decision 0028).
 */
const REFERENCE_LISTS_TTL_MS = 5 * 60_000;

/**
 * The platform's reference lists (lead statuses, languages, store brands, trades...): the same for every
 * organization. Other modules check ids against them (a store's brand, a person's languages).
 */
export function lookupsRepository(opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  let cached: { at: number; lists: Promise<ReadonlyMap<string, readonly ReferenceItem[]>> } | null = null;

  async function read(exec: Tx): Promise<ReadonlyMap<string, readonly ReferenceItem[]>> {
    const rows = await exec
      .select({
        list: referenceItems.list,
        id: referenceItems.id,
        name: referenceItems.name,
        code: referenceItems.code,
      })
      .from(referenceItems)
      .where(eq(referenceItems.isActive, true))
      .orderBy(asc(referenceItems.list), asc(referenceItems.sortOrder));
    const map = new Map<string, ReferenceItem[]>();
    for (const r of rows) {
      const arr = map.get(r.list) ?? [];
      arr.push({ id: r.id, name: r.name, code: r.code });
      map.set(r.list, arr);
    }
    return map;
  }

  return {
    /**
     * Every active reference list by name, in order: read once and shared by every request for a few minutes
     * (each call of the lookup list and each check of a brand or trade id used to read the table).
     */
    referenceLists(exec: Tx): Promise<ReadonlyMap<string, readonly ReferenceItem[]>> {
      if (!cached || now() - cached.at > REFERENCE_LISTS_TTL_MS) {
        const lists = read(exec);
        cached = { at: now(), lists };
        // A failed read is not kept: the next call tries again.
        lists.catch(() => {
          if (cached?.lists === lists) cached = null;
        });
      }
      return cached.lists;
    },
  };
}

export type LookupsRepository = ReturnType<typeof lookupsRepository>;
