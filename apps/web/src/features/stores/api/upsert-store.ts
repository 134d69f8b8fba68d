import type { StoreUpsertRequest } from "@fieldlead/contracts";
import { storesApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidateLookups } from "../../../lib/lookup-list";
import { invalidate } from "../../../lib/queries";
import { storeDetailKey } from "./get-store";

/** Saves the whole store form: creates (no id) or updates. */
export const upsertStore = (body: StoreUpsertRequest) => call(storesApi.upsert, { body });

export function useUpsertStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertStore,
    onSuccess: (saved) => {
      queryClient.setQueryData(storeDetailKey(saved.id), saved);
      void invalidate(queryClient, storesApi.search);
      // Stores appear in every store select (user forms, filters, the capture form).
      void invalidateLookups(queryClient);
    },
  });
}
