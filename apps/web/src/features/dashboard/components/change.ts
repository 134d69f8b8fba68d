/**
 * A measure against the period before, as the panels write it: a direction (drawn as an arrow and a colour) and a
 * text that says the same without them ("+12%", "−8%", "No change", "Up from 0"), so the change is never told by
 * colour alone (WCAG 1.4.1).
 */
export type Change = { direction: "up" | "down" | "same" | "none"; text: string };

const percent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function changeOf(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { direction: "none", text: "–" };
  if (previous === 0) {
    if (current === 0) return { direction: "same", text: "No change" };
    return current > 0 ? { direction: "up", text: "Up from 0" } : { direction: "down", text: "Down from 0" };
  }
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.round(change);
  if (rounded === 0) return { direction: "same", text: "No change" };
  return rounded > 0
    ? { direction: "up", text: `+${percent.format(rounded)}%` }
    : // U+2212, the minus sign: read as "minus", and as wide as the plus.
      { direction: "down", text: `\u2212${percent.format(-rounded)}%` };
}
