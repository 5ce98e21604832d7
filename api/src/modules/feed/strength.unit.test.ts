/**
 * Prices from team strength for sources without bookmaker odds (issue 16 point 6; docs/pricing-model.md
 * §6): before, every World Cup match was priced from the same default rates (2.20 / 3.30 / 3.28).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { priceMatch, type GoalRates, type PlayedMatch } from '@bashiri/domain';
import {
  DEFAULT_RATES,
  eloStrength,
  internationalSources,
  playedMatches,
  worldCupSources,
} from './sources.ts';

const DATA = resolve(import.meta.dirname, '../../../../../shared/data');
const hasData =
  existsSync(resolve(DATA, 'international/results.csv')) &&
  existsSync(resolve(DATA, 'worldcup/worldcup-2022.json'));
if (!hasData) console.warn(`strength.unit.test: ${DATA} is absent, the real-data checks are skipped`);

const oneXTwo = (rates: GoalRates): string =>
  priceMatch({ rates })
    .find((m) => m.market === '1x2' && m.period === 'full_time')!
    .outcomes.map((o) => o.odds)
    .join(' / ');

/** A generated history: Lions win every match 3-0, Goats lose every one. */
const synthetic = (): PlayedMatch[] => {
  const out: PlayedMatch[] = [];
  for (let d = 1; d <= 28; d++) {
    const date = `2021-02-${String(d).padStart(2, '0')}`;
    const [home, away] = d % 2 ? ['Lions', 'Goats'] : ['Goats', 'Lions'];
    out.push({
      date,
      home,
      away,
      homeGoals: home === 'Lions' ? 3 : 0,
      awayGoals: home === 'Lions' ? 0 : 3,
      tournament: 'Friendly',
      neutral: false,
    });
  }
  return out;
};

describe('team strength for matches without odds', () => {
  it('given results.csv rows, when read, then played matches with the neutral flag', () => {
    const [m] = playedMatches([
      {
        date: '2022-11-20',
        home_team: 'Qatar',
        away_team: 'Ecuador',
        home_score: '0',
        away_score: '2',
        tournament: 'FIFA World Cup',
        neutral: 'FALSE',
      },
    ]);
    expect(m).toEqual({
      date: '2022-11-20',
      home: 'Qatar',
      away: 'Ecuador',
      homeGoals: 0,
      awayGoals: 2,
      tournament: 'FIFA World Cup',
      neutral: false,
    });
  });

  it('given a synthetic history, when a World Cup file is priced, then the favourite is shorter and unknown sides keep the default', () => {
    const strength = eloStrength(synthetic());
    const sources = worldCupSources(
      {
        name: 'Test Cup',
        matches: [
          { date: '2021-03-01', team1: 'Lions', team2: 'Goats', score: { ft: [0, 0] } },
          { date: '2021-03-02', team1: 'Goats', team2: 'Lions', score: { ft: [0, 0] } },
          { date: '2021-03-03', team1: 'Nowhere', team2: 'Elsewhere', score: { ft: [0, 0] } },
        ],
      },
      undefined,
      strength,
    );
    const [lions, goats, unknown] = sources.map((s) => s.build().rates);
    expect(lions!.home).toBeGreaterThan(lions!.away);
    expect(goats!.home).toBeLessThan(goats!.away);
    // A neutral venue: the same two sides swapped get mirrored rates.
    expect(lions!.home).toBeCloseTo(goats!.away, 9);
    expect(unknown).toEqual(DEFAULT_RATES);
    // Ratings before the date only: on the first day nobody is known.
    expect(strength('2021-02-01', 'Lions', 'Goats', true)).toBeNull();
  });

  it.skipIf(!hasData)(
    'given the 2022 World Cup and results.csv, when priced, then the matches do not all share one price and favourites are short',
    () => {
      const results = parse(readFileSync(resolve(DATA, 'international/results.csv'), 'utf8'), {
        columns: true,
        skip_empty_lines: true,
      }) as Record<string, string>[];
      const strength = eloStrength(playedMatches(results));
      const file = JSON.parse(readFileSync(resolve(DATA, 'worldcup/worldcup-2022.json'), 'utf8'));
      const sources = worldCupSources(file, undefined, strength);
      expect(sources.length).toBeGreaterThan(40);
      const prices = sources.map((s) => oneXTwo(s.build().rates));
      // Before: one price for all (2.20 / 3.30 / 3.28); now nearly every match has its own.
      expect(new Set(prices).size).toBeGreaterThan(sources.length * 0.8);
      expect(prices.every((p) => p !== oneXTwo(DEFAULT_RATES))).toBe(true);
      const price = (home: string, away: string) => {
        const i = sources.findIndex((s) => s.home === home && s.away === away);
        expect(i).toBeGreaterThanOrEqual(0);
        return prices[i]!.split(' / ').map(Number);
      };
      // Brazil were clear favourites against Serbia; 'USA' is the file's name for the United States.
      const [brazil, , serbia] = price('Brazil', 'Serbia');
      expect(brazil!).toBeLessThan(serbia!);
      const [england, , usa] = price('England', 'USA');
      expect(england!).toBeLessThan(usa!);
      const intl = internationalSources(
        [{ date: '2022-06-01', home_team: 'Tanzania', away_team: 'Brazil', team: 'Brazil', minute: '10' }],
        '2022-01-01',
        undefined,
        strength,
      );
      const [tz, , br] = oneXTwo(intl[0]!.build().rates).split(' / ').map(Number);
      expect(br!).toBeLessThan(tz!);
    },
  );
});
