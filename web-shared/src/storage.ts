/**
 * The local storage port (spec §4 "Betslip" persistence, §9 language choice): `localStorage` in the
 * browser, a Map in tests. Values are strings; callers encode JSON themselves.
 */

/** The three calls of `localStorage` the site uses. */
export interface StoragePort {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage kept in a Map (tests, and browsers where `localStorage` throws, e.g. private mode). */
export const memoryStorage = (initial: Iterable<readonly [string, string]> = []): StoragePort => {
  const map = new Map<string, string>(initial);
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
};

/**
 * `window.localStorage` when it is usable, else {@link memoryStorage}. Writes that fail (quota full)
 * are dropped: losing a saved slip must never break betting.
 */
export const browserStorage = (): StoragePort => {
  try {
    const local = globalThis.localStorage;
    local.setItem('bashiri.probe', '1');
    local.removeItem('bashiri.probe');
    return {
      getItem: (key) => local.getItem(key),
      setItem: (key, value) => {
        try {
          local.setItem(key, value);
        } catch {
          // quota exceeded: keep going without persistence
        }
      },
      removeItem: (key) => local.removeItem(key),
    };
  } catch {
    return memoryStorage();
  }
};
