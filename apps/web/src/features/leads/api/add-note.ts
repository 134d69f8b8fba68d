import type { LeadDetail, LeadHistoryEntry } from "@fieldlead/contracts";
import { leadsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { leadDetailKey } from "./get-lead";

export type NoteInput = { leadId: number; text: string; idempotencyKey: string };

/**
 * Adds a note to a lead's history (docs/decisions/0032). The `idempotencyKey` is made once per note and sent again
 * with a retry of the same note, so a save whose answer was lost adds the note once.
 */
export const addLeadNote = ({ leadId, text, idempotencyKey }: NoteInput) =>
  call(leadsApi.addNote, {
    params: { id: leadId },
    body: { text },
    headers: { "idempotency-key": idempotencyKey },
  });

/** The new entry goes on top of the cached lead's history: the drawer shows it without reading the lead again. */
export function useAddLeadNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLeadNote,
    onSuccess: (entry: LeadHistoryEntry, { leadId }) => {
      queryClient.setQueryData<LeadDetail>(leadDetailKey(leadId), (lead) =>
        lead ? { ...lead, history: [entry, ...lead.history.filter((h) => h.id !== entry.id)] } : lead,
      );
    },
  });
}
