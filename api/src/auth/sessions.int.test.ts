/**
 * `admission` with group commit (decision 0007): concurrent requests are admitted in one statement,
 * and each still gets exactly its own answer — its address's blacklisting and its own token's session.
 */
import { countingExecutor } from '@bashiri/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../testing/app.ts';
import type { TestApp } from '../testing/app.ts';
import { admission, openSession, revokeSession } from './sessions.ts';

describe('admission of concurrent requests', () => {
  let t: TestApp;
  const now = Date.parse('2026-11-22T09:00:00Z');
  const client = { ip: '10.0.0.1', userAgent: 'test' };
  beforeAll(async () => {
    t = await startTestApp({ now: () => now });
    await t.services.sql.query(`INSERT INTO ip_blacklist (ip, created_by) VALUES ('10.6.6.6', 'test')`);
  });
  afterAll(async () => t.close());

  /** The app's pool behind a fresh grouper, counting the statements sent. */
  const counting = () => countingExecutor(t.services.sql);

  it('answers each request of a group with its own session and its own address', async () => {
    const players = await Promise.all(
      ['a', 'b', 'c'].map((id) => openSession(t.services.sql, 'player', `adm-${id}`, now, client)),
    );
    const officer = await openSession(t.services.sql, 'staff', 'adm-staff', now, client);
    const revoked = await openSession(t.services.sql, 'player', 'adm-revoked', now, client);
    await revokeSession(t.services.sql, revoked.sessionId, now);
    const expired = await openSession(t.services.sql, 'player', 'adm-expired', now - 2 * 86_400_000, client);

    const sql = counting();
    const asked: [string, string | null][] = [
      ['10.0.0.1', players[0]!.token],
      ['10.0.0.2', players[1]!.token],
      ['10.6.6.6', players[2]!.token],
      ['10.0.0.3', officer.token],
      ['10.0.0.4', revoked.token],
      ['10.0.0.5', expired.token],
      ['10.0.0.6', null],
      ['10.6.6.6', null],
      ['10.0.0.7', 'x'.repeat(43)],
    ];
    const answers = await Promise.all(asked.map(([ip, token]) => admission(sql, ip, token, now)));
    expect(sql.statements).toBe(1);
    expect(answers.map((a) => [a.blocked, a.session?.subjectId ?? null, a.session?.kind ?? null])).toEqual([
      [false, 'adm-a', 'player'],
      [false, 'adm-b', 'player'],
      [true, 'adm-c', 'player'],
      [false, 'adm-staff', 'staff'],
      [false, null, null],
      [false, null, null],
      [false, null, null],
      [true, null, null],
      [false, null, null],
    ]);
    expect(answers[0]!.session!.id).toBe(players[0]!.sessionId);
  });

  it('a session revoked between two groups is refused by the next one (nothing is cached)', async () => {
    const session = await openSession(t.services.sql, 'player', 'adm-logout', now, client);
    const sql = counting();
    expect((await admission(sql, '10.0.0.1', session.token, now)).session?.subjectId).toBe('adm-logout');
    await revokeSession(t.services.sql, session.sessionId, now);
    expect((await admission(sql, '10.0.0.1', session.token, now)).session).toBeNull();
    expect(sql.statements).toBe(2);
  });
});
