import type { z } from "zod";
import type { ApiEndpointName } from "./endpoints";

/**
 * Who may make a call: anyone (`public`), any signed-in person (`session`), or a member of the organization the
 * call names in `CurrentOrganizationId` (`tenant`). What a member may then do is the rights model's business
 * (permissions.ts); this only says whether the call needs a session and an organization.
 */
export type AuthMode = "public" | "session" | "tenant";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * One API call, defined once (docs/decisions/0025): its catalogue name, method and full path spelled exactly as
 * docs/api/endpoints.tsv spells them, who may call it, and the schemas of what it takes and answers. The server
 * registers its route from this object and the web calls it through `call(endpoint, input)`.
 */
export type EndpointDef = {
  readonly name: ApiEndpointName;
  readonly method: HttpMethod;
  /** `/api/...` with `{param}` placeholders, as the catalogue spells it. */
  readonly path: string;
  readonly auth: AuthMode;
  readonly summary?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly response: z.ZodType;
  /** The status of a success, when it is not 200 (a create a phone may retry answers 201). */
  readonly status?: 201;
  /** The call can also answer a file (CSV or XLSX) when its input asks for one. */
  readonly download?: true;
};

/** Keeps the literal types of a definition (its schemas infer the server's and the web's types). */
export function endpoint<const E extends EndpointDef>(definition: E): E {
  return definition;
}

type Field<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What a caller sends: path params, query, body and headers, each only when the call takes it. */
export type EndpointInput<E extends EndpointDef> = ([Field<E, "params">] extends [never]
  ? unknown
  : { params: z.input<Field<E, "params">> }) &
  ([Field<E, "query">] extends [never] ? unknown : { query?: z.input<Field<E, "query">> }) &
  ([Field<E, "body">] extends [never] ? unknown : { body?: z.input<Field<E, "body">> }) &
  ([Field<E, "headers">] extends [never] ? unknown : { headers?: z.input<Field<E, "headers">> });

/** What the server's handler receives once the input is validated. */
export type EndpointParams<E extends EndpointDef> = [Field<E, "params">] extends [never]
  ? Record<string, never>
  : z.output<Field<E, "params">>;
export type EndpointQuery<E extends EndpointDef> = [Field<E, "query">] extends [never]
  ? Record<string, never>
  : z.output<Field<E, "query">>;
export type EndpointBody<E extends EndpointDef> = [Field<E, "body">] extends [never]
  ? undefined
  : z.output<Field<E, "body">>;

/** What the call answers, as JSON. */
export type EndpointResponse<E extends EndpointDef> = z.output<E["response"]>;
/** What the server's handler returns before the response schema serializes it. */
export type EndpointResult<E extends EndpointDef> = z.input<E["response"]>;

/** `/api/leads/{id}/internal` -> `/api/leads/:id/internal` (the router's spelling). */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/** Fills `{param}` placeholders with URI-encoded values. */
export function fillPath(
  def: Pick<EndpointDef, "name" | "path">,
  params: Record<string, unknown> = {},
): string {
  return def.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined || v === null)
      throw new Error(`Missing path parameter "${key}" for endpoint ${def.name}`);
    return encodeURIComponent(String(v));
  });
}
