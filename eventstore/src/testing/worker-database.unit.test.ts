import { describe, expect, it } from 'vitest';
import { databaseUrlForWorker, databaseUrlsOfWorkers, parseDatabaseUrls } from './worker-database.ts';

const A = 'postgres://postgres@127.0.0.1:5432/ci';
const B = 'postgres://postgres@127.0.0.1:24567/ci';

describe('one PostgreSQL cluster per integration worker (decision 0192)', () => {
  it('given INT_DATABASE_URLS, then its URLs in order, blanks and spaces dropped', () => {
    expect(parseDatabaseUrls(undefined)).toEqual([]);
    expect(parseDatabaseUrls('')).toEqual([]);
    expect(parseDatabaseUrls(` ${A} ,, ${B},`)).toEqual([A, B]);
  });

  it('given a pool id from 1, then that worker gets the URL at its place, no two workers the same', () => {
    expect(databaseUrlForWorker([A, B], 1)).toBe(A);
    expect(databaseUrlForWorker([A, B], 2)).toBe(B);
  });

  it('given more workers than URLs or no pool id, then it refuses rather than share a cluster', () => {
    expect(() => databaseUrlForWorker([A, B], 3)).toThrow(/2 URL\(s\) but this is vitest worker 3/);
    expect(() => databaseUrlForWorker([A, B], 0)).toThrow(/VITEST_WORKERS/);
    expect(() => databaseUrlForWorker([A, B], Number(undefined))).toThrow(/worker NaN/);
  });

  it('given the workers of a run, then the clusters they use: one per worker with INT_DATABASE_URLS, else DATABASE_URL (0212)', () => {
    expect(databaseUrlsOfWorkers(A, `${A},${B}`, 2)).toEqual([A, B]);
    expect(databaseUrlsOfWorkers(A, `${A},${B}`, 1)).toEqual([A]);
    expect(databaseUrlsOfWorkers(A, undefined, 2)).toEqual([A]);
    expect(databaseUrlsOfWorkers(A, '', 1)).toEqual([A]);
  });
});
