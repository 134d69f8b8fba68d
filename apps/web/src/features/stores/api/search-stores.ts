import type { StoreDetail, StoreSearchRequest } from "@fieldlead/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type StorePage = { items: StoreDetail[]; total: number; page: number; pageSize: number };

export const storeKeys = {
  all: ["stores"] as const,
  lists: () => [...storeKeys.all, "list"] as const,
  list: (request: StoreSearchRequest) => [...storeKeys.lists(), request] as const,
  detail: (id: number) => [...storeKeys.all, "detail", id] as const,
};

export const searchStores = (body: StoreSearchRequest, signal?: AbortSignal) =>
  api<StorePage>("store.search", { body, signal });

export const storesQueryOptions = (request: StoreSearchRequest) =>
  queryOptions({
    queryKey: storeKeys.list(request),
    queryFn: ({ signal }) => searchStores(request, signal),
    placeholderData: keepPreviousData,
  });

export function useStores(request: StoreSearchRequest) {
  return useQuery(storesQueryOptions(request));
}
