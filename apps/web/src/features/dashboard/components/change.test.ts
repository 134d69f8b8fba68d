import { describe, expect, it } from "vitest";
import { changeOf } from "./change";

describe("changeOf", () => {
  it("writes a rise and a fall as a signed whole percent", () => {
    expect(changeOf(125, 100)).toEqual({ direction: "up", text: "+25%" });
    expect(changeOf(92, 100)).toEqual({ direction: "down", text: "\u22128%" });
    expect(changeOf(26_000, 1_000)).toEqual({ direction: "up", text: "+2,500%" });
  });

  it("says no change under half a percent, and from nothing in words", () => {
    expect(changeOf(1000, 1004)).toEqual({ direction: "same", text: "No change" });
    expect(changeOf(0, 0)).toEqual({ direction: "same", text: "No change" });
    expect(changeOf(5, 0)).toEqual({ direction: "up", text: "Up from 0" });
  });

  it("has nothing to compare when a measure is unknown", () => {
    expect(changeOf(null, 3)).toEqual({ direction: "none", text: "–" });
  });
});
