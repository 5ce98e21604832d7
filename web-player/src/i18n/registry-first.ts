/**
 * What the site's first load bundles of the features' texts (issue 7 item 8 "weight"; see registry.ts):
 * the Swahili texts of the first screen's features, by namespace, and the loader of the later features'
 * texts. Nothing here imports another language: `en-US` and `zh-CN` come on demand (i18n/site.ts).
 */
import { layoutSw } from '../layout/texts.sw.ts';
import { matchesSw } from '../matches/texts.sw.ts';
import { siteSw } from '../site/texts.sw.ts';
import type { FeatureTexts, TextTree } from '@bashiri/web-shared';

/** The Swahili texts of the features in registry.ts's FIRST_FEATURE_TEXTS, by namespace. */
export const FIRST_FEATURE_TEXTS_SW: Readonly<Record<string, TextTree>> = {
  layout: layoutSw,
  matches: matchesSw,
  site: siteSw,
};

/** The other features' texts (LATER_FEATURE_TEXTS of registry-later.ts), as their own chunk. */
export const loadLaterFeatureTexts = (): Promise<readonly FeatureTexts[]> =>
  import('./registry-later.ts').then((m) => m.LATER_FEATURE_TEXTS);

/** Every language of the first screen's features (registry.ts), as their own chunk. */
export const loadFirstFeatureTexts = (): Promise<readonly FeatureTexts[]> =>
  import('./registry.ts').then((m) => m.FIRST_FEATURE_TEXTS);
