import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './storage.ts';
import { createSessionStore, SESSION_STORAGE_KEY } from './session.ts';

describe('session store (spec §4 Session)', () => {
  it('keeps the token across reloads, tells listeners, and forgets it on clear', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, () => 0);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.token()).toBeNull();
    store.start({ token: 'abc', expiresAt: new Date(86_400_000).toISOString() });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(createSessionStore(storage, () => 0).token()).toBe('abc');
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('drops an expired token and ignores a corrupt stored value', () => {
    const storage = memoryStorage([
      [SESSION_STORAGE_KEY, JSON.stringify({ token: 't', expiresAt: '1970-01-01T00:00:01Z' })],
    ]);
    expect(createSessionStore(storage, () => 999).token()).toBe('t');
    expect(createSessionStore(storage, () => 999).token()).toBe('t');
    expect(createSessionStore(storage, () => 2_000).token()).toBeNull();
    expect(createSessionStore(memoryStorage([[SESSION_STORAGE_KEY, '{not json']])).token()).toBeNull();
  });
});
