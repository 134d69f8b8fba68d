import type { DeliverySearchRequest } from "@fieldlead/contracts";
import { destinationsApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

/**
 * The deliveries page's reads (docs/decisions/0039): the organization's deliveries a page at a time, and each
 * destination's health. Sending again is shared with the lead drawer (components/deliveries/deliveries-api.ts).
 */

export const deliveriesQueryOptions = (body: DeliverySearchRequest) =>
  queryOptions({
    ...endpointQuery(destinationsApi.deliveries, { body }),
    placeholderData: keepPreviousData,
  });

/** A page of deliveries, as the server filters (by default: not sent) and sorts them. */
export function useDeliveries(body: DeliverySearchRequest) {
  return useQuery(deliveriesQueryOptions(body));
}

/** Each destination's health line (sent in the last hour, pending, failing, dead, oldest waiting). */
export function useDeliveryHealth() {
  return useQuery({ ...endpointQuery(destinationsApi.health), refetchInterval: 60_000 });
}
