import type { QueryClient } from "@tanstack/react-query";
import { leadSettingsQueryOptions } from "../../../lib/lead-settings";
import { leadTypesQueryOptions } from "./get-lead-types";
import { captureStoresQueryOptions } from "./get-stores";

/**
 * Asks for what the capture form needs first (its service types, the first page of stores, the lead settings) into
 * the query cache, under the keys the screen reads them by. The router calls it when /capture is opened, so that
 * the answers travel while the screen's code loads (docs/decisions/0029); a failure is the screen's to show.
 */
export function prefetchCapture(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(leadTypesQueryOptions());
  void queryClient.prefetchQuery(captureStoresQueryOptions());
  void queryClient.prefetchQuery(leadSettingsQueryOptions());
}
