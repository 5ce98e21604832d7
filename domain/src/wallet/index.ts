export * from './bill-types.ts';
export * from './events.ts';
export type * from './commands.ts';
export { decideWallet } from './decide.ts';
export { netOf, percentTax } from './lines.ts';
export * from './decider.ts';
export * from './snapshot.ts';
