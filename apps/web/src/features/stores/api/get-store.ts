import { storesApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery, keyOf } from "../../../lib/queries";

/** One store's cached detail (a row of the list fills it before the form opens). */
export const storeDetailKey = (id: number) => keyOf(storesApi.detail, { params: { id } });

export const storeQueryOptions = (id: number) =>
  queryOptions(endpointQuery(storesApi.detail, { params: { id } }));

export function useStore(id: number | null) {
  return useQuery({ ...storeQueryOptions(id ?? 0), enabled: id !== null });
}
