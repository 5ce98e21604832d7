/**
 * The pricing model (betting-rules §4; docs/pricing-model.md): goal rates from market prices, one
 * Dixon-Coles score matrix per match, every market derived from it, pre-match and in play.
 */
export * from './score-matrix.ts';
export * from './demargin.ts';
export * from './fit.ts';
export * from './markets.ts';
export * from './in-play.ts';
export * from './price.ts';
export * from './elo.ts';
