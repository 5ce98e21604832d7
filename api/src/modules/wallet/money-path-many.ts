/**
 * The money path for many movements at once (issue 19 "Speed"; decision 0100): the same movements as
 * {@link moveMoney} — a product's aggregate decided together with its player's wallet, paid through the
 * {@link WalletLedger} under the player protections — but a whole chunk of them (settling a racing
 * round: thousands of orders over hundreds of wallets) in ONE grouped read (`readStreams`: every product
 * stream, every wallet and protection stream of the chunk) and ONE all-or-nothing `appendToStreams`, each
 * stream at the version it was read at.
 *
 * The movements of one wallet are decided one after another on the ledger the one before left, so a
 * player with several orders in the chunk is paid for each, in order, in one wallet append. Event ids
 * are exactly the ones {@link moveMoney} gives (`<productStream>|<idempotencyKey>`, `<walletStream>|
 * <movementId>`), so a chunk replayed after a crash, or a movement redone alone, writes nothing twice;
 * and a product whose decision is already taken (a settled order) decides nothing the second time.
 *
 * While the chunk is decided and written it holds every wallet it touches in this process (the wallet
 * service's `owned`, taken in sorted order, so two chunks never wait on each other in a circle). When
 * the append meets another writer (`WRONG_EXPECTED_VERSION`, or its events already stored), nothing of
 * the chunk was written: every movement is then done alone through {@link moveMoney}, which reloads and
 * retries it under the one retry policy.
 */
import { protectionDecider, protectionStream, walletDecider, walletStream } from '@bashiri/domain';
import type { ProtectionEvent, ProtectionState, WalletEvent, WalletState } from '@bashiri/domain';
import { deterministicEventId, foldEvents, isWrongExpectedVersion, readStreams } from '@bashiri/eventstore';
import type { Aggregated, StreamAppendRequest, StreamReadRequest } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { ledgerOf, moveMoney } from './money-path.ts';
import type { MoneyMovement } from './money-path.ts';
import { decisionGuard, needsUsage, protectionGateOf, sessionStartFor, usageFor } from './protection-gate.ts';
import { walletOf } from './service.ts';
import type { OwnedWallet } from './service.ts';

/** A movement of a chunk: always with a product (its stream appears once in the chunk), nothing read beside. */
export type ChunkMovement<ProductState, ProductEvent, Answer> = MoneyMovement<
  ProductState,
  ProductEvent,
  undefined,
  Answer
> & {
  readonly product: NonNullable<MoneyMovement<ProductState, ProductEvent, undefined, Answer>['product']>;
};

/** What {@link moveMoneyMany} answers: each movement's answer (in the order given) and how it went. */
export interface ManyResult<Answer> {
  readonly answers: readonly Answer[];
  /** True when the chunk was written in one append; false when it met another writer and went one by one. */
  readonly grouped: boolean;
}

/** Holds each of `userIds`' wallets in this process (sorted: never a circle of waits) until `release`. */
const holdWallets = async (services: AppServices, userIds: readonly string[]) => {
  const held = new Map<string, OwnedWallet>();
  const releases: (() => void)[] = [];
  for (const userId of [...userIds].sort()) {
    await new Promise<void>((acquired) => {
      const done = new Promise<void>((resolve) => releases.push(resolve));
      void walletOf(services).owned(userId, async (wallet) => {
        held.set(userId, wallet);
        acquired();
        await done;
      });
    });
  }
  return { held, release: () => releases.forEach((release) => release()) };
};

/** The chunk met another writer: nothing of it was written (internal). */
class ChunkRaced extends Error {
  constructor() {
    super('the chunk met another writer');
  }
}

const decideChunk = async <ProductState, ProductEvent extends { type: string; data: unknown }, Answer>(
  services: AppServices,
  movements: readonly ChunkMovement<ProductState, ProductEvent, Answer>[],
  held: ReadonlyMap<string, OwnedWallet>,
): Promise<Answer[]> => {
  const gate = protectionGateOf(services);
  const users = [...held.keys()];
  const knownWallet = new Map(
    users.map((u) => [u, held.get(u)!.known() ?? { state: walletDecider.initialState(), version: 0 }]),
  );
  const knownProtection = new Map(
    users.map((u) => [u, gate.known(u) ?? { state: protectionDecider.initialState(), version: 0 }]),
  );
  const requests: StreamReadRequest[] = [
    ...users.map((u) => ({ streamName: walletStream(u), from: knownWallet.get(u)!.version + 1 })),
    ...users.map((u) => ({ streamName: protectionStream(u), from: knownProtection.get(u)!.version + 1 })),
    ...movements.map((m) => ({ streamName: m.product.streamName, from: (m.product.from?.version ?? 0) + 1 })),
  ];
  const streams = await readStreams(services.store, requests);
  const wallets = new Map<string, Aggregated<WalletState>>();
  const guards = new Map<string, ReturnType<typeof decisionGuard>>();
  await Promise.all(
    users.map(async (userId, k) => {
      const tail = streams[k]!.events;
      const wallet = foldEvents<WalletState, WalletEvent>(knownWallet.get(userId)!, tail, walletDecider);
      const protection = foldEvents<ProtectionState, ProtectionEvent>(
        knownProtection.get(userId)!,
        streams[users.length + k]!.events,
        protectionDecider,
      );
      gate.remember(userId, protection);
      const usage = needsUsage(protection.state)
        ? await usageFor(services, userId, wallet.version, tail, knownWallet.get(userId)!.version + 1)
        : null;
      const sessionStartedAt = await sessionStartFor(services, userId, protection.state);
      wallets.set(userId, wallet);
      guards.set(userId, decisionGuard(userId, protection.state, usage, undefined, sessionStartedAt));
    }),
  );
  // Each wallet's movements in order, each on the ledger the one before left.
  const ledgers = new Map(users.map((u) => [u, { state: wallets.get(u)!.state, events: [] as unknown[] }]));
  const consulted = new Set<string>();
  const moved = new Set<string>();
  const appends: StreamAppendRequest[] = [];
  const answers = movements.map((movement, k) => {
    const { product, userId } = movement;
    const from = product.from ?? { state: product.evolver.initialState(), version: 0 };
    const productNow = foldEvents(from, streams[2 * users.length + k]!.events, product.evolver);
    const running = ledgers.get(userId)!;
    const ledger = ledgerOf(userId, running.state, movement.metadata, guards.get(userId));
    const decision = movement.decide({ product: productNow, wallet: ledger, read: undefined });
    const productEvents = decision.productEvents ?? [];
    // As in moveMoney: a product that decided nothing of its own moves no money.
    if (productEvents.length === 0) return decision.answer;
    if (ledger.consulted) consulted.add(userId);
    moved.add(userId);
    running.state = ledger.state;
    running.events.push(...ledger.events);
    appends.push({
      streamName: product.streamName,
      expectedVersion: productNow.version,
      events: productEvents.map((event, index) => ({
        type: event.type,
        data: event.data,
        eventId: deterministicEventId(`${product.streamName}|${movement.idempotencyKey}`, index),
      })),
      ...(movement.metadata ? { metadata: movement.metadata } : {}),
    });
    return decision.answer;
  });
  for (const userId of users) {
    const running = ledgers.get(userId)!;
    if (!consulted.has(userId) || !moved.has(userId)) continue;
    appends.push({
      streamName: walletStream(userId),
      expectedVersion: wallets.get(userId)!.version,
      events: running.events as StreamAppendRequest['events'],
    });
  }
  if (appends.length > 0) {
    let result;
    try {
      result = await services.store.appendToStreams(appends);
    } catch (error) {
      if (isWrongExpectedVersion(error)) throw new ChunkRaced();
      throw error;
    }
    if (result.alreadyStored) throw new ChunkRaced();
  }
  for (const userId of users) {
    const running = ledgers.get(userId)!;
    if (running.events.length === 0) continue;
    held.get(userId)!.committed({
      state: running.state,
      version: wallets.get(userId)!.version + running.events.length,
    });
  }
  await gate.refused([...guards.values()].flatMap((g) => g.refusals));
  return answers;
};

/**
 * Moves money for every movement of `movements` (product streams all different; see the module
 * comment): one grouped read, one atomic append. Each `decide` is pure and may be called twice (again
 * through {@link moveMoney} when the chunk met another writer). Throws what `decide` and the store throw.
 */
export const moveMoneyMany = async <
  ProductState,
  ProductEvent extends { type: string; data: unknown },
  Answer,
>(
  services: AppServices,
  movements: readonly ChunkMovement<ProductState, ProductEvent, Answer>[],
): Promise<ManyResult<Answer>> => {
  if (movements.length === 0) return { answers: [], grouped: true };
  const names = new Set(movements.map((m) => m.product.streamName));
  if (names.size !== movements.length) throw new Error('moveMoneyMany: a product stream appears twice');
  // One protection guard per wallet for the chunk: a movement cannot declare its own stake kind here.
  if (movements.some((m) => m.protection !== undefined))
    throw new Error('moveMoneyMany: a movement declares its protection kind (use moveMoney)');
  const { held, release } = await holdWallets(services, [...new Set(movements.map((m) => m.userId))]);
  try {
    return { answers: await decideChunk(services, movements, held), grouped: true };
  } catch (error) {
    if (!(error instanceof ChunkRaced)) throw error;
    for (const wallet of held.values()) wallet.forget();
  } finally {
    release();
  }
  // Another writer got to a stream first: nothing of the chunk is written; each goes alone.
  const answers = await Promise.all(movements.map(async (m) => (await moveMoney(services, m)).answer));
  return { answers, grouped: false };
};
