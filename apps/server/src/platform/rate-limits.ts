import type { Config } from "./config";

export type Limit = { max: number; timeWindow: string; keyGenerator?: (req: { ip: string }) => string };
export type RateLimits = {
  signIn: Limit;
  passwordReset: Limit;
  publicCall: Limit;
  /** A shopper's entry on a QR code's page, per address (docs/decisions/0037). */
  publicEntry: Limit;
  /** Every public call of one QR code's person, from all addresses together (the route keys it by the code). */
  perCode: Limit;
};

/**
 * Limits on the calls anyone can make, per address unless said. Per-account sign-in throttling lives in the account
 * service.
 */
export function rateLimits(config: Pick<Config, "rateLimitScale">): RateLimits {
  const scale = config.rateLimitScale ?? 1;
  return {
    signIn: { max: 20 * scale, timeWindow: "1 minute" },
    passwordReset: { max: 10 * scale, timeWindow: "1 minute" },
    publicCall: { max: 120 * scale, timeWindow: "1 minute" },
    publicEntry: { max: 20 * scale, timeWindow: "1 minute" },
    perCode: { max: 60 * scale, timeWindow: "1 minute" },
  };
}
