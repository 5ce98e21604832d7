import type { Decider } from '../decider.ts';
import type { BetCommand } from './commands.ts';
import { decideBet } from './decide.ts';
import { evolveBet, initialBetState, type BetEvent, type BetState } from './events.ts';

export * from './events.ts';
export type * from './commands.ts';
export { decideBet } from './decide.ts';
export { ABNORMAL_LEVELS, abnormalLevelAt } from './abnormal.ts';
export { currentSettlement } from './settle.ts';
export { walletCommandsFor } from './wallet-link.ts';
export { cashOutView, orderStatusCode, quoteBet, runningTerms } from './cash-out.ts';

/** The bet (order) aggregate (stream `bet-<betId>`): placement, payment, leg settlement, re-settlement, cash-out, cancellation. */
export const betDecider: Decider<BetCommand, BetEvent, BetState> = {
  initialState: initialBetState,
  evolve: evolveBet,
  decide: decideBet,
};

export const betStream = (betId: string): string => `bet-${betId}`;
