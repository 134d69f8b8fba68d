// STUB (to be replaced).
export function TutorialsPage() {
  return null;
}
