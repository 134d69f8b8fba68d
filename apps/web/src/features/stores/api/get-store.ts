import type { StoreDetail } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { storeKeys } from "./search-stores";

export const getStore = (id: number, signal?: AbortSignal) =>
  api<StoreDetail>("store.byId", { params: { id }, signal });

export const storeQueryOptions = (id: number) =>
  queryOptions({ queryKey: storeKeys.detail(id), queryFn: ({ signal }) => getStore(id, signal) });

export function useStore(id: number | null) {
  return useQuery({ ...storeQueryOptions(id ?? 0), enabled: id !== null });
}
