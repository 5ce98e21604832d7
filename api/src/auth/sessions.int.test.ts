/**
 * `admission` with group commit (decision 0007): concurrent requests are admitted in one statement,
 * and each still gets exactly its own answer — its address's blacklisting and its own token's session.
 */
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '@bashiri/eventstore';
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

  /**
   * The plan of the grouped statement on a table of many live sessions and no statistics (a fresh
   * database; autovacuum off or behind): each token is looked up through the unique `token_hash` index,
   * so a group reads its own sessions only — not every live session hashed on each call, as the plain
   * join was planned in bench:racing (2,000 sessions read per grouped call; docs/benchmarks.md
   * "wt-raceplace").
   */
  it('a group reads its own sessions through the token index, not every live session', async () => {
    // Token hashes of this attempt's own (a retry in CI runs again in the same database).
    const attempt = randomUUID().slice(0, 8);
    await t.services.sql.query(
      `INSERT INTO auth_sessions (id, token_hash, kind, subject_id, created_at, expires_at)
       SELECT gen_random_uuid(), 'plan-' || $3 || '-' || g, 'player', 'plan-player-' || g, $1, $2
       FROM generate_series(1, 3000) AS g`,
      [new Date(now), new Date(now + 86_400_000), attempt],
    );
    const tokens = await Promise.all(
      ['p', 'q', 'r'].map((id) => openSession(t.services.sql, 'player', `adm-plan-${id}`, now, client)),
    );
    const sent: { text: string; params: readonly unknown[] }[] = [];
    const spy: SqlExecutor = {
      query: (text, params, name) => {
        sent.push({ text, params: params ?? [] });
        return t.services.sql.query(text, params, name);
      },
    };
    const answers = await Promise.all(tokens.map((s, k) => admission(spy, `10.0.1.${k}`, s.token, now)));
    expect(answers.map((a) => a.session?.subjectId)).toEqual(['adm-plan-p', 'adm-plan-q', 'adm-plan-r']);
    expect(sent).toHaveLength(1);
    const { rows } = await t.services.sql.query<Record<string, unknown>>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sent[0]!.text}`,
      sent[0]!.params as unknown[],
    );
    const plan = Object.values(rows[0]!)[0];
    const text = typeof plan === 'string' ? plan : JSON.stringify(plan);
    /** Every node of the plan that reads `auth_sessions`, with the rows it read over all its loops. */
    const reads: { index: unknown; rows: number }[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === 'auth_sessions')
        reads.push({
          index: node['Index Name'],
          rows: Number(node['Actual Rows']) * Number(node['Actual Loops']),
        });
      for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((JSON.parse(text) as { Plan: Record<string, unknown> }[])[0]!.Plan);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      expect(read.index).toBe('auth_sessions_token_hash_key');
      expect(read.rows).toBeLessThanOrEqual(tokens.length);
    }
  });
});
