/**
 * What every module gets: the database, the event store, the projection runner, the pub/sub emitter
 * behind GraphQL subscriptions, and a clock (architecture.md §7: one process by default).
 */
import { createLogger, errorLog } from './logger.ts';
import type { Logger } from './logger.ts';
import type { MQEmitter } from 'mqemitter';
import { createEventStoreFromConfig, createSqlClientFromEnv, migrate } from '@bashiri/eventstore';
import type { EventStore, SqlClient } from '@bashiri/eventstore';
import { createProjectionRunner, migrateProjections } from '@bashiri/projection-runner';
import type { ProjectionRunner } from '@bashiri/projection-runner';
import type { ServerConfig } from './config.ts';
import type { ApiModule } from './modules/module.ts';
import { createEmitter } from './pubsub.ts';

export interface AppServices {
  readonly config: ServerConfig;
  readonly sql: SqlClient;
  /**
   * The event store `EVENT_STORE` names, as the port (issue 14 items 1–2): every command appends and
   * reads through it, and the projections read it. Nothing in the API needs to know which adapter it is
   * (`kind` is shown by the health check only).
   */
  readonly store: EventStore;
  /** The same store as {@link store} (the name the projections' wiring used). */
  readonly events: EventStore;
  readonly projections: ProjectionRunner;
  /** Pub/sub behind GraphQL subscriptions: in-process, or Redis when `PUBSUB=redis` (pubsub.ts, docs/live.md). */
  readonly emitter: MQEmitter;
  /** Publishes `payload` to the subscribers of `topic`. */
  publish(topic: string, payload: unknown): void;
  /** Now, as epoch ms: the one clock of the server (tests replace it). */
  now(): number;
  /**
   * Waits `ms` milliseconds (a real timer by default; tests replace it so that a hold such as the
   * rolling-bet delay of bet placement, spec §9, need not really pass).
   */
  sleep(ms: number): Promise<void>;
  /** The one logger (pino, logger.ts): Fastify's request logs and every background worker's lines. */
  readonly logger: Logger;
}

export interface OpenServicesOptions {
  /** An already open database (tests); otherwise from `config`. */
  readonly sql?: SqlClient;
  readonly now?: () => number;
  /** Replaces {@link AppServices.sleep} (tests). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Replaces the root logger made from `config.LOG_LEVEL` (tests). */
  readonly logger?: Logger;
  /**
   * An already open event store (tests: one in-memory store kept across a restart on the same `sql`);
   * otherwise opened from `config.EVENT_STORE`. The caller keeps it: {@link closeServices} leaves it open.
   */
  readonly events?: EventStore;
}

/** A real timer of `ms` milliseconds. */
const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// --- EVENT_STORE (issue 14 items 1–2) ------------------------------------------------------------
// The command side uses only the event-store port (money path, payments, identity, placement,
// settlement), so any adapter that passes the contract suites runs the site: events in SQL (the
// default), in KurrentDB, or in memory, with read models, checkpoints and the catalogue in SQL.

/**
 * Throws, naming the variable and why, when `EVENT_STORE` names a store that cannot work with this
 * configuration: `memory` beside a database that outlives the process (`DATABASE_URL`, or PGlite on
 * disk) — the events would vanish at every restart while the read models and the projections'
 * checkpoints stayed, so balances would answer from events that no longer exist. `memory` is for
 * tests and demos on an in-memory PGlite (`PGLITE_DIR=memory://`). Called first by {@link openServices}.
 */
export const checkEventStoreConfig = (config: ServerConfig): void => {
  if (config.EVENT_STORE !== 'memory') return;
  const lasting = config.DATABASE_URL
    ? 'DATABASE_URL'
    : config.PGLITE_DIR.startsWith('memory://')
      ? null
      : 'PGLITE_DIR';
  if (lasting)
    throw new Error(
      `EVENT_STORE=memory loses every event when the process ends, but the read models live on in ${lasting} ` +
        `(${lasting === 'PGLITE_DIR' ? config.PGLITE_DIR : 'PostgreSQL'}); use EVENT_STORE=sql or kurrentdb, ` +
        'or PGLITE_DIR=memory:// without DATABASE_URL for a throw-away run',
    );
};

/** The event store `EVENT_STORE` names (`sql`: its tables migrated into the database of the read models). */
const openEvents = (config: ServerConfig, sql: SqlClient): Promise<EventStore> =>
  createEventStoreFromConfig({
    kind: config.EVENT_STORE,
    sql,
    ...(config.KURRENTDB_URL ? { kurrentdbUrl: config.KURRENTDB_URL } : {}),
  });

// ---------------------------------------------------------------------------------------------------

/** Opens the database, migrates the event store, the checkpoints and every module, and wires the projections. */
export const openServices = async (
  config: ServerConfig,
  modules: readonly ApiModule[],
  options: OpenServicesOptions = {},
): Promise<AppServices> => {
  // An injected store (tests) is the caller's choice; otherwise refuse what cannot work.
  if (!options.events) checkEventStoreConfig(config);
  const sql =
    options.sql ??
    (await createSqlClientFromEnv({
      ...(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}),
      ...(config.DATABASE_SCHEMA ? { DATABASE_SCHEMA: config.DATABASE_SCHEMA } : {}),
      PGLITE_DIR: config.PGLITE_DIR,
    }));
  const logger = options.logger ?? createLogger(config);
  const store = options.events ?? (await openEvents(config, sql));
  await migrateProjections(sql);
  for (const module of modules) {
    if (module.migrations)
      await migrate(sql, { folder: module.migrations, table: `api_${module.name}_schema_version` });
  }
  const projections = createProjectionRunner({
    sql,
    store,
    projections: modules.flatMap((m) => m.projections ?? []),
    sharedReads: SHARED_READS,
    onError: (name, error) =>
      logger.error({ err: error, projection: name }, 'projection failed (will retry)'),
  });
  const emitter = createEmitter(config, errorLog(logger));
  return {
    config,
    sql,
    store,
    events: store,
    projections,
    emitter,
    publish: (topic, payload) => emitter.emit({ topic, payload }),
    now: options.now ?? Date.now,
    sleep: options.sleep ?? realSleep,
    logger,
  };
};

/**
 * Projections that share their reads of the log (decision 0200, issue 19 "Speed"): the wallet's read
 * models, the statistics and the promotion triggers all read every wallet movement (and the last two
 * the bet and account streams too), at about the same pace; a round of racing settlement appends tens
 * of thousands of movements, which each of them read separately before.
 */
export const SHARED_READS: readonly (readonly string[])[] = [
  ['wallet_read_models', 'statistics', 'promotion.triggers'],
];

/**
 * Closes what {@link openServices} opened (the database too, unless the caller keeps it; the event
 * store too, unless `keepEvents`).
 */
export const closeServices = async (
  services: AppServices,
  options: { keepSql?: boolean; keepEvents?: boolean } = {},
): Promise<void> => {
  await services.projections.stop();
  await new Promise<void>((resolve) => services.emitter.close(() => resolve()));
  if (!options.keepEvents) await services.store.close();
  if (!options.keepSql) await services.sql.close();
};
