import {
  type CSSVariablesResolver,
  createTheme,
  luminance,
  type MantineColorsTuple,
  rem,
} from "@mantine/core";
import toasts from "./toasts.module.css";

/** WCAG AA's contrast for text (1.4.3): 4.5:1. */
export const AA = 4.5;

/** The contrast ratio of two colours (WCAG 2). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A hex colour made darker by `amount` (0-1), as hex. */
function darker(hex: string, amount: number): string {
  const channels = (hex.replace("#", "").match(/../g) ?? []).map((c) =>
    Math.round(Number.parseInt(c, 16) * (1 - amount)),
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The first of `candidates` that reaches AA against every one of `backgrounds`; when none does, the last one
 * darkened 5 % at a time until it does (green, orange, lime and yellow have no such shade of their own).
 */
function firstReadable(candidates: readonly string[], backgrounds: readonly string[]): string {
  const passes = (c: string) => backgrounds.every((b) => contrast(c, b) >= AA);
  const found = candidates.find(passes);
  if (found) return found;
  let c = candidates[candidates.length - 1] as string;
  for (let i = 0; i < 20 && !passes(c); i++) c = darker(c, 0.05);
  return c;
}

export type ReadableColors = {
  /** Text, links, outlines and errors in the colour (`c="red"`, Anchor, outline buttons). */
  text: string;
  /** Light and subtle buttons, badges, alerts and the active side-menu entry, on the colour's tint. */
  lightColor: string;
  /** Filled buttons and badges: white text reaches AA on it. */
  filled: string;
  filledHover: string;
};

/**
 * The colours the app writes with one palette, measured rather than assumed (decision 0031). Mantine writes text
 * in shade 7 (the primary shade) or 9 of every colour whatever its lightness: red 7 is 3.8:1 on white, teal 9 is
 * 3.9:1 on its own hovered light background. Here text is the first of shades 7, 8 and 9 that reaches AA on every
 * background it sits on: white cards, the grey-0 page, a grey-1 hovered row and the colour's own light background
 * (shade 1); the light and subtle variants' text also on the hovered light background (shade 2); a filled
 * background is the first shade white text reaches AA on, its hover darker still.
 */
export function readableColors(palette: MantineColorsTuple, gray: MantineColorsTuple): ReadableColors {
  const shades = [palette[7], palette[8], palette[9]];
  const text = firstReadable(shades, ["#ffffff", gray[0], gray[1], palette[1]]);
  const lightColor = firstReadable(shades, ["#ffffff", gray[0], palette[1], palette[2]]);
  const filled = firstReadable(shades, ["#ffffff"]);
  const next = shades.indexOf(filled);
  const filledHover = next >= 0 && next < 2 ? (shades[next + 1] as string) : darker(filled, 0.1);
  return { text, lightColor, filled, filledHover };
}

/** WCAG 2.2's minimum target (2.5.8): 24 by 24 CSS pixels. */
export const MIN_TARGET = 24;
const SMALL = new Set(["xs", "sm"]);
/** Icon buttons asked for in size xs (18 px) or sm (22 px) are drawn 24 px, the smallest target WCAG 2.2 allows. */
const atLeastTarget = (cssVar: string) => (_theme: unknown, props: { size?: unknown }) => ({
  root: typeof props.size === "string" && SMALL.has(props.size) ? { [cssVar]: rem(MIN_TARGET) } : {},
});

export const theme = createTheme({
  primaryColor: "indigo",
  // Shade 7: white text on the primary colour reaches WCAG AA (5.0:1); shade 6 is 4.3:1. Other colours take
  // the shade that reaches AA from cssVariablesResolver below.
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  // A visible focus ring for keyboard users (the primary colour, 5.0:1 on white, 2 px), none on mouse clicks.
  focusRing: "auto",
  components: {
    Button: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { shadow: "xs" } },
    ActionIcon: { vars: atLeastTarget("--ai-size") },
    // Icon-only close buttons (notifications, alerts) have a name for screen readers unless one is given.
    CloseButton: { defaultProps: { "aria-label": "Close" }, vars: atLeastTarget("--cb-size") },
    // Mantine writes a titled notification's message in grey 6 (3.3:1 on white): dimmed grey 7 instead.
    Notification: {
      styles: (_theme: unknown, props: { title?: unknown }) => ({
        description: props.title ? { color: "var(--mantine-color-dimmed)" } : {},
      }),
    },
    // Menus open with the focus on the menu itself rather than on Mantine's hidden placeholder, an unnamed
    // presentational child a menu may not hold (axe: aria-required-children, critical); arrows reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Toasts (decision 0031): bottom centre, clear of the header and its menus, of the side menu and of the
    // drawers' right-aligned Save buttons and top actions; under open menus and lists (z-index 300) and above
    // drawers and modals (200); each closes by itself after 5 s (hovering one holds it). Plain objects: the
    // notifications package is not imported here, so it can load lazily (providers.tsx). A toast shown at the top
    // (notifications.show({ position })) starts below the header (toasts.module.css).
    Notifications: {
      defaultProps: { position: "bottom-center", autoClose: 5000, zIndex: 250 },
      classNames: { root: toasts.root },
    },
  },
});

/**
 * Light colour scheme only: the app has no dark mode (MantineProvider defaultColorScheme="light", no switch).
 * Dimmed text takes grey 7 (8.2:1 on white, 7.3:1 on a grey-1 row; Mantine's grey 6 is 3.3:1), links and every
 * theme colour's text, outline, light and subtle variants take its measured ink, filled ones its measured
 * filled shade, and error text the ink of red (red 9, 4.9:1 on grey 1; Mantine's red 6 is 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const gray = t.colors.gray as MantineColorsTuple;
  const light: Record<string, string> = {};
  for (const [name, palette] of Object.entries(t.colors)) {
    if (!palette || name === "dark") continue;
    const { text, lightColor, filled, filledHover } = readableColors(palette, gray);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = lightColor;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = filledHover;
  }
  const primary = t.colors[t.primaryColor] as MantineColorsTuple;
  const red = t.colors.red as MantineColorsTuple;
  return {
    variables: {},
    light: {
      ...light,
      "--mantine-color-dimmed": gray[7],
      "--mantine-color-anchor": readableColors(primary, gray).text,
      "--mantine-color-error": readableColors(red, gray).text,
    },
    dark: {},
  };
};
