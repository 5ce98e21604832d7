/**
 * The demo feed's loop (docs/demo-feed.md): every tick it tops up the schedule, moves every started
 * match along its clock (status, minute, score), re-prices live markets from the in-play model,
 * suspends them around goals, and records the result of finished matches as a fixture event. All
 * state is in the database, so a restarted feed carries on where it stopped.
 */
import { fairMarkets, priceMarket } from '@bashiri/domain';
import type { AppServices } from '../../services.ts';
import { recordFixtureFact } from '../catalogue/index.ts';
import { publishMatchUpdated, publishOddsChanged } from '../catalogue/index.ts';
import type { MatchRow, OutcomeChange } from '../catalogue/index.ts';
import { generatedFixture } from './league.ts';
import { MATCH_STATUS, OFFER_STATUS } from '@bashiri/domain';
import { bettingTypeOf, offerKey, offerPrices } from './offers.ts';
import { plannedKickoffs, type ScheduleOptions } from './schedule.ts';
import type { SourceFixture } from './sources.ts';
import { insertMatches, loadTypeSettings, readCursor, type NewMatch, type TypeSettings } from './store.ts';
import { goalClock, shownAt, STANDARD_CLOCK_MINUTES, stateAt, type Timeline } from './timeline.ts';

/** How a feed runs. */
export interface FeedSettings {
  /** Real minutes a standard match lasts (kick-off to final whistle, break included). */
  readonly matchMinutes: number;
  readonly tickMs: number;
  /** Fixtures to replay; empty → the generated league. */
  readonly sources: readonly SourceFixture[];
  /** Seed of the generated league. */
  readonly seed: number;
  readonly schedule?: Omit<ScheduleOptions, 'matchMs'>;
  /** For logs; default console. */
  readonly log?: (message: string, error?: unknown) => void;
}

interface Offer {
  readonly id: string;
  readonly typeId: number;
  odds: string | null;
  statusId: number;
}
interface Cached {
  readonly offers: Map<string, Offer>;
  readonly markets: Map<string, { id: string; statusId: number; live: boolean }>;
}
interface Started {
  id: string;
  start: number;
  home_rate: number;
  away_rate: number;
  timeline: Timeline;
}

const seconds = (ms: number) => ms / 1000;

/** A feed bound to `services`; `tick` is public for tests, `run` loops until `stop`. */
export const createFeed = (services: AppServices, settings: FeedSettings) => {
  const matchMs = settings.matchMinutes * 60_000;
  const msPerClockMinute = matchMs / STANDARD_CLOCK_MINUTES;
  const schedule: ScheduleOptions = { ...settings.schedule, matchMs };
  const cache = new Map<string, Cached>();
  const log = settings.log ?? ((m: string, e?: unknown) => services.logger.error({ err: e }, `feed: ${m}`));
  let types: TypeSettings = new Map();
  let lastTopUp = -Infinity;

  const topUp = async (now: number) => {
    types = await loadTypeSettings(services.sql);
    const since = now - matchMs * 3;
    const { rows } = await services.sql.query<{ t: number }>(
      `SELECT extract(epoch FROM m.start_time)::float8 * 1000 AS t FROM feed_matches f JOIN matches m ON m.id = f.match_id
       WHERE m.start_time >= to_timestamp($1)`,
      [seconds(since)],
    );
    const kickoffs = plannedKickoffs(
      now,
      rows.map((r) => Math.round(Number(r.t))),
      schedule,
    );
    if (kickoffs.length === 0) return;
    const cursor = await readCursor(services.sql);
    const news: NewMatch[] = kickoffs.map((kickoff, i) => {
      const k = cursor + i;
      if (settings.sources.length === 0) {
        const g = generatedFixture(k, settings.seed);
        const competition = {
          key: 'generated:tz-premier',
          name: 'NBC Premier League (demo)',
          countryCode: 'TZ',
        };
        return {
          sourceKey: `gen:${settings.seed}:${k}`,
          competition,
          home: g.home.name,
          away: g.away.name,
          kickoff,
          rates: g.rates,
          timeline: g.timeline,
        };
      }
      const s = settings.sources[k % settings.sources.length]!;
      return {
        sourceKey: s.key,
        competition: s.competition,
        home: s.home,
        away: s.away,
        kickoff,
        ...s.build(),
      };
    });
    await insertMatches(services.sql, news, types);
  };

  const loadOffers = async (ids: string[]) => {
    const missing = ids.filter((id) => !cache.has(id));
    if (missing.length === 0) return;
    const { rows } = await services.sql.query<{
      id: string;
      match_id: string;
      market_id: string;
      betting_type_id: number;
      event_part_id: number;
      mline: string | null;
      pick: string;
      line: string | null;
      odds: string | null;
      status_id: number;
      mstatus: number;
      is_live: boolean;
    }>(
      `SELECT o.id::text, m.match_id::text, m.id::text AS market_id, m.betting_type_id, m.event_part_id, m.line::text AS mline,
         o.pick, o.line::text, o.odds::text, o.status_id, m.status_id AS mstatus, m.is_live
       FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.match_id = ANY ($1::bigint[])`,
      [missing],
    );
    for (const id of missing) cache.set(id, { offers: new Map(), markets: new Map() });
    for (const r of rows) {
      const c = cache.get(r.match_id)!;
      c.offers.set(offerKey(r.betting_type_id, r.event_part_id, r.mline, r.pick, r.line), {
        id: r.id,
        typeId: r.betting_type_id,
        odds: r.odds === null ? null : String(Number(r.odds)),
        statusId: r.status_id,
      });
      c.markets.set(
        `${r.betting_type_id}|${r.event_part_id}|${r.mline === null ? '' : String(Number(r.mline))}`,
        { id: r.market_id, statusId: r.mstatus, live: r.is_live },
      );
    }
  };

  const tick = async (now = services.now()) => {
    if (now - lastTopUp >= Math.min(60_000, matchMs / 6)) {
      await topUp(now);
      lastTopUp = now;
    }
    const { rows } = await services.sql.query<Started>(
      `SELECT m.id::text AS id, extract(epoch FROM m.start_time)::float8 * 1000 AS start, f.home_rate, f.away_rate, f.timeline
       FROM feed_matches f JOIN matches m ON m.id = f.match_id
       WHERE NOT f.done AND m.status IN (1, 2) AND m.start_time <= to_timestamp($1)`,
      [seconds(now)],
    );
    if (rows.length === 0) return;
    await loadOffers(rows.map((r) => r.id));
    const states = rows.map((r) => {
      const clockMinutes = (now - Number(r.start)) / msPerClockMinute;
      const shown = shownAt(r.timeline, clockMinutes);
      return {
        r,
        s: stateAt(r.timeline, clockMinutes),
        goals: JSON.stringify(shown.goals),
        statistics: shown.statistics ? JSON.stringify(shown.statistics) : null,
      };
    });

    // Display row: status 2 while in play (the recorded result makes it 3), minute, scores.
    const ht = (s: (typeof states)[number]['s']) =>
      s.clock.phase === 'first_half' ? null : (s.clock.halfTimeScore ?? s.clock.score);
    const { rows: changedMatches } = await services.sql.query<MatchRow>(
      `UPDATE matches m SET status = 2, match_minute = u.minute, home_score = u.h, away_score = u.a, ht_home_score = u.hh, ht_away_score = u.ha,
         goals = u.g, statistics = u.st, object_version = m.object_version + 1, updated_at = now()
       FROM unnest($1::bigint[], $2::text[], $3::smallint[], $4::smallint[], $5::smallint[], $6::smallint[], $7::jsonb[], $8::jsonb[])
         AS u(id, minute, h, a, hh, ha, g, st)
       WHERE m.id = u.id AND m.status IN (1, 2)
         AND (m.status, m.match_minute, m.home_score, m.away_score, m.ht_home_score, m.ht_away_score, m.goals, m.statistics)
           IS DISTINCT FROM (2, u.minute, u.h, u.a, u.hh, u.ha, u.g, u.st)
       RETURNING m.*`,
      [
        states.map((x) => x.r.id),
        states.map((x) => x.s.display),
        states.map((x) => x.s.clock.score.home),
        states.map((x) => x.s.clock.score.away),
        states.map((x) => ht(x.s)?.home ?? null),
        states.map((x) => ht(x.s)?.away ?? null),
        states.map((x) => x.goals),
        states.map((x) => x.statistics),
      ],
    );
    for (const row of changedMatches) publishMatchUpdated(services, row);

    // Live prices.
    const outcomeUpdates: { id: string; odds: string | null; fair: string | null; statusId: number }[] = [];
    const marketUpdates: { id: string; statusId: number }[] = [];
    const published = new Map<string, OutcomeChange[]>();
    for (const { r, s } of states) {
      const c = cache.get(r.id)!;
      const priced = fairMarkets({
        rates: { home: Number(r.home_rate), away: Number(r.away_rate) },
        clock: s.clock,
      }).map((fair) =>
        priceMarket(fair, { defaultMarginPercent: types.get(bettingTypeOf(fair).typeId)?.margin ?? 6 }),
      );
      const goalTimes = r.timeline.goals.map(
        (g) => Number(r.start) + goalClock(g, r.timeline) * msPerClockMinute,
      );
      const nearGoal = (typeId: number) => {
        const delay = (types.get(typeId)?.delaySeconds ?? 8) * 1000;
        return goalTimes.some((t) => Math.abs(now - t) <= delay);
      };
      const prices = offerPrices(priced);
      for (const p of prices.outcomes) {
        const offer = c.offers.get(p.key);
        if (!offer) continue;
        const statusId =
          p.statusId === OFFER_STATUS.OPEN && nearGoal(offer.typeId) ? OFFER_STATUS.SUSPENDED : p.statusId;
        if (offer.odds === p.odds && offer.statusId === statusId) continue;
        offer.odds = p.odds;
        offer.statusId = statusId;
        outcomeUpdates.push({ id: offer.id, odds: p.odds, fair: p.fairOdds, statusId });
        const list = published.get(r.id) ?? [];
        list.push({ outcomeId: offer.id, odds: p.odds, statusId, isLive: true });
        published.set(r.id, list);
      }
      for (const [key, statusId] of prices.markets) {
        const market = c.markets.get(key);
        const wanted =
          statusId === OFFER_STATUS.OPEN && nearGoal(Number(key.split('|')[0]))
            ? OFFER_STATUS.SUSPENDED
            : statusId;
        if (!market || (market.statusId === wanted && market.live)) continue;
        market.statusId = wanted;
        market.live = true;
        marketUpdates.push({ id: market.id, statusId: wanted });
      }
    }
    if (outcomeUpdates.length > 0)
      await services.sql.query(
        `UPDATE outcomes o SET odds = u.odds, odds_original = u.fair, status_id = u.s, updated_at = now()
         FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::smallint[]) AS u(id, odds, fair, s) WHERE o.id = u.id`,
        [
          outcomeUpdates.map((u) => u.id),
          outcomeUpdates.map((u) => u.odds),
          outcomeUpdates.map((u) => u.fair),
          outcomeUpdates.map((u) => u.statusId),
        ],
      );
    if (marketUpdates.length > 0)
      await services.sql.query(
        `UPDATE markets m SET status_id = u.s, is_live = true FROM unnest($1::bigint[], $2::smallint[]) AS u(id, s) WHERE m.id = u.id`,
        [marketUpdates.map((u) => u.id), marketUpdates.map((u) => u.statusId)],
      );
    for (const [matchId, outcomes] of published) publishOddsChanged(services, { matchId, outcomes });

    // Results: once per match (idempotency key and the fixture decider's "same fact" rule).
    const finished = states.filter((x) => x.s.status === MATCH_STATUS.ENDED);
    for (const { r, s } of finished) {
      try {
        await recordFixtureFact(
          services,
          r.id,
          { type: 'RecordResult', halfTime: s.clock.halfTimeScore!, fullTime: s.clock.score },
          { kind: 'system', id: 'demo-feed' },
          { idempotencyKey: `result:${r.id}`, at: new Date(now).toISOString() },
        );
      } catch (error) {
        log(`result of match ${r.id} not recorded; the feed leaves it alone`, error);
      }
      cache.delete(r.id);
    }
    if (finished.length > 0)
      await services.sql.query('UPDATE feed_matches SET done = true WHERE match_id = ANY ($1::bigint[])', [
        finished.map((x) => x.r.id),
      ]);
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const loop = () => {
    running = tick()
      .catch((error) => log('tick failed (will retry)', error))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, settings.tickMs);
      });
  };
  return {
    tick,
    /** Starts the loop: the first tick now, then every `tickMs`. */
    run: () => {
      stopped = false;
      loop();
    },
    /** Stops the loop and waits for a tick in progress. */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
