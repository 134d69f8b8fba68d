import type { NotificationKind } from "@fieldlead/contracts";

/** What the notifications' screens say about them; no schemas here (the bell's list loads this). */

export const KIND_LABELS: Record<NotificationKind, string> = {
  message: "Message",
  missingPunch: "Missing punch",
  deadDelivery: "Dead delivery",
  invitation: "Invitation",
};

/** Who a notification is from: its sender, or the product for its own notices. */
export const senderOf = (n: { kind: NotificationKind; senderName: string | null }) =>
  n.kind === "message" && n.senderName ? n.senderName : "FieldLead";

/** A message's first line, for the bell's short list. */
export const firstLine = (body: string) =>
  body
    .split(/\r?\n/)
    .find((l) => l.trim())
    ?.trim() ?? "";

const count = new Intl.NumberFormat("en-US");
export const formatCount = (n: number) => count.format(n);

/** "1 person", "1,234 people". */
export const people = (n: number) => `${formatCount(n)} ${n === 1 ? "person" : "people"}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date ("Nov 3" this year, "Nov 3, 2025" before). */
export function timeAgo(iso: string, now = Date.now()): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return "";
  const ago = Math.max(0, now - t);
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 7 * DAY) {
    const days = Math.floor(ago / DAY);
    return days === 1 ? "yesterday" : `${days} days ago`;
  }
  const date = new Date(t);
  return date.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(date.getFullYear() === new Date(now).getFullYear() ? {} : { year: "numeric" }),
  });
}
