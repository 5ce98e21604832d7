import { describe, expect, it } from 'vitest';
import { countingSql } from './statements.ts';
import type { SqlClient, SqlExecutor } from '@bashiri/eventstore';

/** A client that answers every statement with no rows and records the texts it received. */
const fakeClient = (sent: string[]): SqlClient => {
  const executor: SqlExecutor = {
    query: async <Row>(text: string) => {
      sent.push(text);
      return { rows: [] as Row[], rowCount: 0 };
    },
  };
  return {
    ...executor,
    kind: 'pglite',
    schema: 'public',
    transaction: (fn) => fn(executor),
    withConnection: (fn) => fn({ ...executor, exec: async () => undefined }),
    listen: async () => async () => undefined,
    close: async () => undefined,
  };
};

describe('countingSql', () => {
  for (const byStatement of [true, false])
    it(`counts every statement, a transaction as two more (byStatement ${byStatement})`, async () => {
      const sent: string[] = [];
      const counted = countingSql(fakeClient(sent), { byStatement });
      await counted.sql.query('SELECT   1');
      await counted.sql.query('SELECT 2', [], 'two');
      await counted.sql.transaction(async (tx) => {
        await tx.query('SELECT 3');
        await tx.query('SELECT 3');
      });
      await counted.sql.withConnection((c) => c.query('SELECT 4'));
      expect(sent).toEqual(['SELECT   1', 'SELECT 2', 'SELECT 3', 'SELECT 3', 'SELECT 4']);
      expect(counted.total()).toBe(7);
      expect(counted.report().split('\n')).toEqual(
        byStatement
          ? [
              '       2  BEGIN … COMMIT',
              '       2  SELECT 3',
              '       1  SELECT 1',
              '       1  two',
              '       1  SELECT 4',
            ]
          : [''],
      );
      counted.reset();
      expect(counted.total()).toBe(0);
    });
});
