import type {
  ActivityCreateRequest,
  ActivitySearchRequest,
  ActivityUpdateRequest,
  NoActivitySearchRequest,
  NoActivityUpdateRequest,
} from "@fieldlead/contracts";
import { laborApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../../lib/queries";
import { useLaborChange } from "../../components/use-labor-change";

/**
 * The activities screen's calls (docs/decisions/0040-labor.md): the list with its totals, the recent feed (which also
 * carries the organization's types and the caller's own day for the quick card), logging, changing and deleting an
 * activity, and the no-activity list with its reasons.
 */

/** How many activities the feed and the quick card ask for. */
export const RECENT_LIMIT = "20";

export const activitiesQueryOptions = (body: ActivitySearchRequest) =>
  queryOptions({
    ...endpointQuery(laborApi.activitySearch, { body }),
    placeholderData: keepPreviousData,
  });

export function useActivities(body: ActivitySearchRequest, enabled = true) {
  return useQuery({ ...activitiesQueryOptions(body), enabled });
}

export const recentQueryOptions = () =>
  queryOptions({
    ...endpointQuery(laborApi.activityRecent, { query: { limit: RECENT_LIMIT } }),
    staleTime: 30_000,
  });

/** The latest activities in scope, the organization's types in order, and the caller's own day. */
export function useRecentActivities() {
  return useQuery(recentQueryOptions());
}

export function useNoActivity(body: NoActivitySearchRequest) {
  return useQuery({
    ...endpointQuery(laborApi.noActivitySearch, { body }),
    placeholderData: keepPreviousData,
  });
}

/** Everything an activity's change makes stale: the lists, the feed, the no-activity rows, the labor history. */
const ACTIVITY_READS = [
  laborApi.activitySearch,
  laborApi.activityRecent,
  laborApi.noActivitySearch,
  laborApi.historySearch,
];

export const invalidateActivities = (client: QueryClient) => invalidate(client, ...ACTIVITY_READS);

/** Logs an activity; `key` is the Idempotency-Key a retry of the same tap sends again. */
export const logActivity = (body: ActivityCreateRequest, key: string) =>
  call(laborApi.activityCreate, { body, headers: { "idempotency-key": key } });

export const useLogActivity = () =>
  useLaborChange(
    ({ body, key }: { body: ActivityCreateRequest; key: string }) => logActivity(body, key),
    ACTIVITY_READS,
  );

export const useUpdateActivity = () =>
  useLaborChange(
    ({ id, body }: { id: number; body: ActivityUpdateRequest }) =>
      call(laborApi.activityUpdate, { params: { id }, body }),
    ACTIVITY_READS,
  );

export const useDeleteActivity = () =>
  useLaborChange((id: number) => call(laborApi.activityDelete, { params: { id } }), ACTIVITY_READS);

export const useSetNoActivityReasons = () =>
  useLaborChange(
    (body: NoActivityUpdateRequest) => call(laborApi.noActivityUpdate, { body }),
    [laborApi.noActivitySearch],
  );
