import type { Decider } from '../decider.ts';
import type { AccountCommand } from './commands.ts';
import { decideAccount } from './decide.ts';
import { evolveAccount, initialAccountState, type AccountEvent, type AccountState } from './events.ts';

export * from './phone.ts';
export * from './events.ts';
export type * from './commands.ts';
export { decideAccount } from './decide.ts';

/** The player account aggregate (stream `account-<userId>`): registration, password, staff flags (spec §6). */
export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};

export const accountStream = (userId: string): string => `account-${userId}`;

/**
 * What the account allows now (for the bet and payment handlers): a disabled account may do nothing,
 * a no-bet account may not bet, a no-withdraw account may not withdraw.
 */
export const accountPermits = (s: AccountState): { bet: boolean; withdraw: boolean; login: boolean } =>
  s.registered
    ? { login: !s.disabled, bet: !s.disabled && !s.noBet, withdraw: !s.disabled && !s.noWithdraw }
    : { login: false, bet: false, withdraw: false };
