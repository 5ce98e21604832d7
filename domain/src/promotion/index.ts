export * from './rules.ts';
export * from './decider.ts';
export * from './purse.ts';
