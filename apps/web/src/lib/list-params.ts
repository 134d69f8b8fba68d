import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** What `parse` answers for a missing or unreadable value: the default is used. */
export const INVALID = Symbol("invalid");

/** How one list setting is kept in the address bar. */
export type ParamCodec<T> = {
  parse(raw: string[]): T | typeof INVALID;
  // Method syntax on purpose: a codec of numbers is then a codec of unknown for the record below.
  format(value: T): string[];
  fallback: T;
};

/** A whole number of at least `min`. */
export const intParam = (fallback: number, min = 1): ParamCodec<number> => ({
  parse: ([raw]) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= min ? n : INVALID;
  },
  format: (v) => [String(v)],
  fallback,
});

export const textParam = (fallback = ""): ParamCodec<string> => ({
  parse: ([raw]) => raw,
  format: (v) => (v ? [v] : []),
  fallback,
});

/** One of a fixed set of words (a sort key, a direction). */
export const choiceParam = <T extends string>(choices: readonly T[], fallback: T): ParamCodec<T> => ({
  parse: ([raw]) => ((choices as readonly string[]).includes(raw) ? (raw as T) : INVALID),
  format: (v) => [v],
  fallback,
});

/** Several ids, repeated in the query string (`?role=2&role=3`). */
export const idsParam = (): ParamCodec<number[]> => ({
  parse: (raw) => {
    const ids = raw.map(Number).filter((n) => Number.isInteger(n) && n > 0);
    return ids.length ? ids : INVALID;
  },
  format: (v) => v.map(String),
  fallback: [],
});

export const textsParam = (): ParamCodec<string[]> => ({
  parse: (raw) => (raw.length ? raw : INVALID),
  format: (v) => v,
  fallback: [],
});

/** Yes, no, or either (`undefined`, written "all" when the default is yes or no). */
export const flagParam = (fallback?: boolean): ParamCodec<boolean | undefined> => ({
  parse: ([raw]) => (raw === "true" ? true : raw === "false" ? false : raw === "all" ? undefined : INVALID),
  format: (v) => (v === undefined ? ["all"] : [String(v)]),
  fallback,
});

type Codecs = Record<string, ParamCodec<unknown>>;
export type ListParams<C extends Codecs> = { [K in keyof C]: C[K] extends ParamCodec<infer T> ? T : never };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A list's page, sort and filters kept in the address bar: the back button, a reload or a shared link
 * show the same list. Values equal to their default stay out of the address. Any change but a page change
 * goes back to page 1.
 */
export function useListParams<C extends Codecs>(
  codecs: C,
): [ListParams<C>, (patch: Partial<ListParams<C>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();

  const values = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const [key, codec] of Object.entries(codecs)) {
      const raw = searchParams.getAll(key);
      const parsed = raw.length ? codec.parse(raw) : INVALID;
      out[key] = parsed === INVALID ? codec.fallback : parsed;
    }
    return out as ListParams<C>;
  }, [searchParams, codecs]);

  const update = useCallback(
    (patch: Partial<ListParams<C>>) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const resetPage = Object.keys(patch).some((k) => k !== "page") && "page" in codecs;
          const entries: [string, unknown][] = Object.entries(patch);
          if (resetPage && !("page" in patch)) entries.push(["page", codecs.page.fallback]);
          for (const [key, value] of entries) {
            const codec = codecs[key];
            if (!codec) continue;
            next.delete(key);
            if (same(value, codec.fallback)) continue;
            for (const v of codec.format(value)) next.append(key, v);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams, codecs],
  );

  return [values, update];
}
