// STUB (to be replaced).
export function InboxPage() {
  return null;
}
