/**
 * A repeated ticket purchase answers the ticket as bought even while the pool read model cannot show it
 * (issue 18; api/src/modules/pool/index.ts `buyPoolTicket`): another session's open transaction on the
 * PostgreSQL server holds back what projections may read, so the read model lags; the repeat must
 * answer from the ticket's own stream — the same ticket, charged once — not fail with "not projected".
 * PostgreSQL only: PGlite has one connection, so no other session can hold a transaction open.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatches } from '../../testing/catalogue-fixtures.ts';
import { moveMoney } from '../wallet/index.ts';
import { seedPoolTypes } from './types.ts';

const HOUR = 3_600_000;
const CREDIT = 100_000;
const BUY = `mutation ($input: BuyPoolTicketInput!) { buyPoolTicket(input: $input) {
  ticketId doubles lines stake status picks { matchId outcomes } } }`;
const CREATE = `mutation ($typeId: Int!, $matchIds: [ID!]!) { createPoolIssue(typeId: $typeId, matchIds: $matchIds) {
  issueId betAmount } }`;
const WALLET = '{ myWallet { balance } }';

describe.skipIf(!process.env.DATABASE_URL)('a repeated ticket purchase while the read model lags', () => {
  let t: TestApp;
  const now = Date.parse('2026-11-27T09:00:00Z');
  let issueId = '';
  const matches: string[] = [];

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    await seedPoolTypes(t.services.sql);
    matches.push(
      ...(await insertTestMatches(t.services.sql, 13, {
        home: 'Repeat home',
        away: 'Repeat away',
        firstKickOff: new Date(now + HOUR),
      })),
    );
    const created = await t.gql<{ createPoolIssue: { issueId: string } }>(
      CREATE,
      { typeId: 1, matchIds: matches },
      staff('1', ['pool.edit', 'pool.view']),
    );
    expect(created.errors).toBeUndefined();
    issueId = created.data!.createPoolIssue.issueId;
    await moveMoney<undefined, never, undefined, unknown>(t.services, {
      userId: 'r1',
      idempotencyKey: 'credit',
      decide: ({ wallet }) => ({
        answer: wallet.pay({
          type: 'AdjustPocket',
          userId: 'r1',
          movementId: 'r1-credit',
          at: new Date(now).toISOString(),
          actor: { kind: 'staff', id: '1' },
          pocket: 'balance',
          amount: CREDIT,
          reference: 'test',
          reason: 'test credit',
        }),
      }),
    });
    await t.services.projections.settle();
  }, 120_000);
  afterAll(() => t?.close());

  it('answers the same ticket, charged once, from its stream', async () => {
    const input = {
      requestId: 'repeat-under-lag',
      issueId,
      stake: 1_000,
      picks: matches.map((matchId) => ({ matchId, outcomes: ['1'] })),
    };
    // Another session opens a transaction that holds an id: events appended after it are not read by
    // projections until it ends.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT txid_current()');
      const first = await t.gql<{ buyPoolTicket: { ticketId: string; stake: number; status: string } }>(
        BUY,
        { input },
        player('r1'),
      );
      expect(first.errors).toBeUndefined();
      const again = await t.gql<{ buyPoolTicket: { ticketId: string; stake: number; status: string } }>(
        BUY,
        { input },
        player('r1'),
      );
      expect(again.errors).toBeUndefined();
      expect(again.data!.buyPoolTicket).toEqual(first.data!.buyPoolTicket);
      expect(first.data!.buyPoolTicket.stake).toBe(1_000);
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await other.end();
    }
    // Charged once: the repeat moved nothing.
    await t.services.projections.settle();
    const wallet = await t.gql<{ myWallet: { balance: number } }>(WALLET, {}, player('r1'));
    expect(wallet.data!.myWallet.balance).toBe(CREDIT - 1_000);
  }, 120_000);
});
