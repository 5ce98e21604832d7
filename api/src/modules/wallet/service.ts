/**
 * Moving a player's money (architecture.md §4): every movement is a wallet command decided by the
 * domain's wallet decider and appended to `wallet-<userId>` inside a SQL transaction, together with
 * whatever else the caller changes (a bet placed and its stake debited commit together or not at all).
 *
 * Idempotency: each command's `movementId` seeds the event ids, so a repeated movement is a no-op in
 * the store even past the decider's window of recent ids (decision 0007).
 */
import {
  aggregateStreamWithin,
  aggregateStreamsWithin,
  appendManyWith,
  decideMany,
  handleCommandWithin,
} from '@bashiri/eventstore';
import type { Aggregated, SqlExecutor } from '@bashiri/eventstore';
import { walletDecider, walletStream } from '@bashiri/domain';
import type { DomainError, WalletCommand, WalletEvent, WalletState } from '@bashiri/domain';
import type { AppServices } from '../../services.ts';
import { keyedSerial, transactionWithRetry } from '../../transactions.ts';

/** A player's pockets in TZS (spec §3 User: balance, credit_money, virtual currency). */
export interface WalletView {
  readonly userId: string;
  readonly balance: number;
  readonly creditMoney: number;
  readonly racingCoin: number;
  readonly debt: number;
}

/** `moved` is false when the command changed nothing (a repeated movement id). */
export type WalletResult =
  | { readonly ok: true; readonly state: WalletState; readonly moved: boolean }
  | { readonly ok: false; readonly error: DomainError };

/** Applies one wallet command inside the current unit of work. */
export type ApplyWallet = (command: WalletCommand) => Promise<WalletResult>;

/** Wallet changes inside one transaction, for any number of players. */
export interface WalletUnitOfWork {
  readonly apply: ApplyWallet;
  /** Loads these wallets in one query, so the commands that follow need no reads of their own. */
  preload(userIds: readonly string[]): Promise<void>;
  /**
   * Many commands for many wallets, decided in memory and appended in one statement (process managers).
   * Results are in command order.
   */
  applyMany(commands: readonly WalletCommand[]): Promise<WalletResult[]>;
  /** Call after the transaction committed: keeps the new states and publishes the new balances. */
  committed(): void;
}

export interface WalletService {
  /**
   * Runs `work` for `userId` in one transaction (retried whole on a concurrency conflict), serialised
   * with this process's other work on the same wallet. `apply` changes the wallet within it. After the
   * commit the new balances are published on `BALANCE_CHANGED:<userId>`.
   */
  transact<T>(userId: string, work: (tx: SqlExecutor, apply: ApplyWallet) => Promise<T>): Promise<T>;
  /** Wallet changes inside a transaction the caller runs (process managers touching many wallets). */
  unitOfWork(tx: SqlExecutor): WalletUnitOfWork;
  /** One command in its own unit of work. */
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
}

/** See {@link WalletService.owned}. */
export interface OwnedWallet {
  known(): Aggregated<WalletState> | undefined;
  committed(value: Aggregated<WalletState>): void;
  forget(): void;
}

const CACHE_LIMIT = 20_000;
const services = new WeakMap<AppServices, WalletService>();

const viewOf = (userId: string, state: WalletState): WalletView => ({
  userId,
  balance: state.balance,
  creditMoney: state.creditMoney,
  racingCoin: state.racingCoin,
  debt: state.debt,
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

  const unitOfWork = (tx: SqlExecutor): WalletUnitOfWork => {
    // Wallets loaded or changed in this transaction: their state here is current.
    const touched = new Map<string, Aggregated<WalletState>>();
    const preload = async (userIds: readonly string[]) => {
      const missing = userIds.filter((id) => !touched.has(id));
      const loaded = await aggregateStreamsWithin(tx, missing.map(walletStream), walletDecider, (stream) =>
        cache.get(stream.slice('wallet-'.length)),
      );
      for (const [stream, value] of loaded) touched.set(stream.slice('wallet-'.length), value);
    };
    const apply: ApplyWallet = async (command) => {
      const current = touched.get(command.userId);
      const from = cache.get(command.userId);
      const outcome = await handleCommandWithin<WalletState, WalletCommand, WalletEvent, DomainError>(
        tx,
        walletStream(command.userId),
        walletDecider,
        command,
        {
          idempotencyKey: command.movementId,
          metadata: { actor: `${command.actor.kind}:${command.actor.id}`, causationId: command.movementId },
          ...(current ? { current } : from ? { from } : {}),
        },
      );
      touched.set(command.userId, { state: outcome.state, version: outcome.version });
      return outcome.ok
        ? {
            ok: true,
            state: outcome.state,
            moved: outcome.events.length > 0 && !outcome.append?.alreadyStored,
          }
        : { ok: false, error: outcome.error };
    };
    const applyMany = async (commands: readonly WalletCommand[]): Promise<WalletResult[]> => {
      await preload(commands.map((c) => c.userId));
      const loaded = new Map([...touched].map(([userId, value]) => [walletStream(userId), value]));
      const { appends, outcomes } = decideMany<WalletState, WalletCommand, WalletEvent, DomainError>(
        walletDecider,
        loaded,
        commands.map((command) => ({
          streamName: walletStream(command.userId),
          command,
          idempotencyKey: command.movementId,
          metadata: { actor: `${command.actor.kind}:${command.actor.id}`, causationId: command.movementId },
        })),
      );
      await appendManyWith(tx, appends);
      for (const [stream, value] of loaded) touched.set(stream.slice('wallet-'.length), value);
      return outcomes.map((o) =>
        o.ok ? { ok: true, state: o.state, moved: o.events.length > 0 } : { ok: false, error: o.error },
      );
    };
    return {
      apply,
      preload,
      applyMany,
      committed: () => {
        for (const [userId, value] of touched) {
          remember(userId, value);
          app.publish(`BALANCE_CHANGED:${userId}`, viewOf(userId, value.state));
        }
        if (touched.size > 0) app.store.notifyAppended();
      },
    };
  };

  const transact: WalletService['transact'] = (userId, work) =>
    serial(userId, async () => {
      let unit: WalletUnitOfWork | null = null;
      const result = await transactionWithRetry(app.sql, async (tx) => {
        unit = unitOfWork(tx);
        const { apply } = unit;
        return work(tx, (command) => {
          if (command.userId !== userId)
            throw new Error(`wallet unit of work for ${userId} got a command for ${command.userId}`);
          return apply(command);
        });
      });
      (unit as WalletUnitOfWork | null)?.committed();
      return result;
    });

  const owned: WalletService['owned'] = (userId, work) =>
    serial(userId, () =>
      work({
        known: () => cache.get(userId),
        committed: (value) => {
          remember(userId, value);
          app.publish(`BALANCE_CHANGED:${userId}`, viewOf(userId, value.state));
          app.store.notifyAppended();
        },
        forget: () => void cache.delete(userId),
      }),
    );

  const service: WalletService = {
    transact,
    owned,
    unitOfWork,
    run: (command) => transact(command.userId, (_tx, apply) => apply(command)),
    current: async (userId) => {
      const state = await app.sql.transaction((tx) =>
        aggregateStreamWithin(tx, walletStream(userId), walletDecider, cache.get(userId)),
      );
      remember(userId, state);
      return viewOf(userId, state.state);
    },
  };
  services.set(app, service);
  return service;
};
