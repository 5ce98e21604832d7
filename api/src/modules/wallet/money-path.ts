/**
 * The money path (issue 14 item 3; architecture.md §3 "Deciders", §4; spec §3 "Bill entry"): the ONE
 * way a product moves a player's money together with its own aggregate (a bet now; a jackpot ticket,
 * a racing bet, a cash-out, a casino round, a bonus later).
 *
 * One movement is: load the product's stream and the player's wallet (`wallet-<userId>`) through the
 * event-store port in one round trip, plus whatever the product reads beside them (`read`); decide both
 * with pure deciders (`decide`, which pays through the {@link WalletLedger}); append both with
 * `appendToStreams` — all or nothing, each stream at the version it was loaded at. When another writer
 * got there first (`WRONG_EXPECTED_VERSION`) the whole movement is loaded and decided again, under the
 * one retry policy ({@link retryOnConflict}).
 *
 * Idempotency: every event id derives from the movement — product events from `${productStream}|
 * ${idempotencyKey}`, wallet events from `${walletStream}|${movementId}` of each wallet command — so a
 * repeated request writes nothing. The product decider answers a repeated request from its own state
 * (the bet answers its first answer); a concurrent duplicate that wins the race is seen on reload.
 *
 * Within this process the movements of one wallet run one at a time (no self-inflicted conflicts) from
 * the last committed wallet state it knows (only later events are read); across processes the version
 * check decides.
 *
 * Player protections (issue 23, decision 0048): the same read brings the tail of the player's
 * `protection-<userId>` stream; every wallet command the decision pays is checked against the limits,
 * cool-off and self-exclusion in force (`protection-gate.ts`): a stake of any product is refused with
 * the protection's code (`LIMIT_STAKE_DAY`, `COOL_OFF`, `SELF_EXCLUDED`, `LIMIT_SESSION`, …, details
 * `left`) exactly as the wallet refuses one it cannot pay; the session-time limit counts from the
 * player's latest live login (decision 0072). Withdrawals, refunds and results are never refused.
 */
import { protectionDecider, protectionStream, walletDecider, walletStream } from '@bashiri/domain';
import type {
  DomainError,
  ProtectedMovementKind,
  ProtectionEvent,
  ProtectionState,
  WalletCommand,
  WalletEvent,
  WalletState,
} from '@bashiri/domain';
import { deterministicEventId, foldEvents, readStreams } from '@bashiri/eventstore';
import type { Aggregated, EventData, EventMetadata, Evolver, StreamAppendRequest } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { retryOnConflict } from '../../transactions.ts';
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

/**
 * The player's wallet during a decision: `pay` decides one wallet command against the wallet as the
 * commands before it left it (pure: the domain's wallet decider), and keeps its events for the append.
 */
export interface WalletLedger {
  /** The wallet now: as loaded, plus the commands paid so far in this decision. */
  readonly state: WalletState;
  /** Decides `command` (for this ledger's player): the new state, or the wallet's refusal (nothing kept). */
  pay(
    command: WalletCommand,
  ): { readonly ok: true; readonly state: WalletState } | { readonly ok: false; readonly error: DomainError };
}

/**
 * What a movement decided: the answer to give, and the product's events. With a product, no product
 * events means nothing is written, the wallet's neither (a held bet, a request answered before).
 */
export interface MoneyDecision<ProductEvent, Answer> {
  readonly answer: Answer;
  readonly productEvents?: readonly ProductEvent[];
}

/** One movement of money with a product's aggregate. */
export interface MoneyMovement<ProductState, ProductEvent, Read, Answer> {
  readonly userId: string;
  /** The product's aggregate (stream and evolver); absent for a movement of the wallet alone. */
  readonly product?: {
    readonly streamName: string;
    readonly evolver: Evolver<ProductState, ProductEvent>;
    /** A state of the stream known already (loaded with others in one read): only later events are read. */
    readonly from?: Aggregated<ProductState>;
  };
  /** Seeds the product events' ids (e.g. `place:<requestId>`): the same request writes nothing twice. */
  readonly idempotencyKey: string;
  /** Merged under the events' own metadata (actor, correlation and causation ids). */
  readonly metadata?: Partial<EventMetadata>;
  /**
   * What this movement's stakes are for the player protections (decision 0048), when not what their
   * product says (`DebitStake.product`: single/multiple → `bet`, jackpot → `jackpotTicket`, racing →
   * `racingBet`, casino → `casinoBet`): a cash-out re-stake declares `cashOutRestake`. Every stake is
   * checked either way; this only names it in refusals and statistics.
   */
  readonly protection?: ProtectedMovementKind;
  /**
   * Decide first on what this process knows, without reading (decision 0172): the wallet state it last
   * committed, the protection state it last read and `product.from` taken as the streams' current
   * states. That attempt stands only when it writes product events, its append holds at those versions
   * (the wallet's and the product's expected versions are checked by the append), and it pays no stake
   * unless the protection state held is confirmed current (decision 0187: read after the last append
   * to `protection-<userId>` this process heard of, less than 2 s ago); otherwise — a stake on an
   * unconfirmed state, a refusal, a repeat, nothing known, a version that moved on — the movement is
   * read and decided as usual (`read` is called again then). Credits are never refused by a protection.
   * Without `product.from` it does nothing (a new product stream: pass its initial state at version 0).
   */
  readonly optimistic?: boolean;
  /**
   * The movement pays a stake (a bet): with `optimistic`, the attempt without a read is skipped at once
   * when the protection state held is not confirmed current (decision 0187) — it could not stand, and
   * its `read` would be sent twice in a row. Only a hint: an unannounced stake is still never paid on an
   * unconfirmed state.
   */
  readonly stakes?: boolean;
  /** What the decision needs besides the two streams (catalogue, configuration, flags): read alongside. */
  read?(): Promise<Read>;
  /**
   * Pure: decides the product's events and pays through `wallet`. Called again on fresh loads when
   * another writer won the race.
   */
  decide(input: {
    readonly product: Aggregated<ProductState>;
    readonly wallet: WalletLedger;
    readonly read: Read;
  }): MoneyDecision<ProductEvent, Answer>;
}

/** What {@link moveMoney} answers: the decision's answer and the wallet after it. */
export interface MoneyResult<Answer, ProductState = unknown> {
  readonly answer: Answer;
  readonly wallet: WalletState;
  /** True when this call wrote events (false: nothing to do, or a repeated request). */
  readonly written: boolean;
  /**
   * The product's aggregate as this movement left it (read, plus its events when written); absent for
   * a movement without a product. A caller may keep it as the next movement's `product.from`.
   */
  readonly product?: Aggregated<ProductState>;
}

/** Attempts of a movement that keeps losing races to other writers. */
const ATTEMPTS = 8;

/** A {@link WalletLedger} with the events it decided (the batched money paths share it). */
export interface Ledger extends WalletLedger {
  readonly events: EventData[];
  /** True when any command was decided (paid or refused): the wallet's version then matters. */
  readonly consulted: boolean;
}

/**
 * The ledger of one decision on `userId`'s wallet from `start`: each paid command is checked by `guard`
 * (player protections), decided by the wallet decider, and its events kept with ids from its movement id.
 */
export const ledgerOf = (
  userId: string,
  start: WalletState,
  metadata: Partial<EventMetadata> = {},
  guard?: DecisionGuard,
): Ledger => {
  let state = start;
  let consulted = false;
  const events: EventData[] = [];
  const stream = walletStream(userId);
  return {
    get state() {
      return state;
    },
    get consulted() {
      return consulted;
    },
    events,
    pay: (command) => {
      if (command.userId !== userId)
        throw new Error(`the money path of ${userId} got a wallet command for ${command.userId}`);
      consulted = true;
      const refused = guard?.check(command);
      if (refused) return { ok: false, error: refused };
      const decision = walletDecider.decide(command, state);
      if (!decision.ok) return { ok: false, error: decision.error };
      guard?.paid(decision.events);
      const commandMetadata = {
        ...metadata,
        actor: `${command.actor.kind}:${command.actor.id}`,
        causationId: command.movementId,
      };
      decision.events.forEach((event, index) =>
        events.push({
          type: event.type,
          data: event.data,
          eventId: deterministicEventId(`${stream}|${command.movementId}`, index),
          metadata: commandMetadata,
        }),
      );
      state = decision.events.reduce(walletDecider.evolve, state);
      return { ok: true, state };
    },
  };
};

/**
 * The append of a movement's product events (the batched money path shares it): `streamName` at
 * `expectedVersion`, each event's id derived from `<streamName>|<idempotencyKey>` and its index, the
 * movement's metadata on them all.
 */
export const productAppend = (
  movement: { readonly idempotencyKey: string; readonly metadata?: Partial<EventMetadata> },
  streamName: string,
  expectedVersion: number,
  events: readonly { type: string; data: unknown }[],
): StreamAppendRequest => ({
  streamName,
  expectedVersion,
  events: events.map((event, index) => ({
    type: event.type,
    data: event.data,
    eventId: deterministicEventId(`${streamName}|${movement.idempotencyKey}`, index),
  })),
  ...(movement.metadata ? { metadata: movement.metadata } : {}),
});

/**
 * Moves money with a product's aggregate (see the module comment). Throws what the store throws
 * (`WRONG_EXPECTED_VERSION` after {@link ATTEMPTS} lost races) and what `read`/`decide` throw; business
 * refusals are the product's to put in its answer.
 */
export const moveMoney = async <
  ProductState,
  ProductEvent extends { type: string; data: unknown },
  Read,
  Answer,
>(
  services: AppServices,
  movement: MoneyMovement<ProductState, ProductEvent, Read, Answer>,
): Promise<MoneyResult<Answer, ProductState>> => {
  const { userId, product } = movement;
  const wallets = walletStream(userId);
  const gate = protectionGateOf(services);
  return walletOf(services).owned(userId, (owned) => {
    /**
     * Appends a decision's events (product at `productNow`'s version, the wallet at `wallet`'s) and keeps
     * what it wrote; `undefined` when it has nothing to append. Throws what the append throws and
     * {@link RaceLost} when a concurrent twin wrote it first.
     */
    const write = async (
      decision: MoneyDecision<ProductEvent, Answer>,
      productNow: Aggregated<ProductState>,
      wallet: Aggregated<WalletState>,
      ledger: Ledger,
      guard: DecisionGuard,
    ): Promise<MoneyResult<Answer, ProductState> | undefined> => {
      const productEvents = decision.productEvents ?? [];
      const appends: StreamAppendRequest[] = [];
      if (product && productEvents.length > 0)
        appends.push(productAppend(movement, product.streamName, productNow.version, productEvents));
      // The wallet is checked whenever the decision consulted it, written when it moved.
      if (ledger.consulted && (ledger.events.length > 0 || appends.length > 0))
        appends.push({ streamName: wallets, expectedVersion: wallet.version, events: ledger.events });
      if (appends.every((a) => a.events.length === 0)) return undefined;
      const result = await services.store.appendToStreams(appends);
      if (result.alreadyStored) {
        // A concurrent twin of this request wrote it first: decide again on what it wrote.
        owned.forget();
        throw new RaceLost();
      }
      owned.committed({ state: ledger.state, version: wallet.version + ledger.events.length });
      if (guard.usage)
        gate.rememberUsage(userId, { version: wallet.version + ledger.events.length, usage: guard.usage });
      return {
        answer: decision.answer,
        wallet: ledger.state,
        written: true,
        ...(product
          ? {
              product: {
                state: productEvents.reduce(product.evolver.evolve, productNow.state),
                version: productNow.version + productEvents.length,
              },
            }
          : {}),
      };
    };

    /**
     * The attempt without a read (`movement.optimistic`): its result when it wrote, `undefined` when the
     * movement must be read and decided as usual (nothing was written then).
     */
    const optimistic = async (): Promise<MoneyResult<Answer, ProductState> | undefined> => {
      const known = owned.known();
      const knownProtection = gate.known(userId);
      const from = product?.from;
      if (!movement.optimistic || !from || !known || !knownProtection) return undefined;
      // Usage and the session's start are folded and read only on the usual path.
      if (needsUsage(knownProtection.state) || needsSession(knownProtection.state)) return undefined;
      if (movement.stakes && !gate.freshness.current(userId, services.now())) return undefined;
      const read = movement.read ? await movement.read() : (undefined as Read);
      const guard = decisionGuard(userId, knownProtection.state, null, movement.protection, null);
      // A stake is checked against the protection stream as it is now: it stands below only when the
      // state held is confirmed current (decision 0187), else the movement takes the usual path.
      const { watching, staked } = watchingStakes(guard, movement.protection);
      const ledger = ledgerOf(userId, known.state, movement.metadata, watching);
      const decision = movement.decide({ product: from, wallet: ledger, read });
      if ((decision.productEvents ?? []).length === 0) return undefined;
      // A stake stands only on a protection state confirmed current (decision 0187): read after the
      // last append to the stream this process heard of, less than FRESHNESS_MAX_AGE_MS ago.
      if (staked() && !gate.freshness.current(userId, services.now())) return undefined;
      return write(decision, from, known, ledger, watching);
    };

    return retryOnConflict(
      async (attempt) => {
        if (attempt === 1) {
          const done = await optimistic();
          if (done) return done;
        }
        const known = owned.known() ?? { state: walletDecider.initialState(), version: 0 };
        const knownProtection = gate.known(userId) ?? {
          state: protectionDecider.initialState(),
          version: 0,
        };
        const readTick = gate.freshness.begin();
        const [streams, read] = await Promise.all([
          readStreams(services.store, [
            { streamName: wallets, from: known.version + 1 },
            { streamName: protectionStream(userId), from: knownProtection.version + 1 },
            ...(product ? [{ streamName: product.streamName, from: (product.from?.version ?? 0) + 1 }] : []),
          ]),
          movement.read ? movement.read() : (undefined as Read),
        ]);
        const wallet = foldEvents<WalletState, WalletEvent>(known, streams[0]!.events, walletDecider);
        const protection = foldEvents<ProtectionState, ProtectionEvent>(
          knownProtection,
          streams[1]!.events,
          protectionDecider,
        );
        gate.remember(userId, protection);
        gate.freshness.confirm(userId, readTick, services.now());
        const usage = needsUsage(protection.state)
          ? await usageFor(services, userId, wallet.version, streams[0]!.events, known.version + 1)
          : null;
        // The session-time limit needs the current login's time: read only for a player with one.
        const sessionStartedAt = await sessionStartFor(services, userId, protection.state);
        const guard = decisionGuard(userId, protection.state, usage, movement.protection, sessionStartedAt);
        const report = () => gate.refused(guard.refusals);
        const productNow: Aggregated<ProductState> = product
          ? foldEvents(
              product.from ?? { state: product.evolver.initialState(), version: 0 },
              streams[2]!.events,
              product.evolver,
            )
          : ({ state: undefined, version: 0 } as Aggregated<ProductState>);
        const ledger = ledgerOf(userId, wallet.state, movement.metadata, guard);
        const decision = movement.decide({ product: productNow, wallet: ledger, read });
        const productEvents = decision.productEvents ?? [];
        if (productEvents.length > 0 && !product)
          throw new Error('a movement without a product decided product events');
        const unwritten = (state: WalletState): MoneyResult<Answer, ProductState> => ({
          answer: decision.answer,
          wallet: state,
          written: false,
          ...(product ? { product: productNow } : {}),
        });
        // A product that decided nothing of its own moves no money (a held bet, a repeated request).
        if (product && productEvents.length === 0) {
          await report();
          return unwritten(ledger.state);
        }
        const written = await write(decision, productNow, wallet, ledger, guard);
        await report();
        return written ?? unwritten(wallet.state);
      },
      {
        attempts: ATTEMPTS,
        onConflict: () => owned.forget(),
        retryIf: (error) => error instanceof RaceLost,
      },
    );
  });
};

/** A concurrent twin of the movement was written first (internal: the movement is decided again). */
class RaceLost extends Error {
  constructor() {
    super('a concurrent twin of this movement was written first');
  }
}
