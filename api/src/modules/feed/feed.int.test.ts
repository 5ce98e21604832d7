/**
 * The demo feed on embedded PostgreSQL with a fast clock (a match in 2.4 s): upcoming, live and finished
 * matches at once; live odds move; a result is recorded exactly once across a restart; with no data the
 * generated league appears.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import { loadConfig } from '../../config.ts';
import { closeServices, openServices, type AppServices } from '../../services.ts';
import { auditModule } from '../audit/index.ts';
import { catalogueModule } from '../catalogue/index.ts';
import { resultOf, type Timeline } from './timeline.ts';
import { createFeedModule, DEFAULT_DATA_DIR, type FeedOptions } from './index.ts';

const FAST: FeedOptions = {
  matchMinutes: 0.04,
  tickMs: 100,
  schedule: { days: 2, dailyKickoffs: ['18:00', '21:00'] },
};

const until = async (what: string, check: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const boot = async (options: FeedOptions) => {
  const db = await openTestDatabase('pglite');
  const feed = createFeedModule(options);
  const services = await openServices(
    loadConfig({ LOG_LEVEL: 'silent' }),
    [auditModule, catalogueModule, feed],
    { sql: db.sql },
  );
  return { services, feed };
};

const statusCounts = async (services: AppServices) => {
  const { rows } = await services.sql.query<{ status: number; n: number }>(
    `SELECT status, count(*)::int AS n FROM matches WHERE source_key LIKE 'demo:%' GROUP BY status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<number, number>;
};

const REAL_DATA = join(DEFAULT_DATA_DIR, 'football-data', 'E0-2024-25.csv');
if (!existsSync(REAL_DATA))
  console.info(`demo feed real-data test skipped: no ${REAL_DATA} (../shared/data is absent)`);

describe.skipIf(!existsSync(REAL_DATA))('demo feed with real data', () => {
  let services: AppServices;
  let feed: ReturnType<typeof createFeedModule>;
  let dataDir: string;
  const odds = new Map<string, Set<string>>();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'feed-data-'));
    await mkdir(join(dataDir, 'football-data'));
    const e0 = join('football-data', 'E0-2024-25.csv');
    await symlink(join(DEFAULT_DATA_DIR, e0), join(dataDir, e0));
    await symlink(join(DEFAULT_DATA_DIR, 'worldcup'), join(dataDir, 'worldcup'));
    ({ services, feed } = await boot({ ...FAST, dataDir }));
    services.emitter.on('ODDS_CHANGED', (message, done) => {
      const payload = (
        message as unknown as {
          payload: { outcomes: { outcomeId: string; odds: string | null; isLive: boolean }[] };
        }
      ).payload;
      for (const o of payload.outcomes)
        if (o.isLive && o.odds) odds.set(o.outcomeId, (odds.get(o.outcomeId) ?? new Set()).add(o.odds));
      done();
    });
  });
  afterAll(async () => closeServices(services));

  it('shows upcoming, live and finished matches at once, moves live odds, and records each result once across a restart', async () => {
    const stop = await feed.start!(services);
    await until('upcoming, live and finished matches', async () => {
      const c = await statusCounts(services);
      return (c[1] ?? 0) > 0 && (c[2] ?? 0) > 0 && (c[3] ?? 0) > 0;
    });
    const { rows: live } = await services.sql.query<{ match_minute: string }>(
      `SELECT match_minute FROM matches WHERE status = 2`,
    );
    expect(live.every((r) => /^(\d+|45\+\d|90\+\d|HT|FT)$/.test(r.match_minute))).toBe(true);
    await until('a live price to change', async () => [...odds.values()].some((s) => s.size > 1));

    await stop(); // mid-way: some matches are in play
    const again = await createFeedModule({ ...FAST, dataDir }).start!(services); // a new process: empty caches
    await until(
      'more finished matches after the restart',
      async () => ((await statusCounts(services))[3] ?? 0) >= 6,
    );
    await again();

    const { rows: done } = await services.sql.query<{
      match_id: string;
      timeline: Timeline;
      home_score: number;
      away_score: number;
      ht_home_score: number;
      ht_away_score: number;
      goals: { side: string; minute: string }[] | null;
      statistics: unknown;
    }>(
      `SELECT f.match_id::text, f.timeline, m.home_score, m.away_score, m.ht_home_score, m.ht_away_score, m.goals, m.statistics
       FROM feed_matches f JOIN matches m ON m.id = f.match_id WHERE f.done`,
    );
    expect(done.length).toBeGreaterThanOrEqual(6);
    for (const d of done) {
      const events = (await services.store.readStream(`fixture-${d.match_id}`, { from: 1, maxCount: 10 }))
        .events;
      expect(events.map((e) => e.type)).toEqual(['ResultRecorded']);
      const { halfTime, fullTime } = resultOf(d.timeline);
      expect(events[0]!.data).toMatchObject({ halfTime, fullTime });
      expect([d.home_score, d.away_score, d.ht_home_score, d.ht_away_score]).toEqual([
        fullTime.home,
        fullTime.away,
        halfTime.home,
        halfTime.away,
      ]);
      // Issue 16 items 1, 2: every goal with its minute, and the source's full-time statistics.
      expect(d.goals?.length).toBe(fullTime.home + fullTime.away);
      expect(d.goals?.filter((g) => g.side === 'home').length).toBe(fullTime.home);
      expect(d.statistics).toEqual(d.timeline.statistics ?? null);
    }
    expect(done.some((d) => d.statistics !== null)).toBe(true);
    const { rows: sources } = await services.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM matches WHERE source_key LIKE 'demo:fd:E0:%'`,
    );
    expect(sources[0]!.n).toBeGreaterThan(0);
  });
});

describe('demo feed with no data', () => {
  let services: AppServices;
  let feed: ReturnType<typeof createFeedModule>;
  beforeAll(async () => {
    const empty = await mkdtemp(join(tmpdir(), 'feed-empty-'));
    ({ services, feed } = await boot({ ...FAST, dataDir: empty }));
  });
  afterAll(async () => closeServices(services));

  it('generates a Tanzanian league with priced markets', async () => {
    const stop = await feed.start!(services);
    await until('generated matches', async () => ((await statusCounts(services))[1] ?? 0) > 0);
    await stop();
    const { rows } = await services.sql.query<{ name: string }>(
      `SELECT DISTINCT t.name FROM matches m JOIN teams t ON t.id IN (m.home_team_id, m.away_team_id)
       JOIN competitions c ON c.id = m.competition_id WHERE c.source_key = 'demo:generated:tz-premier'`,
    );
    expect(rows.map((r) => r.name)).toContain('Simba SC');
    const { rows: priced } = await services.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outcomes o JOIN markets k ON k.id = o.market_id JOIN matches m ON m.id = k.match_id
       WHERE m.status = 1 AND k.betting_type_id = 69 AND o.odds >= 1.01`,
    );
    expect(priced[0]!.n).toBeGreaterThan(0);
    // The left menu's hot leagues (spec §2) are not empty on a fresh start (issue 16 point 3).
    const { rows: hot } = await services.sql.query<{ popular: boolean; popular_sorting: number }>(
      `SELECT popular, popular_sorting FROM competitions WHERE source_key = 'demo:generated:tz-premier'`,
    );
    expect(hot).toEqual([{ popular: true, popular_sorting: 100 }]);
  });
});
