export * from './projection.ts';
export * from './runner.ts';
