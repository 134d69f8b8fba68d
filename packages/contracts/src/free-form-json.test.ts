import { describe, expect, it } from "vitest";
import { webConfigUpsertRequest } from "./app";
import { FREE_FORM_JSON_MAX_DEPTH, freeFormJson, jsonDepth, jsonValueSchema } from "./common";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];
/** `[[[...]]]` `depth` levels deep, built without recursion. */
const deepArray = (depth: number) => {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describe("jsonDepth", () => {
  it("counts levels of objects and arrays, scalars being 0", () => {
    expect(jsonDepth(1, 10)).toBe(0);
    expect(jsonDepth(null, 10)).toBe(0);
    expect(jsonDepth({}, 10)).toBe(1);
    expect(jsonDepth({ a: [1, { b: "x" }], c: 2 }, 10)).toBe(3);
    expect(jsonDepth(deepArray(32), 100)).toBe(32);
  });

  it("measures 100,000 levels without overflowing the stack, stopping past the limit", () => {
    expect(jsonDepth(deepArray(100_000), 32)).toBe(33);
    expect(jsonDepth(deepArray(100_000), Number.POSITIVE_INFINITY)).toBe(100_000);
  });
});

describe("freeFormJson", () => {
  it("takes an object up to 32 levels and 64 KB", () => {
    const value = { a: deepArray(FREE_FORM_JSON_MAX_DEPTH - 1) };
    expect(freeFormJson().parse(value)).toEqual(value);
    expect(freeFormJson().safeParse({ note: "x".repeat(60_000) }).success).toBe(true);
  });

  it("refuses deeper or larger JSON with a message for the field, 5,000 levels included", () => {
    const schema = webConfigUpsertRequest;
    expect(issues(schema.safeParse({ config: { a: deepArray(FREE_FORM_JSON_MAX_DEPTH) } }))).toEqual([
      ["config", "Nest at most 32 levels of objects and arrays"],
    ]);
    expect(issues(schema.safeParse({ config: { a: deepArray(5000) } }))).toEqual([
      ["config", "Nest at most 32 levels of objects and arrays"],
    ]);
    // Bytes of UTF-8, not characters: 33,000 "é" are 66,000 bytes.
    expect(issues(schema.safeParse({ config: { note: "é".repeat(33_000) } }))).toEqual([
      ["config", "Keep it under 64 KB of JSON"],
    ]);
  });

  it("takes tighter bounds where a field needs them, and bounds any JSON value", () => {
    expect(issues(freeFormJson({ maxDepth: 2 }).safeParse({ a: { b: {} } }))).toEqual([
      ["", "Nest at most 2 levels of objects and arrays"],
    ]);
    expect(issues(freeFormJson({ maxBytes: 1024 }).safeParse({ a: "x".repeat(2000) }))).toEqual([
      ["", "Keep it under 1 KB of JSON"],
    ]);
    expect(jsonValueSchema.safeParse([1, "two", { three: 3 }]).success).toBe(true);
    expect(jsonValueSchema.safeParse(deepArray(33)).success).toBe(false);
  });
});
