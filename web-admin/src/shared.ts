/**
 * What the back office shares with the player site (`@bashiri/web-shared`, web-shared/src): the GraphQL
 * client over urql + graphql-ws, the session store, the storage port, the languages and the per-feature
 * text declarations.
 * Both apps are served from the same origin, so the back office keeps its keys apart with
 * {@link prefixedStorage} (a staff session never overwrites a player's session in the same browser).
 *
 * Everything the back office takes from web-shared goes through this one file; it imports nothing of the
 * player site (docs/decisions/0011-import-boundaries.md).
 */
import type { StoragePort } from '@bashiri/web-shared';

export { createApiClient, errorCodeOf, errorFieldOf } from '@bashiri/web-shared';
export type { ApiClient, ClientOptions } from '@bashiri/web-shared';
export { createSessionStore } from '@bashiri/web-shared';
export type { SessionStore, StoredSession } from '@bashiri/web-shared';
export { browserStorage, memoryStorage } from '@bashiri/web-shared';
export type { StoragePort } from '@bashiri/web-shared';
export { DEFAULT_LANGUAGE, LANGUAGES, languageOf, storedLanguage, storeLanguage } from '@bashiri/web-shared';
export type { Language } from '@bashiri/web-shared';
export { defineTexts } from '@bashiri/web-shared';
export type { FeatureTexts, TextTree } from '@bashiri/web-shared';

/** `storage` with every key prefixed by `prefix` (the back office uses `admin.`). */
export const prefixedStorage = (storage: StoragePort, prefix: string): StoragePort => ({
  getItem: (key) => storage.getItem(prefix + key),
  setItem: (key, value) => storage.setItem(prefix + key, value),
  removeItem: (key) => storage.removeItem(prefix + key),
});

export { formatMoney, formatTzs } from '@bashiri/web-shared';
