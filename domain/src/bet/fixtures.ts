/** Builders for bet tests: legs, placement and facts. Pure data. */
import { DEFAULT_BET_CONFIG, type BetConfig } from '../config/bet-config.ts';
import type { MatchFacts } from '../settlement/facts.ts';
import type { Leg } from '../settlement/markets.ts';
import { fold } from '../decider.ts';
import type * as C from './commands.ts';
import type { BetActor, BetEvent, PlacedLeg } from './events.ts';
import { betDecider } from './index.ts';

export const AT = '2026-01-10T12:00:00.000Z';
export const PLAYER: BetActor = { kind: 'player', id: 'u1' };
export const STAFF: BetActor = { kind: 'staff', id: 'admin7' };

/** A leg on match `matchId`: home win at `odds` unless another market is given. */
export const placedLeg = (matchId: string, odds: string, leg: Partial<Leg> = {}): PlacedLeg => ({
  matchId,
  selectionId: `sel-${matchId}`,
  marketId: '69',
  marketName: '1x2',
  selectionName: 'Home',
  home: `Home ${matchId}`,
  away: `Away ${matchId}`,
  startTime: '2026-01-10T15:00:00+03:00',
  eventStatus: 1,
  leg: { market: '1x2', pick: 'home', odds, ...leg } as Leg,
});

export const place = (
  legs: PlacedLeg[],
  stake: number,
  over: Partial<C.PlaceBet> = {},
  config: Partial<BetConfig> = {},
): C.PlaceBet => ({
  type: 'PlaceBet',
  betId: 'b1',
  at: AT,
  serial: 'BSH-000001',
  userId: 'u1',
  orderType: 'user',
  actor: PLAYER,
  payType: 1,
  stake,
  legs,
  config: { ...DEFAULT_BET_CONFIG, ...config },
  configVersion: '2026-01-01T00:00:00+03:00',
  taxRule: null,
  ...over,
});

export const played = (home: number, away: number): MatchFacts => ({
  status: 'played',
  halfTime: { home: 0, away: 0 },
  fullTime: { home, away },
});

export const settle = (matchId: string, facts: MatchFacts, factsRevision = 1): C.SettleLeg => ({
  type: 'SettleLeg',
  betId: 'b1',
  at: AT,
  matchId,
  facts,
  factsRevision,
});

export const paid: C.RecordStakePaid = {
  type: 'RecordStakePaid',
  betId: 'b1',
  at: AT,
  movementId: 'bet-b1:stake',
};

/** The events a sequence of commands records; throws on a refusal (test setup). */
export const betHistory = (...commands: C.BetCommand[]): BetEvent[] => {
  const events: BetEvent[] = [];
  for (const c of commands) {
    const d = betDecider.decide(c, fold(betDecider, events));
    if (!d.ok) throw new Error(`setup refused: ${d.error.code}`);
    events.push(...d.events);
  }
  return events;
};
