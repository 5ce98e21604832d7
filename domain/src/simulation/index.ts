export type * from './report.ts';
