import { useIsFetching } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";

const NotificationBell = lazy(async () => ({
  default: (await import("./notification-bell")).NotificationBell,
}));

/** How long nothing must be loading before the bell's code is asked for. */
const SETTLED_MS = 1_000;

/** The bell's place in the header while its code is not there: the same size, so nothing moves when it comes. */
const space = (
  <span aria-hidden style={{ display: "inline-block", width: 34, height: 34, flex: "0 0 auto" }} />
);

/**
 * Where the header's bell goes. Its code (the bell, its count's reads and live connection) loads once the screen
 * has settled, a second after the last read: it is in no screen's first load (docs/decisions/0029; the capture
 * screen's budget).
 */
export function NotificationBellSlot() {
  const busy = useIsFetching() > 0;
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted || busy) return;
    const timer = setTimeout(() => setWanted(true), SETTLED_MS);
    return () => clearTimeout(timer);
  }, [busy, wanted]);
  if (!wanted) return space;
  return (
    <Suspense fallback={space}>
      <NotificationBell />
    </Suspense>
  );
}
