/**
 * Cash-out on the server (issue 20; docs/cash-out.md): offers priced from the feed's live state, the
 * spec §7 `earlySettlementPreparation` / `earlySettlements`, full and partial acceptance on the money
 * path with the early-settlement delay and re-pricing, the no-offer cases, idempotency, the auto
 * cash-out process manager, status 6 and the orders read model, and settlement of the rest after a
 * partial cash-out. Expected values are computed with the domain's own functions on the same inputs.
 */
import {
  cashOutPart,
  DEFAULT_CASH_OUT_CONFIG,
  fixtureDecider,
  fixtureStream,
  liveMatchPricer,
  quoteCashOut,
} from '@bashiri/domain';
import type { CashOutOffer, MatchClock } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { drainSettlementQueue } from '../betting/index.ts';
import { runAutoCashOuts } from './auto.ts';
import { pricerCacheOf } from './pricers.ts';
import { MATCH_UPDATED, ODDS_CHANGED } from '../catalogue/index.ts';
import { connectWs } from '../live/testing.ts';
import type { WsEvent } from '../live/testing.ts';

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code order { id } } }`;
const CREDIT = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance creditMoney } }`;
const OFFER_FIELDS = `betId available reason legIndex runningStake part value tax net fullValue potentialPayout
  probability marginPercent taxRate earlySettlementOdds minimumPart delaySeconds autoCashOut { target firedAt }`;
const PREPARE = `query ($betId: ID!, $part: Tzs) { earlySettlementPreparation(betId: $betId, part: $part) { ${OFFER_FIELDS} } }`;
const ACCEPT = `mutation ($input: EarlySettlementInput!) { earlySettlements(input: $input) {
  status code reason repeated part gross tax net earlySettlementOdds remainingStake offer { available value } } }`;
const MINUTE = 60_000;
const RATES = { home: 1.53, away: 1.101 };

type Offer = {
  available: boolean;
  reason: string | null;
  legIndex: number | null;
  runningStake: number;
  part: number;
  value: number | null;
  tax: number | null;
  net: number | null;
  fullValue: number | null;
  potentialPayout: number | null;
  earlySettlementOdds: string | null;
  delaySeconds: number;
  autoCashOut: { target: number; firedAt: string | null } | null;
};
type Accepted = {
  status: string;
  code: string | null;
  reason: string | null;
  repeated: boolean;
  part: number | null;
  gross: number | null;
  tax: number | null;
  net: number | null;
  earlySettlementOdds: string | null;
  remainingStake: number | null;
  offer: { available: boolean; value: number | null } | null;
};

describe('cash-out: offers, acceptance, auto cash-out and the orders read model', () => {
  let t: TestApp;
  const now = Date.parse('2026-11-21T15:00:00Z');
  let slept: number[] = [];
  let duringHold: (() => Promise<void>) | null = null;
  let users = 0;
  const cashier = staff('1', ['users.adjust_money']);
  const editor = staff('2', ['config.edit']);

  const playerWith = async (amount: number, pocket = 'BALANCE'): Promise<string> => {
    const userId = `co${++users}`;
    const r = await t.gql(
      CREDIT,
      { input: { userId, pocket, amount, reason: 'test credit', requestId: `c-${userId}-${pocket}` } },
      cashier,
    );
    expect(r.errors).toBeUndefined();
    return userId;
  };
  /**
   * Runs the projections until `query` (one row wanted) answers: on PostgreSQL a projection sees an
   * event once no older transaction of the cluster is open, so one settle may not be enough.
   */
  const settleUntil = async (query: string, params: unknown[]) => {
    for (let i = 0; i < 500; i++) {
      await t.services.projections.settle();
      if ((await t.services.sql.query(query, params)).rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`never true: ${query}`);
  };
  /** The websocket GraphQL address of the app (listening from the first test that asks). */
  let wsAddress: string | null = null;
  const wsUrl = async (): Promise<string> => {
    wsAddress ??= `${(await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws')}/graphql`;
    return wsAddress;
  };
  const balanceOf = async (userId: string): Promise<number> =>
    (await t.gql<{ myWallet: { balance: number } }>('{ myWallet { balance } }', {}, player(userId))).data!
      .myWallet.balance;

  /** A feed match in play at `clock` (score and minute shown as the feed shows them), with its rates. */
  const liveMatch = async (name: string): Promise<TestMatch> => {
    const m = await insertTestMatch(t.services.sql, {
      home: `${name} Home`,
      away: `${name} Away`,
      startTime: new Date(now - 30 * MINUTE),
      status: 2,
    });
    await t.services.sql.query(
      `INSERT INTO feed_matches (match_id, source_key, home_rate, away_rate, timeline) VALUES ($1, $2, $3, $4, '{}'::jsonb)`,
      [m.matchId, `test:${name}`, RATES.home, RATES.away],
    );
    await setClock(m, '31', [0, 0], null);
    return m;
  };
  const setClock = (m: TestMatch, minute: string, score: [number, number], ht: [number, number] | null) =>
    t.services.sql.query(
      `UPDATE matches SET match_minute = $2, home_score = $3, away_score = $4, ht_home_score = $5, ht_away_score = $6 WHERE id = $1`,
      [m.matchId, minute, score[0], score[1], ht?.[0] ?? null, ht?.[1] ?? null],
    );
  /** The model's clock for a minute shown (the feed shows ⌊played⌋ + 1). */
  const clockOf = (minute: number, score: [number, number], ht: [number, number] | null): MatchClock =>
    ht
      ? {
          phase: 'second_half',
          minute: minute - 1,
          score: { home: score[0], away: score[1] },
          halfTimeScore: { home: ht[0], away: ht[1] },
        }
      : { phase: 'first_half', minute: minute - 1, score: { home: score[0], away: score[1] } };

  const place = async (
    userId: string,
    requestId: string,
    amount: number,
    selections: { selectionId: string; odds: string }[],
    payType = 'BALANCE',
  ): Promise<string> => {
    const r = await t.gql<{
      placeBet: { status: string; code: string | null; order: { id: string } | null };
    }>(
      PLACE,
      { input: { requestId, payType, amount, selections, oddsChange: 'ACCEPT_ANY' } },
      player(userId),
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.placeBet).toMatchObject({ status: 'PLACED' });
    const betId = r.data!.placeBet.order!.id;
    await settleUntil(`SELECT 1 FROM orders WHERE bet_id = $1 AND status = 'awaiting'`, [betId]);
    return betId;
  };
  const prepare = async (userId: string, betId: string, part?: number) => {
    const r = await t.gql<{ earlySettlementPreparation: Offer }>(PREPARE, { betId, part }, player(userId));
    return r;
  };
  const accept = async (userId: string, input: Record<string, unknown>) => {
    const before = await t.services.sql.query<{ n: number }>(
      'SELECT cash_outs AS n FROM orders WHERE bet_id = $1',
      [input['betId']],
    );
    const r = await t.gql<{ earlySettlements: Accepted }>(ACCEPT, { input }, player(userId));
    expect(r.errors).toBeUndefined();
    const answer = r.data!.earlySettlements;
    if (answer.status === 'PAID' && !answer.repeated)
      await settleUntil('SELECT 1 FROM orders WHERE bet_id = $1 AND cash_outs > $2', [
        input['betId'],
        before.rows[0]?.n ?? 0,
      ]);
    return answer;
  };
  const order = async (userId: string, betId: string) =>
    (
      await t.gql<{ myBet: Record<string, unknown> }>(
        `query ($id: ID!) { myBet(id: $id) { status statusCode stake remainingStake cashedOut cashOutTax cashOuts credited payout
           cashOut { available value } } }`,
        { id: betId },
        player(userId),
      )
    ).data!.myBet;
  /** The domain's offer for a single home win @ `odds` with `stake` running at `clock`. */
  const expected = (stake: number, odds: string, clock: MatchClock, taxRate = 10): CashOutOffer => {
    const pricer = liveMatchPricer({ matchId: 'x', rates: RATES, clock });
    const leg = { market: '1x2', pick: 'home', odds } as const;
    const q = quoteCashOut(
      {
        stake,
        payType: 1,
        terms: { taxRatePercent: taxRate, singleGameHighestProfit: null, multipleGameHighestProfit: null },
        legs: [{ leg: leg as never, result: null }],
      },
      { live: [pricer.legLive(leg as never, { status: 'open' })], config: DEFAULT_CASH_OUT_CONFIG },
    );
    if (!q.offer) throw new Error(`no offer: ${q.reason}`);
    return q;
  };
  const taxRate = async (betId: string) =>
    Number(
      (
        await t.services.sql.query<{ tax_rate: string }>('SELECT tax_rate FROM orders WHERE bet_id = $1', [
          betId,
        ])
      ).rows[0]!.tax_rate,
    );
  const result = async (m: TestMatch, ht: [number, number], ft: [number, number]) => {
    await handleCommand(t.services.store, fixtureStream(m.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: m.matchId,
      actor: { kind: 'staff', id: '1' },
      at: new Date(now).toISOString(),
      halfTime: { home: ht[0], away: ht[1] },
      fullTime: { home: ft[0], away: ft[1] },
    });
    // Until every bet on the match has its result (the queue is filled by a projection).
    for (let i = 0; i < 500; i++) {
      await t.services.projections.settle();
      await drainSettlementQueue(t.services);
      await t.services.projections.settle();
      const open = await t.services.sql.query(
        `SELECT 1 FROM order_lines l JOIN orders o ON o.bet_id = l.bet_id
         WHERE l.match_id = $1 AND (l.outcome = 0 OR o.status = 'awaiting') AND o.status IN ('awaiting', 'delayed')
           AND NOT EXISTS (SELECT 1 FROM order_lines x WHERE x.bet_id = l.bet_id AND x.match_id <> $1 AND x.outcome = 0)`,
        [m.matchId],
      );
      if (open.rows.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    t = await startBettingTestApp({
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        if (duringHold) await duringHold();
      },
    });
  });
  beforeEach(() => {
    slept = [];
    duringHold = null;
  });
  afterAll(async () => t.close());

  it('offers the model value of a live bet, with tax, shows status 6, and pays a full cash-out once', async () => {
    const m = await liveMatch('Full');
    const userId = await playerWith(20_000);
    const betId = await place(userId, 'full-1', 10_000, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    await setClock(m, '61', [1, 0], [1, 0]);
    const want = expected(10_000, '2.00', clockOf(61, [1, 0], [1, 0]), await taxRate(betId));

    const offer = (await prepare(userId, betId)).data!.earlySettlementPreparation;
    expect(offer).toMatchObject({
      available: true,
      runningStake: 10_000,
      part: 10_000,
      value: want.value,
      tax: want.tax,
      net: want.net,
      fullValue: want.value,
      earlySettlementOdds: want.earlySettlementOdds,
      delaySeconds: DEFAULT_CASH_OUT_CONFIG.delaySeconds,
    });
    expect(want.value).toBeGreaterThan(10_000); // leading at 1-0 on the hour: worth more than the stake
    expect(want.tax).toBeGreaterThan(0);
    expect(await order(userId, betId)).toMatchObject({ statusCode: 6, cashOut: { available: true } });

    const before = await balanceOf(userId);
    slept = []; // the bet's own rolling-bet hold is not the cash-out's
    const paid = await accept(userId, { requestId: 'accept-full-1', betId, offered: want.value });
    expect(slept).toEqual([DEFAULT_CASH_OUT_CONFIG.delaySeconds * 1000]);
    expect(paid).toMatchObject({
      status: 'PAID',
      repeated: false,
      part: 10_000,
      gross: want.value,
      tax: want.tax,
      net: want.net,
      remainingStake: 0,
    });
    expect(await balanceOf(userId)).toBe(before + want.net);
    // The same request again pays nothing more and says so, without a hold.
    slept = [];
    const again = await accept(userId, { requestId: 'accept-full-1', betId, offered: want.value });
    expect(again).toMatchObject({ status: 'PAID', repeated: true, net: want.net });
    expect(slept).toEqual([]);
    expect(await balanceOf(userId)).toBe(before + want.net);
    // Another request on the cashed-out bet is refused.
    expect(await accept(userId, { requestId: 'accept-full-2', betId, offered: 100 })).toMatchObject({
      status: 'REFUSED',
      code: 'BET_CASHED_OUT',
    });
    expect(await order(userId, betId)).toMatchObject({
      status: 'cashedOut',
      statusCode: 6,
      remainingStake: 0,
      cashedOut: want.net,
      cashOutTax: want.tax,
      cashOuts: 1,
      credited: want.net,
      payout: want.value,
      cashOut: { available: false },
    });
    const bills = await t.gql<{
      myBills: { items: { billType: number; amount: number; tax: number | null }[] };
    }>('{ myBills { items { billType amount tax } } }', {}, player(userId));
    expect(bills.data!.myBills.items[0]).toEqual({ billType: 1, amount: want.net, tax: want.tax });
    const staffOrder = await t.gql<{ order: { earlySettlementOdds: string | null } }>(
      'query ($id: ID!) { order(id: $id) { earlySettlementOdds } }',
      { id: betId },
      staff('3', ['orders.view']),
    );
    expect(staffOrder.data!.order.earlySettlementOdds).toBe(want.earlySettlementOdds);
  });

  it('concurrent acceptances read their settings and live state together, each priced on its own match, a repeated request paying once', async () => {
    const a = await liveMatch('GroupA');
    const b = await liveMatch('GroupB');
    const userA = await playerWith(20_000);
    const userB = await playerWith(20_000);
    const betA = await place(userA, 'group-a', 10_000, [{ selectionId: a.outcomes.home, odds: '2.00' }]);
    const betB = await place(userB, 'group-b', 5_000, [{ selectionId: b.outcomes.home, odds: '2.00' }]);
    await setClock(a, '61', [1, 0], [1, 0]);
    await setClock(b, '71', [0, 1], [0, 0]);
    const wantA = expected(10_000, '2.00', clockOf(61, [1, 0], [1, 0]), await taxRate(betA));
    const wantB = expected(5_000, '2.00', clockOf(71, [0, 1], [0, 0]), await taxRate(betB));
    expect(wantA.value).not.toBe(wantB.value * 2); // two different match states, not one shared price
    const [beforeA, beforeB] = [await balanceOf(userA), await balanceOf(userB)];
    const gql = (userId: string, input: Record<string, unknown>) =>
      t.gql<{ earlySettlements: Accepted }>(ACCEPT, { input }, player(userId));
    // Sent together: the reads after the bet streams are one group on the pool.
    const answers = await Promise.all([
      gql(userA, { requestId: 'group-accept-a', betId: betA, offered: wantA.value }),
      gql(userB, { requestId: 'group-accept-b', betId: betB, offered: wantB.value }),
      gql(userA, { requestId: 'group-accept-a', betId: betA, offered: wantA.value }),
      gql(userB, { requestId: 'group-accept-x', betId: betA, offered: wantA.value }),
    ]);
    answers.forEach((r) => expect(r.errors).toBeUndefined());
    const [firstA, onlyB, repeatA, other] = answers.map((r) => r.data!.earlySettlements);
    expect(onlyB).toMatchObject({ status: 'PAID', repeated: false, gross: wantB.value, net: wantB.net });
    for (const answer of [firstA, repeatA])
      expect(answer).toMatchObject({ status: 'PAID', gross: wantA.value, net: wantA.net });
    expect([firstA!.repeated, repeatA!.repeated].sort()).toEqual([false, true]);
    expect(other).toMatchObject({ status: 'REFUSED', code: 'FORBIDDEN' }); // someone else's bet
    expect(await balanceOf(userA)).toBe(beforeA + wantA.net);
    expect(await balanceOf(userB)).toBe(beforeB + wantB.net);
  });

  it('pays a partial cash-out pro rata; the rest keeps running and its settlement pays only the rest', async () => {
    const m = await liveMatch('Part');
    const userId = await playerWith(20_000);
    const betId = await place(userId, 'part-1', 10_000, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    await setClock(m, '61', [1, 0], [1, 0]);
    const rate = await taxRate(betId);
    const want = cashOutPart(expected(10_000, '2.00', clockOf(61, [1, 0], [1, 0]), rate), 4_000);

    const offer = (await prepare(userId, betId, 4_000)).data!.earlySettlementPreparation;
    expect(offer).toMatchObject({
      available: true,
      part: 4_000,
      value: want.value,
      tax: want.tax,
      net: want.net,
    });
    const before = await balanceOf(userId);
    const paid = await accept(userId, {
      requestId: 'accept-part-1',
      betId,
      part: 4_000,
      offered: want.value,
    });
    expect(paid).toMatchObject({ status: 'PAID', part: 4_000, net: want.net, remainingStake: 6_000 });
    expect(await balanceOf(userId)).toBe(before + want.net);
    expect(await order(userId, betId)).toMatchObject({
      status: 'awaiting',
      remainingStake: 6_000,
      cashedOut: want.net,
      cashOuts: 1,
    });
    // The running 6,000 has its own offer.
    const rest = (await prepare(userId, betId)).data!.earlySettlementPreparation;
    expect(rest).toMatchObject({ available: true, runningStake: 6_000, part: 6_000 });

    // Home wins: the settlement pays 6,000 × 2.00 less tax on the profit, not the whole stake's return.
    await result(m, [1, 0], [2, 0]);
    const profit = 6_000;
    const tax = Math.floor((profit * rate) / 100);
    expect(await balanceOf(userId)).toBe(before + want.net + 12_000 - tax);
    expect(await order(userId, betId)).toMatchObject({
      status: 'settled',
      statusCode: 4,
      credited: 12_000 - tax,
      cashedOut: want.net,
      remainingStake: 6_000,
    });
  });

  it('refuses during the hold when the value fell below the accepted one (ACCEPT_HIGHER), paying nothing', async () => {
    const m = await liveMatch('Drop');
    const userId = await playerWith(20_000);
    const betId = await place(userId, 'drop-1', 10_000, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    await setClock(m, '61', [1, 0], [1, 0]);
    const offer = (await prepare(userId, betId)).data!.earlySettlementPreparation;
    const before = await balanceOf(userId);
    duringHold = async () => {
      await setClock(m, '62', [1, 1], [1, 0]); // the away side equalises while the acceptance is held
    };
    const answer = await accept(userId, { requestId: 'accept-drop-1', betId, offered: offer.value });
    expect(answer).toMatchObject({
      status: 'REFUSED',
      code: 'CASH_OUT_PRICE_CHANGED',
      offer: { available: true },
    });
    expect(answer.offer!.value!).toBeLessThan(offer.value!);
    expect(await balanceOf(userId)).toBe(before);
    // ACCEPT_ANY takes the new value.
    duringHold = null;
    const any = await accept(userId, {
      requestId: 'accept-drop-2',
      betId,
      offered: offer.value,
      tolerance: 'ACCEPT_ANY',
    });
    expect(any).toMatchObject({ status: 'PAID', gross: answer.offer!.value });
  });

  it('makes no offer on a suspended market, a lost leg or a credit-money bet, and says why', async () => {
    const m = await liveMatch('Susp');
    const userId = await playerWith(20_000);
    const betId = await place(userId, 'susp-1', 1_000, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    await t.services.sql.query('UPDATE outcomes SET status_id = 2 WHERE id = $1', [m.outcomes.home]);
    expect((await prepare(userId, betId)).data!.earlySettlementPreparation).toMatchObject({
      available: false,
      reason: 'MARKET_SUSPENDED',
      legIndex: 0,
    });
    expect(await order(userId, betId)).toMatchObject({ statusCode: 2 });
    expect(await accept(userId, { requestId: 'accept-susp-1', betId, offered: 500 })).toMatchObject({
      status: 'REFUSED',
      code: 'CASH_OUT_UNAVAILABLE',
      reason: 'MARKET_SUSPENDED',
    });

    // A double whose first leg has lost (the bet is settled lost at once; the offer names the leg).
    const lost = await liveMatch('Lost');
    const other = await liveMatch('Other');
    const double = await place(userId, 'lost-1', 1_000, [
      { selectionId: lost.outcomes.home, odds: '2.00' },
      { selectionId: other.outcomes.home, odds: '2.00' },
    ]);
    await result(lost, [0, 1], [0, 2]);
    // `result` waits for bets on that match alone: wait for the double too (settled lost by its first leg).
    for (let i = 0; i < 500; i++) {
      await t.services.projections.settle();
      await drainSettlementQueue(t.services);
      const settled = await t.services.sql.query(
        `SELECT 1 FROM orders WHERE bet_id = $1 AND status = 'settled'`,
        [double],
      );
      if (settled.rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await prepare(userId, double)).data!.earlySettlementPreparation).toMatchObject({
      available: false,
      reason: 'LEG_LOST',
      legIndex: 0,
    });

    // Credit money (pay type 2): not offered by default.
    const credit = await liveMatch('Credit');
    const creditUser = await playerWith(5_000, 'CREDIT_MONEY');
    const creditBet = await place(
      creditUser,
      'credit-1',
      1_000,
      [{ selectionId: credit.outcomes.home, odds: '2.00' }],
      'CREDIT',
    );
    expect((await prepare(creditUser, creditBet)).data!.earlySettlementPreparation).toMatchObject({
      available: false,
      reason: 'CREDIT_BET',
    });
  });

  it('refuses bad input with codes and pays nothing', async () => {
    const m = await liveMatch('Bad');
    const userId = await playerWith(20_000);
    const intruder = await playerWith(1_000);
    const betId = await place(userId, 'bad-1', 1_000, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    const before = await balanceOf(userId);
    expect(await accept(intruder, { requestId: 'accept-bad-1', betId, offered: 500 })).toMatchObject({
      status: 'REFUSED',
      code: 'FORBIDDEN',
    });
    expect((await prepare(intruder, betId)).errors?.[0]?.extensions?.code).toBe('BET_NOT_FOUND');
    expect(
      await accept(userId, { requestId: 'accept-bad-2', betId, part: 2_000, offered: 500 }),
    ).toMatchObject({
      code: 'CASH_OUT_PART_ABOVE_STAKE',
    });
    expect(await accept(userId, { requestId: 'accept-bad-3', betId, part: 950, offered: 500 })).toMatchObject(
      {
        code: 'CASH_OUT_REMAINDER_BELOW_MINIMUM',
      },
    );
    expect(await accept(userId, { requestId: 'x', betId, offered: 500 })).toMatchObject({
      code: 'BAD_REQUEST_ID',
    });
    const auto = await t.gql(
      'mutation { setAutoCashOut(betId: "' + betId + '", target: 1000000) { target } }',
      {},
      player(userId),
    );
    expect(auto.errors?.[0]?.extensions?.code).toBe('CASH_OUT_TARGET_ABOVE_POTENTIAL');
    expect(await balanceOf(userId)).toBe(before);
  });

  it('auto cash-out fires once, the first time the offer reaches the target', async () => {
    const m = await liveMatch('Auto');
    const userId = await playerWith(20_000);
    const betId = await place(userId, 'auto-1', 10_000, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    await setClock(m, '61', [0, 0], [0, 0]);
    const now0 = expected(10_000, '2.00', clockOf(61, [0, 0], [0, 0]), await taxRate(betId));
    const target = now0.value + 2_000;
    const set = await t.gql<{ setAutoCashOut: { target: number; firedAt: string | null } }>(
      'mutation ($betId: ID!, $target: Tzs!) { setAutoCashOut(betId: $betId, target: $target) { target firedAt } }',
      { betId, target },
      player(userId),
    );
    expect(set.data!.setAutoCashOut).toEqual({ target, firedAt: null });
    const before = await balanceOf(userId);
    slept = [];
    expect(await runAutoCashOuts(t.services)).toEqual([]); // not reached yet
    expect(await balanceOf(userId)).toBe(before);

    await setClock(m, '71', [1, 0], [0, 0]); // the home side scores: the offer passes the target
    const reached = expected(10_000, '2.00', clockOf(71, [1, 0], [0, 0]), await taxRate(betId));
    expect(reached.value).toBeGreaterThanOrEqual(target);
    const fired = await runAutoCashOuts(t.services);
    expect(fired).toHaveLength(1);
    expect(fired[0]!.answer).toMatchObject({
      status: 'PAID',
      paid: { gross: reached.value, net: reached.net },
    });
    expect(slept).toEqual([]); // the server acts on its own price: no hold
    await settleUntil('SELECT 1 FROM orders WHERE bet_id = $1 AND cash_outs > 0', [betId]);
    expect(await balanceOf(userId)).toBe(before + reached.net);
    // Queued again by a second scanner, or run again: nothing more is paid.
    await t.services.sql.query(
      'INSERT INTO cashout_auto_queue (bet_id, rule_id) SELECT bet_id, rule_id FROM cashout_auto_rules WHERE bet_id = $1',
      [betId],
    );
    await runAutoCashOuts(t.services);
    await runAutoCashOuts(t.services);
    expect(await balanceOf(userId)).toBe(before + reached.net);
    expect(await order(userId, betId)).toMatchObject({ status: 'cashedOut', cashOuts: 1 });
    const offer = (await prepare(userId, betId)).data!.earlySettlementPreparation;
    expect(offer.autoCashOut?.firedAt).not.toBeNull();
  });

  it('lists every cash-out for staff with its value, margin and player, filtered by player and day, and exports it', async () => {
    const m = await liveMatch('List');
    const userId = await playerWith(20_000);
    const betId = await place(userId, 'list-1', 10_000, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    await setClock(m, '61', [1, 0], [1, 0]);
    const rate = await taxRate(betId);
    const whole = expected(10_000, '2.00', clockOf(61, [1, 0], [1, 0]), rate);
    const half = cashOutPart(whole, 5_000);
    const rest = expected(5_000, '2.00', clockOf(61, [1, 0], [1, 0]), rate);
    expect(
      await accept(userId, { requestId: 'list-half', betId, part: 5_000, offered: half.value }),
    ).toMatchObject({ status: 'PAID', net: half.net });
    expect(await accept(userId, { requestId: 'list-rest', betId, offered: rest.value })).toMatchObject({
      status: 'PAID',
      net: rest.net,
    });
    await settleUntil('SELECT 1 FROM cashout_records WHERE bet_id = $1 AND full_cash_out', [betId]);

    const LIST = `query ($filter: CashOutRecordFilter) { cashOutRecords(filter: $filter) {
      total totalGross totalTax totalNet totalMargin
      items { betId serial userId stake at full cashOutNo part gross tax net remainingStake earlySettlementOdds
        runningStake potentialPayout probability fairValue marginPercent margin offered tolerance offerId actor } } }`;
    type Page = { total: number; totalNet: number; totalMargin: number; items: Record<string, unknown>[] };
    const viewer = staff('4', ['orders.view']);
    const list = async (filter: Record<string, unknown>) => {
      const r = await t.gql<{ cashOutRecords: Page }>(LIST, { filter }, viewer);
      expect(r.errors).toBeUndefined();
      return r.data!.cashOutRecords;
    };
    const mine = await list({ userId });
    // Newest first: the full cash-out of the rest, then the half (both at the same instant here).
    const fairHalf = Math.floor((whole.fairValue * 5_000) / 10_000);
    expect(mine.items).toEqual([
      expect.objectContaining({
        betId,
        userId,
        stake: 10_000,
        full: true,
        cashOutNo: 2,
        part: 5_000,
        gross: rest.value,
        tax: rest.tax,
        net: rest.net,
        remainingStake: 0,
        runningStake: 5_000,
        potentialPayout: 10_000,
        fairValue: rest.fairValue,
        margin: rest.fairValue - rest.value,
        marginPercent: DEFAULT_CASH_OUT_CONFIG.marginPercent,
        earlySettlementOdds: rest.earlySettlementOdds,
        offered: rest.value,
        offerId: 'list-rest',
        actor: `player:${userId}`,
        at: new Date(now).toISOString(),
      }),
      expect.objectContaining({
        full: false,
        cashOutNo: 1,
        part: 5_000,
        gross: half.value,
        tax: half.tax,
        net: half.net,
        remainingStake: 5_000,
        runningStake: 10_000,
        potentialPayout: 20_000,
        fairValue: fairHalf,
        margin: fairHalf - half.value,
        offered: half.value,
        tolerance: DEFAULT_CASH_OUT_CONFIG.defaultTolerance,
        offerId: 'list-half',
      }),
    ]);
    expect(mine.items[1]!['probability']).toBeCloseTo(whole.probability, 12);
    expect(fairHalf - half.value).toBeGreaterThan(0); // the margin earned something
    expect(mine).toMatchObject({
      total: 2,
      totalNet: half.net + rest.net,
      totalMargin: fairHalf - half.value + rest.fairValue - rest.value,
    });
    // The bills agree: what the list says was credited is what the wallet received.
    expect((await order(userId, betId))['cashedOut']).toBe(mine.totalNet);

    // Filters: another player, the cash-out's EAT day, the next day, a bad date.
    expect((await list({ userId: 'nobody' })).total).toBe(0);
    expect((await list({ userId, fromDate: '2026-11-21', toDate: '2026-11-21' })).total).toBe(2);
    expect((await list({ userId, fromDate: '2026-11-22' })).total).toBe(0);
    expect((await list({ betId })).total).toBe(2);
    const bad = await t.gql(LIST, { filter: { fromDate: '21/11/2026' } }, viewer);
    expect(bad.errors?.[0]?.extensions?.['code']).toBe('BAD_INPUT');
    // Guarded: staff without orders.view, and players, are refused.
    const refused = await t.gql(LIST, { filter: {} }, staff('5', ['config.edit']));
    expect(refused.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect((await t.gql(LIST, { filter: {} }, player(userId))).errors).toBeDefined();

    // CSV export of the same filter (kind CASH_OUTS: export.run + orders.view).
    const exportPermissions = ['export.run', 'orders.view'];
    const exporter = staff('6', exportPermissions);
    const started = await t.gql<{ startExport: { id: string } }>(
      `mutation ($filter: ExportFilter) { startExport(kind: CASH_OUTS, filter: $filter) { id } }`,
      { filter: { cashOuts: { userId } } },
      exporter,
    );
    expect(started.errors).toBeUndefined();
    const id = started.data!.startExport.id;
    for (let i = 0; i < 500; i++) {
      const r = await t.gql<{ exportRecord: { status: number } }>(
        'query ($id: ID!) { exportRecord(id: $id) { status } }',
        { id },
        exporter,
      );
      if (r.data!.exportRecord.status !== 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const file = await t.app.inject({
      method: 'GET',
      url: `/admin/exports/${id}/file`,
      headers: { 'x-test-viewer': JSON.stringify({ ...exporter, permissions: exportPermissions }) },
    });
    expect(file.statusCode).toBe(200);
    const rows = parse(file.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(
      rows.map((r) => [r['offer_id'], r['part'], r['gross'], r['net'], r['margin'], r['actor']]),
    ).toEqual([
      [
        'list-half',
        '5000',
        String(half.value),
        String(half.net),
        String(fairHalf - half.value),
        `player:${userId}`,
      ],
      [
        'list-rest',
        '5000',
        String(rest.value),
        String(rest.net),
        String(rest.fairValue - rest.value),
        `player:${userId}`,
      ],
    ]);
  });

  it('pushes the offer of a bet by subscription when its match changes, and only then; not to another player', async () => {
    const m = await liveMatch('Push');
    const other = await liveMatch('Other');
    const userId = await playerWith(20_000);
    const betId = await place(userId, 'push-1', 10_000, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    await setClock(m, '61', [1, 0], [1, 0]);
    const rate = await taxRate(betId);
    const url = await wsUrl();
    const client = await connectWs(url, { 'x-test-viewer': JSON.stringify(player(userId)) });
    try {
      const SUB = `subscription ($betId: ID!) { cashOutOffer(betId: $betId) { betId available reason value net runningStake } }`;
      const sub = client.subscribe(SUB, { betId });
      const offerOf = (event: WsEvent) => {
        if (event.type !== 'next') throw new Error(JSON.stringify(event));
        return event.payload.data!['cashOutOffer'] as Record<string, unknown>;
      };
      const now61 = expected(10_000, '2.00', clockOf(61, [1, 0], [1, 0]), rate);
      expect(offerOf(await sub.next(10_000))).toEqual({
        betId,
        available: true,
        reason: null,
        value: now61.value,
        net: now61.net,
        runningStake: 10_000,
      });
      // Another match moves: nothing is pushed.
      await setClock(other, '70', [0, 1], [0, 0]);
      t.services.publish(MATCH_UPDATED, { matchId: other.matchId });
      // The bet's match: the away side equalises at 71′, the offer falls, and is pushed.
      await setClock(m, '71', [1, 1], [1, 0]);
      t.services.publish(MATCH_UPDATED, { matchId: m.matchId });
      const now71 = expected(10_000, '2.00', clockOf(71, [1, 1], [1, 0]), rate);
      expect(offerOf(await sub.next(10_000))).toMatchObject({
        available: true,
        value: now71.value,
        net: now71.net,
      });
      expect(now71.value).toBeLessThan(now61.value);
      // The same state again (odds message): the same offer is not sent twice.
      t.services.publish(ODDS_CHANGED, { matchId: m.matchId, outcomes: [] });
      // The market is suspended: an offer with its no-offer reason is pushed.
      await t.services.sql.query('UPDATE outcomes SET status_id = 2 WHERE id = $1', [m.outcomes.home]);
      t.services.publish(ODDS_CHANGED, { matchId: m.matchId, outcomes: [] });
      expect(offerOf(await sub.next(10_000))).toMatchObject({ available: false, reason: 'MARKET_SUSPENDED' });
      expect(sub.pending).toEqual([]);
      sub.stop();

      // Someone else's bet: refused.
      const stranger = await connectWs(url, { 'x-test-viewer': JSON.stringify(player('someone-else')) });
      try {
        const refused = await stranger.subscribe(SUB, { betId }).next(10_000);
        expect(JSON.stringify(refused)).toContain('BET_NOT_FOUND');
      } finally {
        await stranger.close();
      }
    } finally {
      await client.close();
    }
  });

  it('computes the model once per change of a match for all its bets, subscribers and the auto cash-out scan, not per bet per subscriber', async () => {
    const m = await liveMatch('Shared');
    const players = [await playerWith(50_000), await playerWith(50_000)];
    const bets: { userId: string; betId: string }[] = [];
    for (const [i, userId] of players.entries())
      for (const pick of ['home', 'away'] as const)
        bets.push({
          userId,
          betId: await place(userId, `shared-${i}-${pick}`, 5_000, [
            { selectionId: m.outcomes[pick], odds: pick === 'home' ? '2.00' : '3.60' },
          ]),
        });
    await setClock(m, '61', [1, 0], [1, 0]);
    // Auto cash-out rules out of reach on every bet: the scanner quotes them on each scan.
    for (const { userId, betId } of bets) {
      const offer = (await prepare(userId, betId)).data!.earlySettlementPreparation;
      const set = await t.gql(
        'mutation ($betId: ID!, $target: Tzs!) { setAutoCashOut(betId: $betId, target: $target) { target } }',
        { betId, target: offer.potentialPayout! },
        player(userId),
      );
      expect(set.errors).toBeUndefined();
    }
    const cache = pricerCacheOf(t.services);
    const url = await wsUrl();
    const SUBSCRIBERS = 2;
    const SUB = `subscription ($betId: ID!) { cashOutOffer(betId: $betId) { betId available value } }`;
    const clients = await Promise.all(
      bets.flatMap(({ userId }) =>
        Array.from({ length: SUBSCRIBERS }, () =>
          connectWs(url, { 'x-test-viewer': JSON.stringify(player(userId)) }),
        ),
      ),
    );
    try {
      const subs = clients.map((client, i) => ({
        betId: bets[Math.floor(i / SUBSCRIBERS)]!.betId,
        sub: client.subscribe(SUB, { betId: bets[Math.floor(i / SUBSCRIBERS)]!.betId }),
      }));
      const valueOf = (event: WsEvent) => {
        if (event.type !== 'next') throw new Error(JSON.stringify(event));
        return (event.payload.data!['cashOutOffer'] as { value: number }).value;
      };
      const first = await Promise.all(subs.map(({ sub }) => sub.next(10_000).then(valueOf)));
      await runAutoCashOuts(t.services);
      // The state at 61′ is computed at most once, by whichever quote came first.
      const settled = cache.computations;
      await runAutoCashOuts(t.services);
      expect(cache.computations).toBe(settled); // an unchanged match: no computation at all

      // The match changes (the away side equalises): every subscriber gets its new offer, the scanner
      // re-quotes every bet, both catalogue messages of the tick arrive — and the model runs once.
      await setClock(m, '71', [1, 1], [1, 0]);
      t.services.publish(MATCH_UPDATED, { matchId: m.matchId });
      t.services.publish(ODDS_CHANGED, { matchId: m.matchId, outcomes: [] });
      const next = await Promise.all(subs.map(({ sub }) => sub.next(10_000).then(valueOf)));
      await runAutoCashOuts(t.services);
      expect(next.filter((v, i) => v !== first[i])).toHaveLength(subs.length);
      expect(cache.computations - settled).toBe(1);
      // The values are the domain's on the new state, computed once and shared.
      const rate = await taxRate(bets[0]!.betId);
      expect(next[0]).toBe(expected(5_000, '2.00', clockOf(71, [1, 1], [1, 0]), rate).value);
      for (const { sub } of subs) sub.stop();
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  // Last: it leaves a wider margin in force for the rest of the file.
  it('staff settings change the offer: a disabled cash-out makes none, a wider margin a lower value', async () => {
    const m = await liveMatch('Conf');
    const userId = await playerWith(20_000);
    const betId = await place(userId, 'conf-1', 10_000, [{ selectionId: m.outcomes.home, odds: '2.00' }]);
    const base = (await prepare(userId, betId)).data!.earlySettlementPreparation;
    const SET = `mutation ($input: CashOutConfigInput!) { setCashOutConfig(input: $input) { marginPercent enabled version } }`;
    const input = {
      ...DEFAULT_CASH_OUT_CONFIG,
      enabledMarkets: [...DEFAULT_CASH_OUT_CONFIG.enabledMarkets],
      marginPercent: 10,
    };
    expect((await t.gql(SET, { input }, player(userId))).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      (await t.gql(SET, { input: { ...input, delaySeconds: 99 } }, editor)).errors?.[0]?.extensions?.code,
    ).toBe('BAD_CASH_OUT_CONFIG');
    expect((await t.gql(SET, { input }, editor)).data).toMatchObject({
      setCashOutConfig: { marginPercent: 10, enabled: true },
    });
    const wider = (await prepare(userId, betId)).data!.earlySettlementPreparation;
    expect(wider.value!).toBeLessThan(base.value!);
    // A later version (effective a second on) turns cash-out off.
    const later = await startBettingTestApp({ now: () => now + 1_000, sql: t.services.sql as never });
    try {
      await later.gql(SET, { input: { ...input, enabled: false } }, editor);
      const off = (await later.gql<{ earlySettlementPreparation: Offer }>(PREPARE, { betId }, player(userId)))
        .data!;
      expect(off.earlySettlementPreparation).toMatchObject({ available: false, reason: 'CASH_OUT_DISABLED' });
    } finally {
      await later.close();
    }
  });
});
