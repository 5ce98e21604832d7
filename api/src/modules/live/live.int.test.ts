import { randomInt } from 'node:crypto';
import { normalizeTzPhone } from '@bashiri/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_UPDATED, ODDS_CHANGED } from '../catalogue/index.ts';
import type { MatchUpdated, OddsChanged } from '../catalogue/index.ts';
import { TEST_ADMIN, openTestApp } from '../identity/testing.ts';
import type { TestApp } from '../identity/testing.ts';
import { BETTING_PAUSE, pauseInForce } from './pause.ts';
import { startPauseWatcher } from './pause.ts';
import { connectWs, untilReceived } from './testing.ts';
import type { WsClient, WsEvent } from './testing.ts';

const WATCH = `subscription ($ids: [ID!]!) {
  watchMatches(matchIds: $ids) {
    selections { selectionId matchId odds statusId isLive }
    matches { matchId status homeScore awayScore matchMinute objectVersion visible suspended }
  }
}`;
const LIVE_LIST =
  'subscription { liveMatchList { selections { selectionId } matches { matchId status homeScore } } }';
const PAUSE_SUB = 'subscription { bettingPause { paused prompt } }';
const SET_PAUSE = `mutation ($paused: Boolean!, $prompt: String) { setBettingPause(paused: $paused, prompt: $prompt) { paused prompt } }`;
const WALLET_SUB = 'subscription { myWallet { balance creditMoney } }';
const SETTLED_SUB = 'subscription { mySettledBets { betId status } }';
const ADJUST = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`;
const STAFF_LOGIN = `mutation ($a: String!, $p: String!) { staffLogin(account: $a, password: $p) { token } }`;

export const matchUpdated = (matchId: string, over: Partial<MatchUpdated> = {}): MatchUpdated => ({
  matchId,
  objectVersion: 1,
  status: 2,
  startTime: '2026-05-01T12:00:00.000Z',
  matchMinute: '23',
  homeScore: 1,
  awayScore: 0,
  htHomeScore: null,
  htAwayScore: null,
  visible: true,
  suspended: false,
  popular: false,
  todayPopular: false,
  oddsBoost: false,
  maintenance: false,
  sequence: 0,
  cancelReason: null,
  ...over,
});

export const oddsChanged = (
  matchId: string,
  outcomeId: string,
  odds: string | null,
  statusId = 1,
): OddsChanged => ({
  matchId,
  outcomes: [{ outcomeId, odds, statusId, isLive: true }],
});

const dataOf = (event: WsEvent): Record<string, unknown> => {
  if (event.type !== 'next') throw new Error(`expected data, got ${JSON.stringify(event)}`);
  return event.payload.data ?? {};
};

describe('live subscriptions over a real websocket (graphql-transport-ws)', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  const clients: WsClient[] = [];
  const connect = async (payload: Record<string, unknown> = {}) => {
    const client = await connectWs(url, payload);
    clients.push(client);
    return client;
  };

  /** A phone number of this attempt's own (a retry in CI registers again in the same database): 07453xxxxx. */
  const freshPhone = () => `07453${String(randomInt(100_000)).padStart(5, '0')}`;

  const registerPlayer = async (phone: string): Promise<{ token: string; userId: string }> => {
    const sent = await t.gql(
      'mutation ($phone: String!) { requestSmsCode(phone: $phone, purpose: REGISTER) }',
      {
        phone,
      },
    );
    expect(sent.errors).toBeUndefined();
    const code = await t.smsCode(normalizeTzPhone(phone)!, 'register');
    const r = await t.gql<{ register: { token: string; player: { id: string } } }>(
      'mutation ($input: RegisterInput!) { register(input: $input) { token player { id } } }',
      {
        input: { phone, password: 'pass1', confirmPassword: 'pass1', code, adult: true, acceptTerms: true },
      },
    );
    expect(r.errors).toBeUndefined();
    return { token: r.data!.register.token, userId: r.data!.register.player.id };
  };

  beforeAll(async () => {
    t = await openTestApp();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `${address.replace(/^http/, 'ws')}/graphql`;
    const login = await t.gql<{ staffLogin: { token: string } }>(STAFF_LOGIN, {
      a: TEST_ADMIN.account,
      p: TEST_ADMIN.password,
    });
    expect(login.errors).toBeUndefined();
    admin = login.data!.staffLogin.token;
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await t.close();
  });

  it('watchMatches delivers odds and match changes of watched matches only (spec §4 monitoring)', async () => {
    const client = await connect();
    const sub = client.subscribe(WATCH, { ids: ['101', '0102'] });
    // Live on the server once a probe for a watched match comes back.
    await untilReceived(
      sub,
      () => t.services.publish(ODDS_CHANGED, oddsChanged('101', '9001', '1.50')),
      () => true,
    );
    while (sub.pending.length > 0) await sub.next();

    t.services.publish(ODDS_CHANGED, oddsChanged('999', '9999', '7.77'));
    t.services.publish(MATCH_UPDATED, matchUpdated('999'));
    t.services.publish(ODDS_CHANGED, oddsChanged('101', '9001', null, 4));
    t.services.publish(
      MATCH_UPDATED,
      matchUpdated('102', { objectVersion: 7, homeScore: 2, matchMinute: '67' }),
    );

    expect(dataOf(await sub.next())).toEqual({
      watchMatches: {
        selections: [{ selectionId: '9001', matchId: '101', odds: null, statusId: 4, isLive: true }],
        matches: [],
      },
    });
    expect(dataOf(await sub.next())).toEqual({
      watchMatches: {
        selections: [],
        matches: [
          {
            matchId: '102',
            status: 2,
            homeScore: 2,
            awayScore: 0,
            matchMinute: '67',
            objectVersion: 7,
            visible: true,
            suspended: false,
          },
        ],
      },
    });
    expect(sub.pending).toEqual([]);
  });

  it('refuses more than 200 ids and ids that are not numbers with BAD_INPUT', async () => {
    const client = await connect();
    const many = client.subscribe(WATCH, { ids: Array.from({ length: 201 }, (_, i) => String(i + 1)) });
    const bad = client.subscribe(WATCH, { ids: ['12x'] });
    for (const event of [await many.next(), await bad.next()]) {
      expect(event.type).toBe('error');
      expect((event as Extract<WsEvent, { type: 'error' }>).payload[0]!.extensions).toMatchObject({
        code: 'BAD_INPUT',
        field: 'matchIds',
      });
    }
  });

  it('liveMatchList delivers in-play and final statuses, not pre-match changes', async () => {
    const client = await connect();
    const sub = client.subscribe(LIVE_LIST);
    await untilReceived(
      sub,
      () => t.services.publish(MATCH_UPDATED, matchUpdated('301')),
      () => true,
    );
    while (sub.pending.length > 0) await sub.next();
    t.services.publish(MATCH_UPDATED, matchUpdated('302', { status: 1, homeScore: null, awayScore: null }));
    t.services.publish(ODDS_CHANGED, oddsChanged('301', '1', '2.00'));
    t.services.publish(MATCH_UPDATED, matchUpdated('301', { status: 3, homeScore: 2 }));
    expect(dataOf(await sub.next())).toEqual({
      liveMatchList: { selections: [], matches: [{ matchId: '301', status: 3, homeScore: 2 }] },
    });
    expect(sub.pending).toEqual([]);
  });

  it('sends the heartbeat ping (spec §7)', async () => {
    const client = await connect();
    expect(client.pings).toBeGreaterThanOrEqual(1);
  });

  it('bettingPause fires after setBettingPause (audited, a new config version in force)', async () => {
    const client = await connect();
    const sub = client.subscribe(PAUSE_SUB);
    const current = await pauseInForce(t.services.sql, t.services.now());
    await untilReceived(
      sub,
      () => t.services.publish(BETTING_PAUSE, current),
      () => true,
    );
    while (sub.pending.length > 0) await sub.next();
    // The audit rows of this attempt only (a retry in CI runs again in the same database).
    const last = (
      await t.services.sql.query<{ last: string }>(
        `SELECT coalesce(max(id), 0)::text AS last FROM staff_audit_log WHERE action = 'bet_config.set_pause'`,
      )
    ).rows[0]!.last;

    const set = await t.gql(SET_PAUSE, { paused: true, prompt: 'Matengenezo mafupi' }, { token: admin });
    expect(set).toEqual({ data: { setBettingPause: { paused: true, prompt: 'Matengenezo mafupi' } } });
    expect(dataOf(await sub.next())).toEqual({
      bettingPause: { paused: true, prompt: 'Matengenezo mafupi' },
    });
    expect(await t.gql('{ bettingPause { paused prompt } }')).toEqual({
      data: { bettingPause: { paused: true, prompt: 'Matengenezo mafupi' } },
    });
    const audited = await t.services.sql.query<{ actor: string; before: unknown; after: unknown }>(
      `SELECT actor, before, after FROM staff_audit_log WHERE action = 'bet_config.set_pause' AND id > $1
       ORDER BY id`,
      [last],
    );
    expect(audited.rows).toHaveLength(1);
    expect(audited.rows[0]).toMatchObject({
      actor: expect.stringMatching(/^staff:/),
      before: { paused: false },
      after: { paused: true, prompt: 'Matengenezo mafupi', noBet: 1 },
    });

    // Resuming keeps the prompt when none is given.
    const resumed = await t.gql(SET_PAUSE, { paused: false }, { token: admin });
    expect(resumed).toEqual({ data: { setBettingPause: { paused: false, prompt: 'Matengenezo mafupi' } } });
    expect(dataOf(await sub.next())).toEqual({
      bettingPause: { paused: false, prompt: 'Matengenezo mafupi' },
    });
  });

  it('setBettingPause needs config.edit', async () => {
    const anonymous = await t.gql(SET_PAUSE, { paused: true });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const { token } = await registerPlayer(freshPhone());
    const asPlayer = await t.gql(SET_PAUSE, { paused: true }, { token });
    expect(asPlayer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const tooLong = await t.gql(SET_PAUSE, { paused: true, prompt: 'x'.repeat(501) }, { token: admin });
    expect(tooLong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_INPUT', field: 'prompt' });
  });

  it('the watcher publishes a scheduled configuration version when it comes into force', async () => {
    // A prompt of this attempt's own: a retry finds the first attempt's version in force, and the
    // watcher publishes a change only.
    const prompt = `Scheduled ${randomInt(1_000_000)}`;
    const stop = await startPauseWatcher(t.services, 50);
    try {
      const client = await connect();
      const sub = client.subscribe(PAUSE_SUB);
      const current = await pauseInForce(t.services.sql, t.services.now());
      await untilReceived(
        sub,
        () => t.services.publish(BETTING_PAUSE, current),
        () => true,
      );
      while (sub.pending.length > 0) await sub.next();
      const { rows } = await t.services.sql.query<{ config: Record<string, unknown> }>(
        'SELECT config FROM bet_config_versions ORDER BY effective_from DESC, id DESC LIMIT 1',
      );
      await t.services.sql.query(
        `INSERT INTO bet_config_versions (effective_from, config, created_by) VALUES ($1, $2::jsonb, 'test')`,
        [
          new Date(t.services.now() + 300).toISOString(),
          JSON.stringify({ ...rows[0]!.config, noBet: 1, pausePrompt: prompt }),
        ],
      );
      expect(dataOf(await sub.next(5_000))).toEqual({ bettingPause: { paused: true, prompt } });
    } finally {
      await stop();
    }
  });

  it('myWallet and mySettledBets deliver to the player whose token is in connection_init', async () => {
    const { token, userId } = await registerPlayer(freshPhone());
    const client = await connect({ authorization: `Bearer ${token}` });
    const wallet = client.subscribe(WALLET_SUB);
    const settled = client.subscribe(SETTLED_SUB);
    // The first message is the wallet as it is once subscribed (decision 0213): the subscription is live.
    expect(dataOf(await wallet.next())).toEqual({ myWallet: { balance: 0, creditMoney: 0 } });

    const adjusted = await t.gql(
      ADJUST,
      {
        input: {
          userId,
          pocket: 'BALANCE',
          amount: 5_000,
          reason: 'welcome',
          requestId: crypto.randomUUID(),
        },
      },
      { token: admin },
    );
    expect(adjusted.errors).toBeUndefined();
    expect(dataOf(await wallet.next())).toEqual({ myWallet: { balance: 5_000, creditMoney: 0 } });
    // A page that subscribes after a credit (its query read before it: a welcome bonus paid while the
    // page loads) gets the credit in the first message, with no change after it.
    const later = client.subscribe(WALLET_SUB);
    expect(dataOf(await later.next())).toEqual({ myWallet: { balance: 5_000, creditMoney: 0 } });

    // The settlement worker publishes BET_SETTLED:<userId> (betting/settlement.ts); the socket carries it.
    const notice = { betId: 'bet-1', status: 'settled', userId };
    const got = await untilReceived(
      settled,
      () => t.services.publish(`BET_SETTLED:${userId}`, notice),
      () => true,
    );
    expect(dataOf(got)).toEqual({ mySettledBets: { betId: 'bet-1', status: 'settled' } });
  });

  it('answers a subscription that needs a login with UNAUTHENTICATED for a bad or missing token', async () => {
    for (const payload of [{ authorization: 'Bearer not-a-real-token' }, {}]) {
      const client = await connect(payload);
      const event = await client.subscribe(WALLET_SUB).next();
      expect(event.type).toBe('error');
      expect((event as Extract<WsEvent, { type: 'error' }>).payload[0]!.extensions?.code).toBe(
        'UNAUTHENTICATED',
      );
    }
  });

  it('refuses a blacklisted address with IP_BLOCKED', async () => {
    const client = await connect();
    await t.services.sql.query(
      `INSERT INTO ip_blacklist (ip, note, created_by) VALUES ('127.0.0.1', 'test', 'test')`,
    );
    try {
      const event = await client.subscribe(WATCH, { ids: ['1'] }).next();
      expect(event.type).toBe('error');
      expect((event as Extract<WsEvent, { type: 'error' }>).payload[0]!.extensions?.code).toBe('IP_BLOCKED');
    } finally {
      await t.services.sql.query(`DELETE FROM ip_blacklist WHERE ip = '127.0.0.1'`);
    }
  });
});
