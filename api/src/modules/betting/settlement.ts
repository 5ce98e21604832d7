/**
 * Results drive settlement (issue 4 item 5; architecture.md §3 "Process managers").
 *
 * 1. `settlementTriggers` (settlement-projection.ts; a projection over `bet-` and `fixture-` streams, so
 *    it sees bets and results in log order): remembers which bets wait on which match and the latest facts of every fixture, and
 *    queues (bet, match, revision) work whenever facts arrive for a match with bets — or a bet arrives
 *    for a match that already has facts. Queueing commits with the checkpoint: nothing is missed.
 * 2. The worker (the process-manager helper, `process-manager.ts`) leases queued work in batches: settles
 *    the leg on the bet stream and pays what the bet's settlement says into the wallet on the money path
 *    (both appended together), then deletes the work item. Event ids derive from (bet, match, revision),
 *    so a crash anywhere replays into a no-op and money moves exactly once.
 */
import { betDecider, betStream, FIXTURE_STREAM_PREFIX, walletCommandsFor } from '@bashiri/domain';
import type { BetCommand, BetEvent, BetState, MatchFacts } from '@bashiri/domain';
import type { Aggregated } from '@bashiri/eventstore';
import { aggregateStreams, onlyFor } from '@bashiri/eventstore';
import { drainQueue } from '../../process-manager.ts';
import type { WorkQueue } from '../../process-manager.ts';
import type { AppServices } from '../../services.ts';
import { startWorkerLoop } from '../../worker-loop.ts';
import { moveMoneyBatch } from '../wallet/index.ts';
import type { BatchMovement } from '../wallet/index.ts';
import { abnormalCheck } from './abnormal.ts';
import { settlementTriggers } from './settlement-projection.ts';

/** One work item of the settlement queue. */
interface QueueItem {
  readonly bet_id: string;
  readonly match_id: string;
  readonly revision: number;
  /** The bet's player (decision 0168); null on items queued before the column. */
  readonly user_id: string | null;
}

/** The settlement queue as the process-manager helper leases it. */
const SETTLEMENT_QUEUE: WorkQueue = {
  table: 'settlement_queue',
  columns: ['bet_id', 'match_id', 'revision', 'user_id'],
  tiebreak: 'bet_id',
  partitionBy: 'user_id',
};

/**
 * Settlement batches in flight at once (decision 0168): two lanes of players, so Node decides one
 * lane's batch while PostgreSQL appends the other's, and no wallet is in both.
 */
export const SETTLEMENT_LANES = 2;

/** What one settled bet changed, for subscriptions after the commit. */
export interface SettledNotice {
  readonly userId: string;
  readonly betId: string;
  readonly status: string;
}

/**
 * Settles one batch of work items: the latest facts of their matches and their bets are read in one
 * query each, then the batch goes the batched money path (`moveMoneyBatch`, wallet/money-batch.ts;
 * decision 0135) — each bet's leg settled on the latest facts, what the settlement pays credited to the
 * wallet, ONE grouped read of the batch's wallets and ONE append of every bet and wallet, with ids
 * derived from (bet, match, revision), so a replay writes nothing. A bet leased twice in one batch (an
 * accumulator whose two matches ended) goes in a second round, since a product stream appears once per
 * money batch. Returns what to publish.
 */
const settleBatch = async (
  services: AppServices,
  items: readonly QueueItem[],
  at: string,
): Promise<SettledNotice[]> => {
  const facts = new Map<string, { facts: MatchFacts; revision: number }>();
  const matchIds = [...new Set(items.map((r) => r.match_id))];
  const found = await services.sql.query<{ match_id: string; facts: MatchFacts; revision: number }>(
    'SELECT match_id, facts, revision FROM settlement_facts WHERE match_id = ANY ($1::text[])',
    [matchIds],
  );
  for (const row of found.rows) facts.set(row.match_id, row);
  const notices: SettledNotice[] = [];
  let rest = items;
  while (rest.length > 0) {
    const seen = new Set<string>();
    const round: QueueItem[] = [];
    const later: QueueItem[] = [];
    for (const item of rest) {
      if (seen.has(item.bet_id)) later.push(item);
      else {
        seen.add(item.bet_id);
        round.push(item);
      }
    }
    notices.push(...(await settleRound(services, round, facts, at)));
    rest = later;
  }
  return notices;
};

/**
 * One money batch of {@link settleBatch}: each bet at most once. The player of an item comes from the
 * queue, so its bet stream is read in the money batch's one grouped read with the wallets (decision
 * 0168); only items queued without a player (before the column) have their bets read first, to find it.
 */
const settleRound = async (
  services: AppServices,
  items: readonly QueueItem[],
  facts: ReadonlyMap<string, { facts: MatchFacts; revision: number }>,
  at: string,
): Promise<SettledNotice[]> => {
  const unknown = items.filter((r) => r.user_id === null).map((r) => betStream(r.bet_id));
  const loaded =
    unknown.length > 0
      ? await aggregateStreams<BetState, BetEvent>(services.store, unknown, betDecider)
      : new Map<string, Aggregated<BetState>>();
  const movements: BatchMovement<BetState, BetEvent, SettledNotice | null>[] = [];
  for (const item of items) {
    const latest = facts.get(item.match_id);
    const bet = loaded.get(betStream(item.bet_id));
    const userId = item.user_id ?? (bet && bet.state.status !== 'none' ? bet.state.placed.userId : null);
    if (!latest || userId === null) continue;
    const command: BetCommand = {
      type: 'SettleLeg',
      betId: item.bet_id,
      at,
      matchId: item.match_id,
      facts: latest.facts,
      factsRevision: latest.revision,
    };
    movements.push({
      userId,
      product: { streamName: betStream(item.bet_id), evolver: betDecider, ...(bet ? { from: bet } : {}) },
      idempotencyKey: `settle:${item.match_id}:${latest.revision}`,
      metadata: { actor: 'system:settlement' },
      decide: ({ product, wallet }) => {
        if (product.state.status === 'none') return { answer: null };
        if (product.state.placed.userId !== userId)
          throw new Error(
            `settlement queue: bet ${item.bet_id} is ${product.state.placed.userId}'s, not ${userId}'s`,
          );
        const decision = betDecider.decide(command, product.state);
        if (!decision.ok || decision.events.length === 0) return { answer: null };
        const state = decision.events.reduce(betDecider.evolve, product.state);
        if (state.status === 'none') return { answer: null };
        for (const event of decision.events)
          for (const payment of walletCommandsFor(state.placed, event)) {
            const paid = wallet.pay(payment);
            if (!paid.ok) throw new Error(`wallet refused ${payment.type} for ${payment.userId}`);
          }
        return {
          answer: { userId: state.placed.userId, betId: state.placed.betId, status: state.status },
          productEvents: decision.events,
        };
      },
    });
  }
  const results = await moveMoneyBatch(services, movements);
  return results.flatMap(({ answer }) => (answer === null ? [] : [answer]));
};

/**
 * Works through the settlement queue, `batchSize` bets per lease, until it is empty (the
 * process-manager helper, `process-manager.ts`), `lanes` batches at once, each lane a disjoint set of
 * players (decision 0168). Returns the number of work items done. Safe to run in several processes at
 * once: lanes of two processes may share a wallet, and the loser of that race goes the single money
 * path, which reloads and retries (event ids from (bet, match, revision): nothing is paid twice).
 */
export const drainSettlementQueue = (
  services: AppServices,
  batchSize = 250,
  lanes = SETTLEMENT_LANES,
): Promise<number> =>
  drainQueue<QueueItem>(
    services.sql,
    SETTLEMENT_QUEUE,
    async (items) => {
      const notices = await settleBatch(services, items, new Date(services.now()).toISOString());
      for (const notice of notices) services.publish(`BET_SETTLED:${notice.userId}`, notice);
    },
    { batchSize, lanes },
  );

/**
 * Runs the worker in the background: after every projection wake-up and at least every `pollMs`;
 * each round also runs the abnormal-bet check (`abnormal.ts`, at most once a minute). Returns its stop
 * function.
 */
export const startSettlementWorker = (services: AppServices, pollMs = 1_000): (() => Promise<void>) => {
  const flagOverdue = abnormalCheck(services);
  return startWorkerLoop(
    async () => {
      // Only the projection that fills the queue: the background runner keeps the others caught up
      // (catching up every projection here cost a dozen transactions a round under load).
      await services.projections.catchUp(settlementTriggers, { wait: true });
      await drainSettlementQueue(services);
      await flagOverdue();
    },
    {
      pollMs,
      // Work is queued when a fixture's facts arrive (or, rarely, a bet for a match that already has
      // facts: the next poll finds it), so only fixture appends wake the worker — a stream of bets
      // would otherwise run a round after every bet. At most ten rounds a second.
      minIntervalMs: 100,
      wakeOn: (wake) => services.store.onAppended(onlyFor({ streamPrefixes: [FIXTURE_STREAM_PREFIX] }, wake)),
      onError: (error) => services.logger.error({ err: error }, 'settlement worker failed'),
    },
  );
};
