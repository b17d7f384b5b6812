import path from 'node:path';
import { z } from 'zod';
import { decodeKey32 } from './keys';

const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const operatorText = (max: number) => z.string().trim().min(1).max(max).optional();

/**
 * Every environment variable the server reads. One line each says what it is for; the table of
 * docs/operations.md is checked against this list by server/config.unit.test.ts.
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
  /** Serve the API documentation at /api/docs (default: on in development and test, off in production). */
  API_DOCS: flag.optional(),
  /** Seconds the server keeps serving (with `Connection: close`) after SIGTERM before it stops accepting. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(5),
  /** Seconds after SIGTERM when the process exits whatever a client still does. */
  SHUTDOWN_DEADLINE_SECONDS: z.coerce.number().positive().max(3600).default(15),
  /** Longest time to receive a whole request (headers and body) in seconds; 0 disables. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0).max(86_400).default(300),
  /** Longest time to receive a request's headers in seconds. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** How long an idle keep-alive connection stays open in seconds. */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(72),
  /** Longest silence on a connection (no byte received or sent) in seconds before it is closed. */
  HTTP_CONNECTION_TIMEOUT_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  /** Longest time to receive the body of a request that is not an upload, in seconds; 0 leaves only HTTP_REQUEST_TIMEOUT_SECONDS. */
  HTTP_BODY_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  /** Open connections one client address may hold; loopback, and every address with TRUST_PROXY, are exempt; 0 disables. */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(64),
  /** Free space under DATA_DIR below which /api/v1/health reports storage as low (bytes). */
  STORAGE_MIN_FREE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(512 * 1024 * 1024),
  // -- feature modules add their variables below this line --
  /** Google OAuth client id; when unset, Google sign-in answers 503 and the button is hidden. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Where Google's ID-token signing keys are published (tests point this at a local issuer). */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Requests per minute and client address to each of login, signup, register and Google sign-in. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Requests per minute and client address to each username / email availability check. */
  AUTH_CHECK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Payment provider: stripe (needs STRIPE_SECRET_KEY) or local (test cards, no money moves; in production only when chosen here). */
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).optional(),
  /** Stripe secret key; when set, payments go through Stripe Checkout instead of the local provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Stripe webhook signing secret (whsec_...); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe publishable key handed to the web app (never hard-coded). */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Base URL of the Stripe API (default https://api.stripe.com); for tests and egress proxies. */
  STRIPE_API_BASE: z.url().optional(),
  /** Checkout sessions each signed-in user may start per minute, across all instances. */
  CHECKOUT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Refunds each admin or creator may make per minute, across all instances. */
  REFUND_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Direct messages each user may send per minute, across all instances (Redis when set). */
  MESSAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Seconds between realtime heartbeats: pings, dead-socket sweeps and session re-checks. */
  REALTIME_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /** Platform fee in percent kept from each sale and membership payment; creators get the rest. */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** Largest image upload in bytes (default 10 MiB). */
  MEDIA_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Largest audio upload in bytes (default 50 MiB). */
  MEDIA_MAX_AUDIO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Largest video upload in bytes (default 500 MiB). */
  MEDIA_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * 1024 * 1024),
  /** How long a signed media URL of a paid item stays valid, in seconds (default 1 hour). */
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** S3-compatible bucket for media; when unset, media are files under DATA_DIR/media. */
  S3_BUCKET: z.string().min(1).optional(),
  /** S3 endpoint URL for non-AWS stores (MinIO, R2, B2); unset uses AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** S3 region (default us-east-1; most non-AWS stores accept any). */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** S3 access key id; unset uses the AWS default credential chain. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  /** S3 secret access key (with S3_ACCESS_KEY_ID). */
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address buckets as endpoint/bucket instead of bucket.endpoint (MinIO needs true). */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Who answers the AI assistant and studio: builtin (no model, no network), ollama or openai. */
  AI_PROVIDER: z.enum(['builtin', 'ollama', 'openai']).default('builtin'),
  /** Default model name; required for ollama and openai, `aura-builtin` for builtin. */
  AI_MODEL: z.string().trim().min(1).max(200).optional(),
  /** Further model names a request may choose, comma-separated; AI_MODEL is always allowed. */
  AI_MODELS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    )
    .optional(),
  /** Base URL of the Ollama server (AI_PROVIDER=ollama). */
  OLLAMA_URL: z.url().default('http://127.0.0.1:11434'),
  /** Base URL of an OpenAI-compatible API: llama.cpp server, vLLM, LM Studio or OpenAI itself. */
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  /** API key sent to OPENAI_BASE_URL (local servers usually need none). */
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** Longest wait for a model's whole answer in milliseconds; past it the call answers 504. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** AI chat requests per minute and signed-in user. */
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** AI chat requests per minute and client address without sign-in (stricter). */
  AI_ANON_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Longest AI chat message in characters; a longer one is refused with 400. */
  AI_MAX_INPUT_CHARS: z.coerce.number().int().min(10).max(100_000).default(2000),
  /** Operator details shown in the imprint (issue 10: runtime settings served by GET /api/v1/site). */
  OPERATOR_NAME: operatorText(200),
  /** Operator's postal address for the imprint (one line; commas separate its parts). */
  OPERATOR_ADDRESS: operatorText(500),
  /** Who represents the operator (imprint). */
  OPERATOR_REPRESENTATIVE: operatorText(200),
  /** Operator's contact e-mail (imprint; also the support address when SUPPORT_EMAIL is unset). */
  OPERATOR_EMAIL: z.email().optional(),
  /** Operator's phone number (imprint). */
  OPERATOR_PHONE: operatorText(60),
  /** Operator's register entry, e.g. court and number (imprint). */
  OPERATOR_REGISTER: operatorText(200),
  /** Operator's VAT identification number (imprint). */
  OPERATOR_VAT_ID: operatorText(60),
  /** Where the help page's contact button writes to (default: OPERATOR_EMAIL). */
  SUPPORT_EMAIL: z.email().optional(),
  /** Key encrypting payout account and routing numbers: 32 bytes as base64 or hex; unset derives one from the root secret. */
  PAYOUT_KEY: z
    .string()
    .refine((value) => decodeKey32(value) !== null, 'must be 32 bytes as base64 or hex')
    .optional(),
  /** Earlier payout keys, comma-separated, that still decrypt until `npm run payouts:rotate-key` re-encrypts. */
  PAYOUT_KEYS_PREVIOUS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== ''),
    )
    .refine(
      (keys) => keys.every((key) => decodeKey32(key) !== null),
      'each key must be 32 bytes as base64 or hex',
    )
    .optional(),
  /** IANA time zone of the Control Hub's days and weeks (default: the server's, i.e. TZ). */
  HUB_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin or UTC')
    .optional(),
  /** Where mails go: outbox (stored, read at /admin/outbox; default) or smtp (default when SMTP_URL or SMTP_HOST is set). */
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).optional(),
  /** Sender of every mail, e.g. `Aura <no-reply@example.com>`. */
  MAIL_FROM: z.string().trim().min(3).max(320).default('Aura <no-reply@localhost>'),
  /** SMTP server as a URL: smtp://user:password@host:587 (STARTTLS) or smtps://host:465 (TLS). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** SMTP host (instead of SMTP_URL). */
  SMTP_HOST: z.string().min(1).optional(),
  /** SMTP port (default 587; 465 with SMTP_SECURE). */
  SMTP_PORT: port.default(587),
  /** SMTP user name. */
  SMTP_USER: z.string().min(1).optional(),
  /** SMTP password (with SMTP_USER). */
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: flag.default(false),
  /** Refuse to send unless the server upgrades to TLS (STARTTLS). */
  SMTP_REQUIRE_TLS: flag.default(false),
  /** Verification mails a user may ask for per hour (the banner's resend button). */
  MAIL_RESEND_PER_HOUR: z.coerce.number().int().positive().default(3),
  /** Password-reset mails per hour, both per e-mail address asked for and per account. */
  PASSWORD_RESET_PER_HOUR: z.coerce.number().int().positive().default(3),
  /** New-post e-mails handed to the mail server per second, at most, across all instances. */
  NEWSLETTER_MAILS_PER_SECOND: z.coerce.number().int().positive().max(10_000).default(20),
  /** A mailbox whose mails unsubscribe, offered in List-Unsubscribe beside the https link. */
  MAIL_UNSUBSCRIBE_MAILTO: z.string().email().optional(),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export type ConfigEnv = z.infer<typeof ConfigEnv>;

export type Config = ConfigEnv & {
  dataDir: string;
  publicUrl: string;
  seedDemo: boolean;
  isProduction: boolean;
  /** MAIL_TRANSPORT, else smtp when an SMTP server is configured, else the embedded outbox. */
  mailTransport: 'outbox' | 'smtp';
  /** API_DOCS, else on outside production. */
  apiDocs: boolean;
  /**
   * Who takes payments: stripe when chosen or when STRIPE_SECRET_KEY is set; local when chosen,
   * or by default outside production; `none` in production without either (checkout answers 503).
   */
  paymentsProvider: 'local' | 'stripe' | 'none';
  /** HUB_TIME_ZONE, else the time zone the server runs in (TZ), else UTC. */
  hubTimeZone: string;
};

export class ConfigError extends Error {}

function paymentsProviderOf(c: ConfigEnv, isProduction: boolean): Config['paymentsProvider'] {
  if (c.PAYMENTS_PROVIDER) return c.PAYMENTS_PROVIDER;
  if (c.STRIPE_SECRET_KEY) return 'stripe';
  // The test-card provider lets anyone "pay" with 4242…: in production only when chosen.
  return isProduction ? 'none' : 'local';
}

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
  if (c.MAIL_TRANSPORT === 'smtp' && !c.SMTP_URL && !c.SMTP_HOST) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_TRANSPORT: smtp needs SMTP_URL or SMTP_HOST',
    );
  }
  if (isProduction && !c.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production (at least 32 characters)',
    );
  }
  if (isProduction && c.SEED_DEMO === true) {
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO: the demo seed (public demo passwords) never runs when NODE_ENV=production',
    );
  }
  if (c.PAYMENTS_PROVIDER === 'stripe' && !c.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    // Production never seeds: the demo accounts' passwords are public.
    seedDemo: !isProduction && (c.SEED_DEMO ?? !c.DATABASE_URL),
    isProduction,
    mailTransport: c.MAIL_TRANSPORT ?? (c.SMTP_URL || c.SMTP_HOST ? 'smtp' : 'outbox'),
    apiDocs: c.API_DOCS ?? !isProduction,
    paymentsProvider: paymentsProviderOf(c, isProduction),
    hubTimeZone: c.HUB_TIME_ZONE ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'),
  };
}
