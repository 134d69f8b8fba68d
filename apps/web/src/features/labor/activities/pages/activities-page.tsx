/** Placeholder until the screen lands (docs/decisions/0040-labor.md). */
export function ActivitiesPage() {
  return <p>Activities</p>;
}
