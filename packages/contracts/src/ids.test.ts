import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_RANDOM_ID_LENGTH, isRandomId, RANDOM_ID_ALPHABET, randomId } from "./ids";

/** Replaces crypto.getRandomValues with one that hands out `next()` bytes. */
function stubRandomBytes(next: () => number) {
  const getRandomValues = vi.fn(<T extends ArrayBufferView | null>(array: T): T => {
    const bytes = array as unknown as Uint8Array;
    for (let i = 0; i < bytes.length; i++) bytes[i] = next();
    return array;
  });
  vi.stubGlobal("crypto", { getRandomValues });
  return getRandomValues;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("randomId", () => {
  it("uses the 62 letters and digits", () => {
    expect(RANDOM_ID_ALPHABET).toHaveLength(62);
    expect(new Set(RANDOM_ID_ALPHABET).size).toBe(62);
    expect(RANDOM_ID_ALPHABET).toMatch(/^[A-Za-z0-9]+$/);
  });

  it("is 12 characters by default", () => {
    expect(DEFAULT_RANDOM_ID_LENGTH).toBe(12);
    const id = randomId();
    expect(id).toHaveLength(12);
    expect(id).toMatch(/^[A-Za-z0-9]{12}$/);
  });

  it.each([1, 2, 40, 1000, 100_000])("makes ids of length %i", (length) => {
    const id = randomId(length);
    expect(id).toHaveLength(length);
    expect(isRandomId(id, length)).toBe(true);
  });

  it("does not repeat", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => randomId()));
    expect(ids.size).toBe(2000);
  });

  it("uses every character with roughly equal frequency", () => {
    const sample = randomId(62 * 2000);
    const counts = new Map<string, number>();
    for (const c of sample) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Chi-square with 61 degrees of freedom: the 99.999th percentile is about 120.
    const expected = 2000;
    let chiSquare = 0;
    for (const count of counts.values()) chiSquare += (count - expected) ** 2 / expected;
    expect(chiSquare).toBeLessThan(130);
  });

  it("rejects bytes 248..255 instead of folding them with a modulo", () => {
    const bytes = [248, 255, 250, 0, 249, 61, 62, 247, 25, 26, 51, 52];
    let i = 0;
    stubRandomBytes(() => (i < bytes.length ? bytes[i++] : 0));
    // 0 -> A, 61 -> 9, 62 -> A, 247 (247 % 62 = 61) -> 9, 25 -> Z, 26 -> a, 51 -> z, 52 -> 0
    expect(randomId(8)).toBe("A9A9Zaz0");
  });

  it("is exactly uniform over a uniform stream of bytes (no modulo bias)", () => {
    let byte = 0;
    stubRandomBytes(() => byte++ % 256);
    // 248 accepted bytes per cycle of 256, each character exactly 4 times.
    const id = randomId(248 * 10);
    const counts = new Map<string, number>();
    for (const c of id) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    expect([...counts.values()].every((n) => n === 40)).toBe(true);
  });

  it("keeps drawing until it has enough characters", () => {
    let calls = 0;
    const getRandomValues = stubRandomBytes(() => (calls++ < 100 ? 255 : 7));
    expect(randomId(12)).toBe("HHHHHHHHHHHH");
    expect(getRandomValues.mock.calls.length).toBeGreaterThan(1);
  });

  it("asks for at most 65,536 bytes per call", () => {
    const getRandomValues = stubRandomBytes(() => 1);
    expect(randomId(200_000)).toHaveLength(200_000);
    for (const [array] of getRandomValues.mock.calls)
      expect((array as Uint8Array).length).toBeLessThanOrEqual(65_536);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects length %s", (length) => {
    expect(() => randomId(length)).toThrow(RangeError);
  });
});

describe("isRandomId", () => {
  it("accepts letters and digits", () => {
    expect(isRandomId("aZ09")).toBe(true);
    expect(isRandomId("aZ09", 4)).toBe(true);
    expect(isRandomId("aZ09", 5)).toBe(false);
  });

  it.each(["", "abc-def", "abc_def", "abc def", "abc\n", "é", "ab+/", "１２３"])("rejects %j", (value) => {
    expect(isRandomId(value)).toBe(false);
  });

  it("rejects non-strings", () => {
    expect(isRandomId(undefined)).toBe(false);
    expect(isRandomId(123)).toBe(false);
    expect(isRandomId(null)).toBe(false);
  });
});
