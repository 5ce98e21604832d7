/**
 * The money path for a batch of movements (issue 18 "Speed"; decision 0105): the same movements as
 * {@link moveMoney} (`money-path.ts`: product and wallet decided together by pure deciders, protections
 * checked, event ids derived from each movement), many of them at once — one grouped read of every
 * wallet, protection and product stream (`readStreams`) and ONE all-or-nothing multi-stream append
 * (`appendToStreams`, group commit; decisions 0007/0030) for the whole batch. A product settling
 * thousands of tickets pays two round trips per batch instead of two per ticket.
 *
 * Same results as one `moveMoney` each, in order: the movements of one player are decided one after
 * the other on the wallet as the earlier ones left it, and each event id is the one `moveMoney` would
 * give (product events from `${productStream}|${idempotencyKey}`, wallet events from `${walletStream}|
 * ${movementId}`), so a batch run again — after a crash, a lost lease, or through `moveMoney` — writes
 * nothing twice: a product that has already decided answers no events, and a stored id is never stored
 * again.
 *
 * When the append loses a race (another writer moved one of the streams, or a twin of the batch wrote
 * it first) nothing of the batch is written, and every movement goes the single money path, which
 * loads, decides and retries each on its own.
 */
import { protectionDecider, protectionStream, walletDecider, walletStream } from '@bashiri/domain';
import type {
  ProtectedMovementKind,
  ProtectionEvent,
  ProtectionState,
  WalletEvent,
  WalletState,
} from '@bashiri/domain';
import { EventStoreError, foldEvents, isWrongExpectedVersion, readStreams } from '@bashiri/eventstore';
import type { Aggregated, EventData, StreamAppendRequest, StreamReadRequest } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { ledgerOf, moveMoney, productAppend } from './money-path.ts';
import type { MoneyMovement, MoneyResult } from './money-path.ts';
import {
  decisionGuard,
  needsSession,
  needsUsage,
  protectionGateOf,
  sessionStartFor,
  usageFor,
  watchingStakes,
} from './protection-gate.ts';
import type { DecisionGuard } from './protection-gate.ts';
import { walletOf } from './service.ts';
import type { OwnedWallet } from './service.ts';

/**
 * One movement of a batch: a {@link MoneyMovement} that reads nothing besides its streams (`read` is
 * not offered) and whose stakes, if any, are named by the batch's `protection`.
 */
export type BatchMovement<ProductState, ProductEvent, Answer> = Omit<
  MoneyMovement<ProductState, ProductEvent, undefined, Answer>,
  'read' | 'protection'
>;

/** Options of {@link moveMoneyBatch}. */
export interface MoneyBatchOptions {
  /** What the batch's stakes are for the player protections (as `MoneyMovement.protection`). */
  readonly protection?: ProtectedMovementKind;
  /**
   * Streams of the caller's own appended in the batch's one append, all or nothing with it (each at its
   * expected version; none of them a product or wallet stream of the batch): a settlement's cursor and
   * record of the orders that moved no money (decision 0184). {@link moveMoneyBatchWith} tells whether
   * they were written; when the batch loses a race they are not, and the caller appends them itself.
   */
  readonly alongside?: readonly StreamAppendRequest[];
  /**
   * When the batch loses a race: `'one-by-one'` (the default) sends each movement alone through
   * {@link moveMoney}; `'none'` writes nothing and answers `lost` ({@link moveMoneyBatchWith}), for a
   * caller whose movements are only exactly-once together with its `alongside` (a settlement walk's
   * wallet-only credits and its cursor, decision 0194): it reads again and retries the whole batch.
   */
  readonly fallback?: 'one-by-one' | 'none';
  /**
   * Decide without reading the wallet and protection streams of the players this process knows
   * (decision 0196, after 0172 for one movement): a player whose wallet state this process last
   * committed (`owned.known()`) and whose protection state it holds, with neither a period limit (usage
   * would need the wallet's tail) nor a session-time limit, is decided on those states; the append's
   * exact-version check on the player's wallet refuses a stale one (the batch then loses the race:
   * nothing written, and the states are forgotten, so the next attempt reads). Stakes are never paid
   * this way: when a decision of such a player pays a stake, the whole batch is read and decided as
   * usual. Product streams are read as always. For batches of credits (a settlement's winnings).
   */
  readonly optimistic?: boolean;
}

/** One player's wallet during a batch: as loaded, and as the batch's movements leave it. */
interface PlayerPart {
  readonly owned: OwnedWallet;
  readonly loaded: Aggregated<WalletState>;
  readonly guard: DecisionGuard;
  state: WalletState;
  readonly events: EventData[];
  /** A written movement consulted the wallet: its version is checked (and it is written if it moved). */
  checked: boolean;
  /** Decided unread (`optimistic`): true once a decision of this player paid a stake. */
  readonly staked?: () => boolean;
}

/**
 * Moves money for every movement of `movements` (see the module comment) and answers one
 * {@link MoneyResult} per movement, in order. Each product stream may appear once in a batch. Throws
 * what `decide` throws (nothing of the batch is written then) and what the store throws besides a lost
 * race; business refusals are the product's to put in its answers.
 */
export const moveMoneyBatch = async <
  ProductState,
  ProductEvent extends { type: string; data: unknown },
  Answer,
>(
  services: AppServices,
  movements: readonly BatchMovement<ProductState, ProductEvent, Answer>[],
  options: MoneyBatchOptions = {},
): Promise<MoneyResult<Answer>[]> => (await moveMoneyBatchWith(services, movements, options)).results;

/**
 * {@link moveMoneyBatch} that also answers whether `options.alongside` was written with the batch
 * (`alongsideWritten`: false when the batch lost a race and its movements went one by one, or when
 * nothing was to be appended) and whether it lost a race (`lost`; with `fallback: 'none'` nothing was
 * written then and `results` is empty). With no movements, `alongside` alone is not appended here.
 */
export const moveMoneyBatchWith = async <
  ProductState,
  ProductEvent extends { type: string; data: unknown },
  Answer,
>(
  services: AppServices,
  movements: readonly BatchMovement<ProductState, ProductEvent, Answer>[],
  options: MoneyBatchOptions = {},
): Promise<{ results: MoneyResult<Answer>[]; alongsideWritten: boolean; lost: boolean }> => {
  if (movements.length === 0) return { results: [], alongsideWritten: false, lost: false };
  const products = movements.flatMap((m) => (m.product ? [m.product.streamName] : []));
  if (new Set(products).size !== products.length)
    throw new Error('moveMoneyBatch: a product stream appears twice in one batch');
  const done = await walletOf(services).ownedMany(
    movements.map((m) => m.userId),
    async (owned) => {
      const first = await tryBatch(services, movements, owned, options);
      if (first !== STAKED) return first;
      // An optimistic attempt that met a stake: read and decide as usual (nothing was written).
      const read = await tryBatch(services, movements, owned, { ...options, optimistic: false });
      if (read === STAKED) throw new Error('moveMoneyBatch: a batch read first cannot meet an unread stake');
      return read;
    },
  );
  if (done) return { results: done, alongsideWritten: (options.alongside ?? []).length > 0, lost: false };
  if (options.fallback === 'none') return { results: [], alongsideWritten: false, lost: true };
  // The batch lost a race: each movement on its own, which reloads and retries.
  const results = await Promise.all(
    movements.map((m) =>
      moveMoney<ProductState, ProductEvent, undefined, Answer>(services, {
        ...m,
        ...(options.protection ? { protection: options.protection } : {}),
      }),
    ),
  );
  return { results, alongsideWritten: false, lost: true };
};

/** {@link tryBatch}'s answer when an optimistic attempt met a stake (nothing written): read and decide again. */
const STAKED: unique symbol = Symbol('staked');

/**
 * One attempt of the whole batch under the wallets' ownership; null when it lost a race (nothing
 * written), {@link STAKED} when an optimistic player's decision paid a stake (nothing written).
 */
const tryBatch = async <ProductState, ProductEvent extends { type: string; data: unknown }, Answer>(
  services: AppServices,
  movements: readonly BatchMovement<ProductState, ProductEvent, Answer>[],
  owned: ReadonlyMap<string, OwnedWallet>,
  options: MoneyBatchOptions,
): Promise<MoneyResult<Answer>[] | null | typeof STAKED> => {
  const gate = protectionGateOf(services);
  const userIds = [...owned.keys()];
  const requests: StreamReadRequest[] = [];
  const starts = userIds.map((userId) => {
    const known = owned.get(userId)!.known();
    const knownProtection = gate.known(userId);
    // Decided on what this process holds, unread (`options.optimistic`; the wallet's version is checked).
    if (
      options.optimistic &&
      known &&
      knownProtection &&
      !needsUsage(knownProtection.state) &&
      !needsSession(knownProtection.state)
    )
      return { wallet: known, protection: knownProtection, read: -1 };
    const wallet = known ?? { state: walletDecider.initialState(), version: 0 };
    const protection = knownProtection ?? { state: protectionDecider.initialState(), version: 0 };
    const read = requests.length;
    requests.push(
      { streamName: walletStream(userId), from: wallet.version + 1 },
      { streamName: protectionStream(userId), from: protection.version + 1 },
    );
    return { wallet, protection, read };
  });
  const firstProduct = requests.length;
  for (const m of movements)
    if (m.product)
      requests.push({ streamName: m.product.streamName, from: (m.product.from?.version ?? 0) + 1 });
  const streams = requests.length === 0 ? [] : await readStreams(services.store, requests);

  const players = new Map<string, PlayerPart>();
  await Promise.all(
    userIds.map(async (userId, i) => {
      const start = starts[i]!;
      if (start.read < 0) {
        // No period limit (no usage) and no session-time limit: nothing else to read.
        const { watching, staked } = watchingStakes(
          decisionGuard(userId, start.protection.state, null, options.protection, null),
          options.protection,
        );
        players.set(userId, {
          owned: owned.get(userId)!,
          loaded: start.wallet,
          guard: watching,
          state: start.wallet.state,
          events: [],
          checked: false,
          staked,
        });
        return;
      }
      const walletTail = streams[start.read]!.events;
      const wallet = foldEvents<WalletState, WalletEvent>(start.wallet, walletTail, walletDecider);
      const protection = foldEvents<ProtectionState, ProtectionEvent>(
        start.protection,
        streams[start.read + 1]!.events,
        protectionDecider,
      );
      gate.remember(userId, protection);
      const usage = needsUsage(protection.state)
        ? await usageFor(services, userId, wallet.version, walletTail, start.wallet.version + 1)
        : null;
      const sessionStartedAt = await sessionStartFor(services, userId, protection.state);
      players.set(userId, {
        owned: owned.get(userId)!,
        loaded: wallet,
        guard: decisionGuard(userId, protection.state, usage, options.protection, sessionStartedAt),
        state: wallet.state,
        events: [],
        checked: false,
      });
    }),
  );

  const appends: StreamAppendRequest[] = [...(options.alongside ?? [])];
  const answers: { answer: Answer; wallet: WalletState; written: boolean }[] = [];
  let productRead = firstProduct;
  for (const movement of movements) {
    const player = players.get(movement.userId)!;
    const { product } = movement;
    const productNow: Aggregated<ProductState> = product
      ? foldEvents(
          product.from ?? { state: product.evolver.initialState(), version: 0 },
          streams[productRead++]!.events,
          product.evolver,
        )
      : ({ state: undefined, version: 0 } as Aggregated<ProductState>);
    const ledger = ledgerOf(movement.userId, player.state, movement.metadata, player.guard);
    const decision = movement.decide({ product: productNow, wallet: ledger, read: undefined });
    // A stake is never paid on a protection state that was not read (decision 0196): read, decide again.
    if (player.staked?.()) return STAKED;
    const productEvents = decision.productEvents ?? [];
    if (productEvents.length > 0 && !product)
      throw new Error('a movement without a product decided product events');
    // As moveMoney: a product that decided nothing writes nothing (its wallet neither); a movement of
    // the wallet alone writes what it paid.
    const writes = product ? productEvents.length > 0 : ledger.events.length > 0;
    if (!writes) {
      answers.push({ answer: decision.answer, wallet: player.state, written: false });
      continue;
    }
    if (product) appends.push(productAppend(movement, product.streamName, productNow.version, productEvents));
    player.events.push(...ledger.events);
    player.state = ledger.state;
    if (ledger.consulted) player.checked = true;
    answers.push({ answer: decision.answer, wallet: ledger.state, written: true });
  }
  for (const [userId, player] of players)
    if (player.checked)
      appends.push({
        streamName: walletStream(userId),
        expectedVersion: player.loaded.version,
        events: player.events,
      });
  const report = () => Promise.all([...players.values()].map((p) => gate.refused(p.guard.refusals)));
  if (appends.every((a) => a.events.length === 0)) {
    await report();
    return answers;
  }
  try {
    const result = await services.store.appendToStreams(appends);
    if (result.alreadyStored) throw new RaceLost();
  } catch (error) {
    // A twin that stored some of the batch's ids first (EVENT_ID_CONFLICT: the statement wrote nothing)
    // lost the race as much as a moved version: each movement alone decides again on what is stored.
    const twin = error instanceof EventStoreError && error.code === 'EVENT_ID_CONFLICT';
    if (!(error instanceof RaceLost) && !isWrongExpectedVersion(error) && !twin) throw error;
    for (const player of players.values()) player.owned.forget();
    return null;
  }
  for (const [userId, player] of players) {
    if (!player.checked) continue;
    const version = player.loaded.version + player.events.length;
    player.owned.committed({ state: player.state, version });
    if (player.guard.usage) gate.rememberUsage(userId, { version, usage: player.guard.usage });
  }
  await report();
  return answers;
};

/** A twin of the batch was written first (internal: the movements go the single money path). */
class RaceLost extends Error {
  constructor() {
    super('a twin of this batch was written first');
  }
}
