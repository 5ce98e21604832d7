export * from './eat.ts';
