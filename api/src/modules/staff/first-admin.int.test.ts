import { migrate } from '@bashiri/eventstore';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwords.ts';
import { seedStaff } from './first-admin.ts';
import { permissionsOfStaff } from './permissions.ts';

describe('first administrator (docs/auth.md)', () => {
  it('is created once with a random password logged once, or from ADMIN_ACCOUNT / ADMIN_PASSWORD', async () => {
    const db = await openTestDatabase('pglite');
    try {
      await migrate(db.sql, {
        folder: new URL('./migrations/', import.meta.url),
        table: 'api_staff_schema_version',
      });
      const lines: string[] = [];
      expect(await seedStaff(db.sql, { env: {}, log: (l) => lines.push(l) })).toBe('admin');
      expect(await seedStaff(db.sql, { env: {}, log: (l) => lines.push(l) })).toBeNull();
      expect(lines).toHaveLength(1);
      const password = /password "([^"]+)"/.exec(lines[0]!)![1]!;
      expect(password.length).toBeGreaterThanOrEqual(16);
      const row = await db.sql.query<{ id: string; password_hash: string }>(
        "SELECT id, password_hash FROM staff_accounts WHERE account = 'admin'",
      );
      expect(row.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.rows[0]!.password_hash, password)).toBe(true);
      expect((await permissionsOfStaff(db.sql, row.rows[0]!.id)).has('roles.edit')).toBe(true);

      await db.sql.query('DELETE FROM staff_accounts');
      const quiet: string[] = [];
      await seedStaff(db.sql, {
        env: { ADMIN_ACCOUNT: 'Boss', ADMIN_PASSWORD: 's3cret' },
        log: (l) => quiet.push(l),
      });
      expect(quiet[0]).not.toContain('s3cret');
      const boss = await db.sql.query<{ password_hash: string }>(
        "SELECT password_hash FROM staff_accounts WHERE account = 'boss'",
      );
      expect(await verifyPassword(boss.rows[0]!.password_hash, 's3cret')).toBe(true);
    } finally {
      await db.dispose();
    }
  });
});
