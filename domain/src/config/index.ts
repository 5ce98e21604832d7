export * from './bet-config.ts';
export * from './versions.ts';
export * from './tax.ts';
export * from './history.ts';
export * from './spec-record.ts';
