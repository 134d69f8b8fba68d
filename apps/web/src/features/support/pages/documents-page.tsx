// STUB (to be replaced).
export function DocumentsPage() {
  return null;
}
