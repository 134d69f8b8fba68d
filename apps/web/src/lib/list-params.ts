import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";

/** What `parse` answers for a missing or unreadable value: the default is used. */
export const INVALID = Symbol("invalid");

/** How one list setting is kept in the address bar. */
export type ParamCodec<T> = {
  parse(raw: string[]): T | typeof INVALID;
  // Method syntax on purpose: a codec of numbers is then a codec of unknown for the record below.
  format(value: T): string[];
  fallback: T;
  /** Its name in the address when it is not the setting's own (`size` for `pageSize`). */
  name?: string;
};

/** The same setting under a shorter or older name in the address. */
export const named = <T>(name: string, codec: ParamCodec<T>): ParamCodec<T> => ({ ...codec, name });

/** A whole number of at least `min` (and at most `max`: a larger one is taken as `max`). */
export const intParam = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): ParamCodec<number> => ({
  parse: ([raw]) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= min ? Math.min(n, max) : INVALID;
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

/** One of a fixed set of words, or none. */
export const optionalChoiceParam = <T extends string>(choices: readonly T[]): ParamCodec<T | null> => ({
  parse: ([raw]) => ((choices as readonly string[]).includes(raw) ? (raw as T) : INVALID),
  format: (v) => (v === null ? [] : [v]),
  fallback: null,
});

/** A local date (yyyy-MM-dd), or none. */
export const dateParam = (): ParamCodec<string | null> => ({
  parse: ([raw]) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : INVALID),
  format: (v) => (v ? [v] : []),
  fallback: null,
});

/** Each value of a repeated parameter, a comma-separated one split too (`?role=2&role=3`, `?role=2,3`). */
const values = (raw: string[]) => raw.flatMap((v) => v.split(",")).filter(Boolean);

/** Several ids, repeated in the query string (`?role=2&role=3`). */
export const idsParam = (): ParamCodec<number[]> => ({
  parse: (raw) => {
    const ids = values(raw)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    return ids.length ? ids : INVALID;
  },
  format: (v) => v.map(String),
  fallback: [],
});

export const textsParam = (): ParamCodec<string[]> => ({
  parse: (raw) => {
    const texts = values(raw);
    return texts.length ? texts : INVALID;
  },
  format: (v) => v,
  fallback: [],
});

/** On or off, off by default: `?deleted=1` when on. */
export const switchParam = (): ParamCodec<boolean> => ({
  parse: ([raw]) => (raw === "1" || raw === "true" ? true : raw === "0" || raw === "false" ? false : INVALID),
  format: (v) => (v ? ["1"] : []),
  fallback: false,
});

/** Yes, no, or either (`undefined`, written "all" when the default is yes or no). */
export const flagParam = (fallback?: boolean): ParamCodec<boolean | undefined> => ({
  parse: ([raw]) => (raw === "true" ? true : raw === "false" ? false : raw === "all" ? undefined : INVALID),
  format: (v) => (v === undefined ? ["all"] : [String(v)]),
  fallback,
});

type Codecs = Record<string, ParamCodec<unknown>>;
export type ListParams<C extends Codecs> = { [K in keyof C]: C[K] extends ParamCodec<infer T> ? T : never };
export type SetListParams<C extends Codecs> = (
  patch: Partial<ListParams<C>>,
  opts?: {
    /** A new entry in the history (Back returns to the list before), not a replaced one. */
    push?: boolean;
    /** Stay on this page (a change that does not change the rows, such as opening a drawer). */
    keepPage?: boolean;
  },
) => void;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A list's page, sort and filters kept in the address bar: the back button, a reload or a shared link
 * show the same list. The one way every list keeps its state there: each setting has a codec (how it is
 * written and read, and its default); values equal to their default stay out of the address, and parameters
 * the codecs do not name are left alone. Any change but a page change goes back to page 1 (unless `keepPage`).
 */
export function useListParams<C extends Codecs>(codecs: C): [ListParams<C>, SetListParams<C>] {
  const [searchParams, setSearchParams] = useSearchParams();
  // The address as last rendered or written here. A write builds on it, not on the updater's `prev`: react-router
  // hands the updater the parameters of the render its `setSearchParams` came from, so a write made from an older
  // closure (a debounced search typed before a row was clicked) would undo what was written since (the lead a
  // person just opened). A ref is the same object in every closure, so the oldest one reads the newest address.
  const current = useRef(searchParams);
  current.current = searchParams;

  const values = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const [key, codec] of Object.entries(codecs)) {
      const raw = searchParams.getAll(codec.name ?? key);
      const parsed = raw.length ? codec.parse(raw) : INVALID;
      out[key] = parsed === INVALID ? codec.fallback : parsed;
    }
    return out as ListParams<C>;
  }, [searchParams, codecs]);

  const update = useCallback<SetListParams<C>>(
    (patch, opts) => {
      setSearchParams(
        () => {
          const next = new URLSearchParams(current.current);
          const resetPage =
            !opts?.keepPage && Object.keys(patch).some((k) => k !== "page") && "page" in codecs;
          const entries: [string, unknown][] = Object.entries(patch);
          if (resetPage && !("page" in patch)) entries.push(["page", codecs.page.fallback]);
          for (const [key, value] of entries) {
            const codec = codecs[key];
            if (!codec) continue;
            const name = codec.name ?? key;
            next.delete(name);
            if (same(value, codec.fallback)) continue;
            for (const v of codec.format(value)) next.append(name, v);
          }
          current.current = next;
          return next;
        },
        { replace: !opts?.push },
      );
    },
    [setSearchParams, codecs],
  );

  return [values, update];
}
