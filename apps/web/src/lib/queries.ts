import type { DefinitionOf, Route } from "@fieldlead/contracts/routes";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { type CallInput, call } from "./api-client";

/**
 * Query keys come from endpoint names (docs/decisions/0025): `[name]` for everything an endpoint answered,
 * `[name, input]` for one answer. Invalidating another feature's data names its endpoint, never its keys.
 */
export function keyOf<R extends Route>(endpoint: R, input?: Omit<CallInput<DefinitionOf<R>>, "signal">) {
  return input === undefined ? ([endpoint.name] as const) : ([endpoint.name, input] as const);
}

/** The react-query options of a read: its key from the endpoint and input, its fetch through `call`. */
export function endpointQuery<R extends Route>(
  endpoint: R,
  input?: Omit<CallInput<DefinitionOf<R>>, "signal">,
) {
  return queryOptions({
    queryKey: keyOf(endpoint, input),
    queryFn: ({ signal }) =>
      (call as (e: R, i: CallInput<DefinitionOf<R>>) => ReturnType<typeof call<R>>)(endpoint, {
        ...(input as CallInput<DefinitionOf<R>>),
        signal,
      }),
  });
}

/** Marks every cached answer of these endpoints stale (and refetches those on screen). */
export function invalidate(client: QueryClient, ...endpoints: Route[]): Promise<void> {
  return Promise.all(endpoints.map((e) => client.invalidateQueries({ queryKey: [e.name] }))).then(
    () => undefined,
  );
}

/** Forgets every cached answer of these endpoints (a deleted row's detail). */
export function remove(client: QueryClient, ...keys: readonly (readonly unknown[])[]): void {
  for (const queryKey of keys) client.removeQueries({ queryKey });
}
