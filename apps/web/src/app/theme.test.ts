import { DEFAULT_THEME, luminance, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "./theme";

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(full).light;

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// The backgrounds text sits on: cards and tables (white), the page (gray 0), a hovered or striped row (gray 1).
const backgrounds = { white: "#ffffff", page: full.colors.gray[0], hoveredRow: full.colors.gray[1] };

describe("theme colours meet WCAG AA (4.5:1) on every background text sits on", () => {
  for (const [name, background] of Object.entries(backgrounds)) {
    it(`links on ${name}`, () => {
      expect(contrast(light["--mantine-color-anchor"] as string, background)).toBeGreaterThanOrEqual(4.5);
    });
    it(`dimmed text on ${name}`, () => {
      expect(contrast(light["--mantine-color-dimmed"] as string, background)).toBeGreaterThanOrEqual(4.5);
    });
  }
  it("white text on the filled primary colour", () => {
    const shade = (full.primaryShade as { light: number }).light;
    expect(contrast("#ffffff", full.colors[full.primaryColor][shade] as string)).toBeGreaterThanOrEqual(4.5);
  });
});
