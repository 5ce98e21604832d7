/**
 * The features whose texts the site loads (see features.ts). One line per feature.
 */
import { accountTexts } from '../account/texts.ts';
import { contentTexts } from '../content/texts.ts';
import type { FeatureTexts } from './features.ts';
import { layoutTexts } from '../layout/texts.ts';
import { matchesTexts } from '../matches/texts.ts';

/** Every feature's texts. */
export const FEATURE_TEXTS: readonly FeatureTexts[] = [layoutTexts, matchesTexts, accountTexts, contentTexts];
