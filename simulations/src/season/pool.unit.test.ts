import {
  DEFAULT_JACKPOT_TERMS,
  DEFAULT_LUCKY_SIX_TERMS,
  decideWallet,
  evolveWallet,
  poolShareOfStakes,
  walletDecider,
  type PoolTerms,
  type WalletCommand,
  type WalletState,
} from '@bashiri/domain';
import type { StreamAppendRequest } from '@bashiri/eventstore';
import { describe, expect, it } from 'vitest';
import type { Bettor } from './bettors.ts';
import type { SeasonMatch } from './data.ts';
import {
  drawPicks,
  eatWeekOf,
  issueMatches,
  outcomeProbabilities,
  playedResult,
  PoolRun,
  type PoolResultOf,
  type PoolWallets,
} from './pool.ts';
import { rngFor } from './rand.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2023, 7, 12, 14); // Saturday 12 August 2023, 17:00 EAT

let line = 1;
/** A played match of `league` at `kickoff` with a score drawn from `seed`. */
const match = (league: string, kickoff: number, n: number): SeasonMatch => {
  line += 1;
  const home = n % 4;
  const away = (n * 7) % 3;
  return {
    id: `${league}-2023-24-${String(line).padStart(4, '0')}`,
    league,
    season: '2023-24',
    file: `${league}-2023-24.csv`,
    line,
    home: `H${n % 10}`,
    away: `A${n % 10}`,
    kickoff,
    matchday: new Date(kickoff + 3 * 3_600_000).toISOString().slice(0, 10),
    fullTime: { home, away },
    halfTime: { home: Math.min(home, 1), away: 0 },
    closing: {},
    opening: {},
  };
};

/** The engine's wallet path in small: the real wallet decider, a deposit of 50,000 TZS when short. */
const walletsHarness = () => {
  const states = new Map<string, WalletState>();
  let deposits = 0;
  const run = (cmd: WalletCommand): boolean => {
    const s = states.get(cmd.userId) ?? walletDecider.initialState();
    const d = decideWallet(cmd, s);
    if (!d.ok) return false;
    states.set(cmd.userId, d.events.reduce(evolveWallet, s));
    return true;
  };
  const wallets: PoolWallets = {
    run,
    fund: (bettor, amount, _rng, at) => {
      const balance = states.get(bettor.userId)?.balance ?? 0;
      if (balance >= amount) return true;
      deposits += 50_000;
      const paymentId = `${bettor.userId}-d${deposits}`;
      return run({
        type: 'CreditDeposit',
        userId: bettor.userId,
        movementId: `deposit:${paymentId}`,
        at,
        actor: { kind: 'system', id: 'test' },
        paymentId,
        channel: 'push',
        amount: 50_000,
      });
    },
  };
  return {
    wallets,
    balances: () => [...states.values()].reduce((s, w) => s + w.balance, 0),
    deposits: () => deposits,
  };
};

/** A jackpot whose low tiers are often won: 13 matches, tiers 13/8/7/6/5 (95%: 5% of each pool rolls over). */
const GENEROUS: PoolTerms = {
  ...DEFAULT_JACKPOT_TERMS,
  tiers: [
    { hits: 13, rewardType: 'poolPercent', proportion: '30' },
    { hits: 8, rewardType: 'poolPercent', proportion: '20' },
    { hits: 7, rewardType: 'poolPercent', proportion: '20' },
    { hits: 6, rewardType: 'poolPercent', proportion: '15' },
    { hits: 5, rewardType: 'poolPercent', proportion: '10' },
  ],
};

const players: Bettor[] = Array.from({ length: 40 }, (_, i) => ({
  userId: `u${i}`,
  behaviour: 'pool_player',
  firstDeposit: 20_000,
}));

/** Four weeks of 14 matches (two leagues), Saturday and Sunday, and a run of the pool games over them. */
const season = (): SeasonMatch[][] => {
  const days: SeasonMatch[][] = [];
  line = 100;
  for (let w = 0; w < 4; w++)
    for (let d = 0; d < 2; d++) {
      const start = T0 + (w * 7 + d) * DAY;
      days.push(
        Array.from({ length: 7 }, (_, k) =>
          match(k % 2 ? 'E0' : 'SP1', start + k * 3_600_000, w * 100 + d * 10 + k),
        ),
      );
    }
  return days;
};

const runSeason = (seed: number, resultOf?: PoolResultOf) => {
  const days = season();
  const { wallets, balances, deposits } = walletsHarness();
  const run = new PoolRun({
    runId: 'simtest',
    terms: { jackpot: GENEROUS, luckysix: DEFAULT_LUCKY_SIX_TERMS },
    players,
    activity: 0.8,
    taxRatePercent: 10,
    ...(resultOf ? { resultOf } : {}),
  });
  const appends: StreamAppendRequest[] = [];
  const known: SeasonMatch[] = [];
  for (const [i, day] of days.entries()) {
    const first = Math.min(...day.map((m) => m.kickoff));
    run.open(first, days.slice(i).flat(), known, rngFor(seed, `pool:${i}`), wallets);
    const today = run.settle(day, wallets);
    // One request per stream a matchday (the store refuses a stream twice in one append).
    expect(new Set(today.map((r) => r.streamName)).size).toBe(today.length);
    appends.push(...today);
    known.push(...day);
  }
  return { result: run.result(), appends, balance: balances(), deposits: deposits() };
};

describe('pool games in the season simulator', () => {
  it('an issue takes the next matches by kick-off across leagues, from the matchday on; none when too few remain', () => {
    const a = match('E0', T0 + 3 * 3_600_000, 1);
    const b = match('SP1', T0 + 3_600_000, 2);
    const c = match('E0', T0 + 3_600_000, 3); // same kick-off as b: by id, E0-… first
    const early = match('SP1', T0 - 3_600_000, 4);
    const later = Array.from({ length: 12 }, (_, i) => match('D1', T0 + DAY + i * 60_000, 10 + i));
    const picked = issueMatches([a, early, ...later, c, b], T0, 13)!;
    expect(picked.map((m) => m.id)).toEqual([c.id, b.id, a.id, ...later.slice(0, 10).map((m) => m.id)]);
    expect(issueMatches([a, b, c], T0, 6)).toBeNull();
    expect(eatWeekOf(Date.UTC(2023, 7, 11, 19))).toBe('2023-08-07'); // Friday 22:00 EAT
    expect(eatWeekOf(Date.UTC(2023, 7, 13, 21, 30))).toBe('2023-08-14'); // Monday 00:30 EAT
  });

  it('picks follow our probabilities: doubles on the least certain matches, two distinct outcomes', () => {
    const probs = [
      { matchId: 'm1', probabilities: [0.8, 0.15, 0.05] },
      { matchId: 'm2', probabilities: [0.36, 0.33, 0.31] },
      { matchId: 'm3', probabilities: [0.1, 0.2, 0.7] },
    ];
    const picks = drawPicks(rngFor(7, 'picks'), 'jackpot', probs, 1);
    expect(picks.map((p) => p.outcomes.length)).toEqual([1, 2, 1]);
    expect(new Set(picks[1]!.outcomes).size).toBe(2);
    let home = 0;
    const rng = rngFor(1, 'freq');
    for (let i = 0; i < 2000; i++)
      if (drawPicks(rng, 'jackpot', [probs[0]!], 0)[0]!.outcomes[0] === '1') home += 1;
    expect(home / 2000).toBeGreaterThan(0.75);
    expect(home / 2000).toBeLessThan(0.85);
    const six = outcomeProbabilities('luckysix', { home: 1.5, away: 1.1 });
    expect(six.length).toBe(37);
    expect(six.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
  });

  it('settled issues: prizes + rollover + breakage = pool + seed, the carry-over opens the next issue, the wallets hold the rest', () => {
    const { result, appends, balance, deposits } = runSeason(11);
    const settled = result.issues.filter((i) => i.status === 'settled');
    expect(settled.map((i) => i.game).sort()).toEqual([
      'jackpot',
      'jackpot',
      'jackpot',
      'jackpot',
      'luckysix',
      'luckysix',
      'luckysix',
      'luckysix',
    ]);
    expect(result.issues.every((i) => i.tickets > 0)).toBe(true);
    for (const i of settled) expect(i.prizesPaid + i.rolledOver + i.breakage).toBe(i.pool + i.seedPaid);
    const jackpots = settled.filter((i) => i.game === 'jackpot');
    // The generous jackpot pays its low tiers and rolls over its 5% and the unwon top tier.
    expect(jackpots.some((i) => i.prizesPaid > 0)).toBe(true);
    expect(jackpots[0]!.carriedOver).toBe(0);
    for (const game of ['jackpot', 'luckysix'] as const) {
      const issues = settled.filter((i) => i.game === game);
      for (let k = 1; k < issues.length; k++) expect(issues[k]!.carriedOver).toBe(issues[k - 1]!.carryOver);
      // Over the run: every shilling of the pools' shares was paid or is still carried over.
      const increment = game === 'jackpot' ? GENEROUS.increment : DEFAULT_LUCKY_SIX_TERMS.increment;
      const shares = issues.reduce((s, i) => s + poolShareOfStakes(i.stakes, increment), 0);
      const seeds = issues.reduce((s, i) => s + i.seedPaid, 0);
      const prizes = issues.reduce((s, i) => s + i.prizesPaid, 0);
      expect(prizes + issues[issues.length - 1]!.carryOver).toBe(shares + seeds);
    }
    // Money: deposits − stakes + prizes after tax is what the wallets hold.
    const stakes = result.issues.reduce((s, i) => s + i.stakes, 0);
    const credited = result.issues.reduce((s, i) => s + i.credited, 0);
    expect(balance).toBe(deposits - stakes + credited);
    // Streams: each issue's events once, in order (created, opened; then closed, results, settled).
    const jp1 = appends.filter((a) => a.streamName === 'jackpot-simtest-jp1');
    expect(jp1.map((a) => a.expectedVersion)).toEqual([0, 2]);
    expect(jp1[1]!.events.map((e) => e.type).at(-1)).toBe('IssueSettled');
    // A Lucky Six round of one matchday: created, sold and settled in one request per stream.
    const l6 = appends.filter((a) => a.streamName === 'luckysix-simtest-l61');
    expect(l6.length).toBe(1);
    expect(l6[0]!.events.map((e) => e.type)).toEqual([
      'IssueCreated',
      'IssueOpened',
      'IssueClosed',
      ...Array.from({ length: 6 }, () => 'MatchResultRecorded'),
      'IssueSettled',
    ]);
    // Each stream's requests follow one another: every expected version is the previous end.
    const ends = new Map<string, number>();
    for (const a of appends) {
      expect(a.expectedVersion).toBe(ends.get(a.streamName) ?? 0);
      ends.set(a.streamName, (a.expectedVersion as number) + a.events.length);
    }
  });

  it('the void rule: more void matches than the type allows cancel the issue, refund every stake and keep the carry-over', () => {
    // Every fourth match void: an issue of 13 matches has 3 or 4 of them, Lucky Six 1 or 2.
    const voidEvery: PoolResultOf = (game, m) =>
      m.line % 4 === 0 ? { kind: 'void', reason: 'cancelled' } : playedResult(game, m);
    const { result, balance, deposits } = runSeason(11, voidEvery);
    const cancelled = result.issues.filter((i) => i.status === 'cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    for (const i of cancelled) {
      expect(i.prizesPaid).toBe(0);
      expect(i.carryOver).toBe(i.carriedOver);
    }
    const kept = result.issues.filter((i) => i.status === 'settled');
    expect(balance).toBe(
      deposits - kept.reduce((s, i) => s + i.stakes, 0) + kept.reduce((s, i) => s + i.credited, 0),
    );
  });

  it('the same seed gives the same issues, tickets and events; another seed other tickets', () => {
    const a = runSeason(5);
    const b = runSeason(5);
    expect(b.result).toEqual(a.result);
    expect(b.appends).toEqual(a.appends);
    expect(runSeason(6).result).not.toEqual(a.result);
  });
});
