import { formatUtcOffset, timeZoneOffsetMinutes } from "@fieldlead/contracts";

/** IANA zones with their offset now (so the list is right on either side of a DST change). */
export function listTimeZones(now = new Date()) {
  const zones = Intl.supportedValuesOf("timeZone");
  if (!zones.includes("UTC")) zones.push("UTC");
  return zones
    .map((id) => {
      const offsetMinutes = timeZoneOffsetMinutes(id, now);
      return {
        id,
        name: id.replaceAll("_", " "),
        offsetMinutes,
        label: `(${formatUtcOffset(offsetMinutes)}) ${id.replaceAll("_", " ")}`,
      };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.id.localeCompare(b.id));
}
