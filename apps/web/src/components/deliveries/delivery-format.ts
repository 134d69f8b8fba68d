import {
  DELIVERY_STATE_LABELS,
  DELIVERY_STATES,
  type DeliveryStateName,
  type DestinationHealth,
} from "@fieldlead/contracts";

/** What the deliveries page shows by default, as the server does: everything not sent yet. */
export const NOT_SENT: readonly DeliveryStateName[] = DELIVERY_STATES.filter((s) => s !== "sent");

/** Sent green, on its way blue, failing orange, dead red (light badges: the theme keeps their text AA). */
export const STATE_COLOR: Record<DeliveryStateName, string> = {
  pending: "blue",
  sending: "blue",
  sent: "green",
  failed: "orange",
  dead: "red",
};

export const stateLabel = (state: DeliveryStateName) => DELIVERY_STATE_LABELS[state];

const count = new Intl.NumberFormat("en-US");
export const formatCount = (n: number) => count.format(n);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A length of time as people say it: "less than a minute", "3 min", "2 h 5 min", "3 days". */
export function durationText(ms: number): string {
  const span = Math.max(0, ms);
  if (span < MINUTE) return "less than a minute";
  if (span < HOUR) return `${Math.floor(span / MINUTE)} min`;
  if (span < DAY) {
    const hours = Math.floor(span / HOUR);
    const minutes = Math.floor((span % HOUR) / MINUTE);
    return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  const days = Math.floor(span / DAY);
  return days === 1 ? "1 day" : `${count.format(days)} days`;
}

const toTime = (iso: string | null) => {
  if (!iso) return null;
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? null : t;
};

/** "in 4 min", "3 h ago", "now" (within a minute either way); "" without a time. */
export function relativeTime(iso: string | null, now = Date.now()): string {
  const t = toTime(iso);
  if (t === null) return "";
  const diff = t - now;
  if (Math.abs(diff) < MINUTE) return "now";
  return diff > 0 ? `in ${durationText(diff)}` : `${durationText(-diff)} ago`;
}

/** How long a delivery has waited since `iso` ("3 min"); "" without a time. */
export const waitingFor = (iso: string | null, now = Date.now()) => {
  const t = toTime(iso);
  return t === null ? "" : durationText(now - t);
};

/**
 * A destination's health in one line: "12 sent in the last hour · 2 pending · 1 failing · 0 dead · oldest
 * waiting 3 min" (the last part only while something waits).
 */
export function healthText(h: DestinationHealth, now = Date.now()): string {
  const parts = [
    `${formatCount(h.sentLastHour)} sent in the last hour`,
    `${formatCount(h.pending)} pending`,
    `${formatCount(h.failing)} failing`,
    `${formatCount(h.dead)} dead`,
  ];
  const oldest = waitingFor(h.oldestPendingAt, now);
  if (oldest) parts.push(`oldest waiting ${oldest}`);
  return parts.join(" · ");
}

/** Something needs a person's eye: deliveries failing or dead. */
export const isUnhealthy = (h: DestinationHealth) => h.failing > 0 || h.dead > 0;

/** The speed to lead: from capture to the first successful delivery, "12 min" or "2 h 5 min"; "" if never. */
export function speedToLead(capturedAt: string, firstDeliveredAt: string | null): string {
  const from = toTime(capturedAt);
  const to = toTime(firstDeliveredAt);
  return from === null || to === null ? "" : durationText(to - from);
}

export const formatCurrency = (amount: number) =>
  amount.toLocaleString("en-US", { style: "currency", currency: "USD" });
