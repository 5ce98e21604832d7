export * from './decider.ts';
export * from './errors.ts';
export * from './money/index.ts';
export * from './config/index.ts';
export * from './pricing/index.ts';
export * from './settlement/index.ts';
export * from './wallet/index.ts';
