/**
 * Issue 15 "Database faults": a connection handed over by the pool can receive the server's FATAL
 * message in the same socket chunk, parsed before any `await` continuation runs. `checkOut` must listen
 * for errors from the moment of the hand-over, or the `error` event has no listener and ends the
 * process. A stand-in pool reproduces that timing deterministically.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { checkOut } from './client.ts';

/** A pool that hands over a connection and, in the same synchronous turn, has it emit `error`. */
const poolWithDyingConnection = () => {
  const conn = Object.assign(new EventEmitter(), { releasedWith: undefined as unknown, released: false });
  const pool = {
    connect: (cb: (error: Error | undefined, client: pg.PoolClient | undefined) => void) => {
      const client = Object.assign(conn, {
        release: (error?: unknown) => {
          conn.released = true;
          conn.releasedWith = error;
        },
      }) as unknown as pg.PoolClient;
      cb(undefined, client);
      // The rest of the socket chunk: the backend was terminated right after its last answer.
      conn.emit('error', new Error('terminating connection due to administrator command'));
    },
  } as unknown as Pick<pg.Pool, 'connect'>;
  return { pool, conn };
};

describe('checkOut', () => {
  it('listens for errors from the hand-over on, and destroys a connection that broke', async () => {
    const { pool, conn } = poolWithDyingConnection();
    const { done } = await checkOut(pool);
    done();
    expect(conn.released).toBe(true);
    expect((conn.releasedWith as Error).message).toMatch(/administrator command/);
    expect(conn.listenerCount('error')).toBe(0);
  });
});
