/**
 * The texts of the features whose pages load on demand (account, content; see registry.ts). One line
 * per feature.
 */
import { accountTexts } from '../account/texts.ts';
import { cashoutTexts } from '../cashout/texts.ts';
import { contentTexts } from '../content/texts.ts';
import { casinoTexts } from '../casino/texts.ts';
import { sitePagesTexts } from '../site/texts-pages.ts';
import { protectionTexts } from '../protection/texts.ts';
import { racingTexts } from '../racing/texts.ts';
import { promotionTexts } from '../promotion/texts.ts';
import { poolTexts } from '../pool/texts.ts';
import type { FeatureTexts } from '@bashiri/web-shared';

/** Texts loaded with the account and content pages. */
export const LATER_FEATURE_TEXTS: readonly FeatureTexts[] = [
  accountTexts,
  contentTexts,
  sitePagesTexts,
  protectionTexts,
  racingTexts,
  promotionTexts,
  poolTexts,
  casinoTexts,
  cashoutTexts,
];
