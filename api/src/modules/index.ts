/**
 * Every server module, in start order. Add a module here and nowhere else.
 */
import type { ApiModule } from './module.ts';
import { auditModule } from './audit/index.ts';
import { backofficeModule } from './backoffice/index.ts';
import { bettingModule } from './betting/index.ts';
import { catalogueModule } from './catalogue/index.ts';
import { contentModule } from './content/index.ts';
import { cashoutModule } from './cashout/index.ts';
import { feedModule } from './feed/index.ts';
import { identityModule } from './identity/index.ts';
import { liveModule } from './live/index.ts';
import { paymentsModule } from './payments/index.ts';
import { staffModule } from './staff/index.ts';
import { statisticsModule } from './statistics/index.ts';
import { systemModule } from './system/index.ts';
import { walletModule } from './wallet/index.ts';
import { protectionModule } from './protection/index.ts';
import { racingModule } from './racing/index.ts';
import { promotionModule } from './promotion/index.ts';
import { poolModule } from './pool/index.ts';
import { casinoModule } from './casino/index.ts';
import { casinoSandboxModule } from './casino-sandbox/index.ts';
import { simulationsModule } from './simulation/index.ts';

export const modules: readonly ApiModule[] = [
  systemModule,
  auditModule,
  identityModule,
  staffModule,
  catalogueModule,
  walletModule,
  bettingModule,
  feedModule,
  liveModule,
  statisticsModule,
  paymentsModule,
  backofficeModule,
  contentModule,
  protectionModule,
  racingModule,
  promotionModule,
  poolModule,
  casinoModule,
  casinoSandboxModule,
  cashoutModule,
  simulationsModule,
];
