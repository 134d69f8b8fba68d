import { appApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

export const mailboxQueryOptions = (limit = 50) =>
  queryOptions({
    ...endpointQuery(appApi.mailbox, { query: { limit } }),
    staleTime: 0,
    // New mail arrives while the page is open (someone asks for a reset link).
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
  });

export function useMailbox(limit = 50) {
  return useQuery(mailboxQueryOptions(limit));
}
