/** Placeholder until the screen lands (docs/decisions/0040-labor.md). */
export function SchedulesPage() {
  return <p>Schedules</p>;
}
