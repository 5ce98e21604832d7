/**
 * Pool games end to end through GraphQL (issue 18): staff build a jackpot and a Lucky Six from catalogue
 * matches; players buy tickets through the money path (doubles, lines, refusals charging nothing, the
 * same request once); entries close at the first kick-off; results settle the issues and pay prizes once
 * (the queue replayed pays nothing more); the pool arithmetic end to end; a large prize waits for
 * approval; a cancelled issue refunds every stake.
 */
import { fixtureDecider, fixtureStream } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import type { Viewer } from '../../graphql/context.ts';
import { insertTestMatches } from '../../testing/catalogue-fixtures.ts';
import { drainPoolQueue, poolRound, queuePoolWork } from './settlement.ts';
import { seedPoolTypes } from './types.ts';
import { keepDemoIssues } from './index.ts';

const HOUR = 3_600_000;
const BUY = `mutation ($input: BuyPoolTicketInput!) { buyPoolTicket(input: $input) {
  ticketId identifier doubles lines stake status picks { matchId outcomes } } }`;
const CREATE = `mutation ($typeId: Int!, $matchIds: [ID!]!) { createPoolIssue(typeId: $typeId, matchIds: $matchIds) {
  issueId identifier status game betAmount pool displayedJackpot matches { matchId } } }`;
const ISSUE = `query ($id: ID!) { poolIssue(issueId: $id) { issueId status tickets lines stakes pool displayedJackpot
  successfulTickets tiers { hits prizePerLineCeiling winningLines prizePerLine }
  settlement { pool stakes carriedOver prizesPaid rolledOver breakage carryOver seedPaid } } }`;
const MINE = `query ($game: PoolGame) { myPoolTickets(game: $game) { total items { ticketId status lines stake
  matches { matchId hit } progress { hits linesNow linesPossible } prize { gross tax net needsApproval credited } refund } } }`;
const STATS = `query ($id: ID!) { poolIssueStats(issueId: $id) { issueId tickets lines stakes pool matchesDecided
  matches { matchId picks { outcome lines tickets percent } } tiers { hits linesNow linesPossible projectedPrizePerLine } } }`;
type Stats = {
  tickets: number;
  lines: number;
  stakes: number;
  pool: number;
  matchesDecided: number;
  matches: {
    matchId: string;
    picks: { outcome: string; lines: number; tickets: number; percent: number }[];
  }[];
  tiers: { hits: number; linesNow: number; linesPossible: number; projectedPrizePerLine: number | null }[];
};
const WALLET = '{ myWallet { balance } }';
const BILLS = '{ myBills(pageSize: 50) { total items { billType amount tax gross } } }';

describe('pool games: jackpot and Lucky Six through GraphQL', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-21T09:00:00Z');
  const boss = staff('1', ['pool.edit', 'pool.view', 'users.adjust_money']);
  const matches: string[] = [];
  let jackpot = '';
  let luckySix = '';
  let luckySix2 = '';
  const gql = <T = Record<string, unknown>>(
    q: string,
    v: Record<string, unknown>,
    who: Viewer | null = boss,
  ) => t.gql<T>(q, v, who);
  const balance = async (userId: string) =>
    (await t.gql<{ myWallet: { balance: number } }>(WALLET, {}, player(userId))).data!.myWallet.balance;
  const buy = (
    userId: string,
    requestId: string,
    issueId: string,
    picks: string[][],
    stake: number,
    ids = matches,
  ) =>
    t.gql<{ buyPoolTicket: Record<string, unknown> }>(
      BUY,
      {
        input: {
          requestId,
          issueId,
          stake,
          picks: picks.map((outcomes, i) => ({ matchId: ids[i], outcomes })),
        },
      },
      player(userId),
    );
  const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;
  const singles = (n: number, outcome = '1') => Array.from({ length: n }, () => [outcome]);
  const result = async (matchId: string, home: number, away: number) => {
    await handleCommand(t.services.store, fixtureStream(matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId,
      actor: { kind: 'staff', id: '1' },
      at: new Date(now).toISOString(),
      halfTime: { home: 0, away: 0 },
      fullTime: { home, away },
    });
  };

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    await seedPoolTypes(t.services.sql);
    matches.push(
      ...(await insertTestMatches(t.services.sql, 13, {
        home: 'Home',
        away: 'Away',
        firstKickOff: new Date(now + HOUR),
      })),
    );
    for (const [userId, amount] of [
      ['p1', 50_000],
      ['p2', 2_000],
    ] as const)
      await t.gql(
        'mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }',
        { input: { userId, pocket: 'BALANCE', amount, reason: 'test', requestId: `c-${userId}` } },
        boss,
      );
  }, 240_000);
  afterAll(async () => t.close());

  it('staff build a jackpot from 13 upcoming matches and a Lucky Six from 6; too few matches are refused', async () => {
    const few = await gql(CREATE, { typeId: 1, matchIds: matches.slice(0, 12) });
    expect(code(few)).toBe('JACKPOT_INVALID_MATCHES');
    const noPermission = await gql(CREATE, { typeId: 1, matchIds: matches }, staff('2', ['pool.view']));
    expect(code(noPermission)).toBe('FORBIDDEN');
    const created = await gql<{ createPoolIssue: { issueId: string; status: string; identifier: string } }>(
      CREATE,
      {
        typeId: 1,
        matchIds: matches,
      },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createPoolIssue).toMatchObject({
      identifier: 'JP0001',
      status: 'OPEN',
      game: 'JACKPOT',
      betAmount: 1_000,
      pool: 0,
      displayedJackpot: 200_000_000,
    });
    jackpot = created.data!.createPoolIssue.issueId;
    // A large-prize threshold of 100 TZS on Lucky Six, so that its prize waits for approval.
    const types = await gql<{ guessingBetTypes: Record<string, unknown>[] }>(
      '{ guessingBetTypes { id label game guessNumber maxChoose betAmount increment identifierPrefix maxRangeOdds maxAddBalance initJackpot maxVoid creditAllowed settlement incentives parentId tiers { hits rewardType proportion } } }',
      {},
      null,
    );
    expect(types.data!.guessingBetTypes.map((x) => x['id'])).toEqual([1, 2]);
    const l6 = types.data!.guessingBetTypes[1]!;
    const { id: _id, ...input } = l6;
    const updated = await gql(
      'mutation ($id: Int!, $input: GuessingBetTypeInput!) { updateGuessingBetType(id: $id, input: $input) { maxAddBalance } }',
      { id: 2, input: { ...input, maxAddBalance: 100 } },
    );
    expect(updated.data).toEqual({ updateGuessingBetType: { maxAddBalance: 100 } });
    const six = await gql<{ createPoolIssue: { issueId: string; identifier: string } }>(CREATE, {
      typeId: 2,
      matchIds: matches.slice(0, 6),
    });
    expect(six.data!.createPoolIssue.identifier).toBe('L60001');
    luckySix = six.data!.createPoolIssue.issueId;
    const six2 = await gql<{ createPoolIssue: { issueId: string } }>(CREATE, {
      typeId: 2,
      matchIds: matches.slice(6, 12),
    });
    luckySix2 = six2.data!.createPoolIssue.issueId;
  });

  it('a ticket with two doubles is 4 lines and 4,000 TZS, charged once per request id', async () => {
    const picks = singles(13);
    picks[0] = ['X', '2'];
    picks[1] = ['2', 'X'];
    const first = await buy('p1', 'r1', jackpot, picks, 4_000);
    expect(first.errors).toBeUndefined();
    expect(first.data!.buyPoolTicket).toMatchObject({
      identifier: 'JP0001',
      doubles: 2,
      lines: 4,
      stake: 4_000,
      status: 'open',
    });
    expect(first.data!.buyPoolTicket['picks']).toContainEqual({ matchId: matches[1], outcomes: ['X', '2'] });
    const again = await buy('p1', 'r1', jackpot, picks, 4_000);
    expect(again.data!.buyPoolTicket['ticketId']).toBe(first.data!.buyPoolTicket['ticketId']);
    expect(await balance('p1')).toBe(46_000);
  });

  it('bad tickets are refused with their codes and charge nothing', async () => {
    const triple = singles(13);
    triple[0] = ['1', 'X', '2'];
    expect(code(await buy('p1', 'b1', jackpot, triple, 2_000))).toBe('JACKPOT_TRIPLE_NOT_ALLOWED');
    expect(code(await buy('p1', 'b2', jackpot, singles(12), 1_000))).toBe('JACKPOT_PICK_REQUIRED');
    const sixDoubles = singles(13).map((p, i) => (i < 6 ? ['1', 'X'] : p));
    expect(code(await buy('p1', 'b3', jackpot, sixDoubles, 64_000))).toBe('JACKPOT_TOO_MANY_DOUBLES');
    const oneDouble = singles(13);
    oneDouble[5] = ['1', '2'];
    expect(code(await buy('p1', 'b4', jackpot, oneDouble, 1_000))).toBe('JACKPOT_STAKE_MISMATCH');
    expect(
      code(await buy('p1', 'b5', jackpot, singles(13), 1_000, [...matches.slice(0, 12), '999999'])),
    ).toBe('JACKPOT_UNKNOWN_MATCH');
    expect(code(await buy('p1', 'b6', 'JP9999', singles(13), 1_000))).toBe('JACKPOT_NOT_FOUND');
    expect(code(await buy('p3', 'b7', jackpot, singles(13), 1_000))).toBe('INSUFFICIENT_FUNDS');
    const luckyDouble = [['1-0', '2-0'], ...Array.from({ length: 5 }, () => ['1-1'])];
    expect(code(await buy('p1', 'b8', luckySix, luckyDouble, 2_000))).toBe('JACKPOT_TOO_MANY_CHOICES');
    expect(await balance('p1')).toBe(46_000);
    expect(await balance('p3')).toBe(0);
  });

  it('p2 buys a single jackpot ticket; Lucky Six tickets; entries close at the first kick-off', async () => {
    const picks = singles(13);
    picks[12] = ['2'];
    expect((await buy('p2', 's1', jackpot, picks, 1_000)).errors).toBeUndefined();
    const lucky = ['1-0', '2-1', '0-0', '1-1', 'other', '3-2'].map((s) => [s]);
    expect((await buy('p1', 'l1', luckySix, lucky, 1_000, matches.slice(0, 6))).errors).toBeUndefined();
    expect((await buy('p2', 'l2', luckySix2, lucky, 1_000, matches.slice(6, 12))).errors).toBeUndefined();
    expect(await balance('p1')).toBe(45_000);
    expect(await balance('p2')).toBe(0);

    // The live statistics (public): p1's 4 lines (X2 and 2X doubles on the first two matches, 1
    // elsewhere) and p2's 1 line (1 everywhere but 2 on the last); nothing decided, every line can
    // still reach every tier, no line at a tier yet.
    await t.services.projections.settle();
    const stats = (await gql<{ poolIssueStats: Stats }>(STATS, { id: jackpot }, null)).data!.poolIssueStats;
    expect(stats).toMatchObject({ tickets: 2, lines: 5, stakes: 5_000, pool: 750, matchesDecided: 0 });
    expect(stats.matches[0]!.picks).toEqual([
      { outcome: '2', lines: 2, tickets: 1, percent: 40 },
      { outcome: 'X', lines: 2, tickets: 1, percent: 40 },
      { outcome: '1', lines: 1, tickets: 1, percent: 20 },
    ]);
    expect(stats.matches[12]!.picks).toEqual([
      { outcome: '1', lines: 4, tickets: 1, percent: 80 },
      { outcome: '2', lines: 1, tickets: 1, percent: 20 },
    ]);
    expect(stats.tiers).toEqual(
      [13, 12, 11, 10].map((hits) => ({ hits, linesNow: 0, linesPossible: 5, projectedPrizePerLine: null })),
    );
    expect((await gql(STATS, { id: 'JP9999' }, null)).data).toEqual({ poolIssueStats: null });

    now += HOUR; // the first kick-off
    expect(code(await buy('p1', 'late', jackpot, singles(13), 1_000))).toBe('JACKPOT_CLOSED');
    await poolRound(t.services);
    const issue = await gql<{ poolIssue: Record<string, unknown> }>(ISSUE, { id: jackpot }, null);
    expect(issue.data!.poolIssue).toMatchObject({
      status: 'CLOSED',
      tickets: 2,
      lines: 5,
      stakes: 5_000,
      pool: 750,
    });
  });

  it('a cancelled issue refunds every stake once', async () => {
    const cancelled = await gql<{ cancelPoolIssue: { status: string } }>(
      'mutation ($id: ID!) { cancelPoolIssue(issueId: $id, reason: "matches moved") { status } }',
      { id: luckySix2 },
    );
    expect(cancelled.data!.cancelPoolIssue.status).toBe('CANCELLED');
    await poolRound(t.services);
    await poolRound(t.services);
    expect(await balance('p2')).toBe(1_000);
  });

  it('results settle the issues, pay each prize once, and the pool adds up', async () => {
    now += 2 * HOUR;
    // Every jackpot match ends 1-0 (outcome 1); the first six also decide Lucky Six: p1's scores all hit.
    const scores: [number, number][] = [
      [1, 0],
      [2, 1],
      [0, 0],
      [1, 1],
      [6, 0],
      [3, 2],
    ];
    for (const [i, id] of matches.entries()) {
      const [h, a] = i < 6 ? scores[i]! : [1, 0];
      await result(id, h, a);
    }
    await poolRound(t.services);
    await poolRound(t.services);
    const issue = (await gql<{ poolIssue: Record<string, unknown> }>(ISSUE, { id: jackpot }, null)).data!
      .poolIssue;
    // Outcomes: 1, 1, X, X, 1, 1, then 1 × 7. p1 picked X2 / 2X on the first two (both miss) and 1 elsewhere:
    // each of its 4 lines has 9 correct (matches 3, 4 are X). p2 picked 1 everywhere but 2 on the last: 10.
    // pool = ⌊15% × 5,000⌋ = 750: tiers 300 / 187 / 150 / 112; only the 10 tier is won (p2's one line).
    expect(issue).toMatchObject({
      status: 'SETTLED',
      successfulTickets: 1,
      settlement: {
        pool: 750,
        stakes: 5_000,
        carriedOver: 0,
        prizesPaid: 112,
        seedPaid: 0,
        rolledOver: 638,
        breakage: 0,
        carryOver: 638,
      },
    });
    const s = issue['settlement'] as Record<string, number>;
    expect(s['prizesPaid']! + s['rolledOver']! + s['breakage']!).toBe(s['pool']);
    // The tracker once every match is decided: p2's line at 10 (its projected prize is the settled one),
    // p1's 4 lines at 9 reach no tier; nothing is still possible beyond what is now.
    const final = (await gql<{ poolIssueStats: Stats }>(STATS, { id: jackpot }, null)).data!.poolIssueStats;
    expect(final.matchesDecided).toBe(13);
    expect(final.tiers).toEqual([
      { hits: 13, linesNow: 0, linesPossible: 0, projectedPrizePerLine: null },
      { hits: 12, linesNow: 0, linesPossible: 0, projectedPrizePerLine: null },
      { hits: 11, linesNow: 0, linesPossible: 0, projectedPrizePerLine: null },
      { hits: 10, linesNow: 1, linesPossible: 1, projectedPrizePerLine: 112 },
    ]);
    const mine = await t.gql<{ myPoolTickets: { items: Record<string, unknown>[] } }>(
      MINE,
      { game: 'JACKPOT' },
      player('p2'),
    );
    expect(mine.data!.myPoolTickets.items[0]).toMatchObject({
      status: 'settled',
      prize: { gross: 112, tax: 0, net: 112, needsApproval: false, credited: true },
    });
    expect(await balance('p2')).toBe(1_112);
    const p1Jackpot = await t.gql<{
      myPoolTickets: { items: { matches: { hit: string }[]; prize: unknown }[] };
    }>(MINE, { game: 'JACKPOT' }, player('p1'));
    expect(p1Jackpot.data!.myPoolTickets.items[0]!.matches.map((m) => m.hit).slice(0, 4)).toEqual([
      'MISS',
      'MISS',
      'MISS',
      'MISS',
    ]);

    // Lucky Six: p1 has 6 of 6; pool ⌊50% × 1,000⌋ = 500, top tier 50% = 250 > 100: waits for approval.
    const lucky = await t.gql<{
      myPoolTickets: { items: { ticketId: string; prize: Record<string, unknown> }[] };
    }>(MINE, { game: 'LUCKY_SIX' }, player('p1'));
    const ticket = lucky.data!.myPoolTickets.items[0]!;
    expect(ticket.prize).toEqual({ gross: 250, tax: 0, net: 250, needsApproval: true, credited: false });
    expect(await balance('p1')).toBe(45_000);
    const approved = await gql<{ approvePoolPrize: { prize: { credited: boolean } } }>(
      'mutation ($id: ID!) { approvePoolPrize(ticketId: $id) { prize { credited } } }',
      { id: ticket.ticketId },
    );
    expect(approved.data!.approvePoolPrize.prize.credited).toBe(true);
    expect(await balance('p1')).toBe(45_250);

    // Replaying every settlement and refund item pays nothing more.
    const bills = async (u: string) =>
      (await t.gql<{ myBills: { total: number } }>(BILLS, {}, player(u))).data!.myBills.total;
    const before = [await bills('p1'), await bills('p2')];
    const tickets = await t.services.sql.query<{ ticket_id: string; settlement_no: number }>(
      'SELECT ticket_id, settlement_no FROM pool_tickets',
    );
    for (let round = 0; round < 2; round++) {
      for (const row of tickets.rows) {
        await queuePoolWork(t.services, 'settle', row.ticket_id, String(row.settlement_no || 1));
        await queuePoolWork(t.services, 'refund', row.ticket_id);
      }
      await queuePoolWork(t.services, 'result', jackpot, `${matches[0]}:1`);
      await drainPoolQueue(t.services);
      await t.services.projections.settle();
    }
    expect([await bills('p1'), await bills('p2')]).toEqual(before);
    expect([await balance('p1'), await balance('p2')]).toEqual([45_250, 1_112]);
    const p2Bills = await t.gql<{ myBills: { items: { billType: number; amount: number }[] } }>(
      BILLS,
      {},
      player('p2'),
    );
    expect(p2Bills.data!.myBills.items.map((b) => [b.billType, b.amount])).toEqual(
      expect.arrayContaining([
        [5, -1_000],
        [1, 112],
        [1, 1_000],
      ]),
    );
  });

  it('the next jackpot carries the rolled-over pool', async () => {
    const next: string[] = [];
    next.push(
      ...(await insertTestMatches(t.services.sql, 13, {
        home: 'Next',
        away: 'Other',
        firstKickOff: new Date(now + HOUR),
      })),
    );
    const created = await gql<{ createPoolIssue: { identifier: string; pool: number } }>(CREATE, {
      typeId: 1,
      matchIds: next,
    });
    expect(created.data!.createPoolIssue).toMatchObject({ identifier: 'JP0002', pool: 638 });
    const banner = await t.gql<{ jackpotBanner: { identifier: string; amount: number } }>(
      '{ jackpotBanner { identifier amount } }',
      {},
      null,
    );
    // 200,000,000 + ⌊40% × 638⌋
    expect(banner.data!.jackpotBanner).toEqual({ identifier: 'JP0002', amount: 200_000_255 });
    // A player cooling off is shown no banner (issue 23: no marketing); another player is.
    const resting = player('banner-cooling-off');
    const cooled = await t.gql(
      'mutation { startCoolOff(length: HOURS_24, confirm: true) { canPlay } }',
      {},
      resting,
    );
    expect(cooled.errors).toBeUndefined();
    const hidden = await t.gql<{ jackpotBanner: unknown }>('{ jackpotBanner { identifier } }', {}, resting);
    expect(hidden.data!.jackpotBanner).toBeNull();
    const shown = await t.gql<{ jackpotBanner: unknown }>(
      '{ jackpotBanner { identifier } }',
      {},
      player('banner-playing'),
    );
    expect(shown.data!.jackpotBanner).toEqual({ identifier: 'JP0002' });
  });
  it('the demo keeper opens a Lucky Six from upcoming matches when none is open, once (idempotent)', async () => {
    const open = async () =>
      (
        await t.services.sql.query<{ issue_id: string }>(
          `SELECT issue_id FROM pool_issues WHERE status = 'open' ORDER BY issue_id`,
        )
      ).rows.map((r) => r.issue_id);
    await keepDemoIssues(t.services);
    await t.services.projections.settle();
    const first = await open();
    await keepDemoIssues(t.services);
    await t.services.projections.settle();
    expect(first).toEqual(['JP0002', 'L60003']);
    expect(await open()).toEqual(first);
  });
});
