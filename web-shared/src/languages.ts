/**
 * The site's languages (spec §9: default sw, others en-US and zh-CN; the choice is stored locally).
 */
import type { StoragePort } from './storage.ts';

/** Languages offered, default first. */
export const LANGUAGES = ['sw', 'en-US', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Spec §9: Swahili unless the player chose otherwise. */
export const DEFAULT_LANGUAGE: Language = 'sw';
/** The storage key of the choice. */
export const LANGUAGE_STORAGE_KEY = 'bashiri.lang';

/** The language of a tag, case-insensitive (`zh-cn` of the old site, `en`, `sw-TZ`); unknown = default. */
export const languageOf = (tag: string | null | undefined): Language => {
  const lower = (tag ?? '').toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en-US';
  return DEFAULT_LANGUAGE;
};

/** The stored choice, or the default. */
export const storedLanguage = (storage: StoragePort): Language =>
  languageOf(storage.getItem(LANGUAGE_STORAGE_KEY));

/** Stores the choice. */
export const storeLanguage = (storage: StoragePort, language: Language): void =>
  storage.setItem(LANGUAGE_STORAGE_KEY, language);
