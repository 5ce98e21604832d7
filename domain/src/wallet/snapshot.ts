/**
 * Wallet snapshots (decision 0004): the state is bounded and plain JSON, so a snapshot is the state
 * plus the stream version it reflects. Loading = read the snapshot, then fold only the events after
 * `version`; the cost does not grow with the history.
 */
import { fold } from '../decider.ts';
import type { WalletEvent, WalletState } from './events.ts';
import { walletDecider } from './decider.ts';

/** A stored wallet state. `version` is the stream version (count of events folded, 0-based last position + 1). */
export interface WalletSnapshot {
  readonly version: number;
  readonly state: WalletState;
}

/** Version of the snapshot format; bump when {@link WalletState} changes shape, and rebuild from events. */
export const WALLET_SNAPSHOT_SCHEMA = 1;

/** Takes a snapshot of `state` at stream `version`. A structured copy, so later folds cannot alias it. */
export const snapshotWallet = (state: WalletState, version: number): WalletSnapshot => ({
  version,
  state: structuredClone(state),
});

/** Resumes from `snapshot` (or an empty wallet) by folding `eventsAfter`, the events after its version. */
export const resumeWallet = (
  snapshot: WalletSnapshot | undefined,
  eventsAfter: readonly WalletEvent[],
): WalletSnapshot => ({
  version: (snapshot?.version ?? 0) + eventsAfter.length,
  state: fold(walletDecider, eventsAfter, snapshot?.state ?? walletDecider.initialState()),
});
