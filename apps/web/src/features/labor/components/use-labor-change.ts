import type { Route } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidate } from "../../../lib/queries";

/**
 * A Labor write: `fn` as a react-query mutation that, once it succeeds, marks every read in `reads` stale (those on
 * screen are asked again). With `waitForReads` the mutation ends when they are back, so what closes on success shows
 * the new state (the schedule's grid); without, it ends at once and the lists follow.
 */
export function useLaborChange<A, R>(
  fn: (arg: A) => Promise<R>,
  reads: readonly Route[],
  { waitForReads = false }: { waitForReads?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      const refreshed = invalidate(client, ...reads);
      return waitForReads ? refreshed : undefined;
    },
  });
}
