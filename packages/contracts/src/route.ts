import type { EndpointDef } from "./endpoint";

declare const definition: unique symbol;

/**
 * What the web needs of an endpoint at run time: its name, method, path, who may call it and whether it can answer
 * a file. The definition's type rides along (never its value), so `call(route, input)` checks inputs and infers
 * answers exactly as with the definition, while the web's first screens load none of the schemas or zod
 * (docs/decisions/0029). `routes.ts` holds one per endpoint, generated from the definitions.
 */
export type Route<E extends EndpointDef = EndpointDef> = {
  readonly name: E["name"];
  readonly method: E["method"];
  readonly path: string;
  readonly auth: E["auth"];
  /** Compile time only: the definition this route stands for. */
  readonly [definition]?: E;
} & (E extends { download: true } ? { readonly download: true } : { readonly download?: true });

/** The definition a route stands for (its type). */
export type DefinitionOf<R> = R extends Route<infer E> ? E : never;

/** A route to the endpoint `E` (the generated `routes.ts` calls it once per endpoint). */
export function route<E extends EndpointDef>(r: Route<E>): Route<E> {
  return r;
}
