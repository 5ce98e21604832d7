/**
 * The feed's writes of new matches into the catalogue tables (001.do.catalogue.sql) and its own
 * feed_matches rows: one transaction, a handful of batched statements, idempotent on source keys.
 */
import type { SqlClient, SqlExecutor } from '@bashiri/eventstore';
import { priceMarket, fairMarkets, type GoalRates } from '@bashiri/domain';
import { OFFER_STATUS } from '../catalogue/index.ts';
import { bettingTypeOf, offerKey, offerPrices, offerRows } from './offers.ts';
import { hotLeagueSorting, type SourceCompetition } from './sources.ts';
import type { Timeline } from './timeline.ts';

/** Per betting type: margin percent and live delay seconds (betting_types). */
export type TypeSettings = ReadonlyMap<number, { readonly margin: number; readonly delaySeconds: number }>;

/** Reads margin and live delay of every betting type. */
export const loadTypeSettings = async (sql: SqlExecutor): Promise<TypeSettings> => {
  const { rows } = await sql.query<{ id: number; margin: number; delay: number }>(
    'SELECT id, margin_percent::float8 AS margin, live_delay_seconds AS delay FROM betting_types',
  );
  return new Map(rows.map((r) => [r.id, { margin: Number(r.margin), delaySeconds: Number(r.delay) }]));
};

/** A match the feed decided to add. */
export interface NewMatch {
  /** Goes into matches.source_key as 'demo:<sourceKey>:<kickoff ms>'. */
  readonly sourceKey: string;
  readonly competition: SourceCompetition;
  readonly home: string;
  readonly away: string;
  /** Epoch ms. */
  readonly kickoff: number;
  readonly rates: GoalRates;
  readonly timeline: Timeline;
}

/** Pre-match prices of a match for its rates with each type's margin. */
export const prematchPrices = (rates: GoalRates, settings: TypeSettings) =>
  offerPrices(
    fairMarkets({ rates }).map((fair) =>
      priceMarket(fair, { defaultMarginPercent: settings.get(bettingTypeOf(fair).typeId)?.margin ?? 6 }),
    ),
  );

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

/** Inserts competitions, teams, matches, markets, outcomes and feed rows; returns the new match ids. */
export const insertMatches = async (
  sql: SqlClient,
  news: readonly NewMatch[],
  settings: TypeSettings,
): Promise<string[]> =>
  news.length === 0
    ? []
    : sql.transaction(async (tx) => {
        const comps = [...new Map(news.map((n) => [n.competition.key, n.competition])).values()];
        await tx.query(
          `INSERT INTO competitions (source_key, name, country_id, popular, popular_sorting)
           SELECT 'demo:' || k, n, (SELECT id FROM countries WHERE code = c), h IS NOT NULL, coalesce(h, 0)
           FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS u(k, n, c, h)
           ON CONFLICT (source_key) DO NOTHING`,
          [
            comps.map((c) => c.key),
            comps.map((c) => c.name),
            comps.map((c) => c.countryCode),
            comps.map((c) => hotLeagueSorting(c.key)),
          ],
        );
        const teamNames = unique(news.flatMap((n) => [n.home, n.away]));
        await tx.query(
          `INSERT INTO teams (source_key, name) SELECT 'demo:team:' || n, n FROM unnest($1::text[]) AS u(n)
           ON CONFLICT (source_key) DO NOTHING`,
          [teamNames],
        );
        const matchKey = (n: NewMatch) => `demo:${n.sourceKey}:${n.kickoff}`;
        const { rows: created } = await tx.query<{
          id: string;
          source_key: string;
          home_team_id: number;
          away_team_id: number;
        }>(
          `INSERT INTO matches (source_key, competition_id, home_team_id, away_team_id, start_time, status)
           SELECT k, (SELECT id FROM competitions WHERE source_key = 'demo:' || c),
             (SELECT id FROM teams WHERE source_key = 'demo:team:' || h), (SELECT id FROM teams WHERE source_key = 'demo:team:' || a),
             to_timestamp(t / 1000.0), 1
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[]) AS u(k, c, h, a, t)
           ON CONFLICT (source_key) DO NOTHING
           RETURNING id::text, source_key, home_team_id, away_team_id`,
          [
            news.map(matchKey),
            news.map((n) => n.competition.key),
            news.map((n) => n.home),
            news.map((n) => n.away),
            news.map((n) => n.kickoff),
          ],
        );
        if (created.length === 0) return [];
        const byKey = new Map(news.map((n) => [matchKey(n), n]));
        const made = created.map((row) => ({ row, n: byKey.get(row.source_key)! }));
        await tx.query(
          `INSERT INTO feed_matches (match_id, source_key, home_rate, away_rate, timeline)
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::float8[], $5::jsonb[])`,
          [
            made.map((m) => m.row.id),
            made.map((m) => m.n.sourceKey),
            made.map((m) => m.n.rates.home),
            made.map((m) => m.n.rates.away),
            made.map((m) => JSON.stringify(m.n.timeline)),
          ],
        );
        const rows = made.flatMap(({ row, n }) => {
          const prices = new Map(prematchPrices(n.rates, settings).outcomes.map((p) => [p.key, p]));
          return offerRows(n.home, n.away).map((o) => ({
            matchId: row.id,
            o,
            teams: row,
            price: prices.get(offerKey(o.bettingTypeId, o.eventPartId, o.marketLine, o.pick, o.line)),
          }));
        });
        const markets = [
          ...new Map(
            rows.map((r) => [
              `${r.matchId}|${r.o.bettingTypeId}|${r.o.eventPartId}|${r.o.marketLine ?? ''}`,
              r,
            ]),
          ).values(),
        ];
        const { rows: marketIds } = await tx.query<{
          id: string;
          match_id: string;
          betting_type_id: number;
          event_part_id: number;
          line: string | null;
        }>(
          `INSERT INTO markets (match_id, betting_type_id, event_part_id, line, status_id, price_kind)
           SELECT m, t, p, l, ${OFFER_STATUS.OPEN}, 'model' FROM unnest($1::bigint[], $2::int[], $3::smallint[], $4::numeric[]) AS u(m, t, p, l)
           RETURNING id::text, match_id::text, betting_type_id, event_part_id, line::text`,
          [
            markets.map((m) => m.matchId),
            markets.map((m) => m.o.bettingTypeId),
            markets.map((m) => m.o.eventPartId),
            markets.map((m) => m.o.marketLine),
          ],
        );
        const marketOf = new Map(
          marketIds.map((m) => [
            `${m.match_id}|${m.betting_type_id}|${m.event_part_id}|${m.line === null ? '' : String(Number(m.line))}`,
            m.id,
          ]),
        );
        await tx.query(
          `INSERT INTO outcomes (market_id, type_id, participant_id, name, pick, line, status_id, odds_original, odds)
           SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::smallint[], $8::numeric[], $9::numeric[])`,
          [
            rows.map((r) =>
              marketOf.get(
                `${r.matchId}|${r.o.bettingTypeId}|${r.o.eventPartId}|${r.o.marketLine === null ? '' : String(Number(r.o.marketLine))}`,
              ),
            ),
            rows.map((r) => r.o.typeId),
            rows.map((r) =>
              r.o.participant === 'home'
                ? r.teams.home_team_id
                : r.o.participant === 'away'
                  ? r.teams.away_team_id
                  : null,
            ),
            rows.map((r) => r.o.name),
            rows.map((r) => r.o.pick),
            rows.map((r) => r.o.line),
            rows.map((r) => r.price?.statusId ?? OFFER_STATUS.SUSPENDED),
            rows.map((r) => r.price?.fairOdds ?? null),
            rows.map((r) => r.price?.odds ?? null),
          ],
        );
        await tx.query('UPDATE feed_state SET cursor = cursor + $1 WHERE id = 1', [created.length]);
        return made.map((m) => m.row.id);
      });

/** The cursor into the source pool. */
export const readCursor = async (sql: SqlExecutor): Promise<number> =>
  Number(
    (await sql.query<{ cursor: string }>('SELECT cursor::text FROM feed_state WHERE id = 1')).rows[0]
      ?.cursor ?? 0,
  );
