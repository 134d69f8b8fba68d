import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from "@mantine/core";

/**
 * Light badges, buttons and alerts write their text in the colour's shade 6 on its lightest tint, under WCAG AA
 * for most colours (teal 2.6:1): the text takes shade 9 instead (yellow keeps its own dark text, InvitedBadge).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== "light") return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.color) return colors;
  return { ...colors, color: `var(--mantine-color-${parsed.color}-9)` };
};

export const theme = createTheme({
  primaryColor: "indigo",
  // Shade 7: white text on the primary colour reaches WCAG AA (4.5:1); shade 6 is 4.0:1.
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  focusRing: "auto",
  variantColorResolver,
  components: {
    Button: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { shadow: "xs" } },
    // Icon-only close buttons (notifications, alerts) have a name for screen readers unless one is given.
    CloseButton: { defaultProps: { "aria-label": "Close" } },
  },
});

/**
 * Mantine's dimmed text (gray 6) is 3.3:1 on the app's gray-0 background, under WCAG AA's 4.5:1; gray 7 passes
 * on white and gray 0 alike. Links take the primary colour's shade 8: shade 7 is 5.0:1 on white but 4.45:1 on a
 * table row's hover background (gray 1), so a link under the pointer failed AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": t.colors.gray[7],
    "--mantine-color-anchor": t.colors[t.primaryColor][8],
  },
  dark: {},
});
