/**
 * The wallet commands the one money path issues for each accepted casino round event (issue 22; spec §4
 * bill types 22 casino deduct, 23 casino add, 24 casino reward; docs/decisions/0003-bill-types.md). The
 * wallet decider already has what the three bills need: `DebitStake`/`RefundStake`/`CreditWinnings` with
 * product `casino` (bills 22, 23, 23) and `CreditBonus` kind `casinoReward` (bill 24). No new wallet
 * command was needed.
 *
 * The money path appends the round event and the wallet event together; when the wallet refuses (e.g.
 * `INSUFFICIENT_FUNDS` on a bet), the round event is not appended either, and the provider gets the
 * refusal (`RS_ERROR_NOT_ENOUGH_MONEY`, docs/casino.md).
 */
import { DomainFailure } from '../errors.ts';
import type { CreditBonus, CreditWinnings, DebitStake, RefundStake } from '../wallet/commands.ts';
import type { Actor } from '../wallet/events.ts';
import { percentTax } from '../wallet/lines.ts';
import { ownOf } from './own.ts';
import type { CasinoRoundEvent, CasinoRoundState } from './round.ts';

/** A wallet command a casino round event asks for. */
export type CasinoWalletCommand = DebitStake | RefundStake | CreditWinnings | CreditBonus;

/** The wallet movement id of a provider transaction: `casino:<providerId>:<transactionId>` (idempotent). */
export const casinoMovementId = (providerId: string, transactionId: string): string =>
  `casino:${providerId}:${transactionId}`;

/** The actor of casino movements: the provider, as the system acting on its call. */
export const casinoActor = (providerId: string): Actor => ({
  kind: 'system',
  id: `casino-provider:${providerId}`,
});

/** Options of {@link casinoWalletCommands}. */
export interface CasinoWalletOptions {
  /**
   * Withholding on casino winnings in force at the event's instant (betting-rules §8, `taxRateAt(…,
   * 'casino', at)`), a percent as a decimal string ("10"). Withheld on the profit of the bet (win − its
   * stake), rounded down to whole TZS. Default "0".
   */
  readonly taxRate?: string;
}

/**
 * The wallet commands for `event`, decided against `before` (the round state before the event). A bet
 * debits (bill 22, pay type 1: casino is played from the real balance), a win credits its net (bill 23;
 * none for a zero win), a rollback refunds the stake (bill 23; none when nothing was debited), a reward
 * credits the balance (bill 24). The wallet's `betId`/`reference` is the round stream's key
 * `<providerId>:<roundId>`, so a round's bills group together. Throws `INVALID_TAX_RATE` (DomainFailure)
 * on a malformed rate.
 */
export const casinoWalletCommands = (
  event: CasinoRoundEvent,
  before: CasinoRoundState,
  options: CasinoWalletOptions = {},
): CasinoWalletCommand[] => {
  const d = event.data;
  const common = {
    userId: d.userId,
    movementId: casinoMovementId(d.providerId, d.transactionId),
    at: d.at,
    actor: casinoActor(d.providerId),
  };
  const betId = `${d.providerId}:${d.roundId}`;
  switch (event.type) {
    case 'CasinoBetPlaced':
      return [
        { type: 'DebitStake', ...common, betId, product: 'casino', payType: 1, amount: event.data.amount },
      ];
    case 'CasinoWinCredited': {
      if (event.data.amount === 0) return [];
      const stake = ownOf(before.bets, event.data.betTransactionId)?.amount ?? 0;
      const taxed = percentTax(Math.max(0, event.data.amount - stake), options.taxRate ?? '0');
      if ('error' in taxed) throw new DomainFailure(taxed.error);
      return [
        {
          type: 'CreditWinnings',
          ...common,
          betId,
          product: 'casino',
          gross: event.data.amount,
          tax: taxed.tax,
          amount: event.data.amount - taxed.tax,
        },
      ];
    }
    case 'CasinoBetRolledBack':
      if (event.data.refund === 0) return [];
      return [
        {
          type: 'RefundStake',
          ...common,
          betId,
          product: 'casino',
          payType: 1,
          amount: event.data.refund,
          reason: `casino rollback of ${event.data.betTransactionId}`,
        },
      ];
    case 'CasinoRewardCredited':
      return [
        {
          type: 'CreditBonus',
          ...common,
          kind: 'casinoReward',
          pocket: 'balance',
          reference: betId,
          amount: event.data.amount,
          reason: event.data.reason,
        },
      ];
  }
};
