// STUB (to be replaced).
export function SendNotificationPage() {
  return null;
}
