import { menuEntriesFor, type Who } from "@fieldlead/contracts";

/**
 * Where a user lands after signing in: the first entry of their menu (lead generators on Capture, program users on
 * Leads, the others on the Dashboard); someone with no entry at all on the home page, which says so.
 */
export function landingPathFor(user: Who): string {
  return menuEntriesFor(user)[0]?.path ?? "/";
}
