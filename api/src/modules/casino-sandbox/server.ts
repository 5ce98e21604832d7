/**
 * The sandbox provider's game server (issue 22 §4; docs/casino.md "The sandbox provider's games"):
 * routes under `/casino-sandbox/`, started in the same process as the site (as the payment sandboxes
 * are), that talk to our wallet only over HTTP through {@link walletClient}. Two games:
 *
 * - **crash**: `POST …/crash/bet` debits the stake (wallet `bet`) and starts the multiplier on the
 *   server's clock; `POST …/crash/cashout` cashes out at the multiplier the server's clock gives
 *   (`manualCashOut`; HTTP 409 `SANDBOX_CASHOUT_TOO_EARLY` while it still shows 1.00×, the round runs on), or the round settles by itself when it crashes (or reaches the auto cash-out);
 * - **dice**: `POST …/dice/roll` bets, rolls and settles at once.
 *
 * Provably fair: each player session holds the next round's server seed, and shows only its SHA-256
 * before the bet; the seed is revealed with the round's result, then a new one is drawn
 * (`crypto.randomBytes`). In demo mode no wallet call is made: a play balance of 100,000 lives here.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  crashPoint,
  diceRoll,
  isCrashTarget,
  isDiceBet,
  manualCashOut,
  msToReach,
  seedHash,
  settleCrash,
  settleDice,
  crashEndMs,
} from './games/index.ts';
import type { DiceBet } from './games/index.ts';
import { GAME_SCRIPT, renderGamePage, thumbnailSvg } from './pages.ts';
import { SANDBOX_PROVIDER, providerId, walletClient } from './wallet-client.ts';
import { SANDBOX_GAME_LIST, gameListRequestSigned } from './game-list.ts';
import type { WalletClient } from './wallet-client.ts';

/** The games the sandbox serves (our catalogue lists them under provider `sandbox`). */
export const SANDBOX_GAMES = ['crash', 'dice'] as const;
export type SandboxGame = (typeof SANDBOX_GAMES)[number];

/** The play balance of a demo session, TZS (no money). */
export const DEMO_BALANCE = 100_000;

interface CrashRound {
  readonly roundId: string;
  readonly stake: number;
  readonly betTx: string;
  readonly serverSeed: string;
  readonly hash: string;
  readonly clientSeed: string;
  readonly nonce: number;
  readonly crash: number;
  readonly startedAt: number;
  readonly autoCashOut: number | null;
  status: 'running' | 'cashedOut' | 'crashed';
  cashOutAt: number | null;
  win: number;
  balance: number | null;
  timer?: ReturnType<typeof setTimeout>;
  settling?: Promise<void>;
}

interface Session {
  readonly token: string;
  readonly gameId: string;
  readonly demo: boolean;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  demoBalance: number;
  readonly rounds: Map<string, CrashRound>;
}

const newSeed = () => randomBytes(32).toString('hex');

/** What the sandbox needs from the site: the clock, and how to reach our wallet over HTTP. */
export interface SandboxOptions {
  readonly now: () => number;
  /** Our wallet API's base URL, read at call time (the port is known once listening). */
  readonly walletUrl: () => string;
}

/** A sandbox error answered to the game page (HTTP 400/404) with a stable code. */
const fail = (code: string, message: string) => ({ error: { code, message } });

/** Registers the sandbox's pages and game API on `app`; answers the wallet client (for tests). */
export const registerSandbox = async (
  app: FastifyInstance,
  options: SandboxOptions,
): Promise<WalletClient> => {
  const wallet = walletClient(options.walletUrl, options.now);
  const sessions = new Map<string, Session>();
  const sessionOf = (token: string, gameId: string, demo: boolean): Session => {
    let s = sessions.get(token);
    if (!s) {
      if (sessions.size > 10_000) sessions.clear();
      s = {
        token,
        gameId,
        demo,
        serverSeed: newSeed(),
        clientSeed: token.slice(-8).replace(/[^A-Za-z0-9]/g, 'x') || 'player',
        nonce: 0,
        demoBalance: DEMO_BALANCE,
        rounds: new Map(),
      };
      sessions.set(token, s);
    }
    return s;
  };
  /** Uses the session's committed seed for one round, then draws the next one. */
  const takeSeed = (s: Session) => {
    const used = { serverSeed: s.serverSeed, clientSeed: s.clientSeed, nonce: s.nonce };
    s.serverSeed = newSeed();
    s.nonce += 1;
    return used;
  };
  const fairness = (s: Session) => ({
    nextHash: seedHash(s.serverSeed),
    clientSeed: s.clientSeed,
    nextNonce: s.nonce,
  });

  /** Debits a stake: the wallet's answer, or the demo balance. */
  const debit = async (s: Session, roundId: string, txId: string, stake: number) => {
    if (s.demo) {
      if (stake > s.demoBalance)
        return { ok: false as const, status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: s.demoBalance };
      s.demoBalance -= stake;
      return { ok: true as const, balance: s.demoBalance };
    }
    const body = { sessionToken: s.token, gameId: s.gameId, roundId, transactionId: txId, amount: stake };
    if (wallet.faults.betTimeout) {
      // The bet's answer "never arrives": a real provider cancels it with a rollback and tells the player.
      await wallet.call('bet', body, 'answer ignored (timeout)');
      const rb = await wallet.call('rollback', {
        sessionToken: s.token,
        gameId: s.gameId,
        roundId,
        transactionId: `${txId}-rb`,
        betTransactionId: txId,
      });
      return { ok: false as const, status: 'TIMEOUT_ROLLED_BACK', balance: rb.balance ?? null };
    }
    const answer = await wallet.call('bet', body);
    return answer.status === 'RS_OK'
      ? { ok: true as const, balance: answer.balance! }
      : { ok: false as const, status: answer.status, balance: answer.balance ?? null };
  };
  /** Credits a round's win (0 closes a lost bet): the balance after, or null when the wallet refused. */
  const credit = async (
    s: Session,
    roundId: string,
    betTx: string,
    amount: number,
  ): Promise<number | null> => {
    if (s.demo) {
      s.demoBalance += amount;
      return s.demoBalance;
    }
    const body = {
      sessionToken: s.token,
      gameId: s.gameId,
      roundId,
      transactionId: `${betTx}-win`,
      betTransactionId: betTx,
      amount,
    };
    let answer = await wallet.call('win', body);
    // A provider retries a win until it is accepted or definitively refused.
    for (let i = 0; i < 3 && answer.status === 'RS_ERROR_UNKNOWN'; i += 1)
      answer = await wallet.call('win', body, 'retry');
    if (wallet.faults.rollbackAfterWin)
      await wallet.call(
        'rollback',
        {
          sessionToken: s.token,
          gameId: s.gameId,
          roundId,
          transactionId: `${betTx}-rb`,
          betTransactionId: betTx,
        },
        'rollback after win (fault)',
      );
    return answer.status === 'RS_OK' ? answer.balance! : null;
  };

  const settleRound = (s: Session, r: CrashRound, cashOutAt: number | null): Promise<void> => {
    if (r.settling) return r.settling;
    if (r.timer) clearTimeout(r.timer);
    r.cashOutAt = cashOutAt;
    r.win = settleCrash(r.stake, cashOutAt, r.crash);
    r.status = r.win > 0 ? 'cashedOut' : 'crashed';
    r.settling = credit(s, r.roundId, r.betTx, r.win).then((balance) => {
      r.balance = balance;
    });
    return r.settling;
  };
  const crashView = (r: CrashRound, now: number) => ({
    roundId: r.roundId,
    status: r.status,
    stake: r.stake,
    elapsedMs: now - r.startedAt,
    hash: r.hash,
    autoCashOut: r.autoCashOut,
    ...(r.status === 'running'
      ? {}
      : {
          crash: r.crash,
          cashOutAt: r.cashOutAt,
          win: r.win,
          balance: r.balance,
          serverSeed: r.serverSeed,
          clientSeed: r.clientSeed,
          nonce: r.nonce,
        }),
  });

  await app.register(async (scope) => {
    // The provider's game list for operators (game-list.ts): a signed GET.
    scope.get('/casino-sandbox/games', async (request, reply) => {
      if (
        !gameListRequestSigned(request.headers, SANDBOX_PROVIDER.id, SANDBOX_PROVIDER.secret, options.now())
      )
        return reply.code(401).send(fail('SANDBOX_SIGNATURE_INVALID', 'missing, wrong or stale signature'));
      return reply.header('cache-control', 'no-store').send({ games: SANDBOX_GAME_LIST });
    });
    scope.get<{ Params: { gameId: string }; Querystring: { token?: string; lang?: string; mode?: string } }>(
      '/casino-sandbox/play/:gameId',
      async (request, reply) => {
        const gameId = request.params.gameId;
        if (!(SANDBOX_GAMES as readonly string[]).includes(gameId))
          return reply.code(404).send(fail('SANDBOX_GAME_UNKNOWN', 'no such game'));
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderGamePage(gameId as SandboxGame, request.query.lang ?? 'sw'));
      },
    );
    scope.get('/casino-sandbox/game.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(GAME_SCRIPT),
    );
    scope.get<{ Params: { name: string } }>('/casino-sandbox/thumbs/:name', async (request, reply) => {
      const game = request.params.name.replace(/\.svg$/, '');
      if (!(SANDBOX_GAMES as readonly string[]).includes(game)) return reply.code(404).send();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(thumbnailSvg(game as SandboxGame));
    });

    type Api = { Params: { token: string }; Body: Record<string, unknown> | undefined };
    const sessionFromRequest = (request: {
      params: { token: string };
      body: Record<string, unknown> | undefined;
    }) => {
      const body = request.body ?? {};
      const gameId = typeof body.gameId === 'string' ? body.gameId : 'crash';
      return sessionOf(request.params.token, gameId, body.mode === 'demo');
    };

    scope.post<Api>('/casino-sandbox/api/:token/state', async (request) => {
      const s = sessionFromRequest(request);
      if (
        typeof request.body?.clientSeed === 'string' &&
        /^[A-Za-z0-9_-]{1,32}$/.test(request.body.clientSeed)
      )
        s.clientSeed = request.body.clientSeed;
      let balance: number | null = s.demoBalance;
      let status = 'RS_OK';
      if (!s.demo) {
        const answer = await wallet.call('balance', { sessionToken: s.token, gameId: s.gameId });
        balance = answer.balance ?? null;
        status = answer.status;
      }
      return { status, balance, demo: s.demo, ...fairness(s) };
    });

    scope.post<Api>('/casino-sandbox/api/:token/crash/bet', async (request, reply) => {
      const s = sessionFromRequest(request);
      const stake = Number(request.body?.stake);
      const auto = request.body?.autoCashOut == null ? null : Number(request.body.autoCashOut);
      if (!Number.isSafeInteger(stake) || stake < 1)
        return reply.code(400).send(fail('SANDBOX_STAKE_INVALID', 'stake: whole TZS ≥ 1'));
      if (auto !== null && !isCrashTarget(auto))
        return reply
          .code(400)
          .send(fail('SANDBOX_TARGET_INVALID', 'autoCashOut: 101 to 1,000,000 hundredths'));
      const seed = takeSeed(s);
      const roundId = providerId('crash');
      const betTx = `${roundId}-bet`;
      if (wallet.faults.winBeforeBet && !s.demo)
        await wallet.call(
          'win',
          {
            sessionToken: s.token,
            gameId: s.gameId,
            roundId,
            transactionId: `${betTx}-early`,
            betTransactionId: betTx,
            amount: 0,
          },
          'win before bet (fault)',
        );
      const debited = await debit(s, roundId, betTx, stake);
      const crash = crashPoint(seed);
      const base = { roundId, hash: seedHash(seed.serverSeed), ...fairness(s) };
      if (!debited.ok)
        return {
          ...base,
          accepted: false,
          status: debited.status,
          balance: debited.balance,
          serverSeed: seed.serverSeed,
        };
      const now = options.now();
      const r: CrashRound = {
        roundId,
        stake,
        betTx,
        ...seed,
        hash: seedHash(seed.serverSeed),
        crash,
        startedAt: now,
        autoCashOut: auto,
        status: 'running',
        cashOutAt: null,
        win: 0,
        balance: null,
      };
      s.rounds.set(roundId, r);
      if (s.rounds.size > 200) s.rounds.delete(s.rounds.keys().next().value!);
      // The round ends by itself: at the auto cash-out when the multiplier reaches it first, else at the crash.
      const autoFirst = auto !== null && auto <= crash;
      const endMs = autoFirst ? msToReach(auto) : crashEndMs(crash);
      r.timer = setTimeout(() => void settleRound(s, r, autoFirst ? auto : null), Math.max(0, endMs));
      r.timer.unref?.();
      return { ...base, accepted: true, status: 'RS_OK', balance: debited.balance, startedAt: now };
    });

    scope.post<Api>('/casino-sandbox/api/:token/crash/cashout', async (request, reply) => {
      const s = sessionFromRequest(request);
      const r = s.rounds.get(String(request.body?.roundId ?? ''));
      if (!r) return reply.code(404).send(fail('SANDBOX_ROUND_UNKNOWN', 'no such round'));
      const now = options.now();
      if (r.status === 'running') {
        const out = manualCashOut(now - r.startedAt, r.crash);
        // Before 1.01× the round has not crashed: refuse, and let it run on (it is not lost).
        if (out.kind === 'tooEarly')
          return reply
            .code(409)
            .send(fail('SANDBOX_CASHOUT_TOO_EARLY', 'cash out from 1.01×: the multiplier still shows 1.00×'));
        await settleRound(s, r, out.kind === 'cashedOut' ? out.at : null);
      } else await r.settling;
      return crashView(r, now);
    });

    scope.post<Api>('/casino-sandbox/api/:token/crash/round', async (request, reply) => {
      const s = sessionFromRequest(request);
      const r = s.rounds.get(String(request.body?.roundId ?? ''));
      if (!r) return reply.code(404).send(fail('SANDBOX_ROUND_UNKNOWN', 'no such round'));
      if (r.status !== 'running') await r.settling;
      return crashView(r, options.now());
    });

    scope.post<Api>('/casino-sandbox/api/:token/dice/roll', async (request, reply) => {
      const s = sessionFromRequest(request);
      const stake = Number(request.body?.stake);
      const bet: DiceBet = {
        direction: request.body?.direction === 'over' ? 'over' : 'under',
        target: Number(request.body?.target),
      };
      if (!Number.isSafeInteger(stake) || stake < 1)
        return reply.code(400).send(fail('SANDBOX_STAKE_INVALID', 'stake: whole TZS ≥ 1'));
      if (!isDiceBet(bet))
        return reply.code(400).send(fail('SANDBOX_TARGET_INVALID', 'win chance 1 % to 98 %'));
      const seed = takeSeed(s);
      const roundId = providerId('dice');
      const betTx = `${roundId}-bet`;
      const debited = await debit(s, roundId, betTx, stake);
      const reveal = {
        roundId,
        hash: seedHash(seed.serverSeed),
        serverSeed: seed.serverSeed,
        clientSeed: seed.clientSeed,
        nonce: seed.nonce,
      };
      if (!debited.ok)
        return {
          ...reveal,
          accepted: false,
          status: debited.status,
          balance: debited.balance,
          ...fairness(s),
        };
      const roll = diceRoll(seed);
      const win = settleDice(stake, bet, roll);
      const balance = await credit(s, roundId, betTx, win);
      return { ...reveal, accepted: true, status: 'RS_OK', roll, win, balance, ...fairness(s) };
    });

    // Fault switches (development and tests): GET shows them and the last wallet calls, POST sets them.
    scope.get('/casino-sandbox/_faults', async () => ({ faults: wallet.faults, log: wallet.log }));
    scope.post<{ Body: Partial<Record<string, boolean>> }>('/casino-sandbox/_faults', async (request) => {
      for (const key of Object.keys(wallet.faults) as (keyof typeof wallet.faults)[])
        if (typeof request.body?.[key] === 'boolean') wallet.faults[key] = request.body[key]!;
      return { faults: wallet.faults };
    });
  });
  app.addHook('onClose', async () => {
    for (const s of sessions.values()) for (const r of s.rounds.values()) if (r.timer) clearTimeout(r.timer);
  });
  return wallet;
};
