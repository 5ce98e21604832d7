/**
 * i18next + react-i18next for the back office (issue 8 item 1: the player site's languages): `sw`
 * (default), `en-US`, `zh-CN`, all bundled. Base texts are in `locales/`, each feature's in
 * `<feature>/texts.ts`, registered in `registry.ts`. The choice is stored under the back office's own
 * key prefix (see shared.ts `prefixedStorage`).
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  storedLanguage,
  storeLanguage,
  type FeatureTexts,
  type Language,
  type StoragePort,
  type TextTree,
} from '../shared.ts';
import { enUS, type Resources } from './locales/en-US.ts';
import { sw } from './locales/sw.ts';
import { zhCN } from './locales/zh-CN.ts';
import { FEATURE_TEXTS } from './registry.ts';

/** The base texts of a language plus every feature's namespace. */
export type AllResources = Resources & Readonly<Record<string, TextTree | string>>;

const BASE: Readonly<Record<Language, Resources>> = { sw, 'en-US': enUS, 'zh-CN': zhCN };

const withFeatures = (language: Language, features: readonly FeatureTexts[]): AllResources => {
  const merged: Record<string, unknown> = { ...BASE[language] };
  for (const feature of features) {
    if (feature.namespace in merged) throw new Error(`i18n namespace ${feature.namespace} defined twice`);
    merged[feature.namespace] = feature.texts[language];
  }
  return merged as AllResources;
};

/** Every language's texts (base + features). */
export const RESOURCES: Readonly<Record<Language, AllResources>> = {
  sw: withFeatures('sw', FEATURE_TEXTS),
  'en-US': withFeatures('en-US', FEATURE_TEXTS),
  'zh-CN': withFeatures('zh-CN', FEATURE_TEXTS),
};

/** A ready i18next instance in the stored language that stores every later change. */
export const createI18n = (storage: StoragePort): i18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: storedLanguage(storage),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: RESOURCES[l] }])),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance.on('languageChanged', (language) => {
    if ((LANGUAGES as readonly string[]).includes(language)) storeLanguage(storage, language as Language);
  });
  return instance;
};

/** The text of an error code (`codes.<CODE>`), or the code itself when it has no text yet. */
export const codeText = (
  t: (key: string) => string,
  code: string | null,
  exists: (key: string) => boolean,
) => (code === null ? '' : exists(`codes.${code}`) ? t(`codes.${code}`) : code);

export { LANGUAGES, DEFAULT_LANGUAGE, type Language };
