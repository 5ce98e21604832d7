/**
 * What the back office shares with the player site (web-player/src): the GraphQL client over urql +
 * graphql-ws, the session store, the storage port, the languages and the per-feature text declarations.
 * Both apps are served from the same origin, so the back office keeps its keys apart with
 * {@link prefixedStorage} (a staff session never overwrites a player's session in the same browser).
 *
 * Everything the back office imports from the player site goes through this one file.
 */
import type { StoragePort } from '../../web-player/src/storage.ts';

export { createApiClient, errorCodeOf, errorFieldOf } from '../../web-player/src/graphql/client.ts';
export type { ApiClient, ClientOptions } from '../../web-player/src/graphql/client.ts';
export { createSessionStore } from '../../web-player/src/session/session.ts';
export type { SessionStore, StoredSession } from '../../web-player/src/session/session.ts';
export { browserStorage, memoryStorage } from '../../web-player/src/storage.ts';
export type { StoragePort } from '../../web-player/src/storage.ts';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  languageOf,
  storedLanguage,
  storeLanguage,
} from '../../web-player/src/i18n/languages.ts';
export type { Language } from '../../web-player/src/i18n/languages.ts';
export { defineTexts } from '../../web-player/src/i18n/features.ts';
export type { FeatureTexts, TextTree } from '../../web-player/src/i18n/features.ts';

/** `storage` with every key prefixed by `prefix` (the back office uses `admin.`). */
export const prefixedStorage = (storage: StoragePort, prefix: string): StoragePort => ({
  getItem: (key) => storage.getItem(prefix + key),
  setItem: (key, value) => storage.setItem(prefix + key, value),
  removeItem: (key) => storage.removeItem(prefix + key),
});

export { formatMoney, formatTzs } from '../../web-player/src/i18n/format.ts';
