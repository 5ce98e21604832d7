/**
 * Results drive settlement (issue 4 item 5; architecture.md §3 "Process managers").
 *
 * 1. `settlementTriggers` (a projection over `bet-` and `fixture-` streams, so it sees bets and results
 *    in log order): remembers which bets wait on which match and the latest facts of every fixture, and
 *    queues (bet, match, revision) work whenever facts arrive for a match with bets — or a bet arrives
 *    for a match that already has facts. Queueing commits with the checkpoint: nothing is missed.
 * 2. The worker takes queued work in small transactions: settles the leg on the bet stream, pays what
 *    the bet's settlement says into the wallet, and deletes the work item — all in one transaction, with
 *    deterministic event ids, so a crash anywhere replays into a no-op and money moves exactly once.
 */
import {
  betDecider,
  betStream,
  evolveFixture,
  initialFixtureState,
  walletCommandsFor,
} from '@bashiri/domain';
import type {
  BetCommand,
  BetEvent,
  BetPlaced,
  BetState,
  DomainError,
  FixtureEvent,
  MatchFacts,
} from '@bashiri/domain';
import { aggregateStreamsWithin, appendManyWith, decideMany } from '@bashiri/eventstore';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projections';
import type { AppServices } from '../../services.ts';
import { startWorkerLoop } from '../../worker-loop.ts';
import { transactionWithRetry } from '../../transactions.ts';
import { walletOf } from '../wallet/service.ts';
import { abnormalCheck } from './abnormal.ts';

const FIXTURE_EVENTS = new Set([
  'ResultRecorded',
  'ResultCorrected',
  'MatchAbandoned',
  'MatchPostponed',
  'MatchCancelled',
]);

/** Which bets wait on which match, and the work for matches that already have facts: two statements per run of bets. */
const recordBets = async (tx: SqlExecutor, pairs: readonly { match_id: string; bet_id: string }[]) => {
  if (pairs.length === 0) return;
  const json = JSON.stringify(pairs);
  await tx.query(
    `INSERT INTO settlement_legs (match_id, bet_id)
     SELECT match_id, bet_id FROM jsonb_to_recordset($1::jsonb) AS x(match_id text, bet_id text) ON CONFLICT DO NOTHING`,
    [json],
  );
  await tx.query(
    `INSERT INTO settlement_queue (bet_id, match_id, revision)
     SELECT x.bet_id, f.match_id, f.revision FROM jsonb_to_recordset($1::jsonb) AS x(match_id text, bet_id text)
     JOIN settlement_facts f ON f.match_id = x.match_id ON CONFLICT DO NOTHING`,
    [json],
  );
};

export const settlementTriggers: Projection = {
  name: 'settlement_triggers',
  filter: { streamPrefixes: ['bet-', 'fixture-'] },
  // A batch: the bets placed in a run are recorded together; a fixture event first records the bets
  // before it, so the log order (bet before facts, or facts before bet) gives the same queue.
  applyBatch: async (events, tx) => {
    let pairs: { match_id: string; bet_id: string }[] = [];
    for (const event of events) {
      if (event.type === 'BetPlaced') {
        const data = event.data as BetPlaced['data'];
        for (const matchId of new Set(data.legs.map((l) => l.matchId)))
          pairs.push({ match_id: matchId, bet_id: data.betId });
      } else if (FIXTURE_EVENTS.has(event.type)) {
        await recordBets(tx, pairs);
        pairs = [];
        await settlementTriggers.apply(event, tx);
      }
    }
    await recordBets(tx, pairs);
  },
  apply: async (event, tx) => {
    if (event.type === 'BetPlaced') {
      const data = event.data as BetPlaced['data'];
      for (const matchId of new Set(data.legs.map((l) => l.matchId))) {
        await tx.query(
          'INSERT INTO settlement_legs (match_id, bet_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [matchId, data.betId],
        );
        await tx.query(
          `INSERT INTO settlement_queue (bet_id, match_id, revision)
           SELECT $2, match_id, revision FROM settlement_facts WHERE match_id = $1 ON CONFLICT DO NOTHING`,
          [matchId, data.betId],
        );
      }
      return;
    }
    if (!FIXTURE_EVENTS.has(event.type)) return;
    const fixture = { type: event.type, data: event.data } as FixtureEvent;
    const { matchId, revision } = fixture.data;
    const { facts } = evolveFixture(initialFixtureState(), fixture);
    await tx.query(
      `INSERT INTO settlement_facts (match_id, revision, facts) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (match_id) DO UPDATE SET revision = $2, facts = $3::jsonb WHERE settlement_facts.revision < $2`,
      [matchId, revision, JSON.stringify(facts)],
    );
    await tx.query(
      `INSERT INTO settlement_queue (bet_id, match_id, revision)
       SELECT bet_id, match_id, $2 FROM settlement_legs WHERE match_id = $1 ON CONFLICT DO NOTHING`,
      [matchId, revision],
    );
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM settlement_queue');
    await tx.query('DELETE FROM settlement_facts');
    await tx.query('DELETE FROM settlement_legs');
  },
};

interface QueueRow {
  bet_id: string;
  match_id: string;
  revision: number;
  /** The row's physical address, read with FOR UPDATE in this transaction, so deleting it is a TID lookup. */
  row_ref: string;
}

/** What one settled bet changed, for subscriptions after the commit. */
export interface SettledNotice {
  readonly userId: string;
  readonly betId: string;
  readonly status: string;
}

type WalletUnit = ReturnType<ReturnType<typeof walletOf>['unitOfWork']>;

/**
 * Settles one batch of work items inside `tx`: every bet is loaded in one query, each leg settled on
 * the latest facts of its match and appended, then the wallets those settlements pay are loaded in one
 * query and credited. Returns what to publish after the commit.
 */
const settleBatch = async (
  tx: SqlExecutor,
  rows: readonly QueueRow[],
  at: string,
  wallet: WalletUnit,
): Promise<SettledNotice[]> => {
  const facts = new Map<string, { facts: MatchFacts; revision: number }>();
  const matchIds = [...new Set(rows.map((r) => r.match_id))];
  const found = await tx.query<{ match_id: string; facts: MatchFacts; revision: number }>(
    'SELECT match_id, facts, revision FROM settlement_facts WHERE match_id = ANY ($1::text[])',
    [matchIds],
  );
  for (const row of found.rows) facts.set(row.match_id, row);
  const bets = await aggregateStreamsWithin<BetState, BetEvent>(
    tx,
    rows.map((r) => betStream(r.bet_id)),
    betDecider,
  );

  const work = rows.flatMap((row) => {
    const latest = facts.get(row.match_id);
    if (!latest || bets.get(betStream(row.bet_id))?.state.status === 'none') return [];
    const command: BetCommand = {
      type: 'SettleLeg',
      betId: row.bet_id,
      at,
      matchId: row.match_id,
      facts: latest.facts,
      factsRevision: latest.revision,
    };
    return [
      {
        streamName: betStream(row.bet_id),
        command,
        idempotencyKey: `settle:${row.match_id}:${latest.revision}`,
      },
    ];
  });
  const { appends, outcomes } = decideMany<BetState, BetCommand, BetEvent, DomainError>(
    betDecider,
    bets,
    work,
  );
  await appendManyWith(tx, appends, { actor: 'system:settlement' });

  const notices: SettledNotice[] = [];
  const commands = outcomes.flatMap((outcome) => {
    if (!outcome.ok || outcome.state.status === 'none' || outcome.events.length === 0) return [];
    const placed = outcome.state.placed;
    notices.push({ userId: placed.userId, betId: placed.betId, status: outcome.state.status });
    return outcome.events.flatMap((event) => walletCommandsFor(placed, event));
  });
  const paid = await wallet.applyMany(commands);
  const refused = paid.findIndex((p) => !p.ok);
  if (refused >= 0)
    throw new Error(`wallet refused ${commands[refused]!.type} for ${commands[refused]!.userId}`);
  await tx.query(
    // By ctid: the rows are locked by this transaction, so they cannot have moved; a join on the key
    // was planned against stale statistics as a scan of the whole queue per batch.
    'DELETE FROM settlement_queue WHERE ctid = ANY ($1::tid[])',
    [rows.map((r) => r.row_ref)],
  );
  return notices;
};

/**
 * Works through the settlement queue, `batchSize` bets per transaction, until it is empty. Returns the
 * number of work items done. Safe to run in several processes at once (`FOR UPDATE SKIP LOCKED`; a
 * batch that meets a concurrent wallet change is retried whole).
 */
export const drainSettlementQueue = async (services: AppServices, batchSize = 250): Promise<number> => {
  let done = 0;
  const wallet = walletOf(services);
  // Each batch starts after the last row of the one before: deleted rows stay in the index until
  // vacuum, and scanning past them from the start every time made a big match quadratic. Work queued
  // later sorts after (queued_at = its insert time); rows skipped while locked elsewhere are left to
  // their holder, or picked up by the next drain, which starts from the beginning.
  let after: { queuedAt: string; betId: string } | null = null;
  for (;;) {
    let unit: WalletUnit | null = null;
    const { count, notices, last } = await transactionWithRetry(services.sql, async (tx) => {
      unit = wallet.unitOfWork(tx);
      // ORDER BY names the table's columns: an output column of the same name (`queued_at::text AS
      // queued_at`) would win, and sorting by its text cannot use settlement_queue_order, so every batch
      // read and sorted the whole queue.
      const { rows } = await tx.query<QueueRow & { queued_text: string }>(
        `SELECT q.bet_id, q.match_id, q.revision, q.queued_at::text AS queued_text, q.ctid::text AS row_ref
         FROM settlement_queue q
         ${after ? 'WHERE (q.queued_at, q.bet_id) > ($2::timestamptz, $3)' : ''}
         ORDER BY q.queued_at, q.bet_id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        after ? [batchSize, after.queuedAt, after.betId] : [batchSize],
      );
      const settled = await settleBatch(tx, rows, new Date(services.now()).toISOString(), unit);
      const tail = rows.at(-1);
      return {
        count: rows.length,
        notices: settled,
        last: tail ? { queuedAt: tail.queued_text, betId: tail.bet_id } : null,
      };
    });
    (unit as WalletUnit | null)?.committed();
    for (const notice of notices) services.publish(`BET_SETTLED:${notice.userId}`, notice);
    if (count > 0) services.store.notifyAppended();
    done += count;
    if (count < batchSize) return done;
    after = last;
  }
};

/**
 * Runs the worker in the background: after every projection wake-up and at least every `pollMs`;
 * each round also runs the abnormal-bet check (`abnormal.ts`, at most once a minute). Returns its stop
 * function.
 */
export const startSettlementWorker = (services: AppServices, pollMs = 1_000): (() => Promise<void>) => {
  const flagOverdue = abnormalCheck(services);
  return startWorkerLoop(
    async () => {
      await services.projections.settle();
      await drainSettlementQueue(services);
      await flagOverdue();
    },
    {
      pollMs,
      // Under a stream of bets every append wakes the worker; each round costs a catch-up of every
      // projection and a queue read even when there is nothing to settle. At most ten rounds a second.
      minIntervalMs: 100,
      wakeOn: (wake) => services.store.onAppended(wake),
      onError: (error) => console.error('settlement worker:', error),
    },
  );
};
