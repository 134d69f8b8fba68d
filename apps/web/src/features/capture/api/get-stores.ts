import { appApi, type StoreOption } from "@fieldlead/contracts";
import { useQuery } from "@tanstack/react-query";
import { optionIdsQuery, optionPageBody, optionPageQuery } from "../../../lib/option-search";

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
 * The first page of the stores a lead can be captured at (the caller's active stores): the same question, and
 * so the same cached answer, as the store picker's when it opens.
 */
export const captureStoresQueryOptions = () => optionPageQuery(appApi.storeOptions, optionPageBody());

export type CaptureStores = {
  /** How many stores the caller may capture at. */
  total: number;
  /** The store the form starts with: the remembered one while it is still active, else the only one. */
  initialStoreId: number | null;
};

/**
 * What the capture form needs to know of the stores, without reading them all: whether there is any, and
 * which one to start with. The remembered store is named by the first page when it is on it, else by one call
 * with its id (a store deactivated since, or out of reach now, is not preselected).
 */
export function useCaptureStores(rememberedId: number | null) {
  const first = useQuery(captureStoresQueryOptions());
  const onFirstPage = first.data?.items.find((s) => s.id === rememberedId);
  const lookUp = rememberedId !== null && !!first.data && !onFirstPage;
  const byId = useQuery({
    ...optionIdsQuery(appApi.storeOptions, rememberedId !== null ? [rememberedId] : []),
    enabled: lookUp,
  });

  let data: CaptureStores | undefined;
  if (first.data && !(lookUp && byId.isPending)) {
    const remembered =
      onFirstPage ?? byId.data?.items.find((s) => s.id === rememberedId && s.isActive) ?? null;
    const only = first.data.total === 1 ? (first.data.items[0] ?? null) : null;
    data = { total: first.data.total, initialStoreId: (remembered ?? only)?.id ?? null };
  }
  return { data, error: first.error, refetch: first.refetch };
}
