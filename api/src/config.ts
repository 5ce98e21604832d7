/**
 * Server configuration from the environment, validated once at start (architecture.md §7).
 * Unset `DATABASE_URL` means the embedded default: PGlite in `PGLITE_DIR`.
 */
import { z } from 'zod';

const schema = z.object({
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
  /** Our public address, for provider callbacks; default `http://HOST:PORT`. */
  PUBLIC_URL: z.string().url().optional(),
});

export type ServerConfig = z.infer<typeof schema>;

/** Parses `env`; throws one readable error naming every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `bad configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
};
