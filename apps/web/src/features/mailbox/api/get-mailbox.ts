import type { MailboxMessage } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type Mailbox = { transport: "smtp" | "mailbox"; messages: MailboxMessage[] };

export const getMailbox = (limit: number, signal?: AbortSignal) =>
  api<Mailbox>("platform.mailbox", { query: { limit }, signal });

export const mailboxQueryOptions = (limit = 50) =>
  queryOptions({
    queryKey: ["platform", "mailbox", limit],
    queryFn: ({ signal }) => getMailbox(limit, signal),
    staleTime: 0,
    // New mail arrives while the page is open (someone asks for a reset link).
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
  });

export function useMailbox(limit = 50) {
  return useQuery(mailboxQueryOptions(limit));
}
