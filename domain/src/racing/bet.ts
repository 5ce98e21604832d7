/**
 * The racing order aggregate (stream `racingbet-<betId>`; spec §3 "Racing order", §4 racing order status
 * and result codes; issue 19). Placed once per `requestId` (a repeat changes nothing), settled once on
 * the round's finishing order (settling twice equals once), or returned (stake refunded) when the round
 * is void. The order copies its terms (odds, tax rate, profit cap) so later config edits never change it.
 * Money moves through the wallet ({@link racingWalletCommand}): racing coin, bill types 13 and 14.
 */
import { accept, refuse, type Decider, type Decision } from '../decider.ts';
import { domainError } from '../errors.ts';
import type { Tzs } from '../money/tzs.ts';
import type { Actor } from '../wallet/events.ts';
import { percentTax } from '../wallet/lines.ts';
import type { CreditWinnings, DebitStake, RefundStake } from '../wallet/commands.ts';
import { settleRacingOrder, type RacingPayout, type RacingTerms } from './payout.ts';
import { bettingClosedError, type RoundState } from './round.ts';
import { oddsOf, RacingBetType, RacingOrderStatus, RacingResult, type RacingConfig } from './rules.ts';
import { racingStake, type RacingSelection } from './selection.ts';

interface BetData {
  readonly betId: string;
  readonly at: string;
}

export type RacingBetPlaced = {
  readonly type: 'RacingBetPlaced';
  readonly data: BetData & {
    readonly requestId: string;
    readonly userId: string;
    readonly actor: Actor;
    /** spec "issue": the round. */
    readonly roundId: string;
    readonly selection: RacingSelection;
    readonly singleAmount: Tzs;
    readonly tickets: number;
    /** spec "amount payable" = tickets × single amount. */
    readonly amount: Tzs;
    readonly terms: RacingTerms;
  };
};
export type RacingBetSettled = {
  readonly type: 'RacingBetSettled';
  readonly data: BetData & { readonly roundId: string; readonly order: readonly number[] } & RacingPayout;
};
export type RacingBetReturned = {
  readonly type: 'RacingBetReturned';
  readonly data: BetData & { readonly amount: Tzs; readonly reason: string };
};
export type RacingBetEvent = RacingBetPlaced | RacingBetSettled | RacingBetReturned;

export interface RacingBetState {
  readonly placed: RacingBetPlaced['data'] | null;
  /** Spec §4 racing order status (2 pending settlement, 3 returned, 4 settled); `null` before placement. */
  readonly status: RacingOrderStatus | null;
  /** Spec §4 racing result (1 not drawn until settled or returned). */
  readonly result: RacingResult;
  readonly payout: RacingPayout | null;
}

export const initialRacingBetState = (): RacingBetState => ({
  placed: null,
  status: null,
  result: RacingResult.NotDrawn,
  payout: null,
});

export const evolveRacingBet = (state: RacingBetState, event: RacingBetEvent): RacingBetState => {
  switch (event.type) {
    case 'RacingBetPlaced':
      return { ...state, placed: event.data, status: RacingOrderStatus.PendingSettlement };
    case 'RacingBetSettled': {
      const { betId: _b, at: _a, roundId: _r, order: _o, ...payout } = event.data;
      return { ...state, status: RacingOrderStatus.Settled, result: payout.result, payout };
    }
    case 'RacingBetReturned':
      return { ...state, status: RacingOrderStatus.Returned, result: RacingResult.Refunded };
  }
};

/** Places a racing order on an open round (the round's state and the config in force come with it). */
export interface PlaceRacingBet {
  readonly type: 'PlaceRacingBet';
  readonly betId: string;
  /** The client's idempotency key: a repeat with it is accepted with no events. */
  readonly requestId: string;
  readonly userId: string;
  readonly actor: Actor;
  readonly roundId: string;
  readonly selection: RacingSelection;
  readonly singleAmount: Tzs;
  readonly config: RacingConfig;
  readonly round: RoundState;
  readonly at: string;
}
/** Settles the order on the drawn order of its round; `poolPerTicket` from the round's ten-of-ten count. */
export interface SettleRacingBet {
  readonly type: 'SettleRacingBet';
  readonly betId: string;
  readonly roundId: string;
  readonly order: readonly number[];
  readonly poolPerTicket: Tzs;
  readonly at: string;
}
/** Returns the stake of a pending order (its round was voided). */
export interface ReturnRacingBet {
  readonly type: 'ReturnRacingBet';
  readonly betId: string;
  readonly reason: string;
  readonly at: string;
}
export type RacingBetCommand = PlaceRacingBet | SettleRacingBet | ReturnRacingBet;

type D = Decision<RacingBetEvent>;

const place = (c: PlaceRacingBet, s: RacingBetState): D => {
  if (s.placed)
    return s.placed.requestId === c.requestId
      ? accept()
      : refuse(
          domainError('RACING_BET_EXISTS', `racing order ${c.betId} exists`, { details: { betId: c.betId } }),
        );
  if (c.round.roundId !== c.roundId)
    return refuse(
      domainError('RACING_ROUND_NOT_FOUND', 'the round is not scheduled', {
        details: { roundId: c.roundId },
      }),
    );
  const closed = bettingClosedError(c.round, c.config.noBet, c.at);
  if (closed) return refuse(closed);
  const staked = racingStake(c.selection, c.singleAmount, c.config);
  if (!staked.ok) return refuse(staked.error);
  const rate = percentTax(0, c.config.taxRate);
  if ('error' in rate) return refuse(rate.error);
  const terms: RacingTerms = {
    odds: c.selection.betType === RacingBetType.LuckRacing ? null : oddsOf(c.config, c.selection.betType),
    taxRate: c.config.taxRate,
    highestProfit: c.config.highestProfit,
  };
  return accept({
    type: 'RacingBetPlaced',
    data: {
      betId: c.betId,
      at: c.at,
      requestId: c.requestId,
      userId: c.userId,
      actor: c.actor,
      roundId: c.roundId,
      selection: c.selection,
      ...staked.stake,
      terms,
    },
  });
};

const settle = (c: SettleRacingBet, s: RacingBetState): D => {
  const placed = s.placed;
  if (!placed) return refuse(domainError('RACING_BET_NOT_FOUND', `racing order ${c.betId} does not exist`));
  if (s.status === RacingOrderStatus.Settled) return accept();
  if (s.status === RacingOrderStatus.Returned)
    return refuse(domainError('RACING_BET_RETURNED', `racing order ${c.betId} was returned`));
  if (c.roundId !== placed.roundId)
    return refuse(
      domainError('RACING_ROUND_MISMATCH', `racing order ${c.betId} is on round ${placed.roundId}`, {
        details: { roundId: c.roundId, betRoundId: placed.roundId },
      }),
    );
  const payout = settleRacingOrder({ ...placed, order: c.order, poolPerTicket: c.poolPerTicket });
  return accept({
    type: 'RacingBetSettled',
    data: { betId: c.betId, at: c.at, roundId: c.roundId, order: c.order, ...payout },
  });
};

const returnBet = (c: ReturnRacingBet, s: RacingBetState): D => {
  if (!s.placed) return refuse(domainError('RACING_BET_NOT_FOUND', `racing order ${c.betId} does not exist`));
  if (s.status === RacingOrderStatus.Returned) return accept();
  if (s.status === RacingOrderStatus.Settled)
    return refuse(domainError('RACING_BET_SETTLED', `racing order ${c.betId} is settled`));
  return accept({
    type: 'RacingBetReturned',
    data: { betId: c.betId, at: c.at, amount: s.placed.amount, reason: c.reason },
  });
};

/**
 * Decides a racing order command. Placement codes: `RACING_BET_EXISTS`, `RACING_ROUND_NOT_FOUND`,
 * `RACING_PAUSED`, `RACING_BETTING_CLOSED`, the pick and amount codes of {@link racingStake}, and
 * `INVALID_TAX_RATE` (a config whose `taxRate` is not a percent).
 * Settlement: `RACING_BET_NOT_FOUND`, `RACING_BET_RETURNED`, `RACING_ROUND_MISMATCH`; return:
 * `RACING_BET_SETTLED`. Repeats are accepted with no events.
 */
export const decideRacingBet = (c: RacingBetCommand, s: RacingBetState): D => {
  switch (c.type) {
    case 'PlaceRacingBet':
      return place(c, s);
    case 'SettleRacingBet':
      return settle(c, s);
    case 'ReturnRacingBet':
      return returnBet(c, s);
  }
};

/** The racing order aggregate as a {@link Decider}. */
export const racingBetDecider: Decider<RacingBetCommand, RacingBetEvent, RacingBetState> = {
  initialState: initialRacingBetState,
  evolve: evolveRacingBet,
  decide: decideRacingBet,
};

/**
 * The racing-coin credit of a settled order (bill type 14, movement `racing-result:<betId>`, so paying it
 * again changes nothing), or `undefined` when it pays nothing. Shared by an order settled on its own
 * stream ({@link racingWalletCommand}) and one settled by its round's walk (decision 0194: the winner is
 * listed in `RacingSettlementAdvanced.won`, its credit still goes through the money path).
 */
export const racingWinningsCommand = (
  bet: { readonly userId: string; readonly betId: string },
  settled: { readonly at: string } & Pick<RacingPayout, 'gross' | 'tax' | 'payout'>,
  actor: Actor,
): CreditWinnings | undefined =>
  settled.payout > 0
    ? {
        userId: bet.userId,
        betId: bet.betId,
        at: settled.at,
        actor,
        product: 'racing',
        type: 'CreditWinnings',
        movementId: `racing-result:${bet.betId}`,
        gross: settled.gross,
        tax: settled.tax,
        amount: settled.payout,
      }
    : undefined;

/**
 * The wallet command an event of a racing order asks for (bill types 13 and 14: racing coin), or
 * `undefined` (a lost order moves no money). Movement ids are `racing-stake:<betId>`,
 * `racing-result:<betId>` and `racing-refund:<betId>`, so repeating one changes nothing.
 */
export const racingWalletCommand = (
  event: RacingBetEvent,
  bet: RacingBetPlaced['data'],
  actor: Actor,
): DebitStake | CreditWinnings | RefundStake | undefined => {
  const base = { userId: bet.userId, betId: bet.betId, at: event.data.at, actor, product: 'racing' as const };
  switch (event.type) {
    case 'RacingBetPlaced':
      return {
        ...base,
        type: 'DebitStake',
        movementId: `racing-stake:${bet.betId}`,
        payType: 1,
        amount: bet.amount,
      };
    case 'RacingBetSettled':
      return racingWinningsCommand(bet, event.data, actor);
    case 'RacingBetReturned':
      return {
        ...base,
        type: 'RefundStake',
        movementId: `racing-refund:${bet.betId}`,
        payType: 1,
        amount: event.data.amount,
        reason: event.data.reason,
      };
  }
};
