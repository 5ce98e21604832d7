/**
 * Server configuration from the environment, validated once at start (architecture.md §7).
 * Unset `DATABASE_URL` means the embedded default: PGlite in `PGLITE_DIR`.
 */
import { EVENT_STORE_KINDS } from '@bashiri/eventstore';
import { z } from 'zod';

const schema = z.object({
  /**
   * `production` turns off GraphQL introspection and suggestions (issue 15 item 1) and makes the start
   * refuse sandboxes, the demo feed and default secrets (production.ts; docs/running.md "Production").
   */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /**
   * Whether every staff account must bind Google Authenticator before it may use the back office
   * (issue 15 item 5; docs/auth.md "Staff setup"): `required` or `optional`. Unset: `required` in
   * production (which refuses `optional`, production.ts), `optional` in development and tests, so that
   * a newcomer's first look at the back office needs no authenticator app (decision 0054).
   */
  STAFF_TOTP: z.enum(['required', 'optional']).optional(),
  /** Time-box of every top-level GraphQL query field, milliseconds (graphql/limits.ts). */
  GRAPHQL_RESOLVER_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A PostgreSQL server for events and read models; unset = embedded PGlite. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  /** Folder of the embedded database when DATABASE_URL is unset. */
  PGLITE_DIR: z.string().default('.data/pglite'),
  /**
   * The pub/sub behind GraphQL subscriptions (docs/live.md "Emitter"): `memory` = in-process (one API
   * instance); `redis` = through Redis at `REDIS_URL`, so a change published by any instance reaches
   * subscribers on every instance.
   */
  PUBSUB: z.enum(['memory', 'redis']).default('memory'),
  /** Redis for `PUBSUB=redis`. */
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Prefix of the Redis channels, so several sites (or test runs) can share one Redis. */
  PUBSUB_PREFIX: z.string().default('bashiri:'),
  /**
   * The proxies whose `X-Forwarded-For` is believed, as Fastify's `trustProxy` (comma-separated
   * addresses or CIDRs, e.g. `127.0.0.1,10.0.0.0/8`). Unset: none, and the caller's IP is the
   * connection's — otherwise anyone could forge an address past the IP blacklist and rate limits.
   */
  TRUST_PROXY: z.string().optional(),
  /**
   * Mobile-money providers (docs/payments.md): `sandbox` = the four provider sandboxes started in this
   * process on loopback, spoken to by the real adapters (the default, as no provider is reachable from
   * here); `fake` = in-memory fakes.
   */
  PAYMENT_PROVIDERS: z.enum(['sandbox', 'fake']).default('sandbox'),
  /**
   * The SMS gateway (identity sms.ts): `sandbox` delivers nothing (and logs codes outside production).
   * No real gateway is built yet, so a production start refuses (production.ts).
   */
  SMS_GATEWAY: z.enum(['sandbox']).default('sandbox'),
  /**
   * Other origins allowed to call the API from a browser (CORS), comma-separated, e.g.
   * `https://m.example.co.tz`. The site's own origin (`PUBLIC_URL`) is always allowed; unset = no other
   * (issue 15 item 6: the web apps are served from the API's own origin).
   */
  CORS_ORIGINS: z.string().optional(),
  /** Our public address, for provider callbacks; default `http://HOST:PORT`. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Where the events live (docs/running.md, docs/kurrentdb.md): `sql` = the database of the read
   * models (the default); `kurrentdb` = a KurrentDB server at `KURRENTDB_URL`; `memory` = this process
   * (tests). Read models, checkpoints and the catalogue stay in the SQL database in every case.
   */
  EVENT_STORE: z.enum(EVENT_STORE_KINDS).default('sql'),
  /** KurrentDB connection string for `EVENT_STORE=kurrentdb`, e.g. `kurrentdb://localhost:2113?tls=false`. */
  KURRENTDB_URL: z
    .string()
    .regex(
      /^(kurrentdb|kdb|esdb|eventstore)(\+discover)?:\/\/\S+$/,
      'a kurrentdb:// (or esdb://) connection string',
    )
    .optional(),
});

export type ServerConfig = z.infer<typeof schema>;

/** True when staff must bind an authenticator (see `STAFF_TOTP`): explicitly, or by default in production. */
export const staffTotpRequired = (config: Pick<ServerConfig, 'STAFF_TOTP' | 'NODE_ENV'>): boolean =>
  (config.STAFF_TOTP ?? (config.NODE_ENV === 'production' ? 'required' : 'optional')) === 'required';

/** Parses `env`; throws one readable error naming every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const parsed = schema
    .refine((config) => config.EVENT_STORE !== 'kurrentdb' || config.KURRENTDB_URL, {
      message: 'required when EVENT_STORE=kurrentdb',
      path: ['KURRENTDB_URL'],
    })
    .safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `bad configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
};
