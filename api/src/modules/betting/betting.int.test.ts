import { createHash, randomUUID } from 'node:crypto';
import { fixtureDecider, fixtureStream } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { drainSettlementQueue } from './settlement.ts';

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) {
  status code nobetList { selectionId code currentOdds }
  order { id serial status statusCode stake totalOdds potentialProfit potentialTax potentialReturn lines { selectionName odds outcome } } } }`;
const CREDIT = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`;
const MY_BETS = `query ($tab: BetsTab) { myBets(tab: $tab) { total items { id status statusCode stake payout tax credited lines { outcome facts { status score halfTime minute } match { statusId matchMinute homeScore awayScore htHomeScore htAwayScore } } } } }`;

const HOUR = 3_600_000;

describe('betting end to end: credit, single and multiple bets, results, settlement, bills', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-21T12:00:00Z');
  /**
   * An id of this attempt's own (`<label>-<8 hex>`): a retried attempt (eventstore/src/testing/retry-setup.ts)
   * meets none of the first attempt's players, requests or settled matches.
   */
  const own = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
  /**
   * The client address of a player's requests (10.x.y.z from its id): a retried attempt's players send
   * from addresses of their own, so the two attempts' requests together stay within the site's 600 a
   * minute per address (app.ts) — the 200 concurrent bets alone send 220.
   */
  const addressOf = (userId: string) => {
    const hash = createHash('sha256').update(userId).digest();
    return `10.${hash[0]}.${hash[1]}.${hash[2]}`;
  };
  const cashier = staff('1', ['users.adjust_money']);
  const credit = (userId: string, amount: number, requestId: string) =>
    t.gql(
      CREDIT,
      { input: { userId, pocket: 'BALANCE', amount, reason: 'test credit', requestId } },
      cashier,
      { remoteAddress: addressOf(userId) },
    );
  const place = (
    userId: string,
    requestId: string,
    amount: number,
    selections: { selectionId: string; odds: string }[],
    payType = 'BALANCE',
  ) =>
    t.gql<{ placeBet: Record<string, unknown> & { order: Record<string, unknown> | null } }>(
      PLACE,
      {
        input: { requestId, payType, amount, selections, oddsChange: 'NONE' },
      },
      player(userId),
      { remoteAddress: addressOf(userId) },
    );
  const result = async (match: TestMatch, ht: [number, number], ft: [number, number]) => {
    await handleCommand(t.services.store, fixtureStream(match.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: match.matchId,
      actor: { kind: 'staff', id: '1' },
      at: new Date(now).toISOString(),
      halfTime: { home: ht[0], away: ht[1] },
      fullTime: { home: ft[0], away: ft[1] },
    });
    await t.services.projections.settle();
    await drainSettlementQueue(t.services);
    await t.services.projections.settle();
  };

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
  });
  afterAll(async () => t.close());

  it('places a single, debits the stake once per request id, and settles the win with tax into the bills', async () => {
    const p1 = own('p1');
    const a = await insertTestMatch(t.services.sql, {
      home: 'Simba SC',
      away: 'Young Africans',
      startTime: new Date(now + HOUR),
    });
    await credit(p1, 10_000, `c-${p1}`);
    const single = await place(p1, 'r1', 1_000, [{ selectionId: a.outcomes.home, odds: '2.00' }]);
    expect(single.data!.placeBet).toMatchObject({
      status: 'PLACED',
      order: {
        status: 'awaiting',
        statusCode: 2,
        stake: 1_000,
        totalOdds: '2.00',
        potentialProfit: 1_000,
        potentialTax: 100,
        potentialReturn: 1_900,
      },
    });
    const again = await place(p1, 'r1', 1_000, [{ selectionId: a.outcomes.home, odds: '2.00' }]);
    expect(again.data!.placeBet.order!.id).toBe(single.data!.placeBet.order!.id);
    expect((await t.gql('{ myWallet { balance } }', {}, player(p1))).data).toEqual({
      myWallet: { balance: 9_000 },
    });

    now += 3 * HOUR;
    await result(a, [1, 0], [2, 1]);
    // The display row as recordFixtureFact leaves it (this test appends the fixture fact directly).
    await t.services.sql.query(
      'UPDATE matches SET status = 3, home_score = 2, away_score = 1, ht_home_score = 1, ht_away_score = 0 WHERE id = $1',
      [a.matchId],
    );
    const settled = await t.gql<{ myBets: { items: Record<string, unknown>[] } }>(
      MY_BETS,
      { tab: 'SETTLED' },
      player(p1),
    );
    expect(settled.data!.myBets.items).toEqual([
      {
        id: single.data!.placeBet.order!.id,
        status: 'settled',
        statusCode: 4,
        stake: 1_000,
        payout: 2_000,
        tax: 100,
        credited: 1_900,
        // The facts the leg was settled on, for the player's own language (not the English rule text).
        // …and the match's score on the line (issue 16 item 1).
        lines: [
          {
            outcome: 4,
            facts: { status: 'PLAYED', score: '2-1', halfTime: '1-0', minute: null },
            match: {
              statusId: 3,
              matchMinute: null,
              homeScore: 2,
              awayScore: 1,
              htHomeScore: 1,
              htAwayScore: 0,
            },
          },
        ],
      },
    ]);
    expect((await t.gql('{ myWallet { balance } }', {}, player(p1))).data).toEqual({
      myWallet: { balance: 10_900 },
    });
    const bills = await t.gql<{
      myBills: { items: { billType: number; amount: number; tax: number | null; gross: number | null }[] };
    }>('{ myBills { items { billType amount tax gross } } }', {}, player(p1));
    // The payout bill carries the tax withheld and the gross before tax (spec §5: 10% of the profit).
    expect(bills.data!.myBills.items).toEqual([
      { billType: 1, amount: 1_900, tax: 100, gross: 2_000 },
      { billType: 3, amount: -1_000, tax: null, gross: null },
      { billType: 2, amount: 10_000, tax: null, gross: null },
    ]);
  });

  it('settles a multiple only when its last leg ends, and a lost leg as lost', async () => {
    const p2 = own('p2');
    const b = await insertTestMatch(t.services.sql, {
      home: 'Azam FC',
      away: 'Coastal Union',
      startTime: new Date(now + 2 * HOUR),
      odds: { over: '1.80' },
    });
    await credit(p2, 5_000, `c-${p2}`);
    const m = await place(p2, 'm1', 1_000, [
      { selectionId: b.outcomes.over, odds: '1.80' },
      { selectionId: b.outcomes.home, odds: '2.00' },
    ]);
    expect(m.data!.placeBet).toMatchObject({ status: 'REJECTED', code: 'DUPLICATE_MATCH', order: null });
    const c = await insertTestMatch(t.services.sql, {
      home: 'KMC',
      away: 'Namungo',
      startTime: new Date(now + HOUR),
    });
    const d = await insertTestMatch(t.services.sql, {
      home: 'Singida',
      away: 'Pamba Jiji',
      startTime: new Date(now + HOUR),
    });
    const multiple = await place(p2, 'm2', 1_000, [
      { selectionId: c.outcomes.over, odds: '1.90' },
      { selectionId: d.outcomes.away, odds: '3.60' },
    ]);
    expect(multiple.data!.placeBet).toMatchObject({
      status: 'PLACED',
      order: { totalOdds: '6.84', potentialProfit: 5_840 },
    });
    now += 2 * HOUR;
    await result(c, [1, 1], [2, 2]);
    const open = await t.gql<{ myBets: { items: { status: string; lines: { outcome: number }[] }[] } }>(
      MY_BETS,
      { tab: 'OPEN' },
      player(p2),
    );
    expect(open.data!.myBets.items[0]).toMatchObject({
      status: 'awaiting',
      lines: [
        { outcome: 4, facts: { status: 'PLAYED', score: '2-2', halfTime: '1-1' } },
        { outcome: 0, facts: null },
      ],
    });
    await result(d, [0, 0], [1, 0]);
    const done = await t.gql<{ myBets: { items: Record<string, unknown>[] } }>(
      MY_BETS,
      { tab: 'SETTLED' },
      player(p2),
    );
    expect(done.data!.myBets.items[0]).toMatchObject({
      status: 'settled',
      payout: 0,
      credited: 0,
      lines: [{ outcome: 4 }, { outcome: 3 }],
    });
  });

  it("shows a bet in the player's My bets (list and detail) as soon as it is placed, before any background catch-up", async () => {
    const p3 = own('p3');
    const a = await insertTestMatch(t.services.sql, {
      home: 'Tabora United',
      away: 'Mashujaa FC',
      startTime: new Date(now + HOUR),
    });
    await credit(p3, 2_000, `c-${p3}`);
    const placed = await place(p3, 'fresh', 500, [{ selectionId: a.outcomes.home, odds: '2.00' }]);
    const id = placed.data!.placeBet.order!.id as string;
    // No settle here: the orders read model is only as fresh as the reads make it.
    const open = await t.gql<{ myBets: { total: number; items: { id: string; status: string }[] } }>(
      MY_BETS,
      { tab: 'OPEN' },
      player(p3),
      { remoteAddress: addressOf(p3) },
    );
    expect(open.data!.myBets).toMatchObject({ total: 1, items: [{ id, status: 'awaiting' }] });
    const detail = await t.gql<{ myBet: { id: string; stake: number } | null }>(
      'query ($id: ID!) { myBet(id: $id) { id stake } }',
      { id },
      player(p3),
      { remoteAddress: addressOf(p3) },
    );
    expect(detail.data!.myBet).toEqual({ id, stake: 500 });
  });

  it('refuses with the nobet list when a selection is unavailable or its odds moved, and moves no money', async () => {
    const p3 = own('p3');
    await credit(p3, 1_000, `c-${p3}`);
    const e = await insertTestMatch(t.services.sql, {
      home: 'Mashujaa',
      away: 'KMC',
      startTime: new Date(now + HOUR),
    });
    const moved = await place(p3, 'x1', 500, [{ selectionId: e.outcomes.draw, odds: '3.10' }]);
    expect(moved.data!.placeBet).toMatchObject({
      status: 'REJECTED',
      code: 'SELECTIONS_UNAVAILABLE',
      nobetList: [{ selectionId: e.outcomes.draw, code: 'ODDS_CHANGED', currentOdds: '3.40' }],
    });
    const unknown = await place(p3, 'x2', 500, [{ selectionId: '999999', odds: '2.00' }]);
    expect(unknown.data!.placeBet.nobetList).toEqual([
      { selectionId: '999999', code: 'SELECTION_NOT_FOUND', currentOdds: null },
    ]);
    const tooBig = await place(p3, 'x3', 3_000_100, [{ selectionId: e.outcomes.draw, odds: '3.40' }]);
    expect(tooBig.data!.placeBet).toMatchObject({ status: 'REJECTED', code: 'STAKE_ABOVE_MAXIMUM' });
    const offStep = await place(p3, 'x4', 150, [{ selectionId: e.outcomes.draw, odds: '3.40' }]);
    expect(offStep.data!.placeBet).toMatchObject({ status: 'REJECTED', code: 'STAKE_NOT_MULTIPLE_OF_STEP' });
    expect((await t.gql('{ myWallet { balance } }', {}, player(p3))).data).toEqual({
      myWallet: { balance: 1_000 },
    });
  });

  it('re-settles after a result correction (the wallet reverses the win) and voids a bet on an abandoned match', async () => {
    const p5 = own('p5');
    await credit(p5, 2_000, `c-${p5}`);
    const g = await insertTestMatch(t.services.sql, {
      home: 'Geita Gold',
      away: 'JKT Tanzania',
      startTime: new Date(now + HOUR),
    });
    const h = await insertTestMatch(t.services.sql, {
      home: 'Tabora United',
      away: 'Fountain Gate',
      startTime: new Date(now + HOUR),
    });
    await place(p5, 'k1', 1_000, [{ selectionId: g.outcomes.home, odds: '2.00' }]);
    await place(p5, 'k2', 1_000, [{ selectionId: h.outcomes.over, odds: '1.90' }]);
    now += 3 * HOUR;
    await result(g, [1, 0], [1, 0]);
    expect((await t.gql('{ myWallet { balance } }', {}, player(p5))).data).toEqual({
      myWallet: { balance: 1_900 },
    });

    await handleCommand(t.services.store, fixtureStream(g.matchId), fixtureDecider, {
      type: 'CorrectResult',
      matchId: g.matchId,
      actor: { kind: 'staff', id: '1' },
      at: new Date(now).toISOString(),
      halfTime: { home: 0, away: 0 },
      fullTime: { home: 1, away: 1 },
      reason: 'goal disallowed after review',
    });
    await t.services.projections.settle();
    await drainSettlementQueue(t.services);
    await t.services.projections.settle();
    expect((await t.gql('{ myWallet { balance } }', {}, player(p5))).data).toEqual({
      myWallet: { balance: 0 },
    });

    await handleCommand(t.services.store, fixtureStream(h.matchId), fixtureDecider, {
      type: 'AbandonMatch',
      matchId: h.matchId,
      actor: { kind: 'staff', id: '1' },
      at: new Date(now).toISOString(),
      minute: 30,
      score: { home: 1, away: 0 },
      reason: 'floodlight failure',
    });
    await t.services.projections.settle();
    await drainSettlementQueue(t.services);
    await t.services.projections.settle();
    const bets = await t.gql<{
      myBets: { items: { lines: { outcome: number; facts: unknown }[]; credited: number }[] };
    }>(MY_BETS, { tab: 'SETTLED' }, player(p5));
    // Both bets were placed at the same instant: the list orders them by bet id, which derives from the
    // player's id (this attempt's own), so the check takes them in outcome order.
    expect(
      bets.data!.myBets.items.map((b) => [b.lines[0]!.outcome, b.credited]).sort((x, y) => x[0]! - y[0]!),
    ).toEqual([
      [2, 1_000],
      [3, 0],
    ]);
    expect(bets.data!.myBets.items.find((b) => b.lines[0]!.outcome === 2)!.lines[0]!.facts).toEqual({
      status: 'ABANDONED',
      score: '1-0',
      halfTime: null,
      minute: 30,
    });
    expect((await t.gql('{ myWallet { balance } }', {}, player(p5))).data).toEqual({
      myWallet: { balance: 1_000 },
    });
  });

  it('200 concurrent bets from a wallet that covers 50: exactly 50 accepted, balance exactly 0', async () => {
    const p4 = own('p4');
    await credit(p4, 5_000, `c-${p4}`);
    const f = await insertTestMatch(t.services.sql, {
      home: 'Dodoma Jiji',
      away: 'Tanzania Prisons',
      startTime: new Date(now + HOUR),
    });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        place(p4, `burst-${i}`, 100, [{ selectionId: f.outcomes.home, odds: '2.00' }]),
      ),
    );
    const statuses = answers.map((r) => r.data!.placeBet.status);
    expect(statuses.filter((s) => s === 'PLACED')).toHaveLength(50);
    expect(
      answers
        .filter((r) => r.data!.placeBet.status === 'REJECTED')
        .every((r) => r.data!.placeBet.code === 'INSUFFICIENT_FUNDS'),
    ).toBe(true);
    expect((await t.gql('{ myWallet { balance } }', {}, player(p4))).data).toEqual({
      myWallet: { balance: 0 },
    });
    const repeats = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        place(p4, `burst-${i}`, 100, [{ selectionId: f.outcomes.home, odds: '2.00' }]),
      ),
    );
    expect(repeats.map((r) => r.data!.placeBet.status)).toEqual(statuses.slice(0, 20));
    expect((await t.gql('{ myWallet { balance } }', {}, player(p4))).data).toEqual({
      myWallet: { balance: 0 },
    });
  });

  it('concurrent bets of many players go to the database in groups, each with its own answer and money', async () => {
    const g = await insertTestMatch(t.services.sql, {
      home: 'Namungo FC',
      away: 'KMC FC',
      startTime: new Date(now + HOUR),
    });
    const players = Array.from({ length: 30 }, (_, i) => own(`grp${i}`));
    // Every third player has less than the stake: refused in the same groups as the others' bets.
    for (const [i, id] of players.entries()) await credit(id, i % 3 === 2 ? 50 : 1_000, `c-${id}`);
    const picks = [g.outcomes.home, g.outcomes.draw, g.outcomes.away];
    const spy = vi.spyOn(t.services.sql, 'query');
    const answers = await Promise.all(
      players.map((id, i) =>
        place(id, `grp-${i}`, 100, [{ selectionId: picks[i % 3]!, odds: ['2.00', '3.40', '3.60'][i % 3]! }]),
      ),
    );
    const reads = spy.mock.calls.filter((call) => call[2] === 'betting_place_reads').length;
    spy.mockRestore();
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThan(players.length);
    for (const [i, id] of players.entries()) {
      const answer = answers[i]!.data!.placeBet;
      if (i % 3 === 2) {
        expect(answer).toMatchObject({ status: 'REJECTED', code: 'INSUFFICIENT_FUNDS', order: null });
      } else {
        expect(answer).toMatchObject({
          status: 'PLACED',
          order: { stake: 100, lines: [{ selectionName: expect.any(String) }] },
        });
      }
      expect((await t.gql('{ myWallet { balance } }', {}, player(id))).data).toEqual({
        myWallet: { balance: i % 3 === 2 ? 50 : 900 },
      });
    }
    await t.services.projections.settle();
    const mine = await t.gql<{ myBets: { total: number } }>(MY_BETS, { tab: 'OPEN' }, player(players[0]!));
    expect(mine.data!.myBets.total).toBe(1);
  });
});
