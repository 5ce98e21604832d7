import { openTestDatabase } from '@bashiri/eventstore/testing';
import { migrate } from '@bashiri/eventstore';
import { describe, expect, it } from 'vitest';
import { enforceRates, hitRate, pruneRates } from './limiter.ts';

describe('rate limiter', () => {
  it('counts per key and fixed window, reports the wait, and prunes old windows', async () => {
    const db = await openTestDatabase('pglite');
    try {
      await migrate(db.sql, {
        folder: new URL('../modules/identity/migrations/', import.meta.url),
        table: 'api_identity_schema_version',
      });
      const rule = { max: 2, windowMs: 60_000 };
      const t0 = 1_000 * 60_000 + 10_000;
      expect(await hitRate(db.sql, 'k', rule, t0)).toEqual({ ok: true, remaining: 1 });
      expect(await hitRate(db.sql, 'k', rule, t0)).toEqual({ ok: true, remaining: 0 });
      expect(await hitRate(db.sql, 'k', rule, t0 + 5_000)).toEqual({ ok: false, retryAfterMs: 45_000 });
      expect(await hitRate(db.sql, 'other', rule, t0)).toEqual({ ok: true, remaining: 1 });
      expect(await hitRate(db.sql, 'k', rule, t0 + 50_000)).toEqual({ ok: true, remaining: 1 });
      await expect(enforceRates(db.sql, [['x', { max: 0, windowMs: 1_000 }]], t0)).rejects.toMatchObject({
        extensions: { code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } },
      });
      await pruneRates(db.sql, t0 + 3 * 86_400_000);
      expect((await db.sql.query('SELECT * FROM auth_rate_limits')).rows).toEqual([]);
    } finally {
      await db.dispose();
    }
  });
});
