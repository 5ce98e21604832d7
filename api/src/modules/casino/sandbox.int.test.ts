/**
 * The sandbox provider end to end over real HTTP (issue 22 §4): the site listens on a port, the player
 * launches a game, the sandbox's game API plays crash and dice rounds calling our wallet API as a real
 * provider would; each round's seed hash is shown before and its seed revealed after; fault switches.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { seedSandboxProvider } from './index.ts';
import { crashPoint, diceRoll, settleCrash, settleDice } from '../casino-sandbox/index.ts';

const CREDIT = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`;
const LAUNCH = `mutation ($g: ID!, $demo: Boolean) { launchCasinoGame(providerId: "sandbox", gameId: $g, demo: $demo) { url sessionToken } }`;
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('casino sandbox provider over HTTP', () => {
  let t: TestApp;
  let base = '';
  let now = Date.now();
  const api = async (token: string, path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${base}/casino-sandbox/api/${token}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown> & { balance: number | null };
  };
  const faults = async (body: Record<string, boolean>) =>
    fetch(`${base}/casino-sandbox/_faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const launch = async (userId: string, gameId: string) => {
    const r = await t.gql<{ launchCasinoGame: { url: string; sessionToken: string } }>(
      LAUNCH,
      { g: gameId },
      player(userId),
    );
    return r.data!.launchCasinoGame;
  };

  beforeAll(async () => {
    t = await startTestApp({ now: () => now });
    await t.services.projections.settle();
    await seedSandboxProvider(t.services.sql);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    await t.gql(
      CREDIT,
      { input: { userId: 'p1', pocket: 'BALANCE', amount: 100_000, reason: 'test', requestId: 'fund-p1' } },
      staff('1', ['users.adjust_money']),
    );
  });
  afterAll(async () => t?.close());

  it('serves the game page at the launch URL, in the launch language', async () => {
    const { url } = await launch('p1', 'crash');
    const page = await fetch(`${base}${url.replace('lang=sw', 'lang=en')}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sky Plane');
    expect(html.length).toBeLessThan(12_000);
  });

  it('dice: the hash shown before is the SHA-256 of the seed revealed after; the roll and payout recompute', async () => {
    const { sessionToken: token } = await launch('p1', 'dice');
    const state = await api(token, 'state', { gameId: 'dice' });
    expect(state).toMatchObject({ status: 'RS_OK', balance: 100_000, demo: false });
    const r = await api(token, 'dice/roll', {
      gameId: 'dice',
      stake: 1_000,
      target: 5_000,
      direction: 'under',
    });
    expect(r.accepted).toBe(true);
    expect(sha(String(r.serverSeed))).toBe(state.nextHash);
    const roll = diceRoll({
      serverSeed: String(r.serverSeed),
      clientSeed: String(r.clientSeed),
      nonce: Number(r.nonce),
    });
    expect(r.roll).toBe(roll);
    const win = settleDice(1_000, { direction: 'under', target: 5_000 }, roll);
    expect(r.win).toBe(win);
    expect(r.balance).toBe(100_000 - 1_000 + win);
    expect(r.nextHash).not.toBe(state.nextHash);
  });

  it('crash: bet, cash out on the server clock; the win and the crash point recompute from the revealed seed', async () => {
    const { sessionToken: token } = await launch('p1', 'crash');
    const before = (await api(token, 'state', { gameId: 'crash' })).balance!;
    const bet = await api(token, 'crash/bet', { gameId: 'crash', stake: 2_000 });
    expect(bet).toMatchObject({ accepted: true, status: 'RS_OK', balance: before - 2_000 });
    now += 2_000; // 2 s later the multiplier is 1.12×
    const out = await api(token, 'crash/cashout', { gameId: 'crash', roundId: bet.roundId });
    const crash = crashPoint({
      serverSeed: String(out.serverSeed),
      clientSeed: String(out.clientSeed),
      nonce: Number(out.nonce),
    });
    expect(sha(String(out.serverSeed))).toBe(bet.hash);
    expect(out.crash).toBe(crash);
    const expected = settleCrash(2_000, crash >= 112 ? 112 : null, crash);
    expect(out.win).toBe(expected);
    expect(out.status).toBe(expected > 0 ? 'cashedOut' : 'crashed');
    expect(out.balance).toBe(before - 2_000 + expected);
  });

  it('crash: a cash-out while the multiplier shows 1.00x is refused and the round runs on (not lost)', async () => {
    const { sessionToken: token } = await launch('p1', 'crash');
    const before = (await api(token, 'state', { gameId: 'crash' })).balance!;
    const bet = await api(token, 'crash/bet', { gameId: 'crash', stake: 1_000 });
    expect(bet.accepted).toBe(true);
    const early = await fetch(`${base}/casino-sandbox/api/${token}/crash/cashout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gameId: 'crash', roundId: bet.roundId }),
    });
    const earlyBody = (await early.json()) as { error?: { code: string }; status?: string; win?: number };
    const running = await api(token, 'crash/round', { gameId: 'crash', roundId: bet.roundId });
    now += 3_000; // the multiplier shows 1.19x
    const out = await api(token, 'crash/cashout', { gameId: 'crash', roundId: bet.roundId });
    const crash = crashPoint({
      serverSeed: String(out.serverSeed),
      clientSeed: String(out.clientSeed),
      nonce: Number(out.nonce),
    });
    if (early.status === 200) {
      // Only a round that really crashed before the early call (the real timer) answers it: lost.
      expect(earlyBody).toMatchObject({ status: 'crashed', win: 0 });
      expect(crash).toBeLessThan(119);
      return;
    }
    expect(early.status).toBe(409);
    expect(earlyBody.error?.code).toBe('SANDBOX_CASHOUT_TOO_EARLY');
    expect(running.status).toBe('running');
    const expected = settleCrash(1_000, crash >= 119 ? 119 : null, crash);
    expect(out.win).toBe(expected);
    expect(out.balance).toBe(before - 1_000 + expected);
  });

  it('demo mode moves no money', async () => {
    const r = await t.gql<{ launchCasinoGame: { sessionToken: string } }>(LAUNCH, { g: 'dice', demo: true });
    const token = r.data!.launchCasinoGame.sessionToken;
    const roll = await api(token, 'dice/roll', { gameId: 'dice', mode: 'demo', stake: 5_000, target: 5_000 });
    expect(roll.accepted).toBe(true);
    const { sessionToken: real } = await launch('p1', 'dice');
    const balance = (await api(real, 'state', { gameId: 'dice' })).balance;
    const wallet = await t.services.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM casino_sessions WHERE token = $1 AND demo`,
      [token],
    );
    expect(wallet.rows[0]!.n).toBe(1);
    expect(balance).toBeGreaterThan(0);
  });

  it('faults: duplicated calls, a win before its bet, a rollback after a win, a bet timeout, bad signatures', async () => {
    const { sessionToken: token } = await launch('p1', 'dice');
    const before = (await api(token, 'state', { gameId: 'dice' })).balance!;
    await faults({ duplicate: true, winBeforeBet: false, rollbackAfterWin: true });
    const r = await api(token, 'dice/roll', {
      gameId: 'dice',
      stake: 1_000,
      target: 9_800,
      direction: 'under',
    });
    const log = (await (await fetch(`${base}/casino-sandbox/_faults`)).json()) as {
      log: { method: string; status: string; balance?: number; note?: string }[];
    };
    const tail = log.log.slice(-6);
    expect(tail.map((l) => [l.method, l.status])).toEqual([
      ['bet', 'RS_OK'],
      ['bet', 'RS_OK'],
      ['win', 'RS_OK'],
      ['win', 'RS_OK'],
      ['rollback', 'RS_ERROR_TRANSACTION_SETTLED'],
      ['rollback', 'RS_ERROR_TRANSACTION_SETTLED'],
    ]);
    expect(tail[1]!.balance).toBe(tail[0]!.balance);
    expect(r.balance).toBe(before - 1_000 + Number(r.win));
    await faults({ duplicate: false, rollbackAfterWin: false, betTimeout: true });
    const timedOut = await api(token, 'dice/roll', { gameId: 'dice', stake: 1_000, target: 5_000 });
    expect(timedOut).toMatchObject({ accepted: false, status: 'TIMEOUT_ROLLED_BACK', balance: r.balance });
    await faults({ betTimeout: false, winBeforeBet: true });
    const { sessionToken: crashToken } = await launch('p1', 'crash');
    await api(crashToken, 'crash/bet', { gameId: 'crash', stake: 500 });
    const early = (await (await fetch(`${base}/casino-sandbox/_faults`)).json()) as {
      log: { method: string; status: string }[];
    };
    expect(early.log.slice(-2).map((l) => [l.method, l.status])).toEqual([
      ['win', 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'],
      ['bet', 'RS_OK'],
    ]);
    await faults({ winBeforeBet: false, badSignature: true });
    const refused = await api(token, 'dice/roll', { gameId: 'dice', stake: 1_000, target: 5_000 });
    expect(refused).toMatchObject({ accepted: false, status: 'RS_ERROR_INVALID_SIGNATURE' });
    await faults({ badSignature: false });
  });
});
