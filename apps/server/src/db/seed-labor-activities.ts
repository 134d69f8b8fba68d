import type { Tx } from "../platform/db";

/** Demo labor data (docs/decisions/0040-labor.md). */
export async function seedDemoLaborActivities(
  _tx: Tx,
  _orgs: { east: number; west: number },
): Promise<void> {}
