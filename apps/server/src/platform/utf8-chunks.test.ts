import { describe, expect, it } from "vitest";
import { Utf8Chunks } from "./utf8-chunks";

describe("Utf8Chunks", () => {
  it("gives back exactly the appended text as UTF-8, in buffers no larger than their size but for a longer piece", () => {
    const chunks = new Utf8Chunks(16);
    const pieces = ["Zoë,", "José Núñez\r\n", "x".repeat(40), "😀 ok", "", "年", "a,b\r\n"];
    for (const p of pieces) chunks.append(p);
    expect(chunks.length).toBe(Buffer.byteLength(pieces.join("")));
    const out = chunks.take();
    expect(Buffer.concat(out).toString("utf8")).toBe(pieces.join(""));
    expect(out.filter((b) => b.length > 16).map((b) => b.toString())).toEqual(["x".repeat(40)]);
    // A character is never split between two buffers.
    for (const b of out) expect(Buffer.from(b.toString("utf8"), "utf8").equals(b)).toBe(true);
    expect(chunks.length).toBe(0);
    expect(chunks.take()).toEqual([]);
  });

  it("starts over after a take", () => {
    const chunks = new Utf8Chunks(8);
    chunks.append("abc");
    expect(Buffer.concat(chunks.take()).toString()).toBe("abc");
    chunks.append("défg");
    expect(Buffer.concat(chunks.take()).toString()).toBe("défg");
  });
});
