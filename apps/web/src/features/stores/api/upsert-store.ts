import type { StoreDetail, StoreUpsertRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { lookupKeys } from "../../../lib/lookup-list";
import { storeKeys } from "./search-stores";

/** Saves the whole store form: creates (no id) or updates. */
export const upsertStore = (body: StoreUpsertRequest) => api<StoreDetail>("store.upsert", { body });

export function useUpsertStore() {
  const queryClient = useQueryClient();
  return useMutation<StoreDetail, ApiError, StoreUpsertRequest>({
    mutationFn: upsertStore,
    onSuccess: (saved) => {
      queryClient.setQueryData(storeKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: storeKeys.lists() });
      // Stores appear in the lookup lists (user forms, filters).
      void queryClient.invalidateQueries({ queryKey: lookupKeys.all });
    },
  });
}
