import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ApiError } from "../api-error";
import { useSession } from "../session";
import { useOnline } from "./online";
import { offlineStorage } from "./storage";

/**
 * A read whose last answer is kept on the phone (IndexedDB), for the screens that must open with no signal: the
 * capture screen's stores, service types and consent texts (docs/decisions/0030). Every answer from the server
 * replaces the copy. The copy is used only when the server cannot answer: the browser is offline, the read
 * failed, or it has taken longer than `patienceMs`; and the caller is told its age (`keptAt`), so stale lists are
 * shown as such. Copies are per person and organization.
 */
export type Kept<T> = { data: T; savedAt: number };

const PREFIX = "kept:";
/** How long a read may take before the kept copy is shown meanwhile. */
export const KEPT_PATIENCE_MS = 4_000;

export const keptKey = (userId: number, organizationId: number, queryKey: QueryKey) =>
  `${PREFIX}${userId}:${organizationId}:${JSON.stringify(queryKey)}`;

export function useKeptQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, ApiError, T, K> & { queryKey: K },
  { patienceMs = KEPT_PATIENCE_MS, enabled = true }: { patienceMs?: number; enabled?: boolean } = {},
) {
  const user = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({ ...options, enabled: enabled && options.enabled !== false });
  const storageKey = user ? keptKey(user.userId, user.currentOrganizationId, options.queryKey) : null;
  // The time of the kept copy put in the cache (the answer on screen is that copy while its time is the cache's).
  const seeded = useRef<number | null>(null);

  // Each answer from the server is kept (a seeded copy is not written back).
  const { data, dataUpdatedAt, isPlaceholderData } = query;
  useEffect(() => {
    if (!storageKey || data === undefined || isPlaceholderData || dataUpdatedAt === seeded.current) return;
    const kept: Kept<T> = { data, savedAt: dataUpdatedAt };
    offlineStorage()
      .set(storageKey, kept)
      .catch(() => {});
  }, [storageKey, data, dataUpdatedAt, isPlaceholderData]);

  // Without an answer: the kept copy once the server cannot answer (or is slow to).
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  const failed = query.isError || query.fetchStatus === "paused";
  const [patienceOver, setPatienceOver] = useState(false);
  const waiting = enabled && data === undefined;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setPatienceOver(true), patienceMs);
    return () => clearTimeout(timer);
  }, [waiting, patienceMs]);
  const wantCopy = waiting && !!storageKey && (offline || failed || patienceOver);
  const [noCopy, setNoCopy] = useState(false);
  const queryKey = options.queryKey;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's text names the query
  useEffect(() => {
    if (!wantCopy || !storageKey) return;
    let live = true;
    offlineStorage()
      .get<Kept<T>>(storageKey)
      .then((kept) => {
        if (!live) return;
        if (!kept) return setNoCopy(true);
        // Only if the server has not answered meanwhile.
        if (queryClient.getQueryData(queryKey) !== undefined) return;
        seeded.current = kept.savedAt;
        queryClient.setQueryData<T>(queryKey, kept.data, { updatedAt: kept.savedAt });
      })
      .catch(() => live && setNoCopy(true));
    return () => {
      live = false;
    };
  }, [wantCopy, storageKey, JSON.stringify(queryKey), queryClient]);

  // Back online with the kept copy on screen: read the server's answer (a copy younger than the query's
  // staleTime would not be read again by itself).
  const online = useOnline();
  const keptAt = data !== undefined && dataUpdatedAt === seeded.current ? seeded.current : null;
  const { refetch } = query;
  useEffect(() => {
    if (online && keptAt !== null) void refetch();
  }, [online, keptAt, refetch]);

  return {
    ...query,
    /** The time of the kept copy on screen (null: the answer is the server's, from this visit). */
    keptAt,
    /** Offline (or failing) with nothing kept: there is nothing to show. */
    unavailable: wantCopy && noCopy && data === undefined,
  };
}
