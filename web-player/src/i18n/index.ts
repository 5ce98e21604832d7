/**
 * i18next + react-i18next (architecture.md §6): `sw` (default), `en-US`, `zh-CN`. {@link createI18n}
 * bundles every text of every language (tests and stories, which render synchronously); the site uses
 * `createSiteI18n` of `site.ts`, which bundles Swahili and loads the other languages and the account
 * and content texts on demand (issue 7 item 8). The choice is stored through the storage port.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { StoragePort } from '@bashiri/web-shared';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  storedLanguage,
  storeLanguage,
  type Language,
} from '@bashiri/web-shared';
import { enUS, type Resources } from './locales/en-US.ts';
import { sw } from './locales/sw.ts';
import { zhCN } from './locales/zh-CN.ts';
import { withFeatures as merge, type FeatureTexts, type TextTree } from '@bashiri/web-shared';
import { LATER_FEATURE_TEXTS } from './registry-later.ts';
import { FIRST_FEATURE_TEXTS } from './registry.ts';

/** Every feature's texts. */
export const FEATURE_TEXTS: readonly FeatureTexts[] = [...FIRST_FEATURE_TEXTS, ...LATER_FEATURE_TEXTS];

/** The base texts of a language plus every feature's namespace. */
export type AllResources = Resources & Readonly<Record<string, TextTree | string>>;

const BASE: Readonly<Record<Language, Resources>> = { sw, 'en-US': enUS, 'zh-CN': zhCN };

/** Merges the features' texts under their namespaces; a namespace used twice is a programming error. */
const withFeatures = (language: Language, features: readonly FeatureTexts[]): AllResources =>
  merge(BASE[language], language, features);

/** Every language's texts (base + features). */
export const RESOURCES: Readonly<Record<Language, AllResources>> = {
  sw: withFeatures('sw', FEATURE_TEXTS),
  'en-US': withFeatures('en-US', FEATURE_TEXTS),
  'zh-CN': withFeatures('zh-CN', FEATURE_TEXTS),
};

/**
 * A ready i18next instance (initialised synchronously) in the stored language, wired to React, that
 * stores every later `changeLanguage`. Missing keys fall back to Swahili, then show the resource-error
 * message (spec §8 "A missing message key shows a generic resource-error message").
 */
export const createI18n = (storage: StoragePort): i18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: storedLanguage(storage),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: RESOURCES[l] }])),
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    parseMissingKeyHandler: () => instance.t('messages.resourceError'),
  });
  instance.on('languageChanged', (language) => {
    if ((LANGUAGES as readonly string[]).includes(language)) storeLanguage(storage, language as Language);
  });
  return instance;
};

export * from '@bashiri/web-shared';
export * from '@bashiri/web-shared';
export * from '@bashiri/web-shared';
