import { useSyncExternalStore } from "react";

/** Whether the browser thinks it has a network (`navigator.onLine`): false means surely offline. */
export const isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

function subscribe(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** `isOnline`, followed as the signal comes and goes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
