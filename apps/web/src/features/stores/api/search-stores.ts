import type { StoreSearchRequest } from "@fieldlead/contracts";
import { storesApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

export const storesQueryOptions = (request: StoreSearchRequest) =>
  queryOptions({
    ...endpointQuery(storesApi.search, { body: request }),
    placeholderData: keepPreviousData,
  });

export function useStores(request: StoreSearchRequest) {
  return useQuery(storesQueryOptions(request));
}
