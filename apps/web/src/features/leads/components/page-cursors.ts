import { useCallback, useState } from "react";

/** Pages whose cursor is kept at most (a few hundred short strings: nothing to free before the search changes). */
const MAX_CURSORS = 500;
const NONE: ReadonlyMap<number, string> = new Map();

type Remembered = { search: string; cursors: ReadonlyMap<number, string> };

/**
 * The cursors of one search's pages, in memory: page number -> the cursor that fetches it (the `nextCursor` of
 * the page before). Moving to the next page then sends that cursor as `after` (keyset paging: page 300 costs what
 * page 2 does), while a page the table has no cursor for (a jump, or a page number loaded from the address) is
 * fetched by its number as before. `search` names the search (list, filters, sort and page size, not the page):
 * when it changes, every cursor is forgotten.
 */
export function usePageCursors(search: string) {
  const [remembered, setRemembered] = useState<Remembered>(() => ({ search, cursors: NONE }));
  const cursors = remembered.search === search ? remembered.cursors : NONE;

  /** Keeps (or, given null, forgets) the cursor of `page` of the search `of` (the one its answer was for). */
  const remember = useCallback((of: string, page: number, cursor: string | null) => {
    setRemembered((r) => {
      const base = r.search === of ? r.cursors : NONE;
      if ((base.get(page) ?? null) === cursor) return r.search === of ? r : { search: of, cursors: base };
      const next = new Map(base);
      if (cursor === null) next.delete(page);
      else next.set(page, cursor);
      for (const oldest of next.keys()) {
        if (next.size <= MAX_CURSORS) break;
        next.delete(oldest);
      }
      return { search: of, cursors: next };
    });
  }, []);

  return { cursorOf: (page: number) => (page > 1 ? cursors.get(page) : undefined), remember };
}
