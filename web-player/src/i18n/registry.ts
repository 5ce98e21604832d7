/**
 * The features whose texts the site loads (see features.ts). One line per feature: in
 * {@link FIRST_FEATURE_TEXTS} when the first screen (layout, match lists) needs them, else in
 * `registry-later.ts` (loaded with the account and content pages, issue 7 item 8).
 */
import type { FeatureTexts } from '@bashiri/web-shared';
import { layoutTexts } from '../layout/texts.ts';
import { matchesTexts } from '../matches/texts.ts';
import { siteTexts } from '../site/texts.ts';

/** The texts of the features the home page shows, bundled with the site's first load. */
export const FIRST_FEATURE_TEXTS: readonly FeatureTexts[] = [layoutTexts, matchesTexts, siteTexts];

export { loadLaterFeatureTexts } from './registry-first.ts';
