/**
 * Batched pool settlement (issue 18 "Speed"; decision 0105; docs/pool-games.md "Batched settlement"):
 * an issue's tickets settled in several chunks, each chunk one batch of the money path; a chunk run
 * again (a retried lease, a crash between its append and its items' deletion), two copies of a chunk at
 * once, and the whole queue replayed afterwards credit every prize exactly once and settle every ticket
 * exactly once — from the event streams themselves, not the read models.
 */
import { fixtureDecider, fixtureStream, PAY_TYPE_BALANCE, ticketStream, walletStream } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatches } from '../../testing/catalogue-fixtures.ts';
import { moveMoney } from '../wallet/index.ts';
import { closeDueIssues, createPoolIssue } from './issues.ts';
import { buyPoolTicket } from './purchase.ts';
import { drainPoolQueue, queuePoolWork, settleTicketChunk } from './settlement.ts';
import { JACKPOT_TYPE_ID, seedPoolTypes } from './types.ts';

const HOUR = 3_600_000;
const PLAYERS = ['c1', 'c2', 'c3'];
const CREDIT = 1_000_000;
const OUTCOMES = ['1', 'X', '2'] as const;

describe('pool settlement in chunks', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-21T09:00:00Z');
  const matches: string[] = [];
  const tickets: { ticketId: string; userId: string; stake: number }[] = [];
  let issueId = '';

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    await seedPoolTypes(t.services.sql);
    matches.push(
      ...(await insertTestMatches(t.services.sql, 13, {
        home: 'Chunk home',
        away: 'Chunk away',
        firstKickOff: new Date(now + HOUR),
      })),
    );
    const created = await createPoolIssue(t.services, { kind: 'staff', id: '1' }, JACKPOT_TYPE_ID, matches);
    if (!created.ok) throw new Error(created.error.code);
    issueId = created.value.issueId;
    await t.services.projections.settle();
    for (const userId of PLAYERS)
      await moveMoney<undefined, never, undefined, unknown>(t.services, {
        userId,
        idempotencyKey: 'credit',
        decide: ({ wallet }) => ({
          answer: wallet.pay({
            type: 'AdjustPocket',
            userId,
            movementId: `${userId}-credit`,
            at: new Date(now).toISOString(),
            actor: { kind: 'staff', id: '1' },
            pocket: 'balance',
            amount: CREDIT,
            reference: 'test',
            reason: 'test credit',
          }),
        }),
      });
    // 18 tickets, 6 per player: ticket k has k mod 4 doubles; every third picks the results throughout
    // (13 hits), the others miss some matches. Results: home wins everywhere.
    for (let k = 0; k < 18; k++) {
      const doubles = k % 4;
      const misses = k % 3 === 0 ? 0 : k % 3;
      const picks = matches.map((matchId, i) => ({
        matchId,
        outcomes:
          i < doubles
            ? ['1', OUTCOMES[1 + (k % 2)]!]
            : [i >= 13 - misses ? OUTCOMES[1 + ((k + i) % 2)]! : '1'],
      }));
      const userId = PLAYERS[k % PLAYERS.length]!;
      const stake = 2 ** doubles * 1_000;
      const bought = await buyPoolTicket(t.services, userId, {
        requestId: `r${k}`,
        issueId,
        picks,
        stake,
        payType: PAY_TYPE_BALANCE,
      });
      if (!bought.ok) throw new Error(bought.error.code);
      tickets.push({ ticketId: bought.ticketId, userId, stake });
    }
  }, 240_000);
  afterAll(async () => t.close());

  it('settles in chunks; a chunk run again, two copies at once and the replayed queue credit nothing twice', async () => {
    now += 3 * HOUR;
    for (const matchId of matches)
      await handleCommand(t.services.store, fixtureStream(matchId), fixtureDecider, {
        type: 'RecordResult',
        matchId,
        actor: { kind: 'staff', id: '1' },
        at: new Date(now).toISOString(),
        halfTime: { home: 0, away: 0 },
        fullTime: { home: 1, away: 0 },
      });
    // The results settle the issue; the settle items it queues stay queued until the end.
    await closeDueIssues(t.services);
    await t.services.projections.settle();
    await drainPoolQueue(t.services);
    const ids = tickets.map((x) => x.ticketId);
    const [a, b, c] = [ids.slice(0, 6), ids.slice(6, 12), ids.slice(12)];
    await settleTicketChunk(t.services, a);
    await settleTicketChunk(t.services, a); // the same chunk again: nothing more
    await Promise.all([settleTicketChunk(t.services, b), settleTicketChunk(t.services, b)]); // two at once
    await settleTicketChunk(t.services, [...c.slice(0, 3), ...b.slice(0, 2)]); // half new, half done
    await settleTicketChunk(t.services, c);
    // The queue (every ticket's settle item) replayed, then replayed again by hand.
    await t.services.projections.settle();
    await drainPoolQueue(t.services, 4);
    for (const id of ids.slice(0, 5)) await queuePoolWork(t.services, 'settle', id, '1');
    await drainPoolQueue(t.services, 2);

    let winners = 0;
    const paid = new Map<string, number>();
    for (const { ticketId, userId, stake } of tickets) {
      const { events } = await t.services.store.readStream(ticketStream(ticketId));
      const settled = events.filter((e) => e.type === 'TicketSettled');
      expect(settled, ticketId).toHaveLength(1);
      const prize = (settled[0]!.data as { prize: { net: number; needsApproval: boolean } }).prize;
      const movementId = `${ticketStream(ticketId)}:settle:1`;
      const wallet = await t.services.store.readStream(walletStream(userId));
      const credits = wallet.events.filter((e) => e.metadata.causationId === movementId);
      const credited = prize.net > 0 && !prize.needsApproval;
      expect(credits, ticketId).toHaveLength(credited ? 1 : 0);
      if (credited) winners++;
      paid.set(userId, (paid.get(userId) ?? 0) - stake + (credited ? prize.net : 0));
    }
    // Every third ticket hits all 13: the top tier pays (others may win lower tiers too).
    expect(winners).toBeGreaterThanOrEqual(6);
    await t.services.projections.settle();
    for (const userId of PLAYERS) {
      const { rows } = await t.services.sql.query<{ balance: string }>(
        'SELECT balance FROM wallet_balances WHERE user_id = $1',
        [userId],
      );
      expect(Number(rows[0]!.balance), userId).toBe(CREDIT + paid.get(userId)!);
    }
    const { rows } = await t.services.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pool_tickets WHERE issue_id = $1 AND status = 'settled' AND settlement_no = 1`,
      [issueId],
    );
    expect(rows[0]!.n).toBe(tickets.length);
  }, 240_000);
});
