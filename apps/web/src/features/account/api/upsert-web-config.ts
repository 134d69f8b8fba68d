import type { WebConfig } from "@fieldlead/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { session } from "../../../lib/session";

export type WebConfigResult = { wingenWebConfig: WebConfig };

/** Replaces the user's web configuration (the whole object: send the existing keys along). */
export const upsertWebConfig = (config: WebConfig) =>
  api<WebConfigResult>("app.wingenWebConfigUpsert", { body: { config } });

/** Merges a change into the stored web configuration and saves it on the server. */
export function useUpdateWebConfig() {
  return useMutation<WebConfigResult, ApiError, WebConfig>({
    mutationFn: (change) => upsertWebConfig({ ...(session.get()?.wingenWebConfig ?? {}), ...change }),
    onSuccess: ({ wingenWebConfig }) => session.update((u) => ({ ...u, wingenWebConfig })),
  });
}
