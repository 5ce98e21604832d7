/**
 * The live demo feed (issue 4 item 4; docs/demo-feed.md): real matches replayed at shifted kick-offs,
 * or a generated Tanzanian league when no data is present, priced by the pricing model and recorded as
 * fixture results, so that `npm start` always shows upcoming, live and finished matches.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import type { ApiModule } from '../module.ts';
import type { AppServices } from '../../services.ts';
import { seedCatalogue } from '../catalogue/index.ts';
import { createFeed } from './engine.ts';
import type { ScheduleOptions } from './schedule.ts';
import { loadSources } from './sources.ts';

/** What other modules and the end-to-end tests may use of this one (docs/decisions/0011-import-boundaries.md). */
export {
  assignGoalMinutes,
  clockLength,
  goalClock,
  resultOf,
  shownAt,
  STANDARD_CLOCK_MINUTES,
} from './timeline.ts';
export type { Timeline } from './timeline.ts';
export { clockOfRow, liveStates } from './live-state.ts';
export type { LiveStates, SelectionLive } from './live-state.ts';

/** Feed options; each falls back to its environment variable, then to the default. */
export interface FeedOptions {
  /** FEED_ENABLED ('0' turns the feed off). Default on. */
  readonly enabled?: boolean;
  /** FEED_DATA_DIR: folder holding football-data/, international/, worldcup/. Default ../shared/data from the repository root. */
  readonly dataDir?: string;
  /** FEED_MATCH_MINUTES: real minutes per match. Default 10. */
  readonly matchMinutes?: number;
  /** FEED_TICK_MS: how often live matches move and are re-priced. Default 5000 (spec §9 odds refresh). */
  readonly tickMs?: number;
  /** FEED_SEED: seed of the generated league. Default 2024. */
  readonly seed?: number;
  readonly schedule?: Omit<ScheduleOptions, 'matchMs'>;
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The data folder used when neither the option nor FEED_DATA_DIR names one. */
export const DEFAULT_DATA_DIR = resolve(REPO_ROOT, '../shared/data');

const positive = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!(n > 0)) throw new Error(`bad configuration: ${name} must be a positive number, got "${text}"`);
  return n;
};

/**
 * Options with the environment applied. Throws on a FEED_MATCH_MINUTES, FEED_TICK_MS or FEED_SEED that
 * is not a positive number.
 */
export const resolveFeedOptions = (options: FeedOptions = {}, env: NodeJS.ProcessEnv = process.env) => ({
  enabled: options.enabled ?? env['FEED_ENABLED'] !== '0',
  dataDir: resolve(REPO_ROOT, options.dataDir ?? env['FEED_DATA_DIR'] ?? DEFAULT_DATA_DIR),
  matchMinutes: options.matchMinutes ?? positive(env['FEED_MATCH_MINUTES'], 'FEED_MATCH_MINUTES') ?? 10,
  tickMs: options.tickMs ?? positive(env['FEED_TICK_MS'], 'FEED_TICK_MS') ?? 5000,
  seed: options.seed ?? positive(env['FEED_SEED'], 'FEED_SEED') ?? 2024,
  ...(options.schedule ? { schedule: options.schedule } : {}),
});

/** The feed as a server module; `options` override the environment (tests). */
export const createFeedModule = (options: FeedOptions = {}): ApiModule => ({
  name: 'feed',
  typeDefs: '',
  resolvers: {},
  migrations: new URL('./migrations/', import.meta.url),
  start: async (services: AppServices) => {
    const o = resolveFeedOptions(options);
    if (!o.enabled) return async () => undefined;
    await seedCatalogue(services.sql);
    // Every record the loaders leave out is logged with its reason (issue 15 item 9), then counted.
    const log = pino({ name: 'feed', level: services.config.LOG_LEVEL });
    let skipped = 0;
    const sources = await loadSources(o.dataDir, (skip) => {
      skipped++;
      log.warn({ skipped: skip }, `feed: skipped ${skip.source} ${skip.record}: ${skip.reason}`);
    });
    log.info({ dataDir: o.dataDir, fixtures: sources.length, skipped }, 'feed: sources loaded');
    const feed = createFeed(services, { ...o, sources });
    feed.run();
    return feed.stop;
  },
});

/** The feed module `npm start` runs, configured from the environment. */
export const feedModule: ApiModule = createFeedModule();
