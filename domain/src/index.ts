export * from './decider.ts';
export * from './errors.ts';
