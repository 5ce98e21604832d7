/**
 * What the panel reads from the machine's snapshot (spec §2 "Betslip panel" totals; §5 "Betslip submit").
 */
import { stakeLimits, type Quote, type StakeLimits } from '@bashiri/domain';
import type { BetslipContext } from './machine.ts';
import { attemptIsLive, slipQuote } from './rules.ts';

/** Total odds, stake, profit, reward percent and amount, tax, after-tax amount: the domain's `quote`. */
export const selectTotals = (context: BetslipContext): Quote =>
  slipQuote(context.items, context.amount, context.payType, context.config);

/**
 * The stake limits of the slip, TZS: its pay type's and its channel's (the layout now, MOBILE under the
 * 960 px breakpoint), combined as the server combines them (spec §9 "min and max bet for mobile and
 * desktop"; domain `stakeLimits`).
 */
export const selectStakeLimits = (context: BetslipContext): StakeLimits =>
  stakeLimits(context.config, context.payType, context.channel());

/**
 * Spec §5: submit is disabled while the slip is empty or the amount is empty or below the minimum (of
 * the pay type and the channel). (Login, the accept box and the rest are checked on SUBMIT, which says why.)
 */
export const selectCanSubmit = (context: BetslipContext): boolean =>
  context.items.length > 0 && context.amount > 0 && context.amount >= selectStakeLimits(context).minimum;

/**
 * True while a bet with a selection in play is being placed: the server holds it for the rolling-bet
 * delay before accepting it (spec §9), so the panel says it awaits acceptance. `submitting` is whether
 * the machine is in its `submitting` state.
 */
export const selectAwaitingLiveAcceptance = (context: BetslipContext, submitting: boolean): boolean =>
  submitting && attemptIsLive(context.items, context.attempt);
