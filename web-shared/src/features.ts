/**
 * Texts of the site's features, each in its own file next to its code so that features grow without
 * touching one shared file: `<feature>/texts.ts` exports `defineTexts('<namespace>', { 'en-US', sw,
 * 'zh-CN' })`. They are merged under their namespace into the resources (i18n/index.ts) and checked for
 * completeness like the rest (i18n.unit.test.ts).
 */
import type { Language } from './languages.ts';

/** A tree of texts: strings, or nested trees. */
export interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** One feature's texts: its namespace (the first part of its keys) and a tree per language. */
export interface FeatureTexts {
  readonly namespace: string;
  readonly texts: Readonly<Record<Language, TextTree>>;
}

/**
 * Declares a feature's texts; `sw` and `zh-CN` must have the shape of `en-US` (checked by type here and
 * by key in the unit test).
 */
export const defineTexts = <T extends TextTree>(
  namespace: string,
  texts: { readonly 'en-US': T; readonly sw: T; readonly 'zh-CN': T },
): FeatureTexts => ({ namespace, texts });

/** A language's full texts: its base texts plus every feature's tree under the feature's namespace. */
export const withFeatures = <Base extends object>(
  base: Base,
  language: Language,
  features: readonly FeatureTexts[],
): Base & Readonly<Record<string, TextTree | string>> => {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const feature of features) {
    if (feature.namespace in merged) throw new Error(`i18n namespace ${feature.namespace} defined twice`);
    merged[feature.namespace] = feature.texts[language];
  }
  return merged as Base & Readonly<Record<string, TextTree | string>>;
};
