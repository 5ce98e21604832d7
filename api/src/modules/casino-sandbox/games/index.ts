export * from './fair.ts';
export * from './crash.ts';
export * from './dice.ts';
export * from './simulate.ts';
