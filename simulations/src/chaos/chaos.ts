/**
 * `npm run chaos` (issue 15 "The standing suite"; docs/reliability.md): the real server under crashes,
 * database faults and abuse, then the money invariants. `npm run chaos -- --short` is the CI version
 * (≤ 3 minutes). Every loop is bounded in count and time, and a watchdog ends the run whatever happens.
 *
 * 1. A fresh PostgreSQL database on 127.0.0.1:5432 (`CHAOS_PG_URL`, default
 *    postgres://postgres@127.0.0.1:5432/postgres, names the server to create it on); dropped at the end.
 * 2. The server (`api/src/main.ts`) as a child process on 127.0.0.1, with the demo feed on a fast clock
 *    (FEED_MATCH_MINUTES 0.5, FEED_TICK_MS 1000: matches settle during the run) and the payment
 *    sandboxes in process (their state in their own tables).
 * 3. Players register through the SMS sandbox (codes read from the server's log) and then, from many
 *    clients at once, deposit through the sandboxes, bet on the feed's matches, withdraw and read their
 *    wallets. Each client has its own X-Forwarded-For (TRUST_PROXY=127.0.0.1).
 * 4. Crash: `kill -9` of the server at random moments, restart; clients wait, then go on.
 *    Database faults: `pg_terminate_backend` of every connection to the suite's own database (never a
 *    restart of the shared PostgreSQL service); the server must answer `/healthz` again without a
 *    restart.
 * 5. Every request that got no answer is re-sent with its request id; a sample of answered ones too
 *    (the answer must be the first one).
 * 6. Payments drain (bounded); abuse probes (abuse.ts); then the checks (checks.ts).
 *
 * Last stdout line: one JSON object with `requests`, `failures`, `mismatches` (0 to pass) and the
 * figures. Exit code 1 on any mismatch, unresolved payment, unexpected server exit or failed probe.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createPostgresClient } from '@bashiri/eventstore';
import type { SqlClient } from '@bashiri/eventstore';
import { runAbuse } from './abuse.ts';
import {
  checkCasinoRollbacks,
  checkMoney,
  unresolvedPayments,
  verifyAll,
  verifyProjections,
  type ClientLedger,
  type ExpectedRollback,
} from './checks.ts';
import { gql, newTally, type Answer } from './client.ts';
import {
  BUY_TICKET,
  casinoCall,
  deviceNow,
  EXCHANGE_RACING,
  LAUNCH_CASINO,
  OPEN_POOL_ISSUES,
  PLACE_RACING,
  poolPicks,
  prepareDatabase,
  RACING_CLOCK,
  sandboxProvider,
  type OpenIssue,
} from './products.ts';
import { runStaffProbes } from './staff-probes.ts';
import { OwnCluster, ownClusterUnavailable, type RestartMode } from './own-postgres.ts';
import { freePort, ServerUnderTest } from './server.ts';

const SHORT = process.argv.includes('--short');
/** Run sizes: the CI version and the standing one. */
const SIZE: Record<
  'players' | 'loadS' | 'kills' | 'dbFaults' | 'pgRestarts' | 'betSample' | 'drainS' | 'abuseScale' | 'capS',
  number
> = SHORT
  ? {
      players: 6,
      loadS: 30,
      kills: 1,
      dbFaults: 2,
      pgRestarts: 0,
      betSample: 80,
      drainS: 70,
      abuseScale: 0.25,
      capS: 330,
    }
  : {
      players: 24,
      loadS: 120,
      kills: 3,
      dbFaults: 5,
      pgRestarts: 2,
      betSample: 400,
      drainS: 150,
      abuseScale: 1,
      capS: 900,
    };
// Overrides for a focused run (CHAOS_KILLS=0 CHAOS_DB_FAULTS=6 …); the defaults above are the suite.
for (const [key, env] of [
  ['players', 'CHAOS_PLAYERS'],
  ['loadS', 'CHAOS_LOAD_S'],
  ['kills', 'CHAOS_KILLS'],
  ['dbFaults', 'CHAOS_DB_FAULTS'],
  ['pgRestarts', 'CHAOS_PG_RESTARTS'],
] as const)
  if (process.env[env] !== undefined) SIZE[key] = Math.max(0, Math.min(Number(process.env[env]) || 0, 1_000));
/**
 * The PostgreSQL the suite creates its database on: `CHAOS_PG_URL` (default the machine's, 5432), or
 * in the full run the suite's own cluster (own-postgres.ts) unless `CHAOS_OWN_PG=0`; never in `--short`.
 */
let ADMIN_URL = process.env.CHAOS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Restarts of PostgreSQL itself (only on the suite's own cluster): the first `fast`, the second
 * `immediate` (a crash of the database, WAL recovery), then alternating.
 */
const restartMode = (i: number): RestartMode => (i % 2 === 0 ? 'fast' : 'immediate');

/** The first administrator's password in the suite's own server (its database is dropped at the end). */
const ADMIN_PASSWORD = `chaos-admin-${randomUUID()}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);

// ---- the database -------------------------------------------------------------------------------------

const onLoopback = (url: string) => ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);

/** Creates the suite's own database; returns its URL. */
const createDatabase = async (): Promise<{ url: string; name: string }> => {
  if (!onLoopback(ADMIN_URL)) throw new Error(`CHAOS_PG_URL must be on 127.0.0.1, got ${ADMIN_URL}`);
  const name = `chaos_${Date.now().toString(36)}_${process.pid}`;
  const admin = await createPostgresClient({ connectionString: ADMIN_URL, max: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
};

const dropDatabase = async (name: string): Promise<void> => {
  const admin = await createPostgresClient({ connectionString: ADMIN_URL, max: 1 });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
};

// ---- requests with request ids ------------------------------------------------------------------------

interface Player {
  readonly index: number;
  readonly phone: string;
  readonly ip: string;
  userId: string;
  token: string;
  /** The casino session (launchCasinoGame on the sandbox's crash game). */
  casinoToken: string | null;
  /** A casino bet accepted and not yet won (the next casino op credits a win for it, or rolls it back). */
  openCasinoBet: { roundId: string; transactionId: string; amount: number } | null;
  /** A casino bet rolled back (answered `RS_OK`): the provider rolls it back once more (a new id). */
  rolledBackBet: { roundId: string; transactionId: string } | null;
  /** A bet id rolled back before the bet arrived (`unknownBet`): the provider sends that bet late. */
  phantomBet: { roundId: string; transactionId: string; amount: number } | null;
  /** The player's last accepted bets (order ids), for cash-outs. */
  bets: string[];
  /** Racing coin as last answered (exchanges and racing bets), TZS. */
  racingCoin: number;
}

type OpKind =
  | 'deposit'
  | 'withdraw'
  | 'bet'
  | 'pool'
  | 'racing'
  | 'exchange'
  | 'casinoBet'
  | 'casinoWin'
  | 'casinoRollback'
  | 'cashOut';
interface Op {
  readonly kind: OpKind;
  readonly player: Player;
  /** GraphQL (unset for a casino wallet call). */
  readonly query: string;
  readonly variables: Record<string, unknown>;
  /** The idempotency key: the request id, or the provider's transaction id of a casino call. */
  readonly requestId: string;
  /** A signed seamless-wallet call of the sandbox provider instead of GraphQL. */
  readonly casino?: { readonly method: 'bet' | 'win' | 'rollback'; readonly body: Record<string, unknown> };
  /**
   * What the answer must be (docs/casino.md "Idempotency and the odd cases"): a protocol code other
   * than `RS_OK`, or a rollback's outcome and refund as `casino_transactions` and the bills must show.
   */
  readonly expect?: {
    readonly code?: string;
    readonly rollback?: {
      readonly outcome: 'refunded' | 'alreadyRolledBack' | 'unknownBet';
      readonly refund: number;
    };
  };
}

const DEPOSIT = 'mutation ($i: DepositInput!) { deposit(input: $i) { id status } }';
const WITHDRAW = 'mutation ($i: WithdrawInput!) { withdraw(input: $i) { id status } }';
const PLACE = 'mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code order { id } } }';
const WALLET = '{ myWallet { balance } }';
const CASH_OUT_OFFER = 'query ($b: ID!) { earlySettlementPreparation(betId: $b) { available value } }';
const CASH_OUT = `mutation ($i: EarlySettlementInput!) {
  earlySettlements(input: $i) { status code repeated gross net } }`;
const MATCHES = `{ upcomingMatches(page: 1) { content { id startTime
  way3 { w1 { id odds } draw { id odds } w2 { id odds } } } } }`;

/** The id an answer gave (payment or order), or null (refused / not placed). */
const idOf = (op: Op, a: Answer): string | null => {
  const d = a.data as
    Record<string, { id?: string; status?: string; order?: { id: string } | null }> | undefined;
  if (!d) return null;
  if (op.kind === 'deposit') return d['deposit']?.id ?? null;
  if (op.kind === 'withdraw') return d['withdraw']?.id ?? null;
  if (op.kind === 'pool') return (d['buyPoolTicket'] as { ticketId?: string } | undefined)?.ticketId ?? null;
  if (op.kind === 'racing') return d['placeRacingBet']?.id ?? null;
  if (op.kind === 'exchange') return null;
  // A paid cash-out is named by its request id (the offer id the bet records); a re-send answers PAID again.
  if (op.kind === 'cashOut')
    return (d['earlySettlements'] as { status?: string } | undefined)?.status === 'PAID'
      ? op.requestId
      : null;
  if (op.casino) return a.code === undefined ? op.requestId : null;
  // A REJECTED bet may still have an order (status rejected, no money moved): it is the client's too.
  return d['placeBet']?.order?.id ?? null;
};

const main = async (): Promise<number> => {
  const startedAt = Date.now();
  const tally = newTally();
  const mismatches: string[] = [];
  const figures: Record<string, unknown> = { short: SHORT };
  // The suite's own PostgreSQL cluster (full run only): restarted for real mid-load.
  let cluster: OwnCluster | null = null;
  if (!SHORT && SIZE.pgRestarts > 0) {
    const unavailable = process.env.CHAOS_OWN_PG === '0' ? 'CHAOS_OWN_PG=0' : ownClusterUnavailable();
    if (unavailable) {
      log(
        `own PostgreSQL cluster skipped (${unavailable}): no PostgreSQL restarts, only dropped connections`,
      );
      figures['ownPostgres'] = { skipped: unavailable };
    } else {
      const t = Date.now();
      cluster = await OwnCluster.start();
      const own = cluster;
      // Stopped and deleted however the run ends: normally (finally), the watchdog or an abort (exit),
      // Ctrl-C or a kill (the signals).
      process.once('exit', () => own.destroy());
      for (const signal of ['SIGINT', 'SIGTERM'] as const)
        process.once(signal, () => {
          own.destroy();
          process.exit(130);
        });
      ADMIN_URL = cluster.url;
      figures['ownPostgres'] = { port: cluster.port, startSeconds: (Date.now() - t) / 1_000 };
      log(`own PostgreSQL cluster in ${cluster.dir} on 127.0.0.1:${cluster.port} (fsync on)`);
    }
  }
  const { url: databaseUrl, name: databaseName } = await createDatabase();
  log(`database ${databaseName} created`);
  // Migrated in-process first, so the server's racing scheduler plans 30-second rounds from its first tick.
  await prepareDatabase(databaseUrl);
  const provider = await sandboxProvider();
  const port = await freePort();
  const server = new ServerUnderTest(port, {
    DATABASE_URL: databaseUrl,
    // info: the SMS sandbox logs its codes at info (players register with them).
    LOG_LEVEL: 'info',
    TRUST_PROXY: '127.0.0.1',
    FEED_MATCH_MINUTES: '0.5',
    FEED_TICK_MS: '1000',
    PAYMENT_PROVIDERS: 'sandbox',
    // The first administrator with a known password (not changed at first login) for the staff probes
    // and the customer-service account they create; authenticators optional outside production.
    ADMIN_ACCOUNT: 'admin',
    ADMIN_PASSWORD: ADMIN_PASSWORD,
    STAFF_TOTP: 'optional',
  });
  let db: SqlClient | null = null;
  // The watchdog: whatever hangs, the run ends, the server dies and the database is dropped.
  const watchdog = setTimeout(() => {
    console.error(`chaos: watchdog after ${SIZE.capS} s: stopping`);
    void server.kill9().finally(() =>
      dropDatabase(databaseName)
        .catch(() => undefined)
        .finally(() => process.exit(1)),
    );
  }, SIZE.capS * 1_000);
  watchdog.unref();
  try {
    let t0 = Date.now();
    await server.start();
    figures['startSeconds'] = (Date.now() - t0) / 1_000;
    log(`server up on ${server.url} in ${figures['startSeconds']} s`);
    db = await createPostgresClient({ connectionString: databaseUrl, max: 3 });

    // ---- players through the SMS sandbox ----
    t0 = Date.now();
    const players: Player[] = [];
    const register = async (index: number): Promise<Player> => {
      const phone = `+25575${randomInt(1_000_000, 9_999_999)}`;
      const ip = `10.77.${index >> 8}.${(index & 255) + 1}`;
      const before = server.codeCount(phone);
      await gql(
        server.url,
        'mutation ($p: String!) { requestSmsCode(phone: $p, purpose: REGISTER) }',
        { p: phone },
        { ip, tally },
      );
      const code = await server.smsCode(phone, before);
      if (!code) throw new Error(`no SMS code was logged for ${phone}`);
      const a = await gql<{ register: { token: string; player: { id: string } } }>(
        server.url,
        'mutation ($input: RegisterInput!) { register(input: $input) { token player { id } } }',
        {
          input: {
            phone,
            password: 'chaos-pass-1',
            confirmPassword: 'chaos-pass-1',
            code,
            adult: true,
            acceptTerms: true,
          },
        },
        { ip, tally },
      );
      let session = a.data?.register;
      if (!session) {
        const l = await gql<{ login: { token: string; player: { id: string } } }>(
          server.url,
          'mutation ($p: String!, $w: String!) { login(phone: $p, password: $w) { token player { id } } }',
          { p: phone, w: 'chaos-pass-1' },
          { ip, tally },
        );
        session = l.data?.login;
        if (!session) throw new Error(`register failed for ${phone}: ${a.code} / ${l.code}`);
      }
      return {
        index,
        phone,
        ip,
        userId: session.player.id,
        token: session.token,
        casinoToken: null,
        openCasinoBet: null,
        rolledBackBet: null,
        phantomBet: null,
        bets: [],
        racingCoin: 0,
      };
    };
    for (let i = 0; i < SIZE.players; i += 3)
      players.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(3, SIZE.players - i) }, (_, k) => register(i + k)),
        )),
      );
    figures['registerSeconds'] = (Date.now() - t0) / 1_000;
    log(`${players.length} players registered through the SMS sandbox`);
    for (const p of players) {
      const launched = await gql<{ launchCasinoGame: { sessionToken: string } }>(
        server.url,
        LAUNCH_CASINO,
        { p: provider.id, g: 'crash' },
        { ip: p.ip, token: p.token, tally },
      );
      p.casinoToken = launched.data?.launchCasinoGame.sessionToken ?? null;
    }
    figures['casinoSessions'] = players.filter((p) => p.casinoToken).length;

    // ---- the load ----
    const ledger: ClientLedger = {
      orders: new Map(),
      payments: new Map(),
      tickets: new Map(),
      racingOrders: new Map(),
      casino: new Map(),
    };
    const answered = new Map<string, { op: Op; id: string | null }>();
    /** Casino rollbacks answered `RS_OK`, by transaction id: what the database must show for each. */
    const rollbacks: ExpectedRollback[] = [];
    /** Checks an answer against the op's expectation (casino odd cases); a rollback's effect is checked later. */
    const expectAnswer = (op: Op, a: Answer) => {
      if (!op.expect) return;
      if ((a.code ?? 'RS_OK') !== (op.expect.code ?? 'RS_OK'))
        mismatches.push(
          `${op.kind} ${op.requestId}: answered ${a.code ?? 'RS_OK'}, expected ${op.expect.code ?? 'RS_OK'}`,
        );
      else if (op.expect.rollback && !rollbacks.some((r) => r.transactionId === op.requestId))
        rollbacks.push({ userId: op.player.userId, transactionId: op.requestId, ...op.expect.rollback });
    };
    const failed: Op[] = [];
    const counts: Record<string, number> = {};
    const note = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
    const remember = (op: Op, a: Answer) => {
      const id = idOf(op, a);
      if (!answered.has(op.requestId)) answered.set(op.requestId, { op, id });
      if (!id) return;
      if (op.kind === 'cashOut') return;
      const book =
        op.kind === 'bet'
          ? ledger.orders
          : op.kind === 'pool'
            ? ledger.tickets
            : op.kind === 'racing'
              ? ledger.racingOrders
              : op.casino
                ? ledger.casino
                : ledger.payments;
      const set = book.get(op.player.userId) ?? new Set<string>();
      set.add(id);
      book.set(op.player.userId, set);
    };
    // One request as a client sends it (again): a casino call is signed anew (its timestamp), a racing
    // request carries the device's clock now (spec §5), everything else is re-sent byte for byte.
    const exec = (op: Op): Promise<Answer> => {
      if (op.casino)
        return casinoCall(server.url, provider, op.casino.method, op.casino.body, {
          ip: op.player.ip,
          tally,
        });
      const variables =
        op.kind === 'racing' || op.kind === 'exchange'
          ? { i: { ...(op.variables['i'] as Record<string, unknown>), device: deviceNow() } }
          : op.variables;
      return gql(server.url, op.query, variables, { ip: op.player.ip, token: op.player.token, tally });
    };
    // Clients wait at this gate while the server is down (kill -9 → restart).
    let gate: Promise<void> = Promise.resolve();
    const send = async (op: Op): Promise<Answer> => {
      await gate;
      const a = await exec(op);
      if (a.failed) failed.push(op);
      else {
        note(`${op.kind}:${a.code ?? 'OK'}`);
        remember(op, a);
        expectAnswer(op, a);
        const placed = op.kind === 'bet' ? idOf(op, a) : null;
        if (placed && (a.data as { placeBet?: { status?: string } })?.placeBet?.status !== 'REJECTED')
          op.player.bets = [...op.player.bets.slice(-4), placed];
        const exchanged = (a.data as { exchangeRacingCoin?: { racingCoin: number } })?.exchangeRacingCoin;
        if (exchanged) op.player.racingCoin = exchanged.racingCoin;
        const raced = (a.data as { placeRacingBet?: { amount: number } })?.placeRacingBet;
        if (raced) op.player.racingCoin -= raced.amount;
        if (op.kind === 'casinoBet' && a.code === undefined)
          op.player.openCasinoBet = {
            roundId: op.casino!.body['roundId'] as string,
            transactionId: op.requestId,
            amount: op.casino!.body['amount'] as number,
          };
        // A rollback answered: of an open bet → rolled back again later; of an unknown bet → that bet
        // arrives later (both once).
        const outcome = op.expect?.rollback?.outcome;
        if (op.kind === 'casinoRollback' && a.code === undefined && outcome !== 'alreadyRolledBack') {
          const bet = {
            roundId: op.casino!.body['roundId'] as string,
            transactionId: op.casino!.body['betTransactionId'] as string,
          };
          if (outcome === 'refunded') op.player.rolledBackBet = bet;
          else op.player.phantomBet = { ...bet, amount: randomInt(1, 20) * 100 };
        }
      }
      return a;
    };

    let selections: { id: string; odds: string }[][] = [];
    const refreshMatches = async () => {
      const a = await gql<{
        upcomingMatches: {
          content: {
            id: string;
            startTime: string;
            way3: Record<'w1' | 'draw' | 'w2', { id: string; odds: string | null } | null>;
          }[];
        };
      }>(server.url, MATCHES, {}, { ip: '10.78.0.1' });
      const list = a.data?.upcomingMatches.content ?? [];
      const soon = [...list].sort((x, y) => Date.parse(x.startTime) - Date.parse(y.startTime)).slice(0, 6);
      const next = soon
        .map((m) =>
          [m.way3.w1, m.way3.draw, m.way3.w2].filter(
            (o): o is { id: string; odds: string } => !!o && o.odds !== null,
          ),
        )
        .filter((s) => s.length > 0);
      if (next.length > 0) selections = next;
    };
    await refreshMatches();

    // Open pool issues (the demo keeper keeps a jackpot and a Lucky Six open) and racing rounds.
    let issues: OpenIssue[] = [];
    /** Every pool issue seen open (the staff probes try to cancel one). */
    const issuesSeen = new Set<string>();
    let rounds: { id: string; endBetTime: string }[] = [];
    const refreshProducts = async () => {
      const found: OpenIssue[] = [];
      for (const game of ['JACKPOT', 'LUCKY_SIX'] as const) {
        const a = await gql<{
          poolIssues: (Omit<OpenIssue, 'matchIds'> & { matches: { matchId: string }[] })[];
        }>(server.url, OPEN_POOL_ISSUES, { g: game }, { ip: '10.78.0.1' });
        for (const i of a.data?.poolIssues ?? []) {
          found.push({ ...i, matchIds: i.matches.map((m) => m.matchId) });
          issuesSeen.add(i.issueId);
        }
      }
      if (found.length > 0 || issues.every((i) => Date.parse(i.closesAt) < Date.now())) issues = found;
      const r = await gql<{
        racingClock: { period: { id: string; status: number; endBetTime: string } | null };
      }>(server.url, RACING_CLOCK, {}, { ip: '10.78.0.1' });
      const period = r.data?.racingClock.period;
      if (r.data) rounds = period && period.status === 2 ? [period] : [];
    };
    await refreshProducts();

    const run = randomUUID().slice(0, 8);
    let serial = 0;
    // Extended by each restart's downtime, so the load after the crashes (and the connection drops)
    // always gets its share.
    let loadEnd = Date.now() + SIZE.loadS * 1_000;
    const opFor = (p: Player, first: boolean): Op => {
      const requestId = `${run}-${p.index}-${serial++}`;
      const roll = first ? 0 : randomInt(100);
      const product = productOp(p, requestId, roll);
      if (product) return product;
      if (first || roll < 15)
        return {
          kind: 'deposit',
          player: p,
          query: DEPOSIT,
          variables: { i: { requestId, network: 6, phone: p.phone, amount: randomInt(20, 60) * 1_000 } },
          requestId,
        };
      if (roll < 25 || selections.length === 0)
        return {
          kind: 'withdraw',
          player: p,
          query: WITHDRAW,
          variables: { i: { requestId, network: 6, amount: randomInt(1, 6) * 1_000 } },
          requestId,
        };
      const match = selections[randomInt(selections.length)]!;
      const pick = match[randomInt(match.length)]!;
      return {
        kind: 'bet',
        player: p,
        query: PLACE,
        variables: {
          input: {
            requestId,
            payType: 'BALANCE',
            amount: randomInt(1, 30) * 100,
            selections: [{ selectionId: pick.id, odds: pick.odds }],
            oddsChange: 'ACCEPT_ANY',
          },
        },
        requestId,
      };
    };
    // The products beyond bets and payments: rolls 25–59 (about a third of the load).
    const productOp = (p: Player, requestId: string, roll: number): Op | null => {
      // A racing bet needs racing coin first: the band of racing bets exchanges when the pocket is low.
      if ((roll >= 25 && roll < 32) || (roll >= 32 && roll < 42 && p.racingCoin < 500))
        return {
          kind: 'exchange',
          player: p,
          query: EXCHANGE_RACING,
          variables: {
            i: {
              requestId,
              direction: 'TO_RACING_COIN',
              amount: randomInt(2, 10) * 1_000,
              device: deviceNow(),
            },
          },
          requestId,
        };
      const open = rounds.filter((r) => Date.parse(r.endBetTime) > Date.now() + 2_000);
      if (roll >= 32 && roll < 42 && open.length > 0)
        return {
          kind: 'racing',
          player: p,
          query: PLACE_RACING,
          variables: {
            i: {
              requestId,
              roundId: open[randomInt(open.length)]!.id,
              betType: 'CHAMPION',
              positions: [[randomInt(1, 11)]],
              singleAmount: randomInt(1, 6) * 100,
              device: deviceNow(),
            },
          },
          requestId,
        };
      const buyable = issues.filter((i) => Date.parse(i.closesAt) > Date.now() + 2_000);
      if (roll >= 42 && roll < 49 && buyable.length > 0) {
        const issue = buyable[randomInt(buyable.length)]!;
        return {
          kind: 'pool',
          player: p,
          query: BUY_TICKET,
          variables: {
            i: {
              requestId,
              issueId: issue.issueId,
              picks: poolPicks(issue, (n) => randomInt(n)),
              stake: issue.betAmount,
              payType: 'BALANCE',
            },
          },
          requestId,
        };
      }
      if (roll >= 49 && roll < 60 && p.casinoToken) {
        const session = { sessionToken: p.casinoToken, gameId: 'crash' };
        const rollback = (
          round: { roundId: string; transactionId: string },
          outcome: 'refunded' | 'alreadyRolledBack' | 'unknownBet',
          refund: number,
        ): Op => {
          const transactionId = `${run}-rb-${p.index}-${serial++}`;
          return {
            kind: 'casinoRollback',
            player: p,
            query: '',
            variables: {},
            requestId: transactionId,
            casino: {
              method: 'rollback',
              body: {
                ...session,
                roundId: round.roundId,
                transactionId,
                betTransactionId: round.transactionId,
              },
            },
            expect: { rollback: { outcome, refund } },
          };
        };
        // The provider's odd cases (docs/casino.md): a bet rolled back a second time, a bet arriving
        // after its rollback — each once, the player's next casino call after the rollback.
        if (p.rolledBackBet) {
          const again = p.rolledBackBet;
          p.rolledBackBet = null;
          return rollback(again, 'alreadyRolledBack', 0);
        }
        if (p.phantomBet) {
          const late = p.phantomBet;
          p.phantomBet = null;
          return {
            kind: 'casinoBet',
            player: p,
            query: '',
            variables: {},
            requestId: late.transactionId,
            casino: { method: 'bet', body: { ...session, ...late } },
            expect: { code: 'RS_ERROR_TRANSACTION_ROLLED_BACK' },
          };
        }
        const bet = p.openCasinoBet;
        if (bet && roll >= 54 && roll < 57) {
          p.openCasinoBet = null;
          return rollback(bet, 'refunded', bet.amount);
        }
        if (!bet && roll >= 56 && roll < 58)
          return rollback(
            {
              roundId: `${run}-round-${p.index}-${serial++}`,
              transactionId: `${run}-lost-${p.index}-${serial++}`,
            },
            'unknownBet',
            0,
          );
        if (bet && roll < 56) {
          p.openCasinoBet = null;
          const transactionId = `${run}-win-${p.index}-${serial++}`;
          return {
            kind: 'casinoWin',
            player: p,
            query: '',
            variables: {},
            requestId: transactionId,
            casino: {
              method: 'win',
              body: {
                sessionToken: p.casinoToken,
                gameId: 'crash',
                roundId: bet.roundId,
                transactionId,
                betTransactionId: bet.transactionId,
                amount: randomInt(1, Math.max(2, (bet.amount * 3) / 100)) * 100,
              },
            },
          };
        }
        const transactionId = `${run}-bet-${p.index}-${serial++}`;
        return {
          kind: 'casinoBet',
          player: p,
          query: '',
          variables: {},
          requestId: transactionId,
          casino: {
            method: 'bet',
            body: {
              sessionToken: p.casinoToken,
              gameId: 'crash',
              roundId: `${run}-round-${p.index}-${serial++}`,
              transactionId,
              amount: randomInt(1, 20) * 100,
            },
          },
        };
      }
      return null;
    };
    // A cash-out of one of the player's bets at the price offered now (ACCEPT_ANY after the delay).
    const cashOutOp = async (p: Player): Promise<Op | null> => {
      const betId = p.bets[randomInt(p.bets.length)]!;
      await gate;
      const offer = await gql<{ earlySettlementPreparation: { available: boolean; value: number | null } }>(
        server.url,
        CASH_OUT_OFFER,
        { b: betId },
        { ip: p.ip, token: p.token, tally },
      );
      const o = offer.data?.earlySettlementPreparation;
      note(`cashOutOffer:${o ? (o.available ? 'AVAILABLE' : 'NONE') : (offer.code ?? 'FAILED')}`);
      if (!o?.available || !o.value) return null;
      p.bets = p.bets.filter((b) => b !== betId);
      const requestId = `${run}-co-${p.index}-${serial++}`;
      return {
        kind: 'cashOut',
        player: p,
        query: CASH_OUT,
        variables: { i: { requestId, betId, offered: o.value, tolerance: 'ACCEPT_ANY' } },
        requestId,
      };
    };
    const client = async (p: Player) => {
      let first = true;
      for (let n = 0; n < 2_000 && Date.now() < loadEnd; n++) {
        const roll = randomInt(100);
        const cashOut = !first && roll >= 95 && p.bets.length > 0 ? await cashOutOp(p) : null;
        if (cashOut) await send(cashOut);
        else if (roll < 5) {
          await gate;
          await gql(server.url, WALLET, {}, { ip: p.ip, token: p.token, tally });
        } else await send(opFor(p, first));
        first = false;
        await sleep(randomInt(50, 300));
      }
    };
    const refresher = (async () => {
      while (Date.now() < loadEnd) {
        await sleep(3_000);
        await gate;
        await refreshMatches();
        await refreshProducts();
      }
    })();

    // Faults at random moments of the load: kills first, then connection drops, never overlapping.
    const faults = (async () => {
      const kills: { atS: number; downS: number }[] = [];
      const drops: { atS: number; terminated: number; recoverMs: number | null; restartedByUs: boolean }[] =
        [];
      const span = SIZE.loadS * 1_000;
      const killAt = Array.from({ length: SIZE.kills }, () =>
        randomInt(Math.round(span * 0.15), Math.round(span * 0.5)),
      ).sort((a, b) => a - b);
      const loadStart = loadEnd - span;
      let lastUp = 0;
      for (const at of killAt) {
        // Never two kills in a row: the restarted server serves load for a few seconds first.
        await sleep(Math.max(0, loadStart + at - Date.now(), lastUp + 5_000 - Date.now()));
        let open!: () => void;
        gate = new Promise<void>((r) => (open = r));
        const down = Date.now();
        await server.kill9();
        log(`kill -9 of the server at ${((Date.now() - loadStart) / 1_000).toFixed(1)} s of the load`);
        await server.start();
        open();
        lastUp = Date.now();
        loadEnd += Date.now() - down;
        kills.push({ atS: (down - loadStart) / 1_000, downS: (Date.now() - down) / 1_000 });
        log(`server back after ${((Date.now() - down) / 1_000).toFixed(1)} s`);
      }
      // Database faults: connection drops, and (own cluster only) restarts of PostgreSQL in between.
      const restarts: {
        atS: number;
        mode: RestartMode;
        pgDownMs: number | null;
        recoverMs: number | null;
        restartedByUs: boolean;
      }[] = [];
      const plan: ('drop' | RestartMode)[] = [];
      let restartsLeft = cluster ? SIZE.pgRestarts : 0;
      for (let i = 0; i < SIZE.dbFaults || restartsLeft > 0; i++) {
        if (i < SIZE.dbFaults) plan.push('drop');
        if (restartsLeft > 0 && (i % 2 === 0 || i >= SIZE.dbFaults))
          plan.push(restartMode(SIZE.pgRestarts - restartsLeft--));
      }
      /** Waits (≤ 30 s) for `/healthz`; restarts the server if it died, so the run can check the money. */
      const awaitRecovery = async (
        at: number,
        what: string,
      ): Promise<{ ms: number | null; restarted: boolean }> => {
        let recoverMs: number | null = null;
        for (let k = 0; k < 60; k++) {
          if (!server.alive) break;
          if (await server.healthy(1_000)) {
            recoverMs = Date.now() - at;
            break;
          }
          await sleep(500);
        }
        if (recoverMs !== null) return { ms: recoverMs, restarted: false };
        mismatches.push(`the server did not recover from ${what} within 30 s (alive: ${server.alive})`);
        if (server.alive) return { ms: null, restarted: false };
        let open!: () => void;
        gate = new Promise<void>((res) => (open = res));
        await server.start();
        open();
        return { ms: null, restarted: true };
      };
      for (let i = 0; i < plan.length; i++) {
        const fault = plan[i]!;
        if (Date.now() >= loadEnd - 3_000) {
          if (fault !== 'drop')
            mismatches.push(`PostgreSQL restart (${fault}) planned, but the load ended first`);
          continue;
        }
        await sleep(
          randomInt(1_000, Math.max(1_500, Math.round((loadEnd - Date.now()) / (plan.length - i + 1)))),
        );
        const at = Date.now();
        if (fault !== 'drop') {
          let pgDownMs: number | null = null;
          try {
            pgDownMs = await cluster!.restart(fault);
          } catch (error) {
            mismatches.push(`pg_ctl restart -m ${fault} failed: ${String(error)}`);
          }
          const recovered = await awaitRecovery(at, `a PostgreSQL restart (${fault})`);
          restarts.push({
            atS: (at - loadStart) / 1_000,
            mode: fault,
            pgDownMs,
            recoverMs: recovered.ms,
            restartedByUs: recovered.restarted,
          });
          // The load goes on for as long as the database was away.
          loadEnd += Date.now() - at;
          log(
            `PostgreSQL restarted (-m ${fault}) at ${((at - loadStart) / 1_000).toFixed(1)} s of the load: ` +
              `database back in ${pgDownMs} ms, the server answered /healthz after ${recovered.ms} ms`,
          );
          continue;
        }
        let terminated = 0;
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            // The suite's own connection may have died with a restart: a new one is taken on the next try.
            const r = await db!.query<{ n: string }>(
              `SELECT count(pg_terminate_backend(pid))::text AS n FROM pg_stat_activity
               WHERE datname = current_database() AND pid <> pg_backend_pid()`,
            );
            terminated = Number(r.rows[0]?.n ?? 0);
            break;
          } catch (error) {
            if (attempt === 2) mismatches.push(`pg_terminate_backend failed: ${String(error)}`);
            await sleep(500);
          }
        }
        const recovered = await awaitRecovery(at, 'dropped connections');
        drops.push({
          atS: (at - loadStart) / 1_000,
          terminated,
          recoverMs: recovered.ms,
          restartedByUs: recovered.restarted,
        });
        log(`terminated ${terminated} connections of the server; recovered in ${recovered.ms} ms`);
      }
      return { kills, drops, restarts };
    })();

    t0 = Date.now();
    await Promise.all(players.map(client));
    await refresher;
    const { kills, drops, restarts } = await faults;
    figures['loadSeconds'] = (Date.now() - t0) / 1_000;
    figures['kills'] = kills;
    figures['connectionDrops'] = drops;
    if (cluster) {
      figures['pgRestarts'] = restarts;
      figures['pgCrashRecoveries'] = cluster.recoveredFromCrash();
    }
    figures['answers'] = counts;
    figures['failedBeforeRetry'] = failed.length;
    log(`load done: ${tally.requests} requests, ${failed.length} without an answer (to re-send)`);

    // ---- re-send every failed request with its request id, then a sample of answered ones ----
    let unanswered = 0;
    for (const op of failed.splice(0)) {
      let a: Answer | null = null;
      for (let attempt = 0; attempt < 6; attempt++) {
        a = await exec(op);
        if (!a.failed) break;
        await sleep(1_000 * (attempt + 1));
      }
      if (!a || a.failed) {
        unanswered++;
        mismatches.push(`${op.kind} ${op.requestId} never answered after 6 re-sends`);
        continue;
      }
      note(`retry:${op.kind}:${a.code ?? 'OK'}`);
      const before = answered.get(op.requestId);
      remember(op, a);
      expectAnswer(op, a);
      const id = idOf(op, a);
      if (before && before.id && id !== before.id)
        mismatches.push(`${op.kind} ${op.requestId}: re-sent, answered ${id} after ${before.id}`);
    }
    const sample = [...answered.values()].filter((x) => x.id !== null);
    let resent = 0;
    for (let i = 0; i < Math.min(40, sample.length); i++) {
      const { op, id } = sample[randomInt(sample.length)]!;
      const a = await exec(op);
      resent++;
      if (a.failed) continue;
      const again = idOf(op, a);
      expectAnswer(op, a);
      if (again !== id)
        mismatches.push(`${op.kind} ${op.requestId}: the same request id answered ${again}, first ${id}`);
    }
    figures['resentAnswered'] = resent;
    figures['unanswered'] = unanswered;

    // ---- payments drain ----
    t0 = Date.now();
    let open = await unresolvedPayments(db);
    while (open.length > 0 && Date.now() - t0 < SIZE.drainS * 1_000) {
      await sleep(2_000);
      open = await unresolvedPayments(db);
    }
    figures['paymentsDrainSeconds'] = (Date.now() - t0) / 1_000;
    figures['payments'] = Object.fromEntries(
      (
        await db.query<{ kind: string; status: string; n: string }>(
          'SELECT kind, status, count(*)::text AS n FROM payments GROUP BY kind, status ORDER BY 1, 2',
        )
      ).rows.map((r) => [`${r.kind}:${r.status}`, Number(r.n)]),
    );
    for (const id of open) mismatches.push(`payment ${id} unresolved after ${SIZE.drainS} s`);
    log(`payments: ${JSON.stringify(figures['payments'])}; unresolved ${open.length}`);

    // ---- abuse (bounded; only this server on 127.0.0.1) ----
    t0 = Date.now();
    const freshPhone = `+25576${randomInt(1_000_000, 9_999_999)}`;
    await gql(
      server.url,
      'mutation ($p: String!) { requestSmsCode(phone: $p, purpose: REGISTER) }',
      { p: freshPhone },
      { ip: '10.250.1.1' },
    );
    const abuse = await runAbuse(
      { url: server.url, phone: players[0]!.phone, freshPhone, alive: () => server.alive },
      SIZE.abuseScale,
    );
    // Staff escalation (issue 15 item 4): counted with the abuse probes.
    try {
      const anyIssue = [...issuesSeen].at(-1) ?? null;
      const anyOrder = [...ledger.orders.values()].flatMap((set) => [...set])[0] ?? null;
      Object.assign(
        abuse.probes,
        await runStaffProbes({
          url: server.url,
          adminAccount: 'admin',
          adminPassword: ADMIN_PASSWORD,
          player: { userId: players[0]!.userId, token: players[0]!.token },
          orderId: anyOrder,
          poolIssueId: anyIssue,
        }),
      );
    } catch (error) {
      mismatches.push(`staff probes could not run: ${String(error)}`);
    }
    figures['abuse'] = abuse.probes;
    figures['abuseSeconds'] = (Date.now() - t0) / 1_000;
    if (abuse.crashed) mismatches.push('the server crashed under the abuse probes');
    for (const [name, probe] of Object.entries(abuse.probes))
      for (const f of probe.failures) mismatches.push(`abuse ${name}: ${f}`);
    if (abuse.crashed) {
      await server.start();
    }
    log(
      `abuse probes done: ${JSON.stringify(Object.fromEntries(Object.entries(abuse.probes).map(([k, v]) => [k, v.codes])))}`,
    );

    // ---- settlements so far, then the checks ----
    figures['orders'] = Object.fromEntries(
      (
        await db.query<{ status: string; n: string }>(
          'SELECT status, count(*)::text AS n FROM orders GROUP BY 1 ORDER BY 1',
        )
      ).rows.map((r) => [r.status, Number(r.n)]),
    );
    const money = await checkMoney(db, ledger);
    mismatches.push(...money);
    const rolledBack = await checkCasinoRollbacks(db, provider.id, rollbacks);
    mismatches.push(...rolledBack);
    figures['casinoRollbacks'] = Object.fromEntries(
      (['refunded', 'alreadyRolledBack', 'unknownBet'] as const).map((o) => [
        o,
        rollbacks.filter((r) => r.outcome === o).length,
      ]),
    );
    t0 = Date.now();
    const verification = await verifyAll(databaseUrl, SIZE.betSample);
    mismatches.push(...verification.mismatches);
    figures['verified'] = verification.streams;
    const products = await verifyProjections(databaseUrl);
    mismatches.push(...products.mismatches);
    figures['rebuilt'] = { rows: products.rows, events: products.events };
    figures['verifySeconds'] = (Date.now() - t0) / 1_000;
    if (server.unexpectedExits > 0) {
      mismatches.push(`the server exited ${server.unexpectedExits} time(s) by itself`);
      figures['crashTails'] = server.crashes.map((lines) => lines.slice(-40));
    }
    figures['serverStarts'] = server.starts;
  } finally {
    await db?.close().catch(() => undefined);
    await server.stop().catch(() => undefined);
    await dropDatabase(databaseName).catch((e: unknown) => console.error('chaos: drop failed', e));
    cluster?.destroy();
    clearTimeout(watchdog);
  }
  for (const m of mismatches.slice(0, 30)) console.log(`MISMATCH ${m}`);
  console.log(
    JSON.stringify({
      suite: 'chaos',
      requests: tally.requests,
      failures: tally.failures,
      status5xx: tally.status5xx,
      mismatches: mismatches.length,
      seconds: (Date.now() - startedAt) / 1_000,
      ...figures,
    }),
  );
  return mismatches.length === 0 ? 0 : 1;
};

process.exitCode = await main().catch((error: unknown) => {
  console.error('chaos: aborted:', error);
  console.log(JSON.stringify({ suite: 'chaos', error: String(error), mismatches: 1 }));
  return 1;
});
