import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '@bashiri/eventstore';
import { availableSqlKinds, openTestDatabase } from '@bashiri/eventstore/testing';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { ordersProjection } from './orders-projection.ts';

const MIGRATIONS = { folder: new URL('./migrations/', import.meta.url), table: 'api_betting_schema_version' };
const BETS = ['b1', 'b2', 'b3', 'b4'];

/** Four running orders of 1,000 TZS (the columns a cash-out touches; the rest as placed). */
const seedOrders = async (sql: SqlExecutor) => {
  for (const betId of BETS)
    await sql.query(
      `INSERT INTO orders (bet_id, serial, user_id, order_type, status, status_code, pay_type, stake, pay_payable,
         virtual_pay_amount, selections, total_odds, tax_rate, potential_profit, potential_reward, reward_percent,
         potential_tax, potential_return, placed_at)
       VALUES ($1, $1, 'u1', 'user', 'awaiting', 2, 1, 1000, 1000, 0, 1, '3.00', 10, 2000, 0, 0, 200, 2800,
         '2026-11-27T12:00:00Z')`,
      [betId],
    );
};

const recorded = (type: string, data: Record<string, unknown>, n: number): RecordedEvent =>
  ({
    eventId: `e${n}`,
    type,
    data: {
      at: `2026-11-27T12:${String(10 + n).padStart(2, '0')}:00.000Z`,
      actor: { kind: 'player', id: 'u1' },
      ...data,
    },
    metadata: {},
    streamName: `bet-${String(data['betId'])}`,
    streamPosition: n,
    logPosition: String(n),
    recordedAt: '2026-11-27T12:00:00Z',
  }) as RecordedEvent;

// A part then the rest of b1, full cash-outs of b2 and b4 (with tax) and b3 (an event before decision
// 0019: only `amount`).
const EVENTS = [
  recorded(
    'BetPartCashedOut',
    {
      betId: 'b1',
      offerId: 'o1',
      part: 400,
      gross: 900,
      tax: 50,
      amount: 850,
      remainingStake: 600,
      earlySettlementOdds: '2.25',
    },
    1,
  ),
  recorded(
    'BetCashedOut',
    {
      betId: 'b2',
      offerId: 'o2',
      part: 1000,
      gross: 1500,
      tax: 50,
      amount: 1450,
      earlySettlementOdds: '1.50',
    },
    2,
  ),
  recorded('BetCashedOut', { betId: 'b3', offerId: 'o3', amount: 700 }, 3),
  recorded(
    'BetCashedOut',
    { betId: 'b1', offerId: 'o4', part: 600, gross: 1200, tax: 0, amount: 1200, earlySettlementOdds: '2.00' },
    4,
  ),
  recorded(
    'BetCashedOut',
    {
      betId: 'b4',
      offerId: 'o5',
      part: 1000,
      gross: 2000,
      tax: 100,
      amount: 1900,
      earlySettlementOdds: '2.00',
    },
    5,
  ),
];

const orders = async (sql: SqlExecutor) =>
  (
    await sql.query(
      `SELECT bet_id, status, status_code, cashed_out::int, cash_out_gross::int, cash_out_tax::int, cash_outs,
              remaining_stake::int, credited::int, payout::int, tax::int, early_settlement_odds, settled_at::text
       FROM orders ORDER BY bet_id`,
    )
  ).rows;

describe.each(availableSqlKinds())('orders projection: cash-outs in a batch (%s)', (kind) => {
  let one: TestDatabase;
  let batch: TestDatabase;
  // Databases of each attempt's own: the test applies its events to the seeded orders (a retry would
  // apply them a second time to its first attempt's rows).
  beforeEach(async () => {
    one = await openTestDatabase(kind);
    batch = await openTestDatabase(kind);
    for (const db of [one, batch]) {
      await migrate(db.sql, MIGRATIONS);
      await seedOrders(db.sql);
    }
  });
  afterEach(async () => {
    await one.dispose();
    await batch.dispose();
  });

  it('writes the cash-outs of distinct bets in one UPDATE each, with the rows event by event gives', async () => {
    await one.sql.transaction(async (tx) => {
      for (const event of EVENTS) await ordersProjection.apply(event, tx);
    });
    const statements: string[] = [];
    await batch.sql.transaction(async (tx) => {
      const counting: SqlExecutor = {
        query: (text, params, name) => {
          statements.push(text);
          return tx.query(text, params, name);
        },
      };
      await ordersProjection.applyBatch!(EVENTS, counting);
    });
    const expected = await orders(one.sql);
    expect(expected.map((o) => [o['bet_id'], o['status'], o['cashed_out'], o['cash_outs']])).toEqual([
      ['b1', 'cashedOut', 2_050, 2],
      ['b2', 'cashedOut', 1_450, 1],
      ['b3', 'cashedOut', 700, 1],
      ['b4', 'cashedOut', 1_900, 1],
    ]);
    expect(await orders(batch.sql)).toEqual(expected);
    // b1's part and b2, b3 (the part, then the full ones); b1's rest starts a second group with b4.
    expect(statements).toHaveLength(3);
  });
});
