import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ApiError } from "../api-error";
import { useSession } from "../session";
import { useOnline } from "./online";
import { offlineStorage } from "./storage";

/**
 * A read whose last answer is kept on the phone (IndexedDB), for the screens that must open with no signal: the
 * capture screen's stores, service types and consent texts (docs/decisions/0030). Every answer from the server
 * replaces the copy. While the server's answer is awaited, the copy is drawn at once (`isCopy`), so a repeat visit
 * shows the form without waiting for the network (docs/decisions/0029), and the server's answer replaces it when it
 * comes. When the server cannot answer (the browser is offline, the read failed, or it has taken longer than
 * `patienceMs`), the caller is told the copy's age (`keptAt`), so stale lists are shown as such. Copies are per
 * person and organization.
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

  // The answer on screen is the kept copy while its time is the cache's.
  const isCopy = data !== undefined && dataUpdatedAt === seeded.current;
  const awaiting = enabled && (data === undefined || isCopy);
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  const failed = query.isError || query.fetchStatus === "paused";
  const [patienceOver, setPatienceOver] = useState(false);
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setPatienceOver(true), patienceMs);
    return () => clearTimeout(timer);
  }, [awaiting, patienceMs]);
  // Without an answer: the kept copy at once, while the server's is on its way.
  const wantCopy = enabled && data === undefined && !!storageKey;
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

  // Back online with the kept copy on screen and no read under way: read the server's answer (a copy younger
  // than the query's staleTime would not be read again by itself). A read already under way is left to finish.
  const online = useOnline();
  const { refetch } = query;
  const fetching = useRef(false);
  fetching.current = query.fetchStatus === "fetching";
  useEffect(() => {
    if (online && isCopy && !fetching.current) void refetch();
  }, [online, isCopy, refetch]);
  const serverLate = offline || failed || patienceOver;

  return {
    ...query,
    /** Whether the answer on screen is the copy kept on the phone (not yet the server's, from this visit). */
    isCopy,
    /**
     * The time of the kept copy on screen once the server is late (offline, failing, or slower than `patienceMs`);
     * null while the server's answer is on screen, or is still expected in time.
     */
    keptAt: isCopy && serverLate ? seeded.current : null,
    /** Offline (or failing) with nothing kept: there is nothing to show. */
    unavailable: serverLate && noCopy && data === undefined,
  };
}
