import type { LeadDetail, LeadKind } from "@fieldlead/contracts";
import { leadsApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { ApiError } from "../../../lib/api-error";
import { keyOf } from "../../../lib/queries";

/** One lead's cached detail, whichever of the two detail calls answered it. */
export const leadDetailKey = (id: number) => keyOf(leadsApi.internalDetail, { params: { id } });

const fetchLead = (id: number, kind: LeadKind, signal?: AbortSignal) =>
  call(kind === "external" ? leadsApi.externalDetail : leadsApi.internalDetail, { params: { id }, signal });

/**
 * One lead with its answers, consents, duplicates and history. The kind is a hint: a duplicate link does not
 * say its lead's kind, so a 404 of one kind asks for the other before giving up.
 */
export async function getLead(id: number, kind: LeadKind, signal?: AbortSignal): Promise<LeadDetail> {
  try {
    return await fetchLead(id, kind, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      return fetchLead(id, kind === "internal" ? "external" : "internal", signal);
    throw err;
  }
}

export const leadQueryOptions = (id: number, kind: LeadKind) =>
  queryOptions({
    queryKey: leadDetailKey(id),
    queryFn: ({ signal }) => getLead(id, kind, signal),
  });

export function useLead(id: number | null, kind: LeadKind) {
  return useQuery({ ...leadQueryOptions(id ?? 0, kind), enabled: id !== null });
}
