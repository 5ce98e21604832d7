export * from './round.ts';
export * from './wallet-commands.ts';
export * from './protocol.ts';
export * from './catalogue.ts';
