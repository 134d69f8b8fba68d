import { type InternalLeadUpsertRequest, leadsApi } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";

export type CaptureRequest = Omit<InternalLeadUpsertRequest, "id">;

/** Every list a new lead (and its capture entry) shows up in. */
const LEAD_LISTS = [
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

/** A new Idempotency-Key (a UUID v4). `randomUUID` needs a secure context; a phone on plain http gets the fallback. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
