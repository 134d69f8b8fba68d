import { leadsApi } from "@fieldlead/contracts/routes";
import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../../lib/queries";

export type ContactScope = { level: "organization" | "territory"; id: number };

/** The lead forms (capture, lead edit) read service types and questions: they must see a change at once. */
export function refreshLeadForms(queryClient: QueryClient) {
  void invalidate(queryClient, leadsApi.leadTypes);
}
