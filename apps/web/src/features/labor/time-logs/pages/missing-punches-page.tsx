/** Placeholder until the screen lands (docs/decisions/0040-labor.md). */
export function MissingPunchesPage() {
  return <p>Missing punches</p>;
}
