export * from './config.ts';
export * from './app.ts';
export * from './services.ts';
export * from './graphql/context.ts';
export * from './graphql/errors.ts';
export * from './modules/module.ts';

// What tools outside the server (simulations/: benchmarks, the analysts' CLI) may use; they import
// `@bashiri/api` and never a path inside api/ (docs/decisions/0011-import-boundaries.md).
export { modules } from './modules/index.ts';
export { createFeedModule } from './modules/feed/index.ts';
export type { FeedOptions } from './modules/feed/index.ts';
export { authenticate, createIdentityModule } from './modules/identity/index.ts';
export { openSession } from './auth/sessions.ts';
export { walletOf } from './modules/wallet/index.ts';
export { importFootballData, seedCatalogue } from './modules/catalogue/index.ts';
export { drainSettlementQueue } from './modules/betting/index.ts';
export { verifyReadModel } from './modules/backoffice/index.ts';
export { REPO_ROOT } from './web.ts';
export { drainRacingSettlement, placeRacingBet, runRacingScheduler } from './modules/racing/index.ts';
export { drainRewards, promotionProjection, seedPromotions } from './modules/promotion/index.ts';
export { moveMoney } from './modules/wallet/index.ts';
export {
  buyPoolTicket,
  createPoolIssue,
  drainPoolQueue,
  poolRound,
  seedPoolTypes,
  JACKPOT_TYPE_ID,
} from './modules/pool/index.ts';
export { seedSandboxProvider, SANDBOX_PROVIDER } from './modules/casino/index.ts';
export { seedBettingConfig } from './modules/betting/index.ts';
export { acceptCashOut, quoteBets, saveCashOutConfig } from './modules/cashout/index.ts';
export { keepSimulationReport, listSimulationRuns, readSimulationRun } from './modules/simulation/index.ts';
// The child process of a run started from the back office speaks this protocol (decision 0092).
export type { LaunchError, LaunchToChild, LaunchToParent } from './modules/simulation/index.ts';
