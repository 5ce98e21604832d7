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
 * - the player's no-bet and disabled flags are not cached: a new `bet` reads them beside its streams.
 */
import { createGrouper } from '@bashiri/eventstore';
import type { SqlExecutor } from '@bashiri/eventstore';

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

type Flags = { readonly noBet: boolean; readonly disabled: boolean };

const flagReaders = new WeakMap<SqlExecutor, (userId: string) => Promise<Flags>>();

/**
 * The player's flags a new bet checks (spec §6 no-bet flag; a disabled account): read, never cached.
 * The reads of concurrent bets go to PostgreSQL together, as one statement (`createGrouper`: a group
 * forms while the previous ones are out), each still read after its call arrived.
 */
export const playerFlags = (sql: SqlExecutor, userId: string): Promise<Flags> => {
  let read = flagReaders.get(sql);
  if (!read) {
    read = createGrouper<string, Flags>(async (userIds) => {
      const { rows } = await sql.query<{ user_id: string; no_bet: boolean; disabled: boolean }>(
        'SELECT user_id, no_bet, disabled FROM player_accounts WHERE user_id = ANY ($1::text[])',
        [[...new Set(userIds)]],
        'casino_wallet_flags',
      );
      const byUser = new Map(rows.map((r) => [r.user_id, r]));
      return userIds.map((id) => ({
        noBet: byUser.get(id)?.no_bet ?? false,
        disabled: byUser.get(id)?.disabled ?? false,
      }));
    });
    flagReaders.set(sql, read);
  }
  return read(userId);
};
