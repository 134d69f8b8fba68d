import type { QueryClient } from "@tanstack/react-query";
import { session } from "../session";
import { outbox, TICK_MS } from "./outbox";

/**
 * When the outbox sends: at start, when the browser is back online (everything waiting, at once), when the app
 * comes back to the screen, when someone signs in, and on a timer for entries whose delay has run out. A sent
 * capture marks the lead lists stale.
 */
export function runOutbox(queryClient: QueryClient): () => void {
  const disconnect = outbox.connect();
  const offSent = outbox.onSent((entry) => {
    for (const name of entry.invalidates) void queryClient.invalidateQueries({ queryKey: [name] });
  });
  const now = () => void outbox.flush({ force: true });
  const due = () => void outbox.flush();
  const visible = () => {
    if (document.visibilityState === "visible") due();
  };
  window.addEventListener("online", now);
  document.addEventListener("visibilitychange", visible);
  const offSession = session.subscribe(due);
  const timer = setInterval(due, TICK_MS);
  due();
  return () => {
    disconnect();
    offSent();
    offSession();
    clearInterval(timer);
    window.removeEventListener("online", now);
    document.removeEventListener("visibilitychange", visible);
  };
}
