// The calls of the OpenAPI document (`/api/docs/json`) that take the id of a row, for tests that must try every
// one of them (tenancy.api.test.ts): a route added later is found without anyone listing it, and a test that has
// no sample for it fails and says which.

export type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

/** Where a call takes an id: a path parameter, or `id` in its JSON body (the row an edit changes). */
export type IdInput = "path" | "body";

export type IdTakingCall = {
  /** `METHOD /path`, as the document writes the path (`/api/leads/{id}/internal`). */
  key: string;
  method: string;
  path: string;
  /** The path's parameters, by name. */
  params: string[];
  takes: IdInput[];
};

/** Every call with a path parameter or an `id` in its JSON body, in the document's order. */
export function idTakingCalls(doc: OpenApiDocument): IdTakingCall[] {
  const out: IdTakingCall[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const params = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      // A path written with a parameter the schema does not declare is a path parameter all the same.
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) if (!params.includes(name)) params.push(name);
      const body = op.requestBody?.content["application/json"]?.schema?.properties ?? {};
      const takes: IdInput[] = [
        ...(params.length ? ["path" as const] : []),
        ...("id" in body ? ["body" as const] : []),
      ];
      if (takes.length) out.push({ key: `${method} ${path}`, method, path, params, takes });
    }
  }
  return out;
}

/** For each call: its samples (each trying an id in the path or in the body), or why it is not tried here. */
export type SampleCoverage = Record<string, readonly { in: IdInput }[] | { skip: string }>;

/**
 * What the samples leave out, one line each: an id-taking call with no sample for one of its ids (nor a reason to
 * skip it), and a sample for a call the document does not have (renamed or removed). Empty when all is covered.
 */
export function unsampledCalls(doc: OpenApiDocument, samples: SampleCoverage): string[] {
  const calls = idTakingCalls(doc);
  const problems: string[] = [];
  for (const c of calls) {
    const s = samples[c.key];
    if (s && "skip" in s) {
      if (!s.skip.trim()) problems.push(`${c.key}: skipped without a reason`);
      continue;
    }
    for (const input of c.takes) {
      if (s?.some((x) => x.in === input)) continue;
      problems.push(
        input === "path"
          ? `${c.key}: no sample id for its path parameter ${c.params.map((p) => `{${p}}`).join(", ")}`
          : `${c.key}: no sample id for the id in its body`,
      );
    }
  }
  const known = new Set(calls.map((c) => c.key));
  for (const key of Object.keys(samples))
    if (!known.has(key))
      problems.push(`${key}: has samples, but the OpenAPI document has no such id-taking call`);
  return problems;
}
