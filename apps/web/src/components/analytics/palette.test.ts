import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrast } from "../../app/theme";
import { MEASURE_COLORS, OTHERS_COLOR, SERIES_COLORS } from "./palette";

const hex = (color: string) => {
  const [name, shade] = color.split(".");
  return DEFAULT_THEME.colors[name as string]?.[Number(shade)] as string;
};

describe("chart palette", () => {
  it("draws every series at 3:1 or more against a white card", () => {
    for (const color of [...SERIES_COLORS, OTHERS_COLOR, ...Object.values(MEASURE_COLORS)])
      expect(contrast(hex(color), "#ffffff"), color).toBeGreaterThanOrEqual(3);
  });

  it("gives the top series colours of different hues", () => {
    const names = SERIES_COLORS.map((c) => c.split(".")[0]);
    expect(new Set(names).size).toBe(SERIES_COLORS.length);
  });
});
