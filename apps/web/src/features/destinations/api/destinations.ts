import type { ConsentDestination, DestinationUpsertRequest, DestinationView } from "@fieldlead/contracts";
import { destinationsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidateLookups } from "../../../lib/lookup-list";
import { endpointQuery, invalidate, keyOf } from "../../../lib/queries";

/** The organization's four destinations: on or off, settings (never credentials), health (Admins). */
export function useDestinations() {
  return useQuery(endpointQuery(destinationsApi.list));
}

export type SaveInput = { destination: ConsentDestination; body: DestinationUpsertRequest };

/**
 * Saves a destination; the answer replaces it in the list at once. The programs' code lists feed the lead forms'
 * lookups (hdsfiGroup, centahAdCode...), and the health strip shows which destinations are on: both are refreshed.
 */
export function useSaveDestination() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ destination, body }: SaveInput) =>
      call(destinationsApi.upsert, { params: { destination }, body }),
    onSuccess: (saved) => {
      client.setQueryData<{ items: DestinationView[] }>(keyOf(destinationsApi.list), (list) =>
        list ? { items: list.items.map((d) => (d.destination === saved.destination ? saved : d)) } : list,
      );
      void invalidate(client, destinationsApi.health);
      void invalidateLookups(client);
    },
  });
}

/** Tries the form's settings against the destination without sending a lead (the saved credentials unless typed). */
export function useTestDestination() {
  return useMutation({
    mutationFn: ({ destination, body }: SaveInput) =>
      call(destinationsApi.test, { params: { destination }, body }),
  });
}
