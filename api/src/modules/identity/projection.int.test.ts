/**
 * The `player_accounts` projection against registration's credentials write on a PostgreSQL server,
 * where the projector and registration run at once (the chaos run of issue 15 found rows without the
 * login time that a rebuild fills in). Both orders, and the interleaving that lost the login time:
 * the projection reads the credentials before registration commits them and commits after it.
 */
import { randomUUID } from 'node:crypto';
import { migrate } from '@bashiri/eventstore';
import type { RecordedEvent } from '@bashiri/eventstore';
import {
  openRawConnection,
  openTestDatabase,
  postgresUrl,
  SKIP_POSTGRES_MESSAGE,
} from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCredentials } from './players.ts';
import { playerAccountsProjection } from './projection.ts';

const registered = (userId: string, phone: string): RecordedEvent => ({
  eventId: randomUUID(),
  type: 'AccountRegistered',
  data: {
    userId,
    phone,
    network: 6,
    passwordHashRef: 'argon2id:test',
    invitationCode: userId.slice(0, 8).toUpperCase(),
    superiorId: null,
    at: '2026-11-27T06:00:00.000Z',
  },
  metadata: { actor: `player:${userId}`, correlationId: null, causationId: null } as never,
  streamName: `account-${userId}`,
  streamPosition: 1,
  logPosition: 1n as never,
  recordedAt: '2026-11-27T06:00:00.000Z',
});

const credentials = (userId: string, phone: string) => ({
  userId,
  phone,
  invitationCode: userId.slice(0, 8).toUpperCase(),
  passwordHash: '$argon2id$test',
  hashRef: 'argon2id:test',
  at: new Date('2026-11-27T06:00:01.000Z'),
  ip: '10.0.0.7',
});

let phoneSeq = 0;
const newPhone = () => `+25574${String(1_000_000 + ++phoneSeq).slice(-7)}`;

describe.skipIf(!postgresUrl())('player_accounts projection and registration at once (PostgreSQL)', () => {
  if (!postgresUrl()) console.info(SKIP_POSTGRES_MESSAGE);
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    await migrate(db.sql, {
      folder: new URL('./migrations/', import.meta.url),
      table: 'api_identity_schema_version',
    });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  const loginOf = async (userId: string) =>
    (
      await db.sql.query<{ last_login_at: Date | null; last_login_ip: string | null }>(
        'SELECT last_login_at, last_login_ip FROM player_accounts WHERE user_id = $1',
        [userId],
      )
    ).rows[0];

  it('keeps the login time when the projection inserts the row before the credentials exist', async () => {
    const userId = randomUUID();
    const phone = newPhone();
    await db.sql.transaction((tx) => playerAccountsProjection.apply(registered(userId, phone), tx));
    await db.sql.transaction((tx) => saveCredentials(tx, credentials(userId, phone)));
    expect(await loginOf(userId)).toEqual({
      last_login_at: new Date('2026-11-27T06:00:01.000Z'),
      last_login_ip: '10.0.0.7',
    });
  });

  it('keeps the login time when the credentials come first', async () => {
    const userId = randomUUID();
    const phone = newPhone();
    await db.sql.transaction((tx) => saveCredentials(tx, credentials(userId, phone)));
    await db.sql.transaction((tx) => playerAccountsProjection.apply(registered(userId, phone), tx));
    expect((await loginOf(userId))?.last_login_ip).toBe('10.0.0.7');
  });

  it('keeps the login time when the projection is half-way while the credentials commit', async () => {
    const userId = randomUUID();
    const phone = newPhone();
    const projector = await openRawConnection(db);
    try {
      await projector.query('BEGIN');
      // The projection's transaction reads the (absent) credentials and inserts the row, still open.
      await playerAccountsProjection.apply(registered(userId, phone), {
        query: (text: string, values?: unknown[]) => projector.query(text, values as never[]),
      } as never);
      const saving = db.sql.transaction((tx) => saveCredentials(tx, credentials(userId, phone)));
      const first = await Promise.race([
        saving.then(() => 'credentials'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);
      // The credentials wait for the projection's transaction (the per-player lock) ...
      expect(first).toBe('waiting');
      await projector.query('COMMIT');
      await saving;
    } finally {
      await projector.end();
    }
    // ... and so fill in the row it committed.
    expect((await loginOf(userId))?.last_login_ip).toBe('10.0.0.7');
  });
});
