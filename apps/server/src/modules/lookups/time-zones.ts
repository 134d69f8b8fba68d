import { formatUtcOffset, timeZoneOffsetMinutes } from "@fieldlead/contracts";

export type ListedTimeZone = { id: string; name: string; offsetMinutes: number; label: string };

const QUARTER_HOUR_MS = 15 * 60_000;
let cached: { bucket: number; zones: ListedTimeZone[] } | null = null;

/**
 * IANA zones with their offset now (so the list is right on either side of a DST change), sorted by offset.
 * Built once per quarter hour of UTC and shared: every zone's offset changes only on a quarter hour of UTC (whole
 * hours, and the :30 and :45 zones), so a list built within a quarter hour is the list for all of it. It is
 * frozen (shared by every caller): do not change it. Before,
 * each lookup list rebuilt the ~420 zones and their offsets, most of that call's CPU.
 */
export function listTimeZones(now = new Date()): ListedTimeZone[] {
  const bucket = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  if (cached?.bucket === bucket) return cached.zones;
  const zones = buildTimeZones(new Date(bucket * QUARTER_HOUR_MS));
  cached = { bucket, zones };
  return zones;
}

function buildTimeZones(at: Date): ListedTimeZone[] {
  const ids = Intl.supportedValuesOf("timeZone");
  if (!ids.includes("UTC")) ids.push("UTC");
  return Object.freeze(
    ids
      .map((id) => {
        const offsetMinutes = timeZoneOffsetMinutes(id, at);
        const name = id.replaceAll("_", " ");
        return Object.freeze({
          id,
          name,
          offsetMinutes,
          label: `(${formatUtcOffset(offsetMinutes)}) ${name}`,
        });
      })
      .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.id.localeCompare(b.id)),
  ) as ListedTimeZone[];
}
