/**
 * Command builders for wallet tests and simulations: sensible defaults, overridable fields.
 * Pure data; the instant and actor are fixed so that expected events are easy to write.
 */
import { fold } from '../decider.ts';
import type * as C from './commands.ts';
import { walletDecider } from './decider.ts';
import type { Actor, WalletEvent } from './events.ts';

export const AT = '2026-01-10T12:00:00.000Z';
export const PLAYER: Actor = { kind: 'player', id: 'u1' };
export const STAFF: Actor = { kind: 'staff', id: 'admin7' };
export const SYSTEM: Actor = { kind: 'system', id: 'settlement' };

const base = { userId: 'u1', at: AT, actor: PLAYER };

export const walletCommands = {
  deposit: (movementId: string, amount: number, over: Partial<C.CreditDeposit> = {}): C.CreditDeposit => ({
    type: 'CreditDeposit',
    ...base,
    actor: SYSTEM,
    movementId,
    paymentId: movementId,
    channel: 'push',
    amount,
    ...over,
  }),
  stake: (movementId: string, amount: number, over: Partial<C.DebitStake> = {}): C.DebitStake => ({
    type: 'DebitStake',
    ...base,
    movementId,
    betId: movementId,
    product: 'single',
    payType: 1,
    amount,
    ...over,
  }),
  refund: (movementId: string, amount: number, over: Partial<C.RefundStake> = {}): C.RefundStake => ({
    type: 'RefundStake',
    ...base,
    actor: SYSTEM,
    movementId,
    betId: movementId,
    product: 'single',
    payType: 1,
    amount,
    reason: 'bet void',
    ...over,
  }),
  win: (movementId: string, amount: number, over: Partial<C.CreditWinnings> = {}): C.CreditWinnings => ({
    type: 'CreditWinnings',
    ...base,
    actor: SYSTEM,
    movementId,
    betId: movementId,
    product: 'single',
    gross: amount,
    tax: 0,
    amount,
    ...over,
  }),
  reverse: (
    movementId: string,
    amount: number,
    over: Partial<C.ReverseSettlement> = {},
  ): C.ReverseSettlement => ({
    type: 'ReverseSettlement',
    ...base,
    actor: SYSTEM,
    movementId,
    betId: movementId,
    pocket: 'balance',
    amount,
    tax: 0,
    reason: 'result corrected',
    ...over,
  }),
  reserve: (
    movementId: string,
    amount: number,
    over: Partial<C.ReserveWithdrawal> = {},
  ): C.ReserveWithdrawal => ({
    type: 'ReserveWithdrawal',
    ...base,
    movementId,
    paymentId: movementId,
    amount,
    ...over,
  }),
  confirm: (movementId: string, paymentId: string): C.ConfirmWithdrawal => ({
    type: 'ConfirmWithdrawal',
    ...base,
    actor: SYSTEM,
    movementId,
    paymentId,
  }),
  refundWithdrawal: (movementId: string, paymentId: string): C.RefundWithdrawal => ({
    type: 'RefundWithdrawal',
    ...base,
    actor: SYSTEM,
    movementId,
    paymentId,
    reason: 'payout failed',
  }),
  bonus: (movementId: string, amount: number, over: Partial<C.CreditBonus> = {}): C.CreditBonus => ({
    type: 'CreditBonus',
    ...base,
    actor: SYSTEM,
    movementId,
    kind: 'signup',
    pocket: 'creditMoney',
    reference: movementId,
    amount,
    reason: 'welcome',
    ...over,
  }),
  adjust: (movementId: string, amount: number, over: Partial<C.AdjustPocket> = {}): C.AdjustPocket => ({
    type: 'AdjustPocket',
    ...base,
    actor: STAFF,
    movementId,
    pocket: 'balance',
    amount,
    reference: movementId,
    reason: 'goodwill',
    ...over,
  }),
  writeOff: (movementId: string, amount: number): C.WriteOffDebt => ({
    type: 'WriteOffDebt',
    ...base,
    actor: STAFF,
    movementId,
    amount,
    reference: movementId,
    reason: 'uncollectable',
  }),
  toCoin: (movementId: string, amount: number): C.ConvertToRacingCoin => ({
    type: 'ConvertToRacingCoin',
    ...base,
    movementId,
    amount,
  }),
  expire: (movementId: string, amount: number, over: Partial<C.ExpireCredit> = {}): C.ExpireCredit => ({
    type: 'ExpireCredit',
    ...base,
    actor: SYSTEM,
    movementId,
    reference: `grant:${movementId}`,
    amount,
    reason: 'expired',
    ...over,
  }),
  toBalance: (movementId: string, amount: number, taxRate = '10'): C.ConvertToBalance => ({
    type: 'ConvertToBalance',
    ...base,
    movementId,
    amount,
    taxRate,
  }),
};

/** The events a sequence of commands records; throws on a refusal (test setup). */
export const walletHistory = (...commands: C.WalletCommand[]): WalletEvent[] => {
  const events: WalletEvent[] = [];
  for (const c of commands) {
    const d = walletDecider.decide(c, fold(walletDecider, events));
    if (!d.ok) throw new Error(`setup refused: ${d.error.code}`);
    events.push(...d.events);
  }
  return events;
};
