import type { LeadDeliveries } from "@fieldlead/contracts";
import { destinationsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { endpointQuery, invalidate, keyOf } from "../../lib/queries";

/**
 * The delivery calls shared by the deliveries page and the lead drawer (docs/decisions/0039): a lead's deliveries,
 * what the CRM made of its job, and sending again. A send changes the states the page, its health strip and the
 * drawer show, so each refreshes all three.
 */

const leadDeliveriesInput = (leadId: number) => ({ params: { id: leadId } });

/** One lead's deliveries; `null` asks nothing (the caller may not see them). */
export function useLeadDeliveries(leadId: number | null) {
  return useQuery({
    ...endpointQuery(destinationsApi.leadDeliveries, leadDeliveriesInput(leadId ?? 0)),
    enabled: leadId !== null,
  });
}

/** What the CRM made of the lead's job (outcome, revenue) and its speed to lead; `null` asks nothing. */
export function useLeadRevenue(leadId: number | null, isExternal: boolean) {
  return useQuery({
    ...endpointQuery(destinationsApi.revenue, {
      params: { id: leadId ?? 0, isExternal: isExternal ? "true" : "false" },
    }),
    enabled: leadId !== null,
  });
}

/** Every list that shows a delivery's state. */
function useRefreshDeliveries() {
  const client = useQueryClient();
  return () =>
    invalidate(client, destinationsApi.deliveries, destinationsApi.health, destinationsApi.leadDeliveries);
}

/** Sends these deliveries again now (a dead one is revived); answers how many. */
export function useResendDeliveries() {
  const refresh = useRefreshDeliveries();
  return useMutation({
    mutationFn: (ids: number[]) => call(destinationsApi.resend, { body: { ids } }),
    onSettled: refresh,
  });
}

/**
 * Sends the lead to every destination the organization has on (and the lead agreed to), now. The answer is the
 * lead's deliveries as they stand: they replace the cached ones at once. A 409 says why none applies.
 */
export function useSendLeadToAll() {
  const client = useQueryClient();
  const refresh = useRefreshDeliveries();
  return useMutation({
    mutationFn: (leadId: number) => call(destinationsApi.sendAll, { params: { id: leadId } }),
    onSuccess: (answer, leadId) =>
      client.setQueryData<LeadDeliveries>(
        keyOf(destinationsApi.leadDeliveries, leadDeliveriesInput(leadId)),
        answer,
      ),
    onSettled: refresh,
  });
}
