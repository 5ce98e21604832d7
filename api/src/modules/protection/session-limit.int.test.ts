/**
 * The session-time limit on the money path (issue 23 "session time limit … checked by the server on
 * every … bet"; decision 0072): once the player's current session (the latest live login) has lasted
 * the limit, every stake — football bets through `placeBet`, jackpot tickets, racing and casino bets
 * through `moveMoney` — is refused with `LIMIT_SESSION` (details `left` 0, `limit`, `used` in minutes);
 * a new login starts a new session; deposits and withdrawals are not session-limited.
 */
import type { StakeProduct, WalletCommand } from '@bashiri/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, revokeSession } from '../../auth/sessions.ts';
import { player, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import type { TestMatch } from '../../testing/catalogue-fixtures.ts';
import { creditTestPlayer, registerTestPlayer } from '../backoffice/testing.ts';
import { checkProtection, moveMoney } from '../wallet/index.ts';

const SET = `mutation ($kind: ProtectionLimitKind!, $value: Int) { setProtectionLimit(kind: $kind, value: $value) { canPlay } }`;
const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code message } }`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('session-time limit: every stake refused once the session has lasted the limit', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-23T06:00:00Z'); // 09:00 EAT
  let m: TestMatch;
  let requests = 0;
  const login = (userId: string) =>
    openSession(t.services.sql, 'player', userId, now, { ip: null, userAgent: null });
  const bet = async (userId: string, amount = 1_000) => {
    const r = await t.gql<{ placeBet: { status: string; code: string | null } }>(
      PLACE,
      {
        input: {
          requestId: `sl-${++requests}`,
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
  /** A stake of `product` straight on the money path: `paid`, or the refusal's code and details. */
  const stake = (userId: string, product: StakeProduct, amount = 500) =>
    moveMoney<undefined, never, undefined, { code: string; details?: unknown } | 'paid'>(t.services, {
      userId,
      idempotencyKey: `stake-${++requests}`,
      decide: ({ wallet }) => {
        const debit: WalletCommand = {
          type: 'DebitStake',
          userId,
          at: new Date(now).toISOString(),
          actor: { kind: 'player', id: userId },
          movementId: `stake-${requests}`,
          betId: `b-${requests}`,
          product,
          payType: 1,
          amount,
        };
        const paid = wallet.pay(debit);
        return { answer: paid.ok ? 'paid' : { code: paid.error.code, details: paid.error.details } };
      },
    }).then((r) => r.answer);

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    m = await insertTestMatch(t.services.sql, {
      home: 'Azam',
      away: 'Coastal Union',
      startTime: new Date(now + 30 * 24 * HOUR),
    });
    for (const [u, phone] of [
      ['sl1', '+255781000701'],
      ['sl2', '+255781000702'],
      ['sl3', '+255781000703'],
    ] as const) {
      await registerTestPlayer(t, u, phone);
      await creditTestPlayer(t, u, 100_000, `c-${u}`);
    }
  });
  afterAll(async () => t.close());

  it('a 60-minute limit: bets pass for 59 minutes, then LIMIT_SESSION on every product; a new login starts afresh', async () => {
    const first = await login('sl1');
    expect((await t.gql(SET, { kind: 'SESSION_MINUTES', value: 60 }, player('sl1'))).errors).toBeUndefined();
    expect(await bet('sl1')).toBe('PLACED');
    expect(await stake('sl1', 'jackpot')).toBe('paid');
    expect(await stake('sl1', 'casino')).toBe('paid');
    now += 59 * MINUTE;
    expect(await bet('sl1')).toBe('PLACED');
    now += MINUTE;
    expect(await bet('sl1')).toBe('LIMIT_SESSION');
    for (const product of ['single', 'multiple', 'jackpot', 'racing', 'casino'] as const)
      expect(await stake('sl1', product)).toEqual({
        code: 'LIMIT_SESSION',
        details: { left: 0, limit: 60, used: 60, period: 'session', unit: 'minute' },
      });
    // a product's own check before it sends a request out answers the same
    const pre = await checkProtection(t.services, 'sl1', {
      kind: 'casinoBet',
      amount: 100,
      at: new Date(now).toISOString(),
    });
    expect(pre.ok ? 'ok' : pre.error.code).toBe('LIMIT_SESSION');
    // deposits are not limited by the session
    const deposit = await checkProtection(t.services, 'sl1', {
      kind: 'deposit',
      amount: 100,
      at: new Date(now).toISOString(),
    });
    expect(deposit.ok).toBe(true);
    // logging out and in again starts a new session (time since login, docs/responsible-gambling.md)
    await revokeSession(t.services.sql, first.sessionId, now);
    now += 5 * MINUTE;
    await login('sl1');
    expect(await bet('sl1')).toBe('PLACED');
    expect(await stake('sl1', 'casino')).toBe('paid');
  });

  it('the latest live login counts; a player with no live session, or no session limit, is not session-limited', async () => {
    await login('sl2');
    expect((await t.gql(SET, { kind: 'SESSION_MINUTES', value: 30 }, player('sl2'))).errors).toBeUndefined();
    now += 20 * MINUTE;
    await login('sl2'); // a second device
    now += 15 * MINUTE; // 35 minutes since the first login, 15 since the latest
    expect(await bet('sl2')).toBe('PLACED');
    now += 15 * MINUTE;
    expect(await bet('sl2')).toBe('LIMIT_SESSION');
    // no session limit: hours of play are fine
    await login('sl3');
    now += 10 * HOUR;
    expect(await bet('sl3')).toBe('PLACED');
  });

  it('the betslip figures: myStakeLeft is the room of the tightest stake limit; placeBet answers limitLeft when over', async () => {
    const left = async (userId: string) =>
      (await t.gql<{ myStakeLeft: number | null }>('{ myStakeLeft }', {}, player(userId))).data?.myStakeLeft;
    const place = async (userId: string, amount: number) =>
      (
        await t.gql<{ placeBet: { status: string; code: string | null; limitLeft: number | null } }>(
          `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code limitLeft } }`,
          {
            input: {
              requestId: `sl-${++requests}`,
              payType: 'BALANCE',
              amount,
              selections: [{ selectionId: m.outcomes.draw, odds: '3.40' }],
              oddsChange: 'NONE',
            },
          },
          player(userId),
        )
      ).data?.placeBet;
    expect(await left('sl3')).toBeNull();
    expect((await t.gql(SET, { kind: 'STAKE_DAY', value: 3_000 }, player('sl3'))).errors).toBeUndefined();
    expect((await t.gql(SET, { kind: 'LOSS_WEEK', value: 10_000 }, player('sl3'))).errors).toBeUndefined();
    expect(await left('sl3')).toBe(2_000); // 1,000 staked earlier today (EAT)
    expect(await place('sl3', 1_000)).toMatchObject({ status: 'PLACED', limitLeft: null });
    expect(await left('sl3')).toBe(1_000);
    expect(await place('sl3', 1_500)).toEqual({
      status: 'REJECTED',
      code: 'LIMIT_STAKE_DAY',
      limitLeft: 1_000,
    });
    // past the session limit: nothing may be staked
    now += 61 * MINUTE;
    expect(await left('sl1')).toBe(0);
    expect(await place('sl1', 1_000)).toEqual({ status: 'REJECTED', code: 'LIMIT_SESSION', limitLeft: 0 });
    expect(await left('guest')).toBeNull();
  });

  it('refusals by the session limit are counted for the statistics', async () => {
    const rows = await t.services.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM protection_refusals WHERE code = 'LIMIT_SESSION'`,
    );
    expect(rows.rows[0]!.count).toBe(9);
  });
});
