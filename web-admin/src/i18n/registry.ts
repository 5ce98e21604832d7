/** The features whose texts the back office loads (see web-player/src/i18n/features.ts). One line each. */
import type { FeatureTexts } from '../shared.ts';
import { auditTexts } from '../components/texts.ts';
import { shellTexts } from '../shell/texts.ts';
import { paymentsTexts } from '../payments/texts.ts';
import { staffTexts } from '../staff/texts.ts';
import { statsTexts } from '../stats/texts.ts';
import { usersTexts } from '../users/texts.ts';
import { ordersTexts } from '../orders/texts.ts';
import { historyTexts } from '../audit/texts.ts';
import { exportsTexts } from '../exports/texts.ts';
import { configTexts } from '../config/texts.ts';
import { catalogueTexts } from '../catalogue/texts.ts';
import { contentAdminTexts } from '../content/texts.ts';
import { labelsTexts } from '../components/labels.ts';
import { protectionAdminTexts } from '../protection/texts.ts';
import { racingAdminTexts } from '../racing/texts.ts';
import { promotionTexts } from '../promotion/texts.ts';
import { poolAdminTexts } from '../pool/texts.ts';
import { casinoTexts } from '../casino/texts.ts';
import { cashoutAdminTexts } from '../cashout/texts.ts';
import { simulationsTexts } from '../simulation/texts.ts';

/** Every feature's texts. */
export const FEATURE_TEXTS: readonly FeatureTexts[] = [
  shellTexts,
  auditTexts,
  usersTexts,
  staffTexts,
  statsTexts,
  paymentsTexts,
  ordersTexts,
  historyTexts,
  exportsTexts,
  configTexts,
  catalogueTexts,
  contentAdminTexts,
  labelsTexts,
  protectionAdminTexts,
  racingAdminTexts,
  promotionTexts,
  poolAdminTexts,
  casinoTexts,
  cashoutAdminTexts,
  simulationsTexts,
];
