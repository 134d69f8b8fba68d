/**
 * The charts' colours (docs/decisions/0042): Mantine's palette at the shade that reaches 3:1 against a white card
 * (WCAG 1.4.11, graphics), in an order that keeps neighbouring series apart in hue. The legend and the Table view
 * name every series, so no value is told by its colour alone.
 */
export const SERIES_COLORS = [
  "blue.6",
  "orange.8",
  "teal.8",
  "grape.6",
  "pink.6",
  "lime.9",
  "cyan.8",
  "violet.8",
] as const;

/** "Everyone else" and other remainders: grey, apart from every named series. */
export const OTHERS_COLOR = "gray.6";

/** The funnel's measures, the same colour on the dashboard and every chart. */
export const MEASURE_COLORS = {
  leads: "blue.6",
  appointmentsSet: "orange.8",
  sold: "teal.8",
} as const;

/** The colour of the n-th series (the palette repeats past its end). */
export const seriesColor = (index: number): string => SERIES_COLORS[index % SERIES_COLORS.length];

/**
 * A chart's legend under it, in the order of its series (the charting library sorts it by name otherwise, which
 * put "Everyone else" first).
 */
export const legendInOrder = (keys: readonly string[]) => ({
  verticalAlign: "bottom" as const,
  itemSorter: (item: { dataKey?: unknown }) => keys.indexOf(String(item.dataKey)),
});
