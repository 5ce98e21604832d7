export * from './eat.ts';
export * from './events.ts';
export type * from './commands.ts';
export { decideProtection, PROTECTION_DECISION_CODES } from './decide.ts';
export * from './decider.ts';
export * from './status.ts';
export * from './usage.ts';
export * from './enforce.ts';
export * from './sms.ts';
