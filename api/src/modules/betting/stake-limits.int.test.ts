/**
 * Stake limits per channel at placement (spec §9 "min and max bet for mobile and desktop, and for
 * balance and free-bet payment"; docs/betting.md "Stake limits"): a player's bet must be within the
 * larger of the pay-type and channel minimums and the smaller of `maxBetAmount` and the channel maximum,
 * for the channel it says it comes from (absent = DESKTOP). Staff bets keep the general limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { creditTestPlayer, registerTestPlayer } from '../backoffice/testing.ts';

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code order { stake } } }`;
const ADMIN_PLACE = `mutation ($userId: ID!, $input: AdminPlaceBetInput!) {
  adminPlaceBet(userId: $userId, input: $input) { status code order { orderType stake } } }`;
const CHANNEL_STAKES =
  'minimumBetAmountMobile maximumBetAmountMobile minimumBetAmountDesktop maximumBetAmountDesktop';
const SET_BET = `mutation ($input: BetConfigInput!) { setBetConfig(input: $input) { ${CHANNEL_STAKES} } }`;
const HOUR = 3_600_000;

describe('stake limits per channel: the stricter of the general and the channel limits', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-22T09:00:00Z');
  let m: TestMatch;
  let requests = 0;
  const editor = staff('2', ['config.edit']);

  /** The answer to a player's single on the draw from `channel` (undefined = not sent). */
  const place = async (
    amount: number,
    channel: 'MOBILE' | 'DESKTOP' | undefined,
    payType: 'BALANCE' | 'CREDIT' = 'BALANCE',
  ) => {
    const answer = await t.gql<{ placeBet: { status: string; code: string | null } }>(
      PLACE,
      {
        input: {
          requestId: `limits-${++requests}`,
          payType,
          amount,
          selections: [{ selectionId: m.outcomes.draw, odds: '3.40' }],
          oddsChange: 'NONE',
          ...(channel ? { channel } : {}),
        },
      },
      player('lim1'),
    );
    expect(answer.errors).toBeUndefined();
    const { status, code } = answer.data!.placeBet;
    return status === 'PLACED' ? 'PLACED' : code;
  };
  const setConfig = async (input: Record<string, unknown>) => {
    now += 1_000;
    const answer = await t.gql(SET_BET, { input }, editor);
    expect(answer.errors).toBeUndefined();
    return answer.data;
  };

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    m = await insertTestMatch(t.services.sql, {
      home: 'Namungo',
      away: 'Tabora United',
      startTime: new Date(now + HOUR),
    });
    await registerTestPlayer(t, 'lim1', '+255781000501');
    await creditTestPlayer(t, 'lim1', 1_000_000, 'c-lim1');
    const credit = await t.gql(
      `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { creditMoney } }`,
      {
        input: {
          userId: 'lim1',
          pocket: 'CREDIT_MONEY',
          amount: 100_000,
          reason: 'test free bets',
          requestId: 'cm-lim1',
        },
      },
      staff('cashier', ['users.adjust_money']),
    );
    expect(credit.errors).toBeUndefined();
  });
  afterAll(async () => t.close());

  it('has no channel limits by default: both channels bet from the general minimum to the maximum', async () => {
    expect((await t.gql(`{ betConfig { ${CHANNEL_STAKES} maxBetAmount } }`)).data).toEqual({
      betConfig: {
        minimumBetAmountMobile: null,
        maximumBetAmountMobile: null,
        minimumBetAmountDesktop: null,
        maximumBetAmountDesktop: null,
        maxBetAmount: 3_000_000,
      },
    });
    expect(await place(100, 'MOBILE')).toBe('PLACED');
    expect(await place(100, 'DESKTOP')).toBe('PLACED');
    expect(await place(3_000_100, 'MOBILE')).toBe('STAKE_ABOVE_MAXIMUM');
  });

  it('refuses below and above the limits of the channel the bet comes from, and accepts at them', async () => {
    expect(
      await setConfig({
        minimumBetAmountMobile: 1_000,
        maximumBetAmountMobile: 20_000,
        minimumBetAmountDesktop: 500,
        maximumBetAmountDesktop: 50_000,
      }),
    ).toEqual({
      setBetConfig: {
        minimumBetAmountMobile: 1_000,
        maximumBetAmountMobile: 20_000,
        minimumBetAmountDesktop: 500,
        maximumBetAmountDesktop: 50_000,
      },
    });
    // The player-facing configuration carries them (the betslip shows its channel's limits).
    expect((await t.gql(`{ betConfig { ${CHANNEL_STAKES} } }`)).data).toEqual({
      betConfig: {
        minimumBetAmountMobile: 1_000,
        maximumBetAmountMobile: 20_000,
        minimumBetAmountDesktop: 500,
        maximumBetAmountDesktop: 50_000,
      },
    });
    // MOBILE: 1,000 – 20,000.
    expect(await place(900, 'MOBILE')).toBe('STAKE_BELOW_MINIMUM');
    expect(await place(1_000, 'MOBILE')).toBe('PLACED');
    expect(await place(20_000, 'MOBILE')).toBe('PLACED');
    expect(await place(20_100, 'MOBILE')).toBe('STAKE_ABOVE_MAXIMUM');
    // DESKTOP: 500 – 50,000; the mobile limits do not apply.
    expect(await place(400, 'DESKTOP')).toBe('STAKE_BELOW_MINIMUM');
    expect(await place(500, 'DESKTOP')).toBe('PLACED');
    expect(await place(900, 'DESKTOP')).toBe('PLACED');
    expect(await place(50_000, 'DESKTOP')).toBe('PLACED');
    expect(await place(50_100, 'DESKTOP')).toBe('STAKE_ABOVE_MAXIMUM');
    // No channel sent = DESKTOP.
    expect(await place(400, undefined)).toBe('STAKE_BELOW_MINIMUM');
    expect(await place(500, undefined)).toBe('PLACED');
    expect(await place(50_000, undefined)).toBe('PLACED');
    expect(await place(50_100, undefined)).toBe('STAKE_ABOVE_MAXIMUM');
  });

  it('takes the larger minimum of pay type and channel, and a channel maximum never lifts maxBetAmount', async () => {
    await setConfig({ minimumBetAmountVirtual: 1_500, maxBetAmount: 40_000 });
    // Credit from MOBILE: the credit minimum 1,500 is above the mobile 1,000.
    expect(await place(1_400, 'MOBILE', 'CREDIT')).toBe('STAKE_BELOW_MINIMUM');
    expect(await place(1_500, 'MOBILE', 'CREDIT')).toBe('PLACED');
    // Balance from MOBILE: the mobile minimum 1,000 is above the balance 100.
    expect(await place(900, 'MOBILE')).toBe('STAKE_BELOW_MINIMUM');
    // DESKTOP's 50,000 is above maxBetAmount 40,000: the smaller holds.
    expect(await place(40_000, 'DESKTOP')).toBe('PLACED');
    expect(await place(40_100, 'DESKTOP')).toBe('STAKE_ABOVE_MAXIMUM');
    await setConfig({ minimumBetAmountVirtual: 100, maxBetAmount: 3_000_000 });
  });

  it('keeps the general limits for staff bets, whatever the channel limits', async () => {
    const placer = staff('12', ['orders.place']);
    const admin = await t.gql<{ adminPlaceBet: { status: string; order: { stake: number } } }>(
      ADMIN_PLACE,
      {
        userId: 'lim1',
        input: {
          requestId: 'staff-limits-1',
          payType: 'BALANCE',
          amount: 100,
          selections: [{ selectionId: m.outcomes.draw, odds: '3.40' }],
          reason: 'phone bet below the channel minimums',
        },
      },
      placer,
    );
    expect(admin.errors).toBeUndefined();
    expect(admin.data!.adminPlaceBet).toMatchObject({ status: 'PLACED', order: { stake: 100 } });
  });

  it('drops a channel limit set back to null: the general limit applies again', async () => {
    await setConfig({ minimumBetAmountMobile: null, maximumBetAmountDesktop: null });
    expect(await place(100, 'MOBILE')).toBe('PLACED');
    expect(await place(20_100, 'MOBILE')).toBe('STAKE_ABOVE_MAXIMUM');
    expect(await place(60_000, 'DESKTOP')).toBe('PLACED');
    expect(await place(400, 'DESKTOP')).toBe('STAKE_BELOW_MINIMUM');
  });
});
