import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildPartnerBody } from "./adapter";
import {
  PARTNER_KINDS,
  PARTNER_LEAD_BODIES,
  PARTNER_PATHS,
  PARTNER_SETTINGS,
  type PartnerKind,
  partnerLeadBase,
} from "./schemas";
import { PARTNER_HEADERS, signBody } from "./signature";
import {
  retailerProgramSettingsFor,
  retailerSettingsFor,
  samplePayload,
  secondPartnerSettingsFor,
} from "./test-support";
import { parseYamlSubset, type YamlValue } from "./yaml-subset";

/**
 * The OpenAPI files are what a partner builds from, and they are written by hand: this test holds them to the
 * code, so a field, a path or a header changed on one side fails here rather than at a partner. It reads each
 * file as text (every field the adapter sends is named) and as YAML (the body schema has exactly the zod
 * schema's fields at every level, the paths and headers are the code's constants, the worked signature example
 * is right).
 */

const DOCS = resolve(import.meta.dirname, "../../../../../docs/integrations");
const FILES: Record<PartnerKind, string> = {
  retailer: "retailer.openapi.yaml",
  retailerProgram: "retailer-program.openapi.yaml",
  secondPartner: "second-partner.openapi.yaml",
};

type Doc = { [key: string]: YamlValue };
const obj = (v: YamlValue | undefined): Doc => (v && typeof v === "object" && !Array.isArray(v) ? v : {});

/** A `$ref` within the same file, followed. */
function deref(doc: Doc, node: YamlValue | undefined): Doc {
  let n = obj(node);
  while (typeof n.$ref === "string") {
    const path = n.$ref.replace(/^#\//, "").split("/");
    n = obj(path.reduce<YamlValue>((at, key) => obj(at)[key], doc));
  }
  return n;
}

/** Fields by name down to the leaves (arrays stand for their items; `oneOf` with null for the non-null side). */
type Tree = { [field: string]: Tree } | null;

function docTree(doc: Doc, node: YamlValue | undefined): Tree {
  const n = deref(doc, node);
  for (const key of ["oneOf", "anyOf", "allOf"]) {
    const parts = Array.isArray(n[key]) ? (n[key] as YamlValue[]) : [];
    const trees = parts.map((p) => docTree(doc, p)).filter((t) => t !== null);
    if (parts.length) return trees.length ? Object.assign({}, ...trees) : null;
  }
  if (n.items) return docTree(doc, n.items);
  if (!n.properties) return null;
  return Object.fromEntries(Object.entries(obj(n.properties)).map(([k, v]) => [k, docTree(doc, v)]));
}

function zodTree(schema: z.ZodType): Tree {
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return zodTree(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodArray) return zodTree(schema.element as z.ZodType);
  if (schema instanceof z.ZodObject)
    return Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, zodTree(v as z.ZodType)]));
  return null;
}

/** Every object schema whose `required` is not all its properties (we always send every field, null or not). */
function notAllRequired(
  doc: Doc,
  node: YamlValue | undefined,
  path = "body",
  seen = new Set<Doc>(),
): string[] {
  const n = deref(doc, node);
  if (seen.has(n)) return [];
  seen.add(n);
  const parts = ["oneOf", "anyOf", "allOf"].flatMap((k) =>
    Array.isArray(n[k]) ? (n[k] as YamlValue[]) : [],
  );
  const out = parts.flatMap((p) => notAllRequired(doc, p, path, seen));
  if (n.items) out.push(...notAllRequired(doc, n.items, `${path}[]`, seen));
  if (n.properties) {
    const keys = Object.keys(obj(n.properties)).sort();
    const required = (Array.isArray(n.required) ? n.required.map(String) : []).sort();
    if (JSON.stringify(keys) !== JSON.stringify(required)) out.push(path);
    for (const [k, v] of Object.entries(obj(n.properties)))
      out.push(...notAllRequired(doc, v, `${path}.${k}`, seen));
  }
  return out;
}

/** A body the adapter really sends to this partner (so the text check follows the code, not a list). */
function sentBody(kind: PartnerKind) {
  const at = { url: () => "https://partner.example/fieldlead" };
  const settings = {
    retailer: retailerSettingsFor(at),
    retailerProgram: retailerProgramSettingsFor(at),
    secondPartner: secondPartnerSettingsFor(at),
  }[kind];
  const built = buildPartnerBody(kind, samplePayload(), PARTNER_SETTINGS[kind].parse(settings), new Date());
  if (!built.ok) throw new Error(built.failure.error);
  return built.value as Record<string, unknown>;
}

describe.each(PARTNER_KINDS)("docs/integrations OpenAPI of %s", (kind) => {
  const text = readFileSync(resolve(DOCS, FILES[kind]), "utf8");
  const doc = obj(parseYamlSubset(text));
  const paths = obj(doc.paths);
  const put = obj(obj(paths[PARTNER_PATHS.lead]).put);
  const ping = obj(obj(paths[PARTNER_PATHS.ping]).get);
  const bodySchema = obj(obj(obj(obj(put.requestBody).content)["application/json"]).schema);
  const headerNames = (op: Doc) =>
    (Array.isArray(op.parameters) ? op.parameters : [])
      .map((p) => deref(doc, p))
      .filter((p) => p.in === "header")
      .map((p) => p.name);

  it("is OpenAPI 3.1 with exactly the two operations the adapter calls", () => {
    expect(String(doc.openapi)).toMatch(/^3\.1\./);
    expect(Object.keys(paths).sort()).toEqual([PARTNER_PATHS.lead, PARTNER_PATHS.ping].sort());
    expect(Object.keys(obj(paths[PARTNER_PATHS.lead]))).toEqual(["put"]);
    expect(Object.keys(obj(paths[PARTNER_PATHS.ping]))).toEqual(["get"]);
  });

  it("names the headers as the code sends them", () => {
    expect(headerNames(put).sort()).toEqual(Object.values(PARTNER_HEADERS).sort());
    expect(headerNames(ping).sort()).toEqual([PARTNER_HEADERS.timestamp, PARTNER_HEADERS.signature].sort());
    const scheme = obj(obj(obj(doc.components).securitySchemes).fieldLeadSignature);
    expect(scheme).toMatchObject({ type: "apiKey", in: "header", name: PARTNER_HEADERS.signature });
    const pathParams = (Array.isArray(put.parameters) ? put.parameters : [])
      .map((p) => deref(doc, p))
      .filter((p) => p.in === "path")
      .map((p) => p.name);
    expect(pathParams).toEqual(["key"]);
  });

  it("documents every answer the adapter reads, with Retry-After on 429", () => {
    const responses = obj(put.responses);
    expect(Object.keys(responses)).toEqual(
      expect.arrayContaining(["200", "201", "400", "401", "409", "429", "5XX"]),
    );
    expect(Object.keys(obj(deref(doc, responses["429"]).headers))).toContain("Retry-After");
    const stale = deref(doc, obj(obj(obj(responses["409"]).content)["application/problem+json"]).schema);
    expect(stale.required).toEqual(["currentVersion"]);
    expect(Object.keys(obj(stale.properties))).toEqual(expect.arrayContaining(["id", "currentVersion"]));
    expect(Object.keys(obj(ping.responses))).toEqual(expect.arrayContaining(["200", "401"]));
    expect(text).toMatch(/Idempotency and ordering/);
  });

  it("describes the body field for field as the zod schema the adapter and the simulator use", () => {
    expect(docTree(doc, bodySchema)).toEqual(zodTree(PARTNER_LEAD_BODIES[kind]));
    expect(notAllRequired(doc, bodySchema)).toEqual([]);
    const status = deref(doc, obj(deref(doc, bodySchema).properties).status);
    expect(status.enum).toEqual(partnerLeadBase.shape.status.options);
  });

  it("names, as text, every top-level field and program field the adapter sends", () => {
    const body = sentBody(kind);
    const fields = [...Object.keys(body), ...Object.keys(body.program as object)];
    const missing = fields.filter((f) => !new RegExp(`^\\s+${f}:`, "m").test(text));
    expect(missing).toEqual([]);
    for (const name of [...Object.values(PARTNER_HEADERS), PARTNER_PATHS.lead, PARTNER_PATHS.ping])
      expect(text).toContain(name);
  });

  it("gives a worked signature example that the code agrees with", () => {
    const example = obj(
      obj(obj(obj(doc.components).securitySchemes).fieldLeadSignature)["x-signature-example"],
    );
    const secret = String(example.secret);
    const timestamp = Number(example.timestamp);
    expect(signBody(secret, timestamp, String(example.body))).toBe(example.signature);
    expect(signBody(secret, timestamp, "")).toBe(example.emptyBodySignature);
  });
});
