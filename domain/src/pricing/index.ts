export * from './slip.ts';
export * from './amount.ts';
export * from './validate.ts';
export * from './returns.ts';
export * from './quote.ts';
