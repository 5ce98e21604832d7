/**
 * Player protections through GraphQL and on the money path (issue 23 items 2 and 4; decision 0048):
 * deposits are refused when asked for, football bets when their stake is paid, with the protection's
 * code and the amount left; withdrawals stay open; raises wait 24 hours and a confirmation; staff see the
 * history and the refused attempts but cannot lift a cool-off or exclusion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { creditTestPlayer, registerTestPlayer } from '../backoffice/testing.ts';
import { fund, startPaymentsHarness, type PaymentsHarness } from '../payments/testing.ts';

const VIEW =
  'canPlay coolingOffUntil limits { kind limit used left resetsAt } pending { kind value confirmableFrom confirmable } selfExclusion { until permanent }';
const SET = `mutation ($kind: ProtectionLimitKind!, $value: Int) { setProtectionLimit(kind: $kind, value: $value) { ${VIEW} } }`;
const CONFIRM = `mutation ($kind: ProtectionLimitKind!) { confirmProtectionLimit(kind: $kind) { ${VIEW} } }`;
const COOL_OFF = `mutation ($length: CoolOffLength!, $confirm: Boolean!) { startCoolOff(length: $length, confirm: $confirm) { ${VIEW} } }`;
const EXCLUDE = `mutation ($length: ExclusionLength!, $confirm: Boolean!) { selfExclude(length: $length, confirm: $confirm) { ${VIEW} } }`;
const DEPOSIT = `mutation ($input: DepositInput!) { deposit(input: $input) { id } }`;
const WITHDRAW = `mutation ($input: WithdrawInput!) { withdraw(input: $input) { id status } }`;
const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code message } }`;
const HOUR = 3_600_000;

type Gql = { errors?: { extensions?: { code?: string; details?: Record<string, unknown> } }[] };
const code = (r: Gql) => r.errors?.[0]?.extensions?.code;
const details = (r: Gql) => r.errors?.[0]?.extensions?.details;

/**
 * Each attempt of a test gets players of its own (`FORCE_RETRY=1`, CI's retry: a retried attempt runs in
 * the same app and database, where the first attempt's limits, deposits and exclusions stay).
 */
let attempts = 0;
const freshPlayer = (name: string, phonePrefix: string) => {
  attempts += 1;
  return { userId: `${name}-${attempts}`, phone: `${phonePrefix}${String(attempts).padStart(4, '0')}` };
};

describe('deposits: refused when asked for, with the amount left; withdrawals open', () => {
  let h: PaymentsHarness;
  let n = 0;
  const deposit = (userId: string, amount: number) =>
    h.t.gql(DEPOSIT, { input: { requestId: `p${++n}`, amount } }, player(userId));
  const newPlayer = async (name: string) => {
    const { userId, phone } = freshPlayer(name, '+25571200');
    await h.addPlayer(userId, phone, 3);
    return userId;
  };
  beforeAll(async () => {
    h = await startPaymentsHarness();
  });
  afterAll(async () => h.close());

  it('a daily deposit limit of 5,000 refuses 6,000 (LIMIT_DEPOSIT_DAY, left 5,000) and counts deposits in flight', async () => {
    const pd1 = await newPlayer('pd1');
    const set = await h.t.gql(SET, { kind: 'DEPOSIT_DAY', value: 5_000 }, player(pd1));
    expect(set.errors).toBeUndefined();
    const over = await deposit(pd1, 6_000);
    expect(code(over)).toBe('LIMIT_DEPOSIT_DAY');
    expect(details(over)).toMatchObject({ left: 5_000, limit: 5_000, used: 0, period: 'day' });
    expect((await deposit(pd1, 4_000)).errors).toBeUndefined();
    // 4,000 asked for and not credited yet: 1,000 left
    const second = await deposit(pd1, 2_000);
    expect(code(second)).toBe('LIMIT_DEPOSIT_DAY');
    expect(details(second)).toMatchObject({ left: 1_000 });
    expect((await deposit(pd1, 1_000)).errors).toBeUndefined();
  });

  it('a cool-off refuses deposits but not withdrawals', async () => {
    const pd2 = await newPlayer('pd2');
    await fund(h.t, pd2, 20_000, `${pd2}-fund`);
    const missing = await h.t.gql(COOL_OFF, { length: 'HOURS_24', confirm: false }, player(pd2));
    expect(code(missing)).toBe('CONFIRMATION_REQUIRED');
    const cool = await h.t.gql<{ startCoolOff: { canPlay: boolean; coolingOffUntil: string } }>(
      COOL_OFF,
      { length: 'HOURS_24', confirm: true },
      player(pd2),
    );
    expect(cool.data?.startCoolOff.canPlay).toBe(false);
    expect(Date.parse(cool.data!.startCoolOff.coolingOffUntil)).toBe(h.now + 24 * HOUR);
    expect(code(await deposit(pd2, 1_000))).toBe('COOL_OFF');
    const out = await h.t.gql(WITHDRAW, { input: { requestId: `w-${pd2}`, amount: 10_000 } }, player(pd2));
    expect(out.errors).toBeUndefined();
    h.now += 24 * HOUR;
    expect((await deposit(pd2, 1_000)).errors).toBeUndefined();
  });
});

describe('football bets: every stake checked on the money path', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-23T06:00:00Z'); // 09:00 EAT
  let m: TestMatch;
  let requests = 0;
  const officer = staff('rg', ['users.view', 'users.edit', 'stats.view']);
  const bet = async (userId: string, amount: number) => {
    const r = await t.gql<{ placeBet: { status: string; code: string | null } }>(
      PLACE,
      {
        input: {
          requestId: `rg-${++requests}`,
          payType: 'BALANCE',
          amount,
          selections: [{ selectionId: m.outcomes.draw, odds: '3.40' }],
          oddsChange: 'NONE',
        },
      },
      player(userId),
    );
    expect(r.errors).toBeUndefined();
    return r.data!.placeBet.status === 'PLACED' ? 'PLACED' : r.data!.placeBet.code;
  };

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    m = await insertTestMatch(t.services.sql, {
      home: 'Simba',
      away: 'Yanga',
      startTime: new Date(now + 30 * 24 * HOUR),
    });
  });
  afterAll(async () => t.close());

  /** A registered player of this attempt with 100,000 TZS. */
  const newPlayer = async (name: string) => {
    const { userId, phone } = freshPlayer(name, '+25578100');
    await registerTestPlayer(t, userId, phone);
    await creditTestPlayer(t, userId, 100_000, `c-${userId}`);
    return userId;
  };
  /** The refused attempts staff see by code, over the whole test year (read model caught up first). */
  const refusals = async (): Promise<Record<string, number>> => {
    await t.services.projections.settle();
    const stats = await t.gql<{ protectionRefusals: { code: string; kind: string; count: number }[] }>(
      `query ($from: DateTime!, $to: DateTime!) { protectionRefusals(from: $from, to: $to) { code kind count amount players } }`,
      { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' },
      officer,
    );
    expect(stats.errors).toBeUndefined();
    return Object.fromEntries(stats.data!.protectionRefusals.map((r) => [r.code, r.count]));
  };
  /** How many more refusals of each code than in `before` (0 when none). */
  const added = (before: Record<string, number>, after: Record<string, number>, codes: readonly string[]) =>
    Object.fromEntries(codes.map((c) => [c, (after[c] ?? 0) - (before[c] ?? 0)]));

  it('a daily stake limit refuses the stake over it; a raise waits 24 hours and a confirmation', async () => {
    const rg1 = await newPlayer('rg1');
    const before = await refusals();
    expect((await t.gql(SET, { kind: 'STAKE_DAY', value: 3_000 }, player(rg1))).errors).toBeUndefined();
    expect(await bet(rg1, 2_000)).toBe('PLACED');
    expect(await bet(rg1, 1_500)).toBe('LIMIT_STAKE_DAY');
    expect(await bet(rg1, 1_000)).toBe('PLACED');
    expect(await bet(rg1, 100)).toBe('LIMIT_STAKE_DAY');

    const raise = await t.gql<{ setProtectionLimit: { limits: { limit: number }[]; pending: unknown[] } }>(
      SET,
      { kind: 'STAKE_DAY', value: 10_000 },
      player(rg1),
    );
    expect(raise.data?.setProtectionLimit.limits[0]?.limit).toBe(3_000);
    expect(raise.data?.setProtectionLimit.pending).toMatchObject([
      {
        kind: 'STAKE_DAY',
        value: 10_000,
        confirmable: false,
        confirmableFrom: new Date(now + 24 * HOUR).toISOString(),
      },
    ]);
    now += 23 * HOUR;
    expect(code(await t.gql(CONFIRM, { kind: 'STAKE_DAY' }, player(rg1)))).toBe('LIMIT_COOLING_PERIOD');
    now += HOUR;
    const confirmed = await t.gql<{ confirmProtectionLimit: { limits: { limit: number }[] } }>(
      CONFIRM,
      { kind: 'STAKE_DAY' },
      player(rg1),
    );
    expect(confirmed.data?.confirmProtectionLimit.limits[0]?.limit).toBe(10_000);
    expect(await bet(rg1, 9_000)).toBe('PLACED');
    // a lower limit applies at once
    expect((await t.gql(SET, { kind: 'STAKE_BET', value: 500 }, player(rg1))).errors).toBeUndefined();
    expect(await bet(rg1, 600)).toBe('LIMIT_STAKE_BET');
    // staff see this test's refusals
    expect(added(before, await refusals(), ['LIMIT_STAKE_DAY', 'LIMIT_STAKE_BET'])).toEqual({
      LIMIT_STAKE_DAY: 2,
      LIMIT_STAKE_BET: 1,
    });
  });

  it('a loss limit counts stakes minus returns', async () => {
    const rg2 = await newPlayer('rg2');
    const before = await refusals();
    expect((await t.gql(SET, { kind: 'LOSS_WEEK', value: 5_000 }, player(rg2))).errors).toBeUndefined();
    expect(await bet(rg2, 5_000)).toBe('PLACED');
    expect(await bet(rg2, 1_000)).toBe('LIMIT_LOSS_WEEK');
    expect(added(before, await refusals(), ['LIMIT_LOSS_WEEK'])).toEqual({ LIMIT_LOSS_WEEK: 1 });
  });

  it('self-exclusion refuses every bet; staff cannot shorten it; history and refusals are there for staff', async () => {
    const rg3 = await newPlayer('rg3');
    const before = await refusals();
    const ex = await t.gql<{ selfExclude: { canPlay: boolean; selfExclusion: { permanent: boolean } } }>(
      EXCLUDE,
      { length: 'YEAR_1', confirm: true },
      player(rg3),
    );
    expect(ex.data?.selfExclude).toMatchObject({ canPlay: false, selfExclusion: { permanent: false } });
    expect(await bet(rg3, 1_000)).toBe('SELF_EXCLUDED');
    const shorter = await t.gql(
      `mutation { staffSelfExclude(userId: "${rg3}", length: MONTHS_6, reason: "player called") { canPlay } }`,
      {},
      officer,
    );
    expect(code(shorter)).toBe('ALREADY_SELF_EXCLUDED');
    const coolOff = await t.gql(
      `mutation { staffStartCoolOff(userId: "${rg3}", length: HOURS_24, reason: "asked") { canPlay } }`,
      {},
      officer,
    );
    expect(code(coolOff)).toBe('SELF_EXCLUDED');
    const reopen = await t.gql(`mutation { requestReopen { canPlay } }`, {}, player(rg3));
    expect(code(reopen)).toBe('SELF_EXCLUDED');

    await t.services.projections.settle();
    const history = await t.gql<{
      playerProtectionHistory: { type: string; actor: string; period: string }[];
    }>(`{ playerProtectionHistory(userId: "${rg3}") { type actor period at } }`, {}, officer);
    expect(history.data?.playerProtectionHistory).toMatchObject([
      { type: 'SelfExclusionStarted', actor: `player:${rg3}`, period: '1y' },
    ]);
    const listed = await t.gql<{ protectedPlayers: { userId: string }[] }>(
      `{ protectedPlayers(status: EXCLUDED) { userId excludedUntil } }`,
      {},
      officer,
    );
    expect(listed.data?.protectedPlayers.map((p) => p.userId)).toContain(rg3);
    expect(added(before, await refusals(), ['SELF_EXCLUDED'])).toEqual({ SELF_EXCLUDED: 1 });
  });
});
