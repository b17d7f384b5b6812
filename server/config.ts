import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Every environment variable the server reads. One line each says what it is for; the README
 * table is checked against this list by server/config.unit.test.ts.
 */
export const ConfigEnv = z.object({
  /** development | production | test. Production refuses unsafe defaults. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** TCP port the HTTP server listens on. */
  PORT: port.default(3000),
  /** Interface to bind; 0.0.0.0 exposes the server to the network. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Public base URL, used in links the server hands out (checkout returns, media). */
  PUBLIC_URL: z.url().optional(),
  /** Folder for the embedded database, media, the lock file and generated secrets. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Seed demo data on an empty database (default: on for the embedded database, off otherwise). */
  SEED_DEMO: flag.optional(),
  /** Secret for signing sign-in tokens (at least 32 characters). Required in production. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Lifetime of a sign-in token in seconds (default 7 days). */
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  /** Largest JSON request body in bytes. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** pino log level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set when running behind a reverse proxy so client addresses come from X-Forwarded-For. */
  TRUST_PROXY: flag.default(false),
  /** Redis URL; when set, realtime fan-out and rate-limit counters are shared across instances. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // -- feature modules add their variables below this line --
  /** Stripe secret key; when set, payments go through Stripe Checkout instead of the local provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Stripe webhook signing secret (whsec_...); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe publishable key handed to the web app (never hard-coded). */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Base URL of the Stripe API (default https://api.stripe.com); for tests and egress proxies. */
  STRIPE_API_BASE: z.url().optional(),
  /** Platform fee in percent kept from each sale and membership payment; creators get the rest. */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
});

export type ConfigEnv = z.infer<typeof ConfigEnv>;

export type Config = ConfigEnv & {
  dataDir: string;
  publicUrl: string;
  seedDemo: boolean;
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates configuration; a bad variable is named in the thrown message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(ConfigEnv.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = ConfigEnv.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && !c.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production (at least 32 characters)',
    );
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    seedDemo: c.SEED_DEMO ?? !c.DATABASE_URL,
    isProduction,
  };
}
