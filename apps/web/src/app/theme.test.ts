import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { AA, contrast, cssVariablesResolver, MIN_TARGET, theme } from "./theme";

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(full).light as Record<string, string>;
const gray = full.colors.gray;
const colors = Object.keys(full.colors).filter((c) => c !== "dark");

// The backgrounds text sits on: cards, tables and drawers (white), the page (gray 0), a hovered or striped row
// (gray 1).
const backgrounds = { white: "#ffffff", page: gray[0], hoveredRow: gray[1] };

describe("theme colours meet WCAG AA (4.5:1) on every background text sits on", () => {
  for (const [name, background] of Object.entries(backgrounds)) {
    it(`links, dimmed text and error text on ${name}`, () => {
      expect(contrast(light["--mantine-color-anchor"] as string, background)).toBeGreaterThanOrEqual(AA);
      expect(contrast(light["--mantine-color-dimmed"] as string, background)).toBeGreaterThanOrEqual(AA);
      expect(contrast(light["--mantine-color-error"] as string, background)).toBeGreaterThanOrEqual(AA);
    });
  }

  it("keeps Mantine's failing defaults out: error red 6 (3.3:1), dimmed grey 6 (3.3:1)", () => {
    expect(contrast(full.colors.red[6], "#ffffff")).toBeLessThan(AA);
    expect(light["--mantine-color-error"]).not.toBe(full.colors.red[6]);
    expect(light["--mantine-color-dimmed"]).toBe(gray[7]);
  });

  for (const color of colors) {
    const palette = full.colors[color];
    it(`${color}: text and outlines on white, the page, a hovered row and its own light background`, () => {
      const text = light[`--mantine-color-${color}-text`] as string;
      expect(light[`--mantine-color-${color}-outline`]).toBe(text);
      for (const background of [...Object.values(backgrounds), palette[1]])
        expect(contrast(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(AA);
    });
    it(`${color}: light and subtle variants on its light background, hovered or not, and on white`, () => {
      const lightColor = light[`--mantine-color-${color}-light-color`] as string;
      for (const background of ["#ffffff", gray[0], palette[1], palette[2]])
        expect(contrast(lightColor, background), `${lightColor} on ${background}`).toBeGreaterThanOrEqual(AA);
    });
    it(`${color}: white text on the filled variant and its hover`, () => {
      for (const key of ["filled", "filled-hover"]) {
        const background = light[`--mantine-color-${color}-${key}`] as string;
        expect(contrast("#ffffff", background), `white on ${background}`).toBeGreaterThanOrEqual(AA);
      }
    });
  }

  it("keeps the primary colour's filled shade (indigo 7, 5.0:1 with white) and links darker", () => {
    expect(light["--mantine-color-indigo-filled"]).toBe(full.colors.indigo[7]);
    expect(light["--mantine-color-anchor"]).toBe(light["--mantine-color-indigo-text"]);
  });
});

describe("theme targets and notifications", () => {
  const components = full.components as Record<
    string,
    { vars?: (t: unknown, p: object) => { root: object }; defaultProps?: Record<string, unknown> }
  >;

  it("draws icon buttons and close buttons asked for in xs or sm at least 24 px", () => {
    for (const [name, cssVar] of [
      ["ActionIcon", "--ai-size"],
      ["CloseButton", "--cb-size"],
    ] as const) {
      const vars = components[name]?.vars;
      for (const size of ["xs", "sm"])
        expect(vars?.(full, { size }).root, `${name} ${size}`).toEqual({
          [cssVar]: `calc(${MIN_TARGET / 16}rem * var(--mantine-scale))`,
        });
      expect(vars?.(full, { size: "md" }).root).toEqual({});
    }
  });

  it("shows toasts at the bottom, closing by themselves, under open menus and over drawers", () => {
    const props = components.Notifications?.defaultProps ?? {};
    expect(props.position).toBe("bottom-center");
    expect(props.autoClose).toBe(5000);
    // Drawers and modals are at 200, menus and lists at 300.
    expect(props.zIndex).toBeGreaterThan(200);
    expect(props.zIndex).toBeLessThan(300);
  });
});
