/**
 * The texts of the features whose pages load on demand (account, content; see registry.ts). One line
 * per feature.
 */
import { accountTexts } from '../account/texts.ts';
import { contentTexts } from '../content/texts.ts';
import type { FeatureTexts } from './features.ts';

/** Texts loaded with the account and content pages. */
export const LATER_FEATURE_TEXTS: readonly FeatureTexts[] = [accountTexts, contentTexts];
