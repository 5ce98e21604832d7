/**
 * What every module gets: the database, the event store, the projection runner, the pub/sub emitter
 * behind GraphQL subscriptions, and a clock (architecture.md §7: one process by default).
 */
import type { MQEmitter } from 'mqemitter';
import { createSqlClientFromEnv, migrate, openSqlEventStore } from '@bashiri/eventstore';
import type { SqlClient, SqlEventStore } from '@bashiri/eventstore';
import { createProjectionRunner, migrateProjections } from '@bashiri/projections';
import type { ProjectionRunner } from '@bashiri/projections';
import type { ServerConfig } from './config.ts';
import type { ApiModule } from './modules/module.ts';
import { createEmitter } from './pubsub.ts';

export interface AppServices {
  readonly config: ServerConfig;
  readonly sql: SqlClient;
  readonly store: SqlEventStore;
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
}

export interface OpenServicesOptions {
  /** An already open database (tests); otherwise from `config`. */
  readonly sql?: SqlClient;
  readonly now?: () => number;
  /** Replaces {@link AppServices.sleep} (tests). */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** A real timer of `ms` milliseconds. */
const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the database, migrates the event store, the checkpoints and every module, and wires the projections. */
export const openServices = async (
  config: ServerConfig,
  modules: readonly ApiModule[],
  options: OpenServicesOptions = {},
): Promise<AppServices> => {
  const sql =
    options.sql ??
    (await createSqlClientFromEnv({
      ...(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}),
      ...(config.DATABASE_SCHEMA ? { DATABASE_SCHEMA: config.DATABASE_SCHEMA } : {}),
      PGLITE_DIR: config.PGLITE_DIR,
    }));
  const store = await openSqlEventStore(sql);
  await migrateProjections(sql);
  for (const module of modules) {
    if (module.migrations)
      await migrate(sql, { folder: module.migrations, table: `api_${module.name}_schema_version` });
  }
  const projections = createProjectionRunner({
    sql,
    store,
    projections: modules.flatMap((m) => m.projections ?? []),
    onError: (name, error) => console.error(`projection ${name} failed (will retry):`, error),
  });
  const emitter = createEmitter(config);
  return {
    config,
    sql,
    store,
    projections,
    emitter,
    publish: (topic, payload) => emitter.emit({ topic, payload }),
    now: options.now ?? Date.now,
    sleep: options.sleep ?? realSleep,
  };
};

/** Closes what {@link openServices} opened (the database too, unless the caller keeps it). */
export const closeServices = async (
  services: AppServices,
  options: { keepSql?: boolean } = {},
): Promise<void> => {
  await services.projections.stop();
  await new Promise<void>((resolve) => services.emitter.close(() => resolve()));
  await services.store.close();
  if (!options.keepSql) await services.sql.close();
};
