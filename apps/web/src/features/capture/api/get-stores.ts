import type { StoreOption } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import type { QueryClient } from "@tanstack/react-query";
import { useKeptQuery } from "../../../lib/offline/kept-query";
import { type OptionPage, optionIdsQuery, optionPageBody, optionPageQuery } from "../../../lib/option-search";

export type CaptureStore = StoreOption;

const LAST_STORE_KEY = "capture.storeId";

/** The store of this device's last capture (a lead generator works at one store a day). */
export function rememberedStoreId(): number | null {
  const id = Number(localStorage.getItem(LAST_STORE_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function rememberStore(id: number) {
  localStorage.setItem(LAST_STORE_KEY, String(id));
}

/**
 * The first page of the stores a lead can be captured at (the caller's active stores, their own first): the same
 * question, and so the same cached answer, as the store picker's when it opens. Kept on the phone for captures
 * with no signal.
 */
export const captureStoresQueryOptions = () => optionPageQuery(appApi.storeOptions, optionPageBody());

export type CaptureStores = {
  /** How many stores the caller may capture at. */
  total: number;
  /**
   * The store the form starts with: the remembered one while it is still active, else the only one, else the
   * caller's own store when they have exactly one.
   */
  initialStoreId: number | null;
  /** Whether the caller has stores of their own (assigned under Users): the picker shows them apart, first. */
  hasOwn: boolean;
};

/**
 * What the capture form needs to know of the stores, without reading them all: whether there is any, and
 * which one to start with. The remembered store is named by the first page when it is on it, else by one call
 * with its id (a store deactivated since, or out of reach now, is not preselected). With no signal, both come
 * from the copy kept on the phone (`keptAt` says when it was saved).
 */
export function useCaptureStores(rememberedId: number | null) {
  const first = useKeptQuery(captureStoresQueryOptions());
  const onFirstPage = first.data?.items.find((s) => s.id === rememberedId);
  const lookUp = rememberedId !== null && !!first.data && !onFirstPage;
  const byId = useKeptQuery(
    optionIdsQuery(appApi.storeOptions, rememberedId !== null ? [rememberedId] : []),
    {
      enabled: lookUp,
    },
  );
  // Offline with no copy of that one store: start without it rather than wait for a signal.
  const byIdSettled = !lookUp || !byId.isPending || byId.unavailable;

  let data: CaptureStores | undefined;
  if (first.data && byIdSettled) {
    const items = first.data.items;
    const remembered =
      onFirstPage ?? byId.data?.items.find((s) => s.id === rememberedId && s.isActive) ?? null;
    const only = first.data.total === 1 ? (items[0] ?? null) : null;
    const own = items.filter((s) => s.mine);
    const onlyOwn = own.length === 1 ? own[0] : null;
    data = {
      total: first.data.total,
      initialStoreId: (remembered ?? only ?? onlyOwn)?.id ?? null,
      hasOwn: own.length > 0,
    };
  }
  return {
    data,
    error: first.data ? null : first.error,
    unavailable: first.unavailable,
    keptAt: first.keptAt,
    refetch: first.refetch,
  };
}

/** A store's name from any answer of the store search already read (the picker's pages, the first page). */
export function cachedStoreName(queryClient: QueryClient, id: number | null): string | null {
  if (id === null) return null;
  for (const [, page] of queryClient.getQueriesData<OptionPage<typeof appApi.storeOptions>>({
    queryKey: [appApi.storeOptions.name],
  })) {
    const hit = page?.items.find((s) => s.id === id);
    if (hit) return hit.name;
  }
  return null;
}
