/** Placeholder until the screen lands (docs/decisions/0040-labor.md). */
export function LaborHistoryPage() {
  return <p>Labor history</p>;
}
