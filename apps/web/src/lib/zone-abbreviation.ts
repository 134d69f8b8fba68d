/** "EST", "PDT"...: a zone's abbreviation at a moment (the zone's id when the browser knows none). */
export function zoneAbbreviation(timeZone: string, at: string | number | Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(
      new Date(at),
    );
    return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
