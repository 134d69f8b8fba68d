import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type AddressSuggestion = { id: string; label: string; source: "organization" | "zip" };

export const addressKeys = {
  all: ["address"] as const,
  suggestions: (query: string) => [...addressKeys.all, "suggestions", query] as const,
  details: (id: string) => [...addressKeys.all, "details", id] as const,
};

/** Addresses, cities and ZIP codes matching what was typed. */
export const getAddressSuggestions = (query: string, signal?: AbortSignal) =>
  api<AddressSuggestion[]>("app.addressSuggestions", { query: { query }, signal });

export const addressSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: addressKeys.suggestions(query),
    queryFn: ({ signal }) => getAddressSuggestions(query, signal),
    staleTime: 10 * 60_000,
  });

/** Asked only once at least 3 characters were typed (the caller debounces). */
export function useAddressSuggestions(query: string) {
  const q = query.trim();
  return useQuery({ ...addressSuggestionsQueryOptions(q), enabled: q.length >= 3 });
}
