import { asc, eq } from "drizzle-orm";
import { referenceItems } from "../../db/schema/index";
import type { Tx } from "../../platform/db";

export type ReferenceItem = { id: number; name: string; code: string };

/**
 * The platform's reference lists (lead statuses, languages, store brands, trades...): the same for every
 * organization. Other modules check ids against them (a store's brand, a person's languages).
 */
export function lookupsRepository() {
  return {
    async referenceLists(exec: Tx): Promise<Map<string, ReferenceItem[]>> {
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
    },
  };
}

export type LookupsRepository = ReturnType<typeof lookupsRepository>;
