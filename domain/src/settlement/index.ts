export * from './outcome.ts';
export * from './facts.ts';
export * from './markets.ts';
export * from './settle-leg.ts';
export * from './bet.ts';
export * from './resettle.ts';
