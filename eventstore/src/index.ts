export * from './types.ts';
export * from './errors.ts';
export * from './aggregate.ts';
export * from './subscribe.ts';
export * from './sql/client.ts';
export * from './sql/migrate.ts';
export * from './sql/store.ts';
export * from './sql/adapters.ts';
