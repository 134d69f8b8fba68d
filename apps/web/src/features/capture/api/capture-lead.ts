import type { InternalLeadUpsertRequest } from "@fieldlead/contracts";
import { leadsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { type OutboxSummary, outbox } from "../../../lib/offline/outbox";
import { invalidate } from "../../../lib/queries";

export type CaptureRequest = Omit<InternalLeadUpsertRequest, "id">;

/** Every list a new lead (and its capture entry) shows up in. */
export const LEAD_LISTS = [
  leadsApi.internalSearch,
  leadsApi.externalSearch,
  leadsApi.retailerProgramSearch,
  leadsApi.secondPartnerSearch,
  leadsApi.rejectedSearch,
  leadsApi.captureEntriesSearch,
];

/**
 * Saves a new lead, or (`checkOnly`) validates it and reports earlier leads with the same phone or email.
 * With an `idempotencyKey` (made once per capture), a save sent again answers with the first save's lead.
 */
export const captureLead = (body: CaptureRequest, idempotencyKey?: string) =>
  call(leadsApi.internalUpsert, {
    body,
    headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : undefined,
  });

/**
 * Keeps a capture on this phone until the signal returns (docs/decisions/0030): the exact request and its
 * Idempotency-Key, sent by the outbox as soon as it can, never twice.
 */
export const keepCapture = (body: CaptureRequest, idempotencyKey: string, summary: OutboxSummary) =>
  outbox.add({
    endpoint: leadsApi.internalUpsert,
    body,
    key: idempotencyKey,
    summary,
    invalidates: LEAD_LISTS,
  });

export function useCaptureLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CaptureRequest; idempotencyKey?: string }) =>
      captureLead(body, idempotencyKey),
    onSuccess: (res) => {
      // A saved lead shows up in the lead lists at once.
      if (res.saved) void invalidate(queryClient, ...LEAD_LISTS);
    },
  });
}
