/**
 * Text messages to shoppers (docs/decisions/0033): one interface in our own words, a Twilio-style adapter
 * (`twilio.ts`) and a simulator of that API (`simulator.ts`) for the demo and the tests. Like every adapter here it
 * never imports the database (integrations.rules.test.ts): it gets the message and the environment as arguments.
 *
 * What a send answers decides the outbox row (decision 0019):
 * - `delivered`: the provider took it (its message id);
 * - `retryable`: the provider is down, slow, rate-limiting (429) or failing (5xx): try again later;
 * - `permanent`: the provider refused what we sent (a bad number, 4xx): trying again cannot help.
 */
export type SmsMessage = { to: string; body: string };

export type SmsResult =
  | { status: "delivered"; id: string }
  | { status: "retryable"; reason: string; retryAfterMs?: number }
  | { status: "permanent"; reason: string };

export type SmsSender = {
  /** Where messages go, for logs and the status page ("twilio", "mailbox"). */
  readonly kind: string;
  send(message: SmsMessage): Promise<SmsResult>;
};

/** A US number as the provider takes it (E.164), or null when it is not one. */
export function e164(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}
