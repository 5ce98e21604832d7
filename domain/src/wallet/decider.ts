import type { Decider } from '../decider.ts';
import type { WalletCommand } from './commands.ts';
import { decideWallet } from './decide.ts';
import { evolveWallet, initialWalletState, type WalletEvent, type WalletState } from './events.ts';

/** The wallet aggregate (stream `wallet-<userId>`): three pockets plus debt, every movement a bill entry. */
export const walletDecider: Decider<WalletCommand, WalletEvent, WalletState> = {
  initialState: initialWalletState,
  evolve: evolveWallet,
  decide: decideWallet,
};

/** Stream name of a player's wallet (architecture.md §3 "Streams"). */
export const walletStream = (userId: string): string => `wallet-${userId}`;

/**
 * Key for a deterministic event id of a movement: the event store derives the uuid from it, so a repeat
 * that fell out of the state's recent window is still dropped by the store's unique event id.
 */
export const walletMovementKey = (userId: string, movementId: string): string =>
  `wallet-${userId}/${movementId}`;
