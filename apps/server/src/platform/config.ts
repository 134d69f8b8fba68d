import { resolve } from "node:path";
import { z } from "zod";
import { parseSecretsKey } from "./secrets";
import type { S3Settings } from "./storage";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("FieldLead <no-reply@fieldlead.local>"),
  PUBLIC_URL: z.url("PUBLIC_URL must be an absolute URL such as https://app.example.com").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  WEB_DIST: z.string().optional(),
  WORKER: z.enum(["on", "off"], "WORKER must be on or off").default("on"),
  SERVICETITAN_SIMULATOR: z.enum(["on", "off"], "SERVICETITAN_SIMULATOR must be on or off").default("off"),
  SERVICETITAN_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(3101),
  PARTNER_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(3102),
  /** A delivery failing this long is dead (its Admins are told). */
  DELIVERY_DEAD_AFTER_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  /** The first retry's wait; each next one doubles, up to 15 minutes. */
  DELIVERY_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(10),
  /** Multiplies every per-address and per-code rate limit: for load tests and benchmarks, never production. */
  RATE_LIMIT_SCALE: z.coerce.number().min(1, "RATE_LIMIT_SCALE must be 1 or more").max(1_000_000).optional(),
  /** The key that seals stored credentials (platform/secrets.ts); its value is never part of a message. */
  SECRETS_KEY: z
    .string()
    .refine(
      (v) => parseSecretsKey(v) !== null,
      "SECRETS_KEY must be 32 bytes: 64 hex characters, or base64 (openssl rand -base64 32)",
    )
    .optional(),
  /** An S3-compatible bucket for files (platform/storage.ts); without it, files go to `$DATA_DIR/files`. */
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error:
        "S3_ENDPOINT must be the storage service's address, such as https://s3.us-east-1.amazonaws.com or http://127.0.0.1:9000",
    })
    .refine(
      (v) => /^https?:\/\/[^/?#]+\/?$/.test(v),
      "S3_ENDPOINT is the service's address only, without a path: the bucket goes in S3_BUCKET",
    )
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "S3_REGION must be a region name such as us-east-1")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1, "S3_ACCESS_KEY_ID must not be empty").optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, "S3_SECRET_ACCESS_KEY must not be empty").optional(),
});

/** The bucket's settings go together: any one of them set asks for all four (the region has a default). */
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const configSchema = envSchema.superRefine((e, ctx) => {
  const set = S3_REQUIRED.filter((k) => e[k] !== undefined);
  if (set.length === 0 || set.length === S3_REQUIRED.length) return;
  for (const missing of S3_REQUIRED.filter((k) => e[k] === undefined))
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: `${missing} is required with ${set.join(", ")}: files go to an S3 bucket only when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are all set`,
    });
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  seedDemo: "auto" | "always" | "never";
  sessionHours: number;
  trustProxy: boolean;
  webDist?: string;
  /**
   * `off`: this API process runs no background work (no outbox handler, no schedule); workers started with
   * `npm run worker` do it (PostgreSQL only). Default `on`: the API process runs them too.
   */
  worker?: "on" | "off";
  /**
   * `on` (what `npm start` sets outside production): the API process also serves the ServiceTitan simulator on
   * `serviceTitanSimulatorPort`, which the demo organization's CRM connection points at (decision 0036).
   */
  serviceTitanSimulator?: "on" | "off";
  serviceTitanSimulatorPort?: number;
  /** The three HTTP destinations' simulator (retailer, retailer program, second partner), with the CRM's. */
  partnerSimulatorPort?: number;
  /** Deliveries' retries (docs/decisions/0039): the first wait and when a failing delivery is dead. */
  deliveryRetry?: { baseMs: number; deadAfterMs: number };
  /**
   * Multiplies the rate limits (platform/rate-limits.ts). Tests raise them so suites don't trip them unless they
   * mean to; a benchmark or a load test sets `RATE_LIMIT_SCALE`.
   */
  rateLimitScale?: number;
  /**
   * `SECRETS_KEY`: the key that seals stored credentials (platform/secrets.ts; decision 0038), 32 bytes as base64 or
   * 64 hex characters. Without it, the key file in `dataDir` (made on the first start).
   */
  secretsKey?: string;
  /**
   * `S3_ENDPOINT`, `S3_BUCKET`, `S3_REGION`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`: files (support documents,
   * tutorial videos) go to this bucket; without them, to `dataDir/files` (platform/storage.ts).
   */
  s3?: S3Settings;
  /** The largest upload of each kind in bytes (the contracts' limits by default): tests lower them. */
  uploadLimits?: { documentBytes?: number; videoBytes?: number };
  /** Where log lines go instead of standard output (tests that read the log). */
  logDestination?: { write(line: string): void };
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    // Relative to where `npm` was run (INIT_CWD), so `npm start` at the root keeps ./data at the root.
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    sessionHours: e.SESSION_HOURS,
    trustProxy: e.TRUST_PROXY === "true",
    webDist: e.WEB_DIST,
    worker: e.WORKER,
    serviceTitanSimulator: e.SERVICETITAN_SIMULATOR,
    serviceTitanSimulatorPort: e.SERVICETITAN_SIMULATOR_PORT,
    partnerSimulatorPort: e.PARTNER_SIMULATOR_PORT,
    deliveryRetry: {
      baseMs: e.DELIVERY_RETRY_BASE_SECONDS * 1000,
      deadAfterMs: e.DELIVERY_DEAD_AFTER_HOURS * 3_600_000,
    },
    ...(e.RATE_LIMIT_SCALE !== undefined && { rateLimitScale: e.RATE_LIMIT_SCALE }),
    ...(e.SECRETS_KEY !== undefined && { secretsKey: e.SECRETS_KEY }),
    ...(e.S3_ENDPOINT !== undefined &&
      e.S3_BUCKET !== undefined &&
      e.S3_ACCESS_KEY_ID !== undefined &&
      e.S3_SECRET_ACCESS_KEY !== undefined && {
        s3: {
          endpoint: e.S3_ENDPOINT.replace(/\/$/, ""),
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        },
      }),
  };
}
