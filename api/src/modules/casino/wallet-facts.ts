/**
 * What a wallet call needs besides the streams (issue 22 §2; docs/casino.md "Speed"), kept in memory so
 * that a call reads no read model on its hot path:
 *
 * - the provider (secret, enabled) and its games' stake ranges (whole TZS), cached per provider behind a
 *   freshness stamp: {@link casinoConfigChanged} (called by every write of `casino_providers` and
 *   `casino_games` in this process, after it) moves the stamp and the next call reloads; a write by
 *   another process is seen within {@link CASINO_FACTS_MAX_AGE_MS};
 * - the session tokens (a `casino_sessions` row is never changed after it is written; its expiry is
 *   checked on every call against the clock), cached once read, at most {@link CASINO_SESSIONS_CACHED};
 *   an unknown token is read again each time (only after a valid signature);
 * - the player's no-bet and disabled flags, from the account stream, kept while confirmed current
 *   ({@link playerFlags}, decision 0187).
 */
import { accountStream } from '@bashiri/domain';
import { readStreams } from '@bashiri/eventstore';
import type { EventStore, SqlExecutor } from '@bashiri/eventstore';
import { streamFreshness } from '../wallet/index.ts';
import type { Freshness } from '../wallet/index.ts';

/** Longest a provider's cached secret, enabled flag and games are used without reloading, ms. */
export const CASINO_FACTS_MAX_AGE_MS = 2_000;
/** Session tokens kept in memory (the oldest read is dropped first). */
export const CASINO_SESSIONS_CACHED = 100_000;

/** A provider as a wallet call needs it; games by id with their stake range (null: no bound). */
export interface ProviderFacts {
  readonly secret: string;
  readonly enabled: boolean;
  readonly games: ReadonlyMap<string, { readonly minStake: number | null; readonly maxStake: number | null }>;
}

/** One casino session (`casino_sessions`): whose, for which game, demo or real, expiry in ms since 1970. */
export interface SessionFacts {
  readonly providerId: string;
  readonly userId: string | null;
  readonly gameId: string;
  readonly demo: boolean;
  readonly expiresAtMs: number;
}

let stamp = 0;

/**
 * Moves the freshness stamp: every cached provider is reloaded on its next call. Called after each write
 * of the providers or games tables (staff edits, secret rotation, imports, the sandbox seed).
 */
export const casinoConfigChanged = (): void => {
  stamp += 1;
};

interface Cached {
  readonly stamp: number;
  readonly loadedAt: number;
  readonly facts: Promise<ProviderFacts | null>;
}

/** The facts cache of one server (one per SQL client: tests run several servers in one process). */
export interface WalletFacts {
  /** The provider's facts (null: no such provider), reloaded when stale. */
  provider(providerId: string, nowMs: number): Promise<ProviderFacts | null>;
  /** The session of `token` (null: unknown token). */
  session(token: string): Promise<SessionFacts | null>;
}

const loadProvider = async (sql: SqlExecutor, providerId: string): Promise<ProviderFacts | null> => {
  const [provider, games] = await Promise.all([
    sql.query<{ secret: string; enabled: boolean }>(
      'SELECT secret, enabled FROM casino_providers WHERE id = $1',
      [providerId],
    ),
    sql.query<{ game_id: string; min_stake: number | null; max_stake: number | null }>(
      `SELECT game_id, min_stake::int AS min_stake, max_stake::int AS max_stake
       FROM casino_games WHERE provider_id = $1`,
      [providerId],
    ),
  ]);
  const row = provider.rows[0];
  if (!row) return null;
  return {
    secret: row.secret,
    enabled: row.enabled,
    games: new Map(games.rows.map((g) => [g.game_id, { minStake: g.min_stake, maxStake: g.max_stake }])),
  };
};

const caches = new WeakMap<SqlExecutor, WalletFacts>();

/** The facts cache of the server using `sql`. */
export const walletFactsOf = (sql: SqlExecutor): WalletFacts => {
  const existing = caches.get(sql);
  if (existing) return existing;
  const providers = new Map<string, Cached>();
  const sessions = new Map<string, SessionFacts>();
  const facts: WalletFacts = {
    provider: (providerId, nowMs) => {
      const cached = providers.get(providerId);
      if (cached && cached.stamp === stamp && nowMs - cached.loadedAt < CASINO_FACTS_MAX_AGE_MS)
        return cached.facts;
      const loading = loadProvider(sql, providerId);
      if (providers.size > 1_000) providers.clear();
      const entry: Cached = { stamp, loadedAt: nowMs, facts: loading };
      providers.set(providerId, entry);
      // A failed load is not kept: the next call tries again.
      loading.catch(() => {
        if (providers.get(providerId) === entry) providers.delete(providerId);
      });
      return loading;
    },
    session: async (token) => {
      const cached = sessions.get(token);
      if (cached) return cached;
      const { rows } = await sql.query<{
        provider_id: string;
        user_id: string | null;
        game_id: string;
        demo: boolean;
        expires_at: Date;
      }>(
        'SELECT provider_id, user_id, game_id, demo, expires_at FROM casino_sessions WHERE token = $1',
        [token],
        'casino_wallet_session',
      );
      const row = rows[0];
      if (!row) return null;
      const session: SessionFacts = {
        providerId: row.provider_id,
        userId: row.user_id,
        gameId: row.game_id,
        demo: row.demo,
        expiresAtMs: new Date(row.expires_at).getTime(),
      };
      if (sessions.size >= CASINO_SESSIONS_CACHED) sessions.delete(sessions.keys().next().value!);
      sessions.set(token, session);
      return session;
    },
  };
  caches.set(sql, facts);
  return facts;
};

/** The account flags a new bet checks (spec §6 no-bet flag; a disabled account). */
export interface PlayerFlags {
  readonly noBet: boolean;
  readonly disabled: boolean;
}

/** Players whose flags this process keeps (the oldest read is dropped first). */
export const CASINO_FLAGS_CACHED = 100_000;

const NO_FLAGS: PlayerFlags = { noBet: false, disabled: false };

/** Folds the account events that set the flags (as the `player_accounts` projection sets its columns). */
const foldFlags = (flags: PlayerFlags, events: readonly { type: string; data: unknown }[]): PlayerFlags =>
  events.reduce<PlayerFlags>((f, e) => {
    const d = e.data as { noBet?: boolean; disabled?: boolean };
    if (e.type === 'NoBetChanged') return { ...f, noBet: d.noBet === true };
    if (e.type === 'DisabledChanged') return { ...f, disabled: d.disabled === true };
    return f;
  }, flags);

/** The flags this process holds per player, with the account stream version they reflect. */
export interface FlagFacts {
  readonly held: Map<string, { readonly flags: PlayerFlags; readonly version: number }>;
  readonly freshness: Freshness;
}

const flagFacts = new WeakMap<EventStore, FlagFacts>();

/** The flags held for the players of `store`'s server (one per store). */
export const flagFactsOf = (store: EventStore): FlagFacts => {
  let facts = flagFacts.get(store);
  if (!facts) {
    facts = { held: new Map(), freshness: streamFreshness(store, accountStream('')) };
    flagFacts.set(store, facts);
  }
  return facts;
};

/**
 * Keeps `userId`'s flags folded from `events` (the account stream after the version held when the read
 * began) and confirms them by the read begun at `tick` — unless a newer version is held already (a
 * concurrent read got further). Answers the flags as that read saw them.
 */
export const keepFlags = (
  facts: FlagFacts,
  userId: string,
  tick: number,
  held: { readonly flags: PlayerFlags; readonly version: number } | undefined,
  events: readonly { type: string; data: unknown; streamPosition: number }[],
  nowMs: number,
): PlayerFlags => {
  const now = {
    flags: foldFlags(held?.flags ?? NO_FLAGS, events),
    version: events.at(-1)?.streamPosition ?? held?.version ?? 0,
  };
  const latest = facts.held.get(userId);
  if (!latest || latest.version <= now.version) {
    facts.held.delete(userId);
    facts.held.set(userId, now);
    if (facts.held.size > CASINO_FLAGS_CACHED) facts.held.delete(facts.held.keys().next().value!);
    facts.freshness.confirm(userId, tick, nowMs);
  }
  return now.flags;
};

/**
 * The player's flags a new bet checks, from the account stream `account-<userId>` itself (decision
 * 0187): kept per player with the stream version they reflect, and used without a read while confirmed
 * current (`streamFreshness`: no append to the stream heard since the read that confirmed them, and
 * less than 5 s old); otherwise the tail after that version is read (grouped with the concurrent
 * reads of the money path: one statement) and confirms them again. A flag set through the account's
 * events binds the next bet in this process; in another process, once its append's notification is
 * heard (decision 0187 "Consequences"). An ageing confirmation is renewed off the call's path by
 * `freshFacts` (decision 0208).
 */
export const playerFlags = async (store: EventStore, userId: string, nowMs: number): Promise<PlayerFlags> => {
  const facts = flagFactsOf(store);
  const held = facts.held.get(userId);
  if (held && facts.freshness.current(userId, nowMs)) return held.flags;
  const tick = facts.freshness.begin();
  const [tail] = await readStreams(store, [
    { streamName: accountStream(userId), from: (held?.version ?? 0) + 1 },
  ]);
  return keepFlags(facts, userId, tick, held, tail!.events, nowMs);
};
