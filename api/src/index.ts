export * from './config.ts';
export * from './app.ts';
export * from './services.ts';
export * from './graphql/context.ts';
export * from './graphql/errors.ts';
export * from './modules/module.ts';
