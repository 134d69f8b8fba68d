/** Placeholder until the screen lands (docs/decisions/0040-labor.md). */
export function MyTimePage() {
  return <p>My time</p>;
}
