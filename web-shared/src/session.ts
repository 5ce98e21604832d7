/**
 * The player's session (spec §4 "Session"): the bearer token from `login`/`register` and its expiry,
 * kept in local storage so a reload stays logged in, cleared on logout, on expiry, and when the server
 * answers `me: null` or `UNAUTHENTICATED`. Listeners hear every change (the API client restarts its
 * websocket; the header re-reads the balance).
 */
import type { StoragePort } from './storage.ts';

/** The storage key of the session. */
export const SESSION_STORAGE_KEY = 'bashiri.session';

/** A stored session: token and expiry (ISO 8601). */
export interface StoredSession {
  readonly token: string;
  readonly expiresAt: string;
}

/** The session as the app sees it. */
export interface SessionStore {
  /** The token, or null when logged out or expired. */
  token(): string | null;
  /** Starts a session (after `login` or `register`). */
  start(session: StoredSession): void;
  /** Ends the session locally (after `logout`, or when the server no longer knows the token). */
  clear(): void;
  /** Calls `listener` on every start and clear; answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** A session store over `storage`; `now` is injectable for tests. */
export const createSessionStore = (storage: StoragePort, now: () => number = Date.now): SessionStore => {
  const listeners = new Set<() => void>();
  let current: StoredSession | null = null;
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredSession>) : null;
    if (parsed && typeof parsed.token === 'string' && typeof parsed.expiresAt === 'string')
      current = { token: parsed.token, expiresAt: parsed.expiresAt };
  } catch {
    current = null;
  }
  const notify = () => listeners.forEach((listener) => listener());
  const store: SessionStore = {
    token: () => {
      if (!current) return null;
      if (Date.parse(current.expiresAt) <= now()) {
        current = null;
        storage.removeItem(SESSION_STORAGE_KEY);
        return null;
      }
      return current.token;
    },
    start: (session) => {
      current = { token: session.token, expiresAt: session.expiresAt };
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(current));
      notify();
    },
    clear: () => {
      if (!current) return;
      current = null;
      storage.removeItem(SESSION_STORAGE_KEY);
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
};
