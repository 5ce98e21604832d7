/**
 * The seamless-wallet API game providers call (issue 22 §2; spec §4 bill types 22, 23, 24;
 * docs/casino.md "Protocol"): `POST /casino/wallet/<balance|bet|win|rollback|reward>`, signed with the
 * provider's secret over the exact body and a timestamp (`verifyCasinoSignature`, 30 s window), answered
 * `{ status, balance?, currency?, transactionId? }` with the Hub88-family `RS_*` statuses.
 *
 * One call: the provider, its game and the session from memory (`wallet-facts.ts`: no read model read on
 * the hot path); check the signature; parse; check the session (live for `bet` and `balance`; for `win`, `rollback`, `reward` it
 * need only name the round's player); then move money through the one money path (`moveMoney`): the
 * round `casino-round-<providerId>:<roundId>` decides (idempotent by the provider's transaction id), and
 * the wallet commands of its events (`casinoWalletCommands`: bills 22, 23, 24) are paid in the same
 * atomic append. A repeat of an accepted call answers the first result (the balance after its movement).
 */
import { createHmac } from 'node:crypto';
import {
  CasinoStatus,
  casinoOk,
  casinoRefusal,
  casinoRoundCommandOf,
  casinoRoundDecider,
  casinoRoundHasOpenBet,
  casinoRoundStream,
  casinoChecksSessionExpiry,
  casinoMovementId,
  casinoTransaction,
  casinoWalletCommands,
  CASINO_HEADERS,
  domainError,
  parseCasinoRequest,
  verifyCasinoSignature,
  walletStream,
} from '@bashiri/domain';
import type { Aggregated } from '@bashiri/eventstore';
import type {
  CasinoAnswer,
  CasinoRoundEvent,
  CasinoRoundState,
  CasinoTransaction,
  DomainError,
  Movement,
} from '@bashiri/domain';
import { moveMoney, walletOf } from '../wallet/index.ts';
import type { AppServices } from '../../services.ts';
import { freshFactsOf } from './fresh-facts.ts';
import { playerFlags, walletFactsOf } from './wallet-facts.ts';
import type { PlayerFlags } from './wallet-facts.ts';

/** One HTTP call as received: the method segment, the exact body text and the headers. */
export interface WalletCall {
  readonly method: string;
  readonly rawBody: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

const header = (headers: WalletCall['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const refuse = (error: DomainError, balance?: number, transactionId?: string): CasinoAnswer =>
  casinoRefusal(error, balance, transactionId);

const code = (c: string, message: string): DomainError => domainError(c, message);

/** HMAC-SHA256 as lowercase hex, node's native one (the domain's pure-code one is the reference). */
export const nativeHmacSha256Hex = (key: string, message: string): string =>
  createHmac('sha256', key).update(message, 'utf8').digest('hex');

/** What the decision inside the money path answered, before the repeat's first result is looked up. */
type Decided =
  | { readonly kind: 'answer'; readonly answer: CasinoAnswer }
  | { readonly kind: 'repeat'; readonly transaction: CasinoTransaction; readonly balance: number };

/** Casino rounds with an open bet whose state this process keeps (the oldest written is dropped first). */
export const CASINO_ROUNDS_CACHED = 50_000;

/**
 * Rounds dropped at once when the cache is over {@link CASINO_ROUNDS_CACHED}. Dropping the oldest one at
 * a time (`keys().next()` per call) made V8 step over every entry deleted before it until the table was
 * rebuilt: 4–7 µs per call once the cache was full, against under 1.5 µs (docs/benchmarks.md "Wallet call path
 * CPU (helper, session 18)"). One pass per batch steps over them once.
 */
export const CASINO_ROUNDS_DROPPED = 5_000;

/**
 * The rounds with an open bet this process last wrote or read, by stream: the next call of a round (a
 * `win` after its `bet`) starts from it and is tried without a read (`MoneyMovement.optimistic`,
 * decision 0172). A state only ever stands for its version: if the stream moved on elsewhere the append
 * refuses it. A round whose bets are all settled (won or rolled back) is dropped at once (decision 0216):
 * its next call — a provider's repeat, a late rollback — is rare, and is read as a round not seen; kept,
 * every finished round stayed in memory for good and the young generation's collector copied each one
 * twice on its way to the old generation (the scavenges' pauses are the paced bench's tail).
 */
const roundCaches = new WeakMap<AppServices, Map<string, Aggregated<CasinoRoundState>>>();

const roundsOf = (services: AppServices): Map<string, Aggregated<CasinoRoundState>> => {
  let rounds = roundCaches.get(services);
  if (!rounds) {
    rounds = new Map();
    roundCaches.set(services, rounds);
  }
  return rounds;
};

/** How many rounds `services`' process holds (for tests of decision 0216: only rounds with an open bet). */
export const heldCasinoRounds = (services: AppServices): number => roundCaches.get(services)?.size ?? 0;

/**
 * Keeps `round` as the state of `stream` while it has an open bet (decision 0216) unless a later one is
 * held (the most recently written last); over {@link CASINO_ROUNDS_CACHED} rounds, the oldest written are
 * dropped down to that less {@link CASINO_ROUNDS_DROPPED}.
 */
export const rememberRound = (
  rounds: Map<string, Aggregated<CasinoRoundState>>,
  stream: string,
  round: Aggregated<CasinoRoundState> | undefined,
): void => {
  if (!round || round.version === 0) return;
  const held = rounds.get(stream);
  if (held && held.version >= round.version) return;
  rounds.delete(stream);
  if (!casinoRoundHasOpenBet(round.state)) return;
  rounds.set(stream, round);
  if (rounds.size <= CASINO_ROUNDS_CACHED) return;
  const oldest = rounds.keys();
  while (rounds.size > CASINO_ROUNDS_CACHED - CASINO_ROUNDS_DROPPED) rounds.delete(oldest.next().value!);
};

/** Wallet events read per page while looking back for a repeated call's movement. */
const LOOK_BACK_PAGE = 100;

/**
 * The player's balance right after the movement `movementId` (whole TZS), from the wallet stream itself,
 * read backwards page by page (a repeat usually follows its first call closely). Not from the bills read
 * model: its projection sees an event only once every older transaction of the cluster has ended, so a
 * repeat could answer the balance of now instead of the first result. `undefined` when not found.
 */
const balanceAfter = async (services: AppServices, userId: string, movementId: string) => {
  const stream = walletStream(userId);
  let from: number | undefined;
  for (;;) {
    const page = await services.store.readStream<string, Partial<Movement>>(stream, {
      direction: 'backwards',
      maxCount: LOOK_BACK_PAGE,
      ...(from === undefined ? {} : { from }),
    });
    for (const event of page.events) {
      if (event.data.movementId !== movementId) continue;
      return event.data.lines?.find((line) => line.pocket === 'balance')?.after;
    }
    const oldest = page.events.at(-1)?.streamPosition;
    if (page.events.length < LOOK_BACK_PAGE || oldest === undefined || oldest <= 1) return undefined;
    from = oldest - 1;
  }
};

/**
 * Answers one wallet call (never throws for a business refusal: every refusal is an `RS_ERROR_*`
 * answer; an unexpected failure answers `RS_ERROR_UNKNOWN`, which providers retry or roll back).
 */
export const answerWalletCall = async (services: AppServices, call: WalletCall): Promise<CasinoAnswer> => {
  const providerId = header(call.headers, CASINO_HEADERS.provider);
  if (!providerId) return refuse(code('CASINO_PROVIDER_UNKNOWN', 'x-casino-provider is required'));
  let body: unknown;
  try {
    body = JSON.parse(call.rawBody);
  } catch {
    body = undefined;
  }
  const loose = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const token = typeof loose.sessionToken === 'string' ? loose.sessionToken : '';
  const gameId = typeof loose.gameId === 'string' ? loose.gameId : '';
  const nowMs = services.now();
  const at = new Date(nowMs).toISOString();
  const cache = walletFactsOf(services.sql);
  const provider = await cache.provider(providerId, nowMs);
  if (!provider) return refuse(code('CASINO_PROVIDER_UNKNOWN', 'unknown provider'));
  const badSignature = verifyCasinoSignature({
    secret: provider.secret,
    body: call.rawBody,
    timestamp: header(call.headers, CASINO_HEADERS.timestamp),
    signature: header(call.headers, CASINO_HEADERS.signature),
    nowMs,
    hmac: nativeHmacSha256Hex,
  });
  if (badSignature) return refuse(badSignature);
  if (!provider.enabled) return refuse(code('CASINO_PROVIDER_DISABLED', 'this provider is disabled'));
  if (body === undefined) return refuse(code('CASINO_WRONG_SYNTAX', 'the body is not JSON'));
  const parsed = parseCasinoRequest(call.method, body);
  if (!parsed.ok) return refuse(parsed.error);
  const request = parsed.request;
  const transactionId = request.method === 'balance' ? undefined : request.body.transactionId;
  const session = token ? await cache.session(token) : null;
  if (!session || session.providerId !== providerId || session.demo || !session.userId)
    return refuse(code('CASINO_SESSION_INVALID', 'unknown session token'), undefined, transactionId);
  if (session.expiresAtMs <= nowMs && casinoChecksSessionExpiry(request.method))
    return refuse(code('CASINO_SESSION_EXPIRED', 'the session has expired'), undefined, transactionId);
  const game = provider.games.get(gameId);
  if (!game) return refuse(code('CASINO_GAME_UNKNOWN', 'unknown game'), undefined, transactionId);
  if (session.gameId !== request.body.gameId)
    return refuse(
      code('CASINO_ROUND_GAME_MISMATCH', 'the session was opened for another game'),
      undefined,
      transactionId,
    );
  const userId = session.userId;
  if (request.method === 'balance') {
    const wallet = await walletOf(services).current(userId);
    return casinoOk(wallet.balance);
  }
  const command = casinoRoundCommandOf(request, { providerId, userId, at })!;
  type Flags = PlayerFlags | undefined;
  const rounds = roundsOf(services);
  const roundStream = casinoRoundStream(providerId, command.roundId);
  // A round this process has not seen is tried as new (version 0, decision 0187): if it exists, the
  // append refuses that version and the movement reads it.
  const knownRound = rounds.get(roundStream) ?? { state: casinoRoundDecider.initialState(), version: 0 };
  // A bet on ageing confirmations queues their renewal off this call's path (decision 0208).
  if (command.type === 'PlaceCasinoBet') freshFactsOf(services).touch(userId, nowMs);
  const result = await moveMoney<CasinoRoundState, CasinoRoundEvent, Flags, Decided>(services, {
    userId,
    product: {
      streamName: roundStream,
      evolver: casinoRoundDecider,
      from: knownRound,
    },
    optimistic: true,
    stakes: command.type === 'PlaceCasinoBet',
    idempotencyKey: command.transactionId,
    metadata: { actor: `system:casino-provider:${providerId}` },
    // A bet's account flags: held while confirmed current, else read beside the streams (decision 0187).
    read: () =>
      command.type === 'PlaceCasinoBet'
        ? playerFlags(services.store, userId, services.now())
        : Promise.resolve(undefined),
    decide: ({ product, wallet, read: flags }) => {
      const decision = casinoRoundDecider.decide(command, product.state);
      if (!decision.ok)
        return { answer: { kind: 'answer', answer: refuse(decision.error, undefined, transactionId) } };
      if (decision.events.length === 0) {
        const first = casinoTransaction(product.state, command.transactionId)!;
        return { answer: { kind: 'repeat', transaction: first, balance: wallet.state.balance } };
      }
      // A new bet: the account's flags and the game's stake range (spec §6 no-bet flag; catalogue).
      if (command.type === 'PlaceCasinoBet') {
        if (flags?.noBet || flags?.disabled)
          return {
            answer: {
              kind: 'answer',
              answer: refuse(
                code('CASINO_PLAYER_NO_BET', 'this account may not bet'),
                undefined,
                transactionId,
              ),
            },
          };
        if (
          (game.minStake !== null && command.amount < game.minStake) ||
          (game.maxStake !== null && command.amount > game.maxStake)
        )
          return {
            answer: {
              kind: 'answer',
              answer: refuse(
                code('CASINO_STAKE_OUT_OF_RANGE', 'the stake is outside the game’s range'),
                undefined,
                transactionId,
              ),
            },
          };
      }
      let state = product.state;
      for (const event of decision.events) {
        for (const walletCommand of casinoWalletCommands(event, state)) {
          // The provider's transaction ids are unique per provider, not per round: an id already used in
          // another round of this player would be dropped by the wallet as a repeat while the round took
          // it (a bet never debited). Refused as a duplicate transaction (Niropa: "with a different …
          // round"). Beyond the wallet's recent-id window the store's unique event id refuses the append.
          if (wallet.state.recentMovementIds.includes(walletCommand.movementId))
            return {
              answer: {
                kind: 'answer',
                answer: refuse(
                  code('CASINO_TRANSACTION_CONFLICT', 'this transaction id was used in another round'),
                  undefined,
                  transactionId,
                ),
              },
              productEvents: [],
            };
          const paid = wallet.pay(walletCommand);
          if (!paid.ok)
            return {
              answer: { kind: 'answer', answer: refuse(paid.error, wallet.state.balance, transactionId) },
              productEvents: [],
            };
        }
        state = casinoRoundDecider.evolve(state, event);
      }
      return {
        answer: { kind: 'answer', answer: casinoOk(wallet.state.balance, transactionId) },
        productEvents: decision.events,
      };
    },
  });
  rememberRound(rounds, roundStream, result.product);
  const decided = result.answer;
  if (decided.kind === 'answer') return decided.answer;
  // A repeat: the first result. A call that moved money answers the balance right after its movement.
  if (decided.transaction.movement === 0) return casinoOk(decided.balance, transactionId);
  const after = await balanceAfter(services, userId, casinoMovementId(providerId, command.transactionId));
  return casinoOk(after ?? decided.balance, transactionId);
};

/** Whether an answer is a refusal for a bad signature (counted by the route's per-address limit). */
export const isSignatureRefusal = (answer: CasinoAnswer): boolean =>
  answer.status === CasinoStatus.InvalidSignature;
