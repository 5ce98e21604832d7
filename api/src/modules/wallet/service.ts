/**
 * The wallet service (architecture.md §4): a player's pockets as the `wallet-<userId>` stream says,
 * read through the event-store port, and the per-process ownership of each wallet that the money path
 * (`money-path.ts`, decision 0008) runs its movements under — the ONE way money moves.
 *
 * Idempotency: each command's `movementId` seeds the event ids, so a repeated movement is a no-op in
 * the store even past the decider's window of recent ids (decision 0007).
 */
import { aggregateStream } from '@bashiri/eventstore';
import type { Aggregated } from '@bashiri/eventstore';
import { walletDecider, walletStream } from '@bashiri/domain';
import type { DomainError, WalletCommand, WalletState } from '@bashiri/domain';
import type { AppServices } from '../../services.ts';
import { keyedSerial } from '../../transactions.ts';
import { moveMoney } from './money-path.ts';
import type { WalletLedger } from './money-path.ts';

/** A player's pockets in TZS (spec §3 User: balance, credit_money, virtual currency). */
export interface WalletView {
  readonly userId: string;
  readonly balance: number;
  readonly creditMoney: number;
  readonly racingCoin: number;
  readonly debt: number;
  /** TZS of withdrawals in flight: already out of `balance`, not paid out yet (issue 16 item 8). */
  readonly reserved: number;
}

/** `moved` is false when the command changed nothing (a repeated movement id). */
export type WalletResult =
  | { readonly ok: true; readonly state: WalletState; readonly moved: boolean }
  | { readonly ok: false; readonly error: DomainError };

export interface WalletService {
  /** One command of the wallet alone, on the money path (`money-path.ts`). */
  run(command: WalletCommand): Promise<WalletResult>;
  /** The pockets as the wallet stream says now (not the read model). */
  current(userId: string): Promise<WalletView>;
  /**
   * For a caller that reads the wallet's new events, decides and appends itself, in one statement with
   * other streams (bet placement): runs `work` serialised with this process's other work on `userId`'s
   * wallet. `known()` is the last committed state this process saw (a starting point: read the events
   * after its version; the append's exact-version check refuses anything stale), `committed(value)`
   * keeps the new state and publishes the new balances, `forget()` drops it after a lost race.
   */
  owned<T>(userId: string, work: (wallet: OwnedWallet) => Promise<T>): Promise<T>;
  /**
   * {@link owned} for several wallets at once (a batch of movements, `money-batch.ts`): `work` runs once
   * this process's other work on every one of `userIds` is done, and holds them all until it ends. The
   * wallets are taken in sorted order, so two batches sharing players never wait on each other in a
   * circle. `work` gets each player's {@link OwnedWallet} by id.
   */
  ownedMany<T>(
    userIds: readonly string[],
    work: (wallets: ReadonlyMap<string, OwnedWallet>) => Promise<T>,
  ): Promise<T>;
}

/** See {@link WalletService.owned}. */
export interface OwnedWallet {
  known(): Aggregated<WalletState> | undefined;
  committed(value: Aggregated<WalletState>): void;
  forget(): void;
}

const CACHE_LIMIT = 20_000;
const services = new WeakMap<AppServices, WalletService>();

/** The pockets of `state` as players and staff see them (reserved = withdrawals in flight, issue 16 item 8). */
export const viewOf = (userId: string, state: WalletState): WalletView => ({
  userId,
  balance: state.balance,
  creditMoney: state.creditMoney,
  racingCoin: state.racingCoin,
  debt: state.debt,
  reserved: state.openWithdrawals.reduce((sum, w) => sum + w.amount, 0),
});

/** The wallet service of a running server (one per `AppServices`). */
export const walletOf = (app: AppServices): WalletService => {
  const existing = services.get(app);
  if (existing) return existing;
  // Last committed state per wallet: loading then reads only the events after it (a version check,
  // never a stale answer), so a wallet with a long history stays cheap.
  const cache = new Map<string, Aggregated<WalletState>>();
  const remember = (userId: string, value: Aggregated<WalletState>) => {
    cache.delete(userId);
    cache.set(userId, value);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  };
  const serial = keyedSerial();

  const owned: WalletService['owned'] = (userId, work) =>
    serial(userId, () =>
      work({
        known: () => cache.get(userId),
        committed: (value) => {
          remember(userId, value);
          app.publish(`BALANCE_CHANGED:${userId}`, viewOf(userId, value.state));
        },
        forget: () => void cache.delete(userId),
      }),
    );

  const ownedMany = <T>(
    userIds: readonly string[],
    work: (wallets: ReadonlyMap<string, OwnedWallet>) => Promise<T>,
  ): Promise<T> => {
    const sorted = [...new Set(userIds)].sort();
    const wallets = new Map<string, OwnedWallet>();
    const take = (i: number): Promise<T> =>
      i === sorted.length
        ? work(wallets)
        : owned(sorted[i]!, (wallet) => {
            wallets.set(sorted[i]!, wallet);
            return take(i + 1);
          });
    return take(0);
  };

  const service: WalletService = {
    owned,
    ownedMany,
    run: async (command) => {
      const { answer, written } = await moveMoney<
        undefined,
        never,
        undefined,
        ReturnType<WalletLedger['pay']>
      >(app, {
        userId: command.userId,
        idempotencyKey: command.movementId,
        decide: ({ wallet }) => ({ answer: wallet.pay(command) }),
      });
      return answer.ok ? { ok: true, state: answer.state, moved: written } : answer;
    },
    current: async (userId) => {
      const state = await aggregateStream(app.store, walletStream(userId), walletDecider, cache.get(userId));
      remember(userId, state);
      return viewOf(userId, state.state);
    },
  };
  services.set(app, service);
  return service;
};
