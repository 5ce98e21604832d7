/**
 * Leg-by-leg settlement of a bet and re-settlement after corrections (betting-rules.md §2; spec §4
 * "Outcome of a selection"). Leg results come from the settlement module's `settleLeg`, bet amounts
 * from `settleBet`, with the terms recorded at placement.
 */
import { accept, refuse, type Decision } from '../decider.ts';
import { domainError } from '../errors.ts';
import { settleBet, type Settlement } from '../settlement/bet.ts';
import { legResult, OUTCOME, type LegResult } from '../settlement/outcome.ts';
import { amountsOf } from '../settlement/resettle.ts';
import { settleLeg } from '../settlement/settle-leg.ts';
import { runningTerms } from './cash-out.ts';
import type * as C from './commands.ts';
import type { BetEvent, BetState, LegState, OpenBet } from './events.ts';

type D = Decision<BetEvent>;

const OPEN_LEG: LegResult = legResult(OUTCOME.PENDING, 0, 'no result yet');

const sameResult = (a: LegResult, b: LegResult) =>
  a.outcome === b.outcome && a.voidFactor === b.voidFactor && a.deadHeatFactor === b.deadHeatFactor;

const sameMoney = (a: Settlement, b: Settlement) => {
  const x = amountsOf(a);
  const y = amountsOf(b);
  return a.state === b.state && (Object.keys(x) as (keyof typeof x)[]).every((k) => x[k] === y[k]);
};

/**
 * The bet's settlement on its legs' current results (open legs pending). After partial cash-outs only
 * the running stake settles, with `runningTerms` (no acca bonus, caps scaled; decision 0019).
 */
export const currentSettlement = (s: OpenBet, legs: readonly LegState[] = s.legs): Settlement =>
  settleBet({
    stake: s.remainingStake,
    payType: s.placed.payType,
    terms: runningTerms(s),
    legs: s.placed.legs.map((l, i) => ({ odds: l.leg.odds, result: legs[i]?.result ?? OPEN_LEG })),
  });

/**
 * Settles the leg on `c.matchId`. Emits `LegSettled` when its result is new; then `BetSettled` when the
 * bet becomes settled for the first time, or `BetResettled` when an earlier settlement's money or state
 * changes. The same result again, a pending result for an open leg, or facts older than the leg's
 * revision change nothing. Refuses `BET_NOT_FOUND`, `BET_NOT_PAID`, `LEG_NOT_FOUND`. Closed bets
 * (rejected, cancelled, cashed out) ignore results.
 */
export const settleLegOfBet = (c: C.SettleLeg, s: BetState): D => {
  if (s.status === 'none') return refuse(domainError('BET_NOT_FOUND', 'no such bet', { field: 'betId' }));
  if (s.status === 'unpaid') return refuse(domainError('BET_NOT_PAID', 'the stake has not been taken yet'));
  if (s.status === 'rejected' || s.status === 'cancelled' || s.status === 'cashedOut') return accept();
  const legIndex = s.placed.legs.findIndex((l) => l.matchId === c.matchId);
  const placed = s.placed.legs[legIndex];
  const current = s.legs[legIndex];
  if (!placed || !current)
    return refuse(domainError('LEG_NOT_FOUND', `no leg on match ${c.matchId}`, { field: 'matchId' }));
  if (c.factsRevision < current.factsRevision) return accept();
  const result = settleLeg(placed.leg, c.facts);
  if (current.result === null ? result.outcome === OUTCOME.PENDING : sameResult(current.result, result))
    return accept();

  const legSettled: BetEvent = {
    type: 'LegSettled',
    data: { betId: c.betId, at: c.at, legIndex, matchId: c.matchId, factsRevision: c.factsRevision, result },
  };
  const legs = s.legs.map((l, i) => (i === legIndex ? { result, factsRevision: c.factsRevision } : l));
  const next = currentSettlement(s, legs);
  const previous = s.settlement;
  if (previous === null) {
    if (next.state !== 'settled') return accept(legSettled);
    return accept<BetEvent>(legSettled, {
      type: 'BetSettled',
      data: { betId: c.betId, at: c.at, settlementNo: 1, settlement: next },
    });
  }
  if (sameMoney(previous, next)) return accept(legSettled);
  return accept<BetEvent>(legSettled, {
    type: 'BetResettled',
    data: { betId: c.betId, at: c.at, settlementNo: s.settlementNo + 1, previous, settlement: next },
  });
};
