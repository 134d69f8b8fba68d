import { describe, expect, it } from "vitest";
import { flattenMenu } from "./menu";
import { MENU_DESCRIPTIONS } from "./menu-descriptions";

describe("MENU_DESCRIPTIONS", () => {
  it("describes every menu entry, and nothing that is not one", () => {
    const keys = flattenMenu().map((e) => e.key);
    expect(Object.keys(MENU_DESCRIPTIONS).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(MENU_DESCRIPTIONS[key].length, key).toBeGreaterThan(20);
  });
});
