export * from './decimal.ts';
export * from './tzs.ts';
export * from './odds.ts';
export * from './ratio.ts';
