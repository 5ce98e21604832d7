/**
 * Issue 15 "Database faults": the PostgreSQL client survives its connections being terminated by the
 * server (pg_terminate_backend, as an administrator or a failover does). A connection terminated while
 * checked out for a transaction must not end the process (an `error` event nobody listened to did),
 * the pool must serve the next statement, and a LISTEN connection reconnects and reports the gap.
 * PostgreSQL only (DATABASE_URL); skipped with a message otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openRawConnection,
  openTestDatabase,
  postgresUrl,
  SKIP_POSTGRES_MESSAGE,
} from '../testing/databases.ts';
import type { TestDatabase } from '../testing/databases.ts';

const url = postgresUrl();
if (!url) console.warn(`client-faults: ${SKIP_POSTGRES_MESSAGE}`);

describe.skipIf(!url)('the PostgreSQL client under terminated connections', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('postgres', 4);
  });
  afterAll(async () => {
    await db.dispose();
  });

  const terminate = async (pid: number) => {
    const admin = await openRawConnection(db);
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
  };

  it('a transaction whose connection is terminated between statements fails; the process and pool live on', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      await expect(
        db.sql.transaction(async (tx) => {
          const pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
          await terminate(pid);
          await new Promise((r) => setTimeout(r, 300)); // the FATAL message arrives while no query runs
          await tx.query('SELECT 1');
        }),
      ).rejects.toThrow();
      expect(uncaught).toEqual([]);
      for (let i = 0; i < 6; i++)
        expect((await db.sql.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('a LISTEN connection terminated by the server reconnects and reports the gap, then hears notifications', async () => {
    let heard = 0;
    const stop = await db.sql.listen('faults_channel', () => heard++);
    try {
      const admin = await openRawConnection(db);
      try {
        const listener = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN "faults_channel"%' AND pid <> pg_backend_pid()`,
        );
        expect(listener.rows.length).toBe(1);
        await admin.query('SELECT pg_terminate_backend($1)', [listener.rows[0]!.pid]);
        await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThanOrEqual(1); // the gap
        const before = heard;
        await expect
          .poll(
            async () => {
              await admin.query(`NOTIFY faults_channel`);
              return heard;
            },
            { timeout: 10_000 },
          )
          .toBeGreaterThan(before);
      } finally {
        await admin.end();
      }
    } finally {
      await stop();
    }
  });
});
