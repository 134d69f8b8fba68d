import type { QueryClient } from "@tanstack/react-query";

export const settingsKeys = {
  all: ["settings"] as const,
  serviceTypes: (orgId: number) => ["settings", "service-types", orgId] as const,
  questions: (serviceTypeId: number) => ["settings", "questions", serviceTypeId] as const,
  questionTypes: () => ["settings", "question-types"] as const,
  contacts: (scope: ContactScope) => ["settings", "contacts", scope.level, scope.id] as const,
  territories: () => ["settings", "territories"] as const,
};

export type ContactScope = { level: "organization" | "territory"; id: number };

/** The lead forms (capture, lead edit) read service types and questions: they must see a change at once. */
export function refreshLeadForms(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ["capture", "lead-types"] });
  void queryClient.invalidateQueries({ queryKey: ["leads", "lead-types"] });
}
