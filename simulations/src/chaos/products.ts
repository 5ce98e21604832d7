/**
 * The chaos suite's other money products (issue 15 "Crash": "jackpot tickets and racing bets as they
 * land"; docs/reliability.md): what the load needs to buy pool tickets (jackpot and Lucky Six, issue 18),
 * place racing bets (issue 19, a short schedule so rounds draw during the run) and play casino rounds
 * through the signed seamless-wallet API (issue 22, the sandbox provider), each with its own idempotency
 * key (request id, or the provider's transaction id) so a crash's re-sends can be checked.
 */
import { signCasinoRequest } from '@bashiri/domain';
import type { Answer, Tally } from './client.ts';

/** The racing schedule of the run: a round every 30 s (the least allowed), betting closes 5 s before. */
export const CHAOS_RACING_SCHEDULE = { periodSeconds: 30, closeBeforeDrawSeconds: 5 } as const;

/**
 * Migrates the suite's fresh database in-process (the server's own `openServices`) and stores the short
 * racing schedule before the server's first start, so its scheduler plans 30-second rounds from the
 * first tick (a schedule changed later applies only to slots not planned yet).
 */
export const prepareDatabase = async (databaseUrl: string): Promise<void> => {
  const { closeServices, loadConfig, modules, openServices } = await import('@bashiri/api');
  const services = await openServices(
    loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }),
    modules,
  );
  try {
    await services.sql.query(
      `INSERT INTO racing_config (id, config, period_seconds, close_before_draw_seconds)
       VALUES (1, '{}'::jsonb, $1, $2)
       ON CONFLICT (id) DO UPDATE SET period_seconds = $1, close_before_draw_seconds = $2`,
      [CHAOS_RACING_SCHEDULE.periodSeconds, CHAOS_RACING_SCHEDULE.closeBeforeDrawSeconds],
    );
  } finally {
    await closeServices(services);
  }
};

/** The sandbox provider's id and secret (seeded outside production). */
export const sandboxProvider = async (): Promise<{ id: string; secret: string }> => {
  const { SANDBOX_PROVIDER } = await import('@bashiri/api');
  return { id: SANDBOX_PROVIDER.id, secret: SANDBOX_PROVIDER.secret };
};

export const BUY_TICKET =
  'mutation ($i: BuyPoolTicketInput!) { buyPoolTicket(input: $i) { ticketId stake } }';
export const PLACE_RACING = 'mutation ($i: PlaceRacingBetInput!) { placeRacingBet(input: $i) { id amount } }';
export const EXCHANGE_RACING =
  'mutation ($i: ExchangeRacingCoinInput!) { exchangeRacingCoin(input: $i) { balance racingCoin } }';
export const LAUNCH_CASINO =
  'mutation ($p: ID!, $g: ID!) { launchCasinoGame(providerId: $p, gameId: $g) { sessionToken } }';
export const OPEN_POOL_ISSUES = `query ($g: PoolGame!) { poolIssues(game: $g, status: [OPEN]) {
  issueId game betAmount closesAt matches { matchId } } }`;
/** The round whose betting is open or about to open (public). */
export const RACING_CLOCK = '{ racingClock { period { id status endBetTime } } }';

/** An open pool issue the load can buy into. */
export interface OpenIssue {
  readonly issueId: string;
  readonly game: 'JACKPOT' | 'LUCKY_SIX';
  readonly betAmount: number;
  readonly closesAt: string;
  readonly matchIds: readonly string[];
}

/** One pick per match: jackpot 1/X/2, Lucky Six a score 0-0…3-3 or `other` (single lines: stake = bet amount). */
export const poolPicks = (issue: OpenIssue, roll: (n: number) => number) =>
  issue.matchIds.map((matchId) => ({
    matchId,
    outcomes: [
      issue.game === 'JACKPOT'
        ? ['1', 'X', '2'][roll(3)]!
        : roll(8) === 0
          ? 'other'
          : `${roll(4)}-${roll(4)}`,
    ],
  }));

/** The device clock a client sends with racing requests (spec §5): GMT+3 and its clock now. */
export const deviceNow = () => ({ utcOffsetMinutes: 180, now: new Date().toISOString() });

/**
 * One signed wallet call of the sandbox provider to `${base}/casino/wallet/<method>` (docs/casino.md
 * "Protocol"). `failed` when there was no answer, a 5xx, or `RS_ERROR_UNKNOWN` (the outcome is unknown:
 * re-send the same transaction id). `code` is the protocol status when it is not `RS_OK`; `data` holds
 * the answer (`status`, `balance`, `transactionId`).
 */
export const casinoCall = async (
  base: string,
  provider: { id: string; secret: string },
  method: string,
  body: Record<string, unknown>,
  options: { ip: string; tally?: Tally; timeoutMs?: number },
): Promise<Answer> => {
  const started = performance.now();
  const tally = options.tally;
  if (tally) tally.requests++;
  const text = JSON.stringify({ currency: 'TZS', ...body });
  try {
    const res = await fetch(`${base}/casino/wallet/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': options.ip,
        ...signCasinoRequest(provider.id, provider.secret, text, Date.now()),
      },
      body: text,
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const answerText = await res.text();
    const ms = performance.now() - started;
    let data: Record<string, unknown> = {};
    try {
      data = JSON.parse(answerText) as Record<string, unknown>;
    } catch {
      // not JSON
    }
    const status = typeof data['status'] === 'string' ? data['status'] : `HTTP_${res.status}`;
    const failed = res.status >= 500 || res.status === 429 || status === 'RS_ERROR_UNKNOWN';
    if (tally && failed) {
      tally.failures++;
      if (res.status >= 500) tally.status5xx++;
    }
    return {
      failed,
      status: res.status,
      data,
      ...(status === 'RS_OK' ? {} : { code: status }),
      ms,
      bytes: answerText.length,
    };
  } catch {
    if (tally) tally.failures++;
    return { failed: true, status: null, ms: performance.now() - started, bytes: 0 };
  }
};
