/**
 * Placing a bet and recording its payment (spec §3 "Place-bet payload", §5 "Betslip submit", "Amount
 * input", "Accumulator"; betting-rules.md §1). Validation and pricing are the pricing module's
 * (`validateSlip`, `quote`); this file adds who may place what and copies the terms into the event.
 */
import { isBettingPaused, type BetConfig } from '../config/bet-config.ts';
import { accept, refuse, type Decision } from '../decider.ts';
import { domainError } from '../errors.ts';
import { pricingTerms } from '../pricing/returns.ts';
import { quote } from '../pricing/quote.ts';
import type { Betslip } from '../pricing/slip.ts';
import { validateSlip } from '../pricing/validate.ts';
import { legProblem } from '../settlement/settle-leg.ts';
import type * as C from './commands.ts';
import type { BetEvent, BetState } from './events.ts';

type D = Decision<BetEvent>;

const actorError = (c: C.PlaceBet) => {
  if (c.orderType === 'user' && (c.actor.kind !== 'player' || c.actor.id !== c.userId)) {
    return domainError('FORBIDDEN', 'a user bet is placed by the player themselves', { field: 'actor' });
  }
  if (c.orderType !== 'user' && c.actor.kind === 'player') {
    return domainError('STAFF_ONLY', `${c.orderType} bets are placed from the back office`, {
      field: 'orderType',
    });
  }
  return undefined;
};

/**
 * Places a bet: refuses `BET_ALREADY_EXISTS`, `FORBIDDEN`, `STAFF_ONLY`, `BETTING_PAUSED` (player bets
 * while `no_bet` is set; details.pausePrompt), `INVALID_LEG` (legs[i].leg), and the pricing module's slip
 * codes (`EMPTY_SLIP`, `TOO_MANY_SELECTIONS`, `DUPLICATE_MATCH`, `INVALID_ODDS`, `STAKE_BELOW_MINIMUM`, …;
 * the stake limits are those of the pay type and of `c.channel` when given, `stakeLimits`): the first as
 * the error, all of them in `details.errors`. The same placement again is a no-op.
 */
export const placeBet = (c: C.PlaceBet, s: BetState): D => {
  if (s.status !== 'none') {
    return s.placed.serial === c.serial && s.placed.userId === c.userId
      ? accept()
      : refuse(domainError('BET_ALREADY_EXISTS', `bet ${c.betId} exists`, { field: 'betId' }));
  }
  const who = actorError(c);
  if (who) return refuse(who);
  if (c.orderType === 'user' && isBettingPaused(c.config)) {
    return refuse(
      domainError('BETTING_PAUSED', 'betting is paused', { details: { pausePrompt: c.config.pausePrompt } }),
    );
  }
  const badLeg = c.legs.findIndex((l) => legProblem(l.leg) !== undefined);
  if (badLeg >= 0) {
    const leg = c.legs[badLeg];
    return refuse(
      domainError('INVALID_LEG', `legs[${badLeg}]: ${leg ? legProblem(leg.leg) : ''}`, {
        field: `legs[${badLeg}].leg`,
      }),
    );
  }
  const slip: Betslip = {
    selections: c.legs.map((l) => ({ selectionId: l.selectionId, matchId: l.matchId, odds: l.leg.odds })),
    stake: c.stake,
    payType: c.payType,
    channel: c.channel,
  };
  const errors = validateSlip(slip, c.config);
  const [first] = errors;
  if (first) return refuse({ ...first, details: { ...first.details, errors } });
  const config: BetConfig = {
    ...c.config,
    taxRatePercent: c.taxRule?.ratePercent ?? c.config.taxRatePercent,
  };
  const q = quote(slip, config);
  return accept({
    type: 'BetPlaced',
    data: {
      betId: c.betId,
      at: c.at,
      serial: c.serial,
      userId: c.userId,
      orderType: c.orderType,
      actor: c.actor,
      payType: c.payType,
      stake: c.stake,
      payPayable: c.payType === 1 ? c.stake : 0,
      virtualPayAmount: c.payType === 2 ? c.stake : 0,
      legs: c.legs,
      terms: pricingTerms(config),
      taxRule: c.taxRule,
      configVersion: c.configVersion,
      quote: {
        totalOdds: q.totalOdds,
        profit: q.profit,
        reward: q.reward,
        rewardPercent: q.rewardPercent,
        tax: q.tax,
        afterTaxAmount: q.afterTaxAmount,
      },
      ...(c.liveDelaySeconds === undefined ? {} : { liveDelaySeconds: c.liveDelaySeconds }),
    },
  });
};

/** Stake taken: unpaid → awaiting. Refuses `BET_NOT_FOUND`, `BET_REJECTED`, `BET_CANCELLED` (the caller refunds the stake). */
export const recordStakePaid = (c: C.RecordStakePaid, s: BetState): D => {
  if (s.status === 'none') return refuse(domainError('BET_NOT_FOUND', 'no such bet', { field: 'betId' }));
  if (s.status === 'rejected' || s.status === 'cancelled') {
    return refuse(
      domainError(
        s.status === 'rejected' ? 'BET_REJECTED' : 'BET_CANCELLED',
        `bet is ${s.status}: refund the stake`,
      ),
    );
  }
  if (s.status !== 'unpaid') return accept();
  return accept({ type: 'StakePaid', data: { betId: c.betId, at: c.at, movementId: c.movementId } });
};

/** Stake refused by the wallet: unpaid → rejected. Refuses `BET_NOT_FOUND`, `BET_ALREADY_PAID`. */
export const rejectBet = (c: C.RejectBet, s: BetState): D => {
  if (s.status === 'none') return refuse(domainError('BET_NOT_FOUND', 'no such bet', { field: 'betId' }));
  if (s.status === 'rejected') return accept();
  if (s.status !== 'unpaid')
    return refuse(domainError('BET_ALREADY_PAID', 'the stake was taken; cancel the bet instead'));
  return accept({ type: 'BetRejected', data: { betId: c.betId, at: c.at, code: c.code, reason: c.reason } });
};
