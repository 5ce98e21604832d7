/**
 * A league of our own for a machine with no data (docs/demo-feed.md "No data"): Tanzanian Premier League
 * clubs with attack and defence ratings, a double round robin, and results sampled from the pricing
 * model with a seeded generator, so `npm start` is never empty and every run replays the same season.
 */
import { DEFAULT_RHO, scoreMatrix, type GoalRates } from '@bashiri/domain';
import { seededRandom, timelineOf, type Timeline, type TimelineGoal } from './timeline.ts';

/** A club: multiplies the league's goal rate when attacking, the opponent's when defending (1 = average). */
export interface Club {
  readonly name: string;
  readonly attack: number;
  readonly defence: number;
}

/** Clubs of the NBC Premier League (Tanzania) with made-up but plausible ratings. */
export const TANZANIAN_CLUBS: readonly Club[] = [
  { name: 'Simba SC', attack: 1.45, defence: 0.7 },
  { name: 'Young Africans (Yanga)', attack: 1.5, defence: 0.68 },
  { name: 'Azam FC', attack: 1.3, defence: 0.8 },
  { name: 'Singida Black Stars', attack: 1.12, defence: 0.92 },
  { name: 'Coastal Union', attack: 0.95, defence: 1.0 },
  { name: 'KMC FC', attack: 0.92, defence: 1.05 },
  { name: 'Namungo FC', attack: 0.9, defence: 1.04 },
  { name: 'Tanzania Prisons', attack: 0.82, defence: 1.0 },
  { name: 'Kagera Sugar', attack: 0.85, defence: 1.08 },
  { name: 'Dodoma Jiji', attack: 0.86, defence: 1.1 },
  { name: 'Mashujaa FC', attack: 0.8, defence: 1.1 },
  { name: 'Pamba Jiji', attack: 0.8, defence: 1.15 },
];

/** League-average goals of the home and the away side. */
export const LEAGUE_RATES: GoalRates = { home: 1.35, away: 1.0 };

/** One generated fixture: the clubs, the model's goal rates, and the sampled goals. */
export interface GeneratedFixture {
  readonly home: Club;
  readonly away: Club;
  readonly rates: GoalRates;
  readonly timeline: Timeline;
}

/** The `index`-th pairing of a double round robin (circle method), cycling for ever. */
export const pairing = (clubs: readonly Club[], index: number): [Club, Club] => {
  const n = clubs.length;
  const perRound = n / 2;
  const rounds = n - 1;
  const k = index % (2 * rounds * perRound);
  const leg = Math.floor(k / (rounds * perRound));
  const round = Math.floor(k / perRound) % rounds;
  const slot = k % perRound;
  const at = (p: number) => (p === 0 ? 0 : ((p - 1 + round) % (n - 1)) + 1);
  const a = clubs[at(slot)]!;
  const b = clubs[at(n - 1 - slot)]!;
  const flip = (round + slot + leg) % 2 === 1;
  return flip ? [b, a] : [a, b];
};

/** Goal rates of `home` against `away` from the ratings. */
export const ratesOf = (home: Club, away: Club): GoalRates => ({
  home: LEAGUE_RATES.home * home.attack * away.defence,
  away: LEAGUE_RATES.away * away.attack * home.defence,
});

/**
 * The `index`-th fixture of the generated league with `seed`: the score drawn from the Dixon-Coles
 * matrix of the clubs' rates, each goal in the first half with probability 0.45 (betting-rules §4) at a
 * uniform minute of its half. Deterministic in (`index`, `seed`). Needs an even number of clubs.
 */
export const generatedFixture = (
  index: number,
  seed: number,
  clubs: readonly Club[] = TANZANIAN_CLUBS,
): GeneratedFixture => {
  const [home, away] = pairing(clubs, index);
  const rates = ratesOf(home, away);
  const random = seededRandom((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const matrix = scoreMatrix(rates, DEFAULT_RHO);
  let u = random();
  let cell = 0;
  while (cell < matrix.cells.length - 1 && u >= matrix.cells[cell]!) u -= matrix.cells[cell++]!;
  const goals: TimelineGoal[] = [];
  const place = (side: 'home' | 'away', count: number) => {
    for (let g = 0; g < count; g++) {
      const half = random() < 0.45 ? 1 : 2;
      goals.push({ side, half, minute: (half - 1) * 45 + 1 + Math.floor(random() * 45), stoppage: 0 });
    }
  };
  place('home', Math.floor(cell / matrix.size));
  place('away', cell % matrix.size);
  return { home, away, rates, timeline: timelineOf(goals) };
};
