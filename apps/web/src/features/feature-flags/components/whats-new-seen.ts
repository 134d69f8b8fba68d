import type { Feature } from "@fieldlead/contracts";
import { useSyncExternalStore } from "react";

const KEY = "whatsNewSeenAt";
const listeners = new Set<() => void>();

const read = () => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
};

/** Remembers, on this device, the newest announcement the user has seen. */
export function markWhatsNewSeen(features: Feature[]) {
  const newest = features.reduce((max, f) => (f.updatedAt > max ? f.updatedAt : max), "");
  if (!newest || (read() ?? "") >= newest) return;
  try {
    localStorage.setItem(KEY, newest);
  } catch {
    // Private mode: the dot simply shows again next time.
  }
  for (const l of listeners) l();
}

export function useUnseenCount(features: Feature[] | undefined): number {
  const seen = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => null,
  );
  if (!features) return 0;
  return features.filter((f) => !seen || f.updatedAt > seen).length;
}
