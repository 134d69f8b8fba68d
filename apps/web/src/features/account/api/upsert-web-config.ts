import type { WebConfig } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { session } from "../../../lib/session";

/** Replaces the user's web configuration (the whole object: send the existing keys along). */
export const upsertWebConfig = (config: WebConfig) => call(appApi.webConfigUpsert, { body: { config } });

/** Merges a change into the stored web configuration and saves it on the server. */
export function useUpdateWebConfig() {
  return useMutation({
    mutationFn: (change: WebConfig) =>
      upsertWebConfig({ ...(session.get()?.wingenWebConfig ?? {}), ...change }),
    onSuccess: ({ wingenWebConfig }) => session.update((u) => ({ ...u, wingenWebConfig })),
  });
}
