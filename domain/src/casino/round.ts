/**
 * The casino round aggregate (issue 22; spec §1 "casino", §4 bill types 22, 23, 24; stream
 * `casino-round-<providerId>:<roundId>`). A game provider calls our seamless-wallet API (docs/casino.md)
 * with `bet`, `win`, `rollback` and `reward`; each call becomes one command of this decider. The round
 * remembers every provider transaction id it accepted, so a repeat answers the first result and never
 * moves money twice. It moves no money itself: {@link walletCommandsFor} names the wallet commands the
 * one money path issues, in the same atomic append, for each accepted event.
 *
 * Rules (modelled on the Hub88-family `RS_*` wallet protocols, docs/casino.md "Idempotency"):
 * - a repeat of a transaction id with the same content is accepted with no events (same answer);
 *   with other content it is refused `CASINO_TRANSACTION_CONFLICT` (`RS_ERROR_DUPLICATE_TRANSACTION`);
 * - a `win` for a bet the round never saw: `CASINO_BET_NOT_FOUND` (`RS_ERROR_TRANSACTION_DOES_NOT_EXIST`);
 * - a `rollback` for a bet the round never saw: accepted, no money, and the bet id is marked rolled back,
 *   so the bet arriving late is refused `CASINO_BET_ROLLED_BACK` (the provider already gave up on it);
 * - a second `rollback` of the same bet (new transaction id): accepted, no money;
 * - a `rollback` after a `win` of that bet, or a second `win`: `CASINO_BET_SETTLED`;
 * - a `rollback` naming a win, reward or rollback instead of a bet: `CASINO_ROLLBACK_NOT_A_BET`;
 * - a `win` after a `rollback`: `CASINO_BET_ROLLED_BACK`;
 * - amounts are whole TZS: negative `CASINO_AMOUNT_NEGATIVE`, fractional or not a number
 *   `CASINO_AMOUNT_NOT_WHOLE_TZS`, a zero bet or reward `CASINO_AMOUNT_ZERO` (a zero win is a loss notice).
 */
import { accept, refuse, type Decider, type Decision } from '../decider.ts';
import { domainError, type DomainError } from '../errors.ts';
import { ownOf } from './own.ts';

/** Fields every casino round command carries. Ids and time come from the API edge (pure decider). */
interface CasinoCommandBase {
  /** Provider id (our catalogue's), e.g. `bashiri-sandbox`. */
  readonly providerId: string;
  /** The provider's round id. */
  readonly roundId: string;
  /** The provider's game id. */
  readonly gameId: string;
  /** Our player, resolved from the player session token at the edge. */
  readonly userId: string;
  /** The provider's transaction id: the idempotency key of the call. */
  readonly transactionId: string;
  /** ISO-8601 instant the call arrived. */
  readonly at: string;
}

/** `bet`: debit `amount` whole TZS (bill 22). */
export interface PlaceCasinoBet extends CasinoCommandBase {
  readonly type: 'PlaceCasinoBet';
  readonly amount: number;
}

/** `win`: credit `amount` whole TZS (bill 23) for the bet `betTransactionId`; 0 closes a lost bet. */
export interface CreditCasinoWin extends CasinoCommandBase {
  readonly type: 'CreditCasinoWin';
  readonly betTransactionId: string;
  readonly amount: number;
}

/** `rollback`: cancel the bet `betTransactionId`, giving its stake back (bill 23) if it was debited. */
export interface RollbackCasinoBet extends CasinoCommandBase {
  readonly type: 'RollbackCasinoBet';
  readonly betTransactionId: string;
}

/** `reward`: a provider prize not tied to a bet (tournament, promo win): credit `amount` (bill 24). */
export interface CreditCasinoReward extends CasinoCommandBase {
  readonly type: 'CreditCasinoReward';
  readonly amount: number;
  readonly reason: string;
}

export type CasinoRoundCommand = PlaceCasinoBet | CreditCasinoWin | RollbackCasinoBet | CreditCasinoReward;

/** Fields every casino round event carries (copied from the command). */
interface CasinoEventBase {
  readonly providerId: string;
  readonly roundId: string;
  readonly gameId: string;
  readonly userId: string;
  readonly transactionId: string;
  readonly at: string;
}

export type CasinoBetPlaced = {
  readonly type: 'CasinoBetPlaced';
  readonly data: CasinoEventBase & { readonly amount: number };
};
export type CasinoWinCredited = {
  readonly type: 'CasinoWinCredited';
  readonly data: CasinoEventBase & { readonly betTransactionId: string; readonly amount: number };
};
/**
 * `refund` is the stake given back (0 when nothing was debited). `outcome`: `refunded` (the bet was
 * debited), `alreadyRolledBack` (a second rollback), `unknownBet` (the bet never arrived; it is now
 * refused if it does).
 */
export type CasinoBetRolledBack = {
  readonly type: 'CasinoBetRolledBack';
  readonly data: CasinoEventBase & {
    readonly betTransactionId: string;
    readonly refund: number;
    readonly outcome: 'refunded' | 'alreadyRolledBack' | 'unknownBet';
  };
};
export type CasinoRewardCredited = {
  readonly type: 'CasinoRewardCredited';
  readonly data: CasinoEventBase & { readonly amount: number; readonly reason: string };
};

export type CasinoRoundEvent =
  CasinoBetPlaced | CasinoWinCredited | CasinoBetRolledBack | CasinoRewardCredited;

/** Where a bet of the round stands. */
export type CasinoBetStatus = 'open' | 'won' | 'rolledBack';

/** One accepted provider transaction: what it was and the signed TZS it moved on the balance. */
export interface CasinoTransaction {
  readonly transactionId: string;
  readonly kind: 'bet' | 'win' | 'rollback' | 'reward';
  /** Whole TZS: the amount the provider sent (bet, win, reward), or the stake refunded (rollback). */
  readonly amount: number;
  /** The bet a win or rollback refers to; `null` for a bet or reward. */
  readonly reference: string | null;
  /** Signed whole TZS this transaction moved on the player's balance (bet −, win/refund/reward +, else 0). */
  readonly movement: number;
}

/** State of a round: its identity, its bets and every accepted transaction by id. */
export interface CasinoRoundState {
  readonly providerId: string | null;
  readonly roundId: string | null;
  readonly gameId: string | null;
  readonly userId: string | null;
  /** Bets by transaction id; a bet rolled back before it arrived is `rolledBack` with amount 0. */
  readonly bets: Readonly<Record<string, { readonly amount: number; readonly status: CasinoBetStatus }>>;
  readonly transactions: Readonly<Record<string, CasinoTransaction>>;
}

/** The stream of a round: `casino-round-<providerId>:<roundId>`. */
export const casinoRoundStream = (providerId: string, roundId: string): string =>
  `casino-round-${providerId}:${roundId}`;

export const initialCasinoRoundState = (): CasinoRoundState => ({
  providerId: null,
  roundId: null,
  gameId: null,
  userId: null,
  bets: Object.create(null) as CasinoRoundState['bets'],
  transactions: Object.create(null) as CasinoRoundState['transactions'],
});

/**
 * `record` with `key` set to `value`, as a new record without a prototype. Keys are the provider's
 * transaction ids, a new name in every round: V8 gave each `{ ...record, [key]: value }` a hidden
 * class of its own, chained from the empty object's: a transition per id ever seen, searched and added
 * on every event, more of them with every round the process sees (docs/benchmarks.md "Wallet call path
 * CPU (helper, session 18)"; decision 0214). An object without a prototype is a plain dictionary from
 * the start, and no `Object.prototype` member can pass for a transaction id either.
 */
const withEntry = <V>(record: Readonly<Record<string, V>>, key: string, value: V): Record<string, V> => {
  const next = Object.create(null) as Record<string, V>;
  for (const k in record) next[k] = record[k]!;
  next[key] = value;
  return next;
};

const transactionOf = (event: CasinoRoundEvent): CasinoTransaction => {
  const d = event.data;
  switch (event.type) {
    case 'CasinoBetPlaced':
      return {
        transactionId: d.transactionId,
        kind: 'bet',
        amount: event.data.amount,
        reference: null,
        movement: -event.data.amount,
      };
    case 'CasinoWinCredited':
      return {
        transactionId: d.transactionId,
        kind: 'win',
        amount: event.data.amount,
        reference: event.data.betTransactionId,
        movement: event.data.amount,
      };
    case 'CasinoBetRolledBack':
      return {
        transactionId: d.transactionId,
        kind: 'rollback',
        amount: event.data.refund,
        reference: event.data.betTransactionId,
        movement: event.data.refund,
      };
    case 'CasinoRewardCredited':
      return {
        transactionId: d.transactionId,
        kind: 'reward',
        amount: event.data.amount,
        reference: null,
        movement: event.data.amount,
      };
  }
};

/** Folds one round event. */
export const evolveCasinoRound = (state: CasinoRoundState, event: CasinoRoundEvent): CasinoRoundState => {
  const d = event.data;
  let bets = state.bets;
  if (event.type === 'CasinoBetPlaced')
    bets = withEntry(bets, d.transactionId, { amount: event.data.amount, status: 'open' as const });
  else if (event.type === 'CasinoWinCredited') {
    const bet = ownOf(bets, event.data.betTransactionId);
    if (bet) bets = withEntry(bets, event.data.betTransactionId, { ...bet, status: 'won' as const });
  } else if (event.type === 'CasinoBetRolledBack') {
    const bet = ownOf(bets, event.data.betTransactionId) ?? { amount: 0, status: 'rolledBack' as const };
    bets = withEntry(bets, event.data.betTransactionId, { ...bet, status: 'rolledBack' as const });
  }
  return {
    providerId: d.providerId,
    roundId: d.roundId,
    gameId: d.gameId,
    userId: d.userId,
    bets,
    transactions: withEntry(state.transactions, d.transactionId, transactionOf(event)),
  };
};

/**
 * Whole-TZS amount check: `CASINO_AMOUNT_NEGATIVE`, `CASINO_AMOUNT_NOT_WHOLE_TZS` (fractional, NaN,
 * infinite or beyond 2^53), `CASINO_AMOUNT_ZERO` unless `zeroAllowed`.
 */
export const casinoAmountError = (amount: number, zeroAllowed = false): DomainError | undefined => {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount))
    return domainError('CASINO_AMOUNT_NOT_WHOLE_TZS', 'amount: a whole number of TZS', {
      field: 'amount',
      details: { amount },
    });
  if (amount < 0)
    return domainError('CASINO_AMOUNT_NEGATIVE', 'amount: must not be negative', {
      field: 'amount',
      details: { amount },
    });
  if (amount === 0 && !zeroAllowed)
    return domainError('CASINO_AMOUNT_ZERO', 'amount: must be more than 0 TZS', { field: 'amount' });
  return undefined;
};

const sameRound = (c: CasinoRoundCommand, s: CasinoRoundState): DomainError | undefined => {
  if (s.userId !== null && s.userId !== c.userId)
    return domainError('CASINO_ROUND_PLAYER_MISMATCH', 'this round belongs to another player', {
      field: 'userId',
    });
  if (s.gameId !== null && s.gameId !== c.gameId)
    return domainError('CASINO_ROUND_GAME_MISMATCH', 'this round belongs to another game', {
      field: 'gameId',
      details: { roundGameId: s.gameId },
    });
  return undefined;
};

const kindOf = (c: CasinoRoundCommand): CasinoTransaction['kind'] =>
  c.type === 'PlaceCasinoBet'
    ? 'bet'
    : c.type === 'CreditCasinoWin'
      ? 'win'
      : c.type === 'RollbackCasinoBet'
        ? 'rollback'
        : 'reward';

/** True when a repeated call carries the same content as the transaction first accepted under its id. */
const sameContent = (c: CasinoRoundCommand, t: CasinoTransaction): boolean => {
  if (kindOf(c) !== t.kind) return false;
  switch (c.type) {
    case 'PlaceCasinoBet':
    case 'CreditCasinoReward':
      return c.amount === t.amount;
    case 'CreditCasinoWin':
      return c.amount === t.amount && c.betTransactionId === t.reference;
    case 'RollbackCasinoBet':
      return c.betTransactionId === t.reference;
  }
};

const base = (c: CasinoRoundCommand): CasinoEventBase => ({
  providerId: c.providerId,
  roundId: c.roundId,
  gameId: c.gameId,
  userId: c.userId,
  transactionId: c.transactionId,
  at: c.at,
});

const betNotFound = (betTransactionId: string): DomainError =>
  domainError('CASINO_BET_NOT_FOUND', 'no such bet in this round', {
    field: 'betTransactionId',
    details: { betTransactionId },
  });
const betSettled = (betTransactionId: string): DomainError =>
  domainError('CASINO_BET_SETTLED', 'this bet already has its win', {
    field: 'betTransactionId',
    details: { betTransactionId },
  });
const betRolledBack = (betTransactionId: string): DomainError =>
  domainError('CASINO_BET_ROLLED_BACK', 'this bet was rolled back', {
    field: 'betTransactionId',
    details: { betTransactionId },
  });

/**
 * Decides one provider call against the round. Refusal codes: `CASINO_TRANSACTION_CONFLICT`,
 * `CASINO_BET_NOT_FOUND`, `CASINO_BET_SETTLED`, `CASINO_BET_ROLLED_BACK`, `CASINO_ROLLBACK_NOT_A_BET`,
 * `CASINO_AMOUNT_NEGATIVE`,
 * `CASINO_AMOUNT_NOT_WHOLE_TZS`, `CASINO_AMOUNT_ZERO`, `CASINO_REASON_REQUIRED`,
 * `CASINO_ROUND_PLAYER_MISMATCH`, `CASINO_ROUND_GAME_MISMATCH`. A repeat is accepted with no events.
 */
export const decideCasinoRound = (c: CasinoRoundCommand, s: CasinoRoundState): Decision<CasinoRoundEvent> => {
  const mismatch = sameRound(c, s);
  if (mismatch) return refuse(mismatch);
  const seen = ownOf(s.transactions, c.transactionId);
  if (seen)
    return sameContent(c, seen)
      ? accept()
      : refuse(
          domainError('CASINO_TRANSACTION_CONFLICT', 'this transaction id was used for another call', {
            field: 'transactionId',
            details: { transactionId: c.transactionId, first: seen },
          }),
        );
  switch (c.type) {
    case 'PlaceCasinoBet': {
      const bad = casinoAmountError(c.amount);
      if (bad) return refuse(bad);
      if (ownOf(s.bets, c.transactionId)?.status === 'rolledBack')
        return refuse(betRolledBack(c.transactionId));
      return accept({ type: 'CasinoBetPlaced', data: { ...base(c), amount: c.amount } });
    }
    case 'CreditCasinoWin': {
      const bad = casinoAmountError(c.amount, true);
      if (bad) return refuse(bad);
      const bet = ownOf(s.bets, c.betTransactionId);
      if (!bet) return refuse(betNotFound(c.betTransactionId));
      if (bet.status === 'won') return refuse(betSettled(c.betTransactionId));
      if (bet.status === 'rolledBack') return refuse(betRolledBack(c.betTransactionId));
      return accept({
        type: 'CasinoWinCredited',
        data: { ...base(c), betTransactionId: c.betTransactionId, amount: c.amount },
      });
    }
    case 'RollbackCasinoBet': {
      const referenced = ownOf(s.transactions, c.betTransactionId);
      if (referenced && referenced.kind !== 'bet')
        return refuse(
          domainError(
            'CASINO_ROLLBACK_NOT_A_BET',
            `only a bet can be rolled back, not a ${referenced.kind}`,
            {
              field: 'betTransactionId',
              details: { betTransactionId: c.betTransactionId, kind: referenced.kind },
            },
          ),
        );
      const bet = ownOf(s.bets, c.betTransactionId);
      if (bet?.status === 'won') return refuse(betSettled(c.betTransactionId));
      const outcome = !bet ? 'unknownBet' : bet.status === 'rolledBack' ? 'alreadyRolledBack' : 'refunded';
      const refund = outcome === 'refunded' && bet ? bet.amount : 0;
      return accept({
        type: 'CasinoBetRolledBack',
        data: { ...base(c), betTransactionId: c.betTransactionId, refund, outcome },
      });
    }
    case 'CreditCasinoReward': {
      const bad = casinoAmountError(c.amount);
      if (bad) return refuse(bad);
      if (c.reason.trim() === '')
        return refuse(domainError('CASINO_REASON_REQUIRED', 'a reward needs a reason', { field: 'reason' }));
      return accept({
        type: 'CasinoRewardCredited',
        data: { ...base(c), amount: c.amount, reason: c.reason },
      });
    }
  }
};

/** The casino round aggregate (stream {@link casinoRoundStream}). */
export const casinoRoundDecider: Decider<CasinoRoundCommand, CasinoRoundEvent, CasinoRoundState> = {
  initialState: initialCasinoRoundState,
  evolve: evolveCasinoRound,
  decide: decideCasinoRound,
};

/** Whether a round has a bet still waiting for its `win` or `rollback` (status `open`). */
export const casinoRoundHasOpenBet = (state: CasinoRoundState): boolean => {
  for (const id in state.bets) if (state.bets[id]!.status === 'open') return true;
  return false;
};

/**
 * The answer to a provider call: the transaction the round holds under `transactionId` (the first
 * result, for a first call and every repeat alike), or `undefined` when the round never accepted it.
 */
export const casinoTransaction = (
  state: CasinoRoundState,
  transactionId: string,
): CasinoTransaction | undefined => ownOf(state.transactions, transactionId);

/** Sum of the signed balance movements of every accepted transaction of the round (whole TZS). */
export const casinoRoundNet = (state: CasinoRoundState): number =>
  Object.values(state.transactions).reduce((sum, t) => sum + t.movement, 0);
