import { onlineManager, type QueryClient } from "@tanstack/react-query";

/**
 * The offline side of the app (docs/decisions/0030), started once by main.tsx: the outbox sends captures kept on
 * the phone when the signal returns, and (in a production build) the service worker keeps the app's files. Both
 * load once the page has loaded, so they take nothing from the first screen.
 */
export function startOffline(queryClient: QueryClient) {
  // Opened with no signal: reads wait for one (and the kept lists show) instead of failing one by one. TanStack
  // Query follows the online and offline events from here on.
  if (navigator.onLine === false) onlineManager.setOnline(false);
  const start = () => {
    void import("./outbox-runner").then((m) => m.runOutbox(queryClient));
    if (import.meta.env.PROD && "serviceWorker" in navigator) {
      void import("./register-sw").then((m) => m.registerServiceWorker());
    }
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
