/**
 * Wallet `decide`: one small function per command (architecture.md §3, §4; spec §3 "User", §4 "Bill
 * types", §6 staff edits, §9 conversion tax). Every refusal is a {@link DomainError}:
 * `INVALID_AMOUNT`, `INSUFFICIENT_FUNDS`, `INSUFFICIENT_CREDIT_MONEY`, `INSUFFICIENT_RACING_COIN`,
 * `REASON_REQUIRED`, `STAFF_ONLY`, `WALLET_USER_MISMATCH`, `WITHDRAWAL_ALREADY_OPEN`,
 * `TOO_MANY_OPEN_WITHDRAWALS`, `WITHDRAWAL_NOT_OPEN`, `DEBT_EXCEEDED`, `INVALID_TAX_RATE`.
 * A command whose `movementId` is in the recent window is accepted with no events.
 */
import { accept, refuse, type Decision } from '../decider.ts';
import { domainError } from '../errors.ts';
import { BillType, BONUS_BILL, RESULT_BILL, STAKE_BILL } from './bill-types.ts';
import type * as C from './commands.ts';
import type { PayType } from '../config/bet-config.ts';
import type { Movement, MovementLine, StakeProduct, WalletEvent, WalletState } from './events.ts';
import { MAX_OPEN_WITHDRAWALS } from './events.ts';
import { amountError, credit, debit, line, percentTax, reasonError } from './lines.ts';

type D = Decision<WalletEvent>;

/** The pocket a stake is paid from: racing coin for racing, else by pay type (spec §4). */
const stakePocket = (product: StakeProduct, payType: PayType) =>
  product === 'racing' ? 'racingCoin' : payType === 2 ? 'creditMoney' : 'balance';

const movement = (
  c: C.WalletCommand,
  billType: BillType,
  reference: string,
  reason: string,
  lines: readonly MovementLine[],
): Movement => ({
  userId: c.userId,
  movementId: c.movementId,
  billType,
  reference,
  reason,
  actor: c.actor,
  at: c.at,
  lines,
});

const debitStake = (c: C.DebitStake, s: WalletState): D => {
  const bad = amountError(c.amount);
  if (bad) return refuse(bad);
  const r = debit(s, stakePocket(c.product, c.payType), c.amount);
  if ('error' in r) return refuse(r.error);
  const data = {
    ...movement(c, STAKE_BILL[c.product], c.betId, 'stake', r.lines),
    product: c.product,
    payType: c.payType,
  };
  return accept({ type: 'StakeDebited', data });
};

const refundStake = (c: C.RefundStake, s: WalletState): D => {
  const bad = amountError(c.amount) ?? reasonError(c.reason);
  if (bad) return refuse(bad);
  const lines = credit(s, stakePocket(c.product, c.payType), c.amount);
  const data = {
    ...movement(c, RESULT_BILL[c.product], c.betId, c.reason, lines),
    product: c.product,
    payType: c.payType,
  };
  return accept({ type: 'StakeRefunded', data });
};

const creditWinnings = (c: C.CreditWinnings, s: WalletState): D => {
  const bad =
    amountError(c.amount) ??
    (Number.isSafeInteger(c.tax) && c.tax >= 0 && Number.isSafeInteger(c.gross) && c.gross >= c.amount
      ? undefined
      : domainError('INVALID_AMOUNT', 'gross and tax must be whole TZS, tax >= 0, gross >= amount', {
          field: 'tax',
          details: { gross: c.gross, tax: c.tax },
        }));
  if (bad) return refuse(bad);
  const lines = credit(s, c.product === 'racing' ? 'racingCoin' : 'balance', c.amount);
  const data = {
    ...movement(c, RESULT_BILL[c.product], c.betId, 'payout', lines),
    product: c.product,
    gross: c.gross,
    tax: c.tax,
  };
  return accept({ type: 'WinningsCredited', data });
};

const reverseSettlement = (c: C.ReverseSettlement, s: WalletState): D => {
  const bad = amountError(c.amount) ?? reasonError(c.reason);
  if (bad) return refuse(bad);
  const taken = Math.min(s[c.pocket], c.amount);
  const shortfall = c.amount - taken;
  const lines: MovementLine[] = [];
  if (taken > 0) lines.push(line(s, c.pocket, -taken));
  if (shortfall > 0 && c.pocket === 'balance') lines.push(line(s, 'debt', shortfall));
  const data = {
    ...movement(c, BillType.SettlementReversal, c.betId, c.reason, lines),
    requested: c.amount,
    tax: c.tax,
    shortfall,
  };
  return accept({ type: 'SettlementReversed', data });
};

const creditDeposit = (c: C.CreditDeposit, s: WalletState): D => {
  const bad = amountError(c.amount);
  if (bad) return refuse(bad);
  const bill = c.channel === 'ussd' ? BillType.UssdRecharge : BillType.Recharge;
  const data = {
    ...movement(c, bill, c.paymentId, 'deposit', credit(s, 'balance', c.amount)),
    channel: c.channel,
  };
  return accept({ type: 'DepositCredited', data });
};

const reserveWithdrawal = (c: C.ReserveWithdrawal, s: WalletState): D => {
  const bad = amountError(c.amount);
  if (bad) return refuse(bad);
  if (s.openWithdrawals.some((w) => w.paymentId === c.paymentId)) {
    return refuse(
      domainError('WITHDRAWAL_ALREADY_OPEN', `withdrawal ${c.paymentId} is already reserved`, {
        field: 'paymentId',
      }),
    );
  }
  if (s.openWithdrawals.length >= MAX_OPEN_WITHDRAWALS) {
    return refuse(
      domainError(
        'TOO_MANY_OPEN_WITHDRAWALS',
        `at most ${MAX_OPEN_WITHDRAWALS} withdrawals may be in flight`,
        { details: { open: s.openWithdrawals.length } },
      ),
    );
  }
  const r = debit(s, 'balance', c.amount);
  if ('error' in r) return refuse(r.error);
  const data = { ...movement(c, BillType.Withdrawal, c.paymentId, 'withdrawal', r.lines), amount: c.amount };
  return accept({ type: 'WithdrawalReserved', data });
};

const openWithdrawal = (s: WalletState, paymentId: string) => {
  const open = s.openWithdrawals.find((w) => w.paymentId === paymentId);
  return (
    open ?? domainError('WITHDRAWAL_NOT_OPEN', `no reserved withdrawal ${paymentId}`, { field: 'paymentId' })
  );
};

const confirmWithdrawal = (c: C.ConfirmWithdrawal, s: WalletState): D => {
  const open = openWithdrawal(s, c.paymentId);
  if ('code' in open) return refuse(open);
  const data = {
    ...movement(c, BillType.Withdrawal, c.paymentId, 'withdrawal paid out', []),
    amount: open.amount,
  };
  return accept({ type: 'WithdrawalConfirmed', data });
};

const refundWithdrawal = (c: C.RefundWithdrawal, s: WalletState): D => {
  const open = openWithdrawal(s, c.paymentId);
  if ('code' in open) return refuse(open);
  const bad = reasonError(c.reason);
  if (bad) return refuse(bad);
  const lines = credit(s, 'balance', open.amount);
  const data = {
    ...movement(c, BillType.TimedOutWithdrawalRefund, c.paymentId, c.reason, lines),
    amount: open.amount,
  };
  return accept({ type: 'WithdrawalRefunded', data });
};

const creditBonus = (c: C.CreditBonus, s: WalletState): D => {
  const bad = amountError(c.amount) ?? reasonError(c.reason);
  if (bad) return refuse(bad);
  const data = {
    ...movement(c, BONUS_BILL[c.kind], c.reference, c.reason, credit(s, c.pocket, c.amount)),
    kind: c.kind,
  };
  return accept({ type: 'BonusCredited', data });
};

const staffOnly = (c: C.WalletCommand) =>
  c.actor.kind === 'staff'
    ? undefined
    : domainError('STAFF_ONLY', 'only staff may do this', { field: 'actor' });

const adjustPocket = (c: C.AdjustPocket, s: WalletState): D => {
  const bad = staffOnly(c) ?? amountError(Math.abs(c.amount)) ?? reasonError(c.reason);
  if (bad) return refuse(bad);
  const r = c.amount > 0 ? { lines: credit(s, c.pocket, c.amount) } : debit(s, c.pocket, -c.amount);
  if ('error' in r) return refuse(r.error);
  return accept({
    type: 'StaffAdjusted',
    data: movement(c, BillType.AdminBalanceChange, c.reference, c.reason, r.lines),
  });
};

const writeOffDebt = (c: C.WriteOffDebt, s: WalletState): D => {
  const bad = staffOnly(c) ?? amountError(c.amount) ?? reasonError(c.reason);
  if (bad) return refuse(bad);
  if (c.amount > s.debt) {
    return refuse(
      domainError('DEBT_EXCEEDED', `debt is ${s.debt} TZS`, {
        field: 'amount',
        details: { debt: s.debt, requested: c.amount },
      }),
    );
  }
  const lines = [line(s, 'debt', -c.amount)];
  return accept({
    type: 'DebtWrittenOff',
    data: movement(c, BillType.AdminBalanceChange, c.reference, c.reason, lines),
  });
};

const convertToRacingCoin = (c: C.ConvertToRacingCoin, s: WalletState): D => {
  const bad = amountError(c.amount);
  if (bad) return refuse(bad);
  const r = debit(s, 'balance', c.amount);
  if ('error' in r) return refuse(r.error);
  const lines = [...r.lines, line(s, 'racingCoin', c.amount)];
  const data = {
    ...movement(c, BillType.BalanceToRacingCoin, c.movementId, 'conversion', lines),
    direction: 'toRacingCoin' as const,
    taxRate: '0',
    tax: 0,
  };
  return accept({ type: 'RacingCoinConverted', data });
};

const convertToBalance = (c: C.ConvertToBalance, s: WalletState): D => {
  const bad = amountError(c.amount);
  if (bad) return refuse(bad);
  const taxed = percentTax(c.amount, c.taxRate);
  if ('error' in taxed) return refuse(taxed.error);
  const r = debit(s, 'racingCoin', c.amount);
  if ('error' in r) return refuse(r.error);
  const net = c.amount - taxed.tax;
  const lines = [...r.lines, ...(net > 0 ? credit(s, 'balance', net) : [])];
  const data = {
    ...movement(c, BillType.RacingCoinToBalance, c.movementId, 'conversion', lines),
    direction: 'toBalance' as const,
    taxRate: c.taxRate,
    tax: taxed.tax,
  };
  return accept({ type: 'RacingCoinConverted', data });
};

const expireCredit = (c: C.ExpireCredit, s: WalletState): D => {
  if (!Number.isSafeInteger(c.amount) || c.amount < 0)
    return refuse(
      domainError('INVALID_AMOUNT', 'amount: must be a whole number of TZS, 0 or more', {
        field: 'amount',
        details: { amount: c.amount },
      }),
    );
  const taken = Math.min(c.amount, s.creditMoney);
  const lines = taken > 0 ? [line(s, 'creditMoney', -taken)] : [];
  const data = {
    ...movement(c, BillType.CreditExpiry, c.reference, c.reason, lines),
    requested: c.amount,
    taken,
  };
  return accept({ type: 'CreditExpired', data });
};

/**
 * Decides a wallet command against the current state. Repeats of a recent `movementId` are accepted
 * with no events; a command for another user's wallet is refused with `WALLET_USER_MISMATCH`.
 */
export const decideWallet = (c: C.WalletCommand, s: WalletState): D => {
  if (s.userId !== null && s.userId !== c.userId) {
    return refuse(
      domainError('WALLET_USER_MISMATCH', `wallet of ${s.userId}, command for ${c.userId}`, {
        field: 'userId',
      }),
    );
  }
  if (s.recentMovementIds.includes(c.movementId)) return accept();
  switch (c.type) {
    case 'DebitStake':
      return debitStake(c, s);
    case 'RefundStake':
      return refundStake(c, s);
    case 'CreditWinnings':
      return creditWinnings(c, s);
    case 'ReverseSettlement':
      return reverseSettlement(c, s);
    case 'CreditDeposit':
      return creditDeposit(c, s);
    case 'ReserveWithdrawal':
      return reserveWithdrawal(c, s);
    case 'ConfirmWithdrawal':
      return confirmWithdrawal(c, s);
    case 'RefundWithdrawal':
      return refundWithdrawal(c, s);
    case 'CreditBonus':
      return creditBonus(c, s);
    case 'AdjustPocket':
      return adjustPocket(c, s);
    case 'WriteOffDebt':
      return writeOffDebt(c, s);
    case 'ConvertToRacingCoin':
      return convertToRacingCoin(c, s);
    case 'ConvertToBalance':
      return convertToBalance(c, s);
    case 'ExpireCredit':
      return expireCredit(c, s);
  }
};
