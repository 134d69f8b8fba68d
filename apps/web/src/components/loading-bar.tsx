import { Box } from "@mantine/core";
import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import classes from "./loading-bar.module.css";

/** A thin bar at the top of the window while any query or mutation is in flight. */
export function LoadingBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  // Short requests should not flash the bar: show it only after 150 ms of work.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(t);
  }, [busy]);

  return (
    <Box
      className={classes.root}
      data-visible={visible || undefined}
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!visible}
      aria-busy={busy}
    >
      <div className={classes.bar} />
    </Box>
  );
}
