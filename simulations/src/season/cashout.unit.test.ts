import {
  betDecider,
  evolveBet,
  resolveBetConfig,
  walletCommandsFor,
  type BetCommand,
  type BetEvent,
  type BetPlaced,
  type BetState,
  type Leg,
} from '@bashiri/domain';
import { describe, expect, it } from 'vitest';
import { cashOutConfigOf, fullTimePayout, halfTimeCashOut, winningAtHalfTime } from './cashout.ts';
import type { SeasonMatch } from './data.ts';

const KICKOFF = Date.UTC(2023, 7, 12, 14);
const match = (ht: { home: number; away: number } | null, ft = { home: 2, away: 1 }): SeasonMatch => ({
  id: 'E0-2023-24-0002',
  league: 'E0',
  season: '2023-24',
  file: 'E0-2023-24.csv',
  line: 2,
  home: 'Arsenal',
  away: "Nott'm Forest",
  kickoff: KICKOFF,
  matchday: '2023-08-12',
  fullTime: ft,
  halfTime: ht,
  closing: {},
  opening: {},
});
const HOME: Leg = { market: '1x2', period: 'full_time', pick: 'home', odds: '1.95' } as Leg;

/** A single on `leg` placed and paid through the bet decider. */
const placed = (leg: Leg, stake = 10_000): { state: BetState; placedEvent: BetPlaced } => {
  const events: BetEvent[] = [];
  let state = betDecider.initialState();
  const run = (cmd: BetCommand) => {
    const d = betDecider.decide(cmd, state);
    if (!d.ok) throw new Error(d.error.message);
    for (const e of d.events) {
      state = evolveBet(state, e);
      events.push(e);
    }
  };
  run({
    type: 'PlaceBet',
    betId: 'b1',
    at: new Date(KICKOFF - 1_800_000).toISOString(),
    serial: 'S1',
    userId: 'u1',
    orderType: 'user',
    actor: { kind: 'player', id: 'u1' },
    payType: 1,
    stake,
    legs: [
      {
        matchId: 'E0-2023-24-0002',
        selectionId: 'E0-2023-24-0002:1x2:full_time:home',
        marketId: 'E0-2023-24-0002:1x2:full_time',
        marketName: '1x2',
        selectionName: 'home',
        home: 'Arsenal',
        away: "Nott'm Forest",
        startTime: new Date(KICKOFF).toISOString(),
        eventStatus: 1,
        leg,
      },
    ],
    config: resolveBetConfig({ taxRatePercent: 10 }),
    configVersion: 'test',
    taxRule: null,
  });
  run({
    type: 'RecordStakePaid',
    betId: 'b1',
    at: new Date(KICKOFF - 1_800_000).toISOString(),
    movementId: 'm1',
  });
  return { state, placedEvent: events[0] as BetPlaced };
};

describe('half-time cash-out in the season simulator', () => {
  it('a selection is winning at half-time when the half-time score would win it in full', () => {
    expect(winningAtHalfTime(HOME, match({ home: 1, away: 0 }))).toBe(true);
    expect(winningAtHalfTime(HOME, match({ home: 0, away: 0 }))).toBe(false);
    expect(winningAtHalfTime(HOME, match(null))).toBe(false);
    expect(winningAtHalfTime({ ...HOME, period: 'first_half' } as Leg, match({ home: 1, away: 0 }))).toBe(
      false,
    );
  });

  it("the offer is the domain's quote at the half-time score with the scenario's margin; the bet decider pays it", () => {
    const { state, placedEvent } = placed(HOME);
    const rates = { home: 1.6, away: 1.1 };
    const at = new Date(KICKOFF + 50 * 60_000).toISOString();
    const fair = halfTimeCashOut(state, match({ home: 1, away: 0 }), rates, cashOutConfigOf(0), at)!;
    const cmd = halfTimeCashOut(state, match({ home: 1, away: 0 }), rates, cashOutConfigOf(5), at)!;
    // Leading 1-0 at half-time: worth more than the stake, less than the 19,500 TZS potential.
    expect(fair.offered).toBeGreaterThan(10_000);
    expect(fair.offered).toBeLessThan(19_500);
    expect(cmd.offered).toBe(Math.floor(fair.offered * 0.95));
    // Level at half-time the same bet is worth less.
    const level = halfTimeCashOut(state, match({ home: 0, away: 0 }), rates, cashOutConfigOf(5), at)!;
    expect(level.offered).toBeLessThan(cmd.offered);

    const d = betDecider.decide(cmd, state);
    if (!d.ok) throw new Error(d.error.message);
    const cashed = d.events[0]!;
    expect(cashed.type).toBe('BetCashedOut');
    if (cashed.type !== 'BetCashedOut') return;
    expect(cashed.data.gross).toBe(cmd.offered);
    expect(cashed.data.pricing!.fairValue - cashed.data.gross!).toBeGreaterThan(0);
    expect(cashed.data.tax).toBe(Math.floor((cmd.offered - 10_000) * 0.1));
    const credit = walletCommandsFor(placedEvent.data, cashed);
    expect(credit).toEqual([expect.objectContaining({ type: 'CreditWinnings', amount: cashed.data.amount })]);
  });

  it('what a single would have paid at full time, in integer TZS', () => {
    expect(fullTimePayout({ ...HOME, odds: '2.30' } as Leg, 100, match(null))).toBe(230);
    expect(fullTimePayout(HOME, 10_000, match(null, { home: 0, away: 0 }))).toBe(0);
    const dnb = { market: 'draw_no_bet', period: 'full_time', pick: 'home', odds: '1.40' } as Leg;
    expect(fullTimePayout(dnb, 5_000, match(null, { home: 1, away: 1 }))).toBe(5_000);
  });
});
