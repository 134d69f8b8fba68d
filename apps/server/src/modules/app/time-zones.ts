import { timeZoneOffsetMinutes } from "@fieldlead/contracts";

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

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
        label: `(${formatOffset(offsetMinutes)}) ${id.replaceAll("_", " ")}`,
      };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.id.localeCompare(b.id));
}
