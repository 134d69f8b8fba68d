import type { Config } from "./config";

export type Limit = { max: number; timeWindow: string; keyGenerator?: (req: { ip: string }) => string };
export type RateLimits = { signIn: Limit; passwordReset: Limit; publicCall: Limit };

/** Per-address limits on the calls anyone can make. Per-account sign-in throttling lives in the account service. */
export function rateLimits(config: Config): RateLimits {
  const scale = config.rateLimitScale ?? 1;
  return {
    signIn: { max: 20 * scale, timeWindow: "1 minute" },
    passwordReset: { max: 10 * scale, timeWindow: "1 minute" },
    publicCall: { max: 120 * scale, timeWindow: "1 minute" },
  };
}
