/**
 * The site's i18next instance (architecture.md §6; issue 7 item 8 "weight"): Swahili, the default, is
 * bundled with the texts of the first screen (layout, match lists); `en-US` and `zh-CN` are loaded on
 * demand by an i18next backend (a dynamic import each, with every feature's texts), before the
 * language is shown (first load in a stored language, or `changeLanguage`); the account and content
 * texts are loaded with their pages ({@link loadFeatureTexts}). Same options as `createI18n`.
 */
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { StoragePort } from '@bashiri/web-shared';
import { withFeatures, type FeatureTexts } from '@bashiri/web-shared';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  storedLanguage,
  storeLanguage,
  type Language,
} from '@bashiri/web-shared';
import { sw } from './locales/sw.ts';
import { FIRST_FEATURE_TEXTS_SW, loadFirstFeatureTexts, loadLaterFeatureTexts } from './registry-first.ts';

const isLanguage = (language: string): language is Language =>
  (LANGUAGES as readonly string[]).includes(language);

/** Each language's base texts (`titles`, `betslip`, `codes`, …); Swahili is bundled. */
const BASE: Readonly<Record<Language, () => Promise<object>>> = {
  sw: () => Promise.resolve(sw),
  'en-US': () => import('./locales/en-US.ts').then((m) => m.enUS),
  'zh-CN': () => import('./locales/zh-CN.ts').then((m) => m.zhCN),
};

/** Every text of `language`: base texts and every feature's (first and later). */
export const loadLanguage = async (language: Language) => {
  const [base, first, later] = await Promise.all([
    BASE[language](),
    loadFirstFeatureTexts(),
    loadLaterFeatureTexts(),
  ]);
  return withFeatures(base, language, [...first, ...later]);
};

/** The i18next backend of the languages not bundled. */
const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) {
      callback(new Error(`unknown language ${language}`), false);
      return;
    }
    loadLanguage(language).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * A ready i18next instance in the stored language (its texts loaded, so the first render is in it),
 * wired to React, that stores every later `changeLanguage`. Missing keys fall back to Swahili, then
 * show the resource-error message (spec §8).
 */
export const createSiteI18n = async (storage: StoragePort): Promise<i18n> => {
  const instance = i18next.createInstance();
  await instance
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(storage),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      partialBundledLanguages: true,
      resources: { sw: { translation: { ...FIRST_FEATURE_TEXTS_SW, ...sw } } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      parseMissingKeyHandler: () => instance.t('messages.resourceError'),
    });
  instance.on('languageChanged', (language) => {
    if (isLanguage(language)) storeLanguage(storage, language);
  });
  return instance;
};

/**
 * Adds the account and content texts (registry-later.ts) to every language loaded so far; languages
 * loaded later by the backend come with them. Resolves once they are there (before those pages render).
 */
export const loadFeatureTexts = async (instance: i18n): Promise<void> => {
  const later: readonly FeatureTexts[] = await loadLaterFeatureTexts();
  for (const language of LANGUAGES)
    if (instance.hasResourceBundle(language, 'translation'))
      instance.addResourceBundle(
        language,
        'translation',
        Object.fromEntries(later.map((feature) => [feature.namespace, feature.texts[language]])),
        true,
        true,
      );
};
