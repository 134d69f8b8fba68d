import { flattenMenu, menuEntriesFor, type Who } from "@fieldlead/contracts";
import { BUILT_PATHS } from "./router";

/**
 * Screens that stand in for an area of the menu until it is built: managers, schedulers and analysts, whose
 * menu starts with the Dashboard, work from Leads until the Dashboard exists (decision 0031).
 */
const STAND_INS: Readonly<Record<string, string>> = { "/dashboard": "/leads" };

/** Open to everyone signed in: where someone with no built screen in their menu lands. */
const FALLBACK = "/whats-new";

/**
 * Where a user lands after signing in (and from `/`, the brand link, or a screen their role no longer opens):
 * the first entry of their menu when its screen exists (lead generators on Capture, program users on Leads);
 * else its stand-in (Leads for the Dashboard); else the first entry of their menu that exists. Never a "coming
 * soon" page: when the Dashboard is built (listed in the router's BUILT), its people land there again.
 */
export function landingPathFor(user: Who, built: ReadonlySet<string> = BUILT_PATHS): string {
  const entries = flattenMenu(menuEntriesFor(user)).filter((e) => !e.children?.length);
  const mine = new Set(entries.map((e) => e.path));
  const first = entries[0]?.path;
  if (first && built.has(first)) return first;
  const standIn = first ? STAND_INS[first] : undefined;
  if (standIn && mine.has(standIn) && built.has(standIn)) return standIn;
  return entries.find((e) => built.has(e.path))?.path ?? FALLBACK;
}
