/**
 * Pool-game settlement as a process manager (issue 18 item 2; decision 0009; docs/pool-games.md):
 * the `pool_triggers` projection queues work in `pool_work`, and this worker drains it with
 * `drainQueue`:
 *
 * - `result` (issue, match:revision): records the match's pool result (90-minute outcome, or void) on
 *   the issue; once every match is decided, settles the issue on the sales and winning lines counted
 *   over its tickets (`lineHitCounts`, no 2^doubles expansion);
 * - `settle` (ticket, settlement n): settles the ticket on the issue's settlement n and pays its prize
 *   through the money path (bill type 1; a reversal first on a re-settlement), once: event ids derive
 *   from (ticket, n), so replaying the queue writes nothing. Tickets go a chunk at a time (the queue's
 *   batch): one `moveMoneyBatch` per chunk, all or nothing (decision 0105);
 * - `refund` (ticket): the issue was cancelled; the stake goes back (a credited prize is reversed).
 *
 * Each round also closes issues whose first kick-off has come, and queues a check of matches not played
 * within 24 hours of their kick-off (void).
 */
import {
  VOID_AFTER_MS,
  lineHitCounts,
  minPrizeHits,
  poolResultOf,
  poolTicketDecider,
  ticketStream,
  ticketWalletCommands,
} from '@bashiri/domain';
import type {
  IssueState,
  MatchFacts,
  Pick,
  PoolGame,
  PoolMatchResult,
  TicketCommand,
  TicketEvent,
  TicketState,
} from '@bashiri/domain';
import { aggregateStreams, onlyFor } from '@bashiri/eventstore';
import { drainQueue } from '../../process-manager.ts';
import type { WorkQueue } from '../../process-manager.ts';
import type { AppServices } from '../../services.ts';
import { startWorkerLoop } from '../../worker-loop.ts';
import { moveMoneyBatch } from '../wallet/index.ts';
import type { BatchMovement } from '../wallet/index.ts';
import { closeDueIssues, loadIssue, onIssue } from './issues.ts';
import { QUEUE_SQL, poolReadModel, poolTriggers } from './projection.ts';
import { jackpotBannerNow } from './queries.ts';
import type { JackpotBannerView } from './queries.ts';

const SYSTEM = { kind: 'system', id: 'pool-settlement' } as const;
/** The metadata of the settlement's ticket events. */
const TICKET_METADATA = { actor: 'system:pool-settlement' } as const;

/**
 * Pub/sub topic of the jackpot banner (GraphQL `Subscription.jackpotAmount`): published by this worker
 * when it drains a `banner` item (projection.ts queues one after a jackpot ticket or issue change).
 */
export const JACKPOT_AMOUNT = 'JACKPOT_AMOUNT';

/** Payload of {@link JACKPOT_AMOUNT}: the banner now (null while no jackpot issue is open). */
export interface JackpotAmountPayload {
  readonly banner: JackpotBannerView | null;
}

/** Reads the jackpot banner from the read model and publishes it on {@link JACKPOT_AMOUNT}. */
export const publishJackpotAmount = async (services: AppServices): Promise<void> => {
  const payload: JackpotAmountPayload = { banner: await jackpotBannerNow(services.sql, services.now()) };
  services.publish(JACKPOT_AMOUNT, payload);
};

interface WorkItem {
  /** `banner` (ref `jackpot`): publish the jackpot banner (see {@link JACKPOT_AMOUNT}). */
  readonly kind: 'result' | 'settle' | 'refund' | 'banner';
  readonly ref: string;
  readonly arg: string;
}

const POOL_QUEUE: WorkQueue = { table: 'pool_work', columns: ['kind', 'ref', 'arg'], tiebreak: 'item' };

const gameOfIssue = async (services: AppServices, issueId: string): Promise<PoolGame | null> =>
  (
    await services.sql.query<{ game: PoolGame }>('SELECT game FROM pool_issues WHERE issue_id = $1', [
      issueId,
    ])
  ).rows[0]?.game ?? null;

/**
 * Settles issue `issueId` when every match is decided: counts sales and lines by hits over its tickets
 * (read model, caught up by the worker round) and sends `SettleIssue` (a no-op when nothing changed).
 */
export const settleIssueIfDecided = async (
  services: AppServices,
  game: PoolGame,
  issueId: string,
): Promise<boolean> => {
  const { state } = await loadIssue(services, game, issueId);
  const created = state.created;
  if (!created || state.status === 'cancelled' || state.status === 'created' || state.status === 'open')
    return false;
  if (created.matches.some((m) => state.results[m.matchId] === undefined)) return false;
  // Sales are counted on the read model: make sure it holds every ticket bought so far, even while a
  // background runner holds the projection (a plain settle() would return at once and count too few).
  await services.projections.catchUp(poolReadModel, { wait: true });
  const { rows } = await services.sql.query<{ picks: Pick[]; lines: number; stake: string }>(
    `SELECT picks, lines, stake FROM pool_tickets WHERE issue_id = $1 AND status <> 'refunded'`,
    [issueId],
  );
  const winningLines: Record<number, number> = {};
  const lowest = minPrizeHits(created.terms);
  let lines = 0;
  let stakes = 0;
  for (const row of rows) {
    lines += row.lines;
    stakes += Number(row.stake);
    const counts = lineHitCounts(row.picks, state.results);
    counts.lines.forEach((n, hits) => {
      if (hits >= lowest && n > 0) winningLines[hits] = (winningLines[hits] ?? 0) + n;
    });
  }
  const outcome = await onIssue(
    services,
    game,
    {
      type: 'SettleIssue',
      issueId,
      at: new Date(services.now()).toISOString(),
      actor: SYSTEM,
      tickets: rows.length,
      lines,
      stakes,
      winningLines,
    },
    `settle:${state.settlementNo + 1}`,
  );
  if (!outcome.ok)
    services.logger.error({ issueId, error: outcome.error }, 'pool: issue could not be settled');
  return outcome.ok;
};

/** A `result` item: the match's pool result on the issue, then the issue settled when complete. */
const recordResult = async (services: AppServices, item: WorkItem) => {
  const game = await gameOfIssue(services, item.ref);
  if (!game) return;
  const [matchId, revision] = item.arg.split(':') as [string, string];
  const { state } = await loadIssue(services, game, item.ref);
  const match = state.created?.matches.find((m) => m.matchId === matchId);
  if (!state.created || !match || state.status === 'cancelled') return;
  const row = (
    await services.sql.query<{ facts: MatchFacts }>('SELECT facts FROM pool_facts WHERE match_id = $1', [
      matchId,
    ])
  ).rows[0];
  const facts: MatchFacts = row?.facts ?? { status: 'not_started' };
  const result: PoolMatchResult | undefined = poolResultOf(
    game,
    facts,
    Date.parse(match.kickOff),
    services.now(),
  );
  if (result) {
    const recorded = await onIssue(
      services,
      game,
      {
        type: 'RecordMatchResult',
        issueId: item.ref,
        at: new Date(services.now()).toISOString(),
        actor: SYSTEM,
        matchId,
        result,
      },
      `result:${matchId}:${revision}:${state.results[matchId] ? 'c' : 'r'}:${JSON.stringify(result)}`,
    );
    if (!recorded.ok) return;
    if (recorded.value.status === 'cancelled') return;
  }
  await settleIssueIfDecided(services, game, item.ref);
};

/** A ticket command of a batch, with the key its events' ids derive from. */
interface TicketWork {
  readonly ticket: { state: TicketState; version: number };
  readonly command: TicketCommand;
  readonly key: string;
}

/**
 * The movement of one ticket command on the money path: the ticket's events and the wallet commands
 * they cause (a prize credited, a reversal first on a re-settlement, a refund), paid on the player's
 * wallet; a ticket whose command decides nothing writes nothing.
 */
const ticketMovement = (userId: string, work: TicketWork): BatchMovement<TicketState, TicketEvent, null> => ({
  userId,
  product: { streamName: ticketStream(work.command.ticketId), evolver: poolTicketDecider, from: work.ticket },
  idempotencyKey: work.key,
  metadata: TICKET_METADATA,
  decide: ({ product, wallet }) => {
    const decision = poolTicketDecider.decide(work.command, product.state);
    if (!decision.ok || decision.events.length === 0) return { answer: null };
    let before = product.state;
    for (const event of decision.events) {
      for (const payment of ticketWalletCommands(before, event)) {
        const paid = wallet.pay(payment);
        if (!paid.ok)
          throw new Error(`wallet refused ${payment.type} for ${payment.userId}: ${paid.error.code}`);
      }
      before = poolTicketDecider.evolve(before, event);
    }
    return { answer: null, productEvents: decision.events };
  },
});

/**
 * Settles and refunds the tickets of one batch (a chunk of the queue): ticket streams read together,
 * issues once each, then every ticket and the prizes and refunds it pays in ONE batch of the money path
 * (`moveMoneyBatch`: one grouped read of the wallets, one all-or-nothing append). Run again — a retried
 * chunk, a crash before its items were deleted — it writes nothing: each settled ticket decides no
 * events, and the ids of whatever was written derive from (ticket, settlement n).
 */
const ticketBatch = async (services: AppServices, items: readonly WorkItem[]) => {
  const tickets = await aggregateStreams<TicketState, TicketEvent>(
    services.store,
    items.map((i) => ticketStream(i.ref)),
    poolTicketDecider,
  );
  const issues = new Map<string, Promise<IssueState>>();
  const issueOf = (game: PoolGame, issueId: string) => {
    let found = issues.get(issueId);
    if (!found) {
      found = loadIssue(services, game, issueId).then((a) => a.state);
      issues.set(issueId, found);
    }
    return found;
  };
  const at = new Date(services.now()).toISOString();
  const works = await Promise.all(
    items.map(async (item): Promise<TicketWork | null> => {
      const ticket = tickets.get(ticketStream(item.ref));
      const bought = ticket?.state.bought;
      if (!ticket || !bought) return null;
      const issue = await issueOf(bought.game, bought.issueId);
      if (item.kind === 'refund')
        // Only a cancelled issue refunds (a stray or replayed item must not).
        return issue.status === 'cancelled'
          ? {
              ticket,
              command: { type: 'RefundTicket', ticketId: item.ref, at, reason: 'jackpot cancelled' },
              key: 'refund',
            }
          : null;
      if (!issue.settlement || issue.status !== 'settled') return null;
      return {
        ticket,
        command: {
          type: 'SettleTicket',
          ticketId: item.ref,
          at,
          settlementNo: issue.settlementNo,
          results: issue.results,
          prizeTable: issue.settlement.tiers.map((t) => ({ hits: t.hits, prizePerLine: t.prizePerLine })),
        },
        key: `settle:${issue.settlementNo}`,
      };
    }),
  );
  const movements = works.flatMap((w) =>
    w && w.ticket.state.bought ? [ticketMovement(w.ticket.state.bought.userId, w)] : [],
  );
  await moveMoneyBatch(services, movements);
};

/**
 * Works through the pool queue until it is empty (safe in several processes at once): results one
 * issue at a time, tickets a batch at a time. Returns the number of items done.
 */
export const drainPoolQueue = (services: AppServices, batchSize = 250): Promise<number> =>
  drainQueue<WorkItem>(
    services.sql,
    POOL_QUEUE,
    async (items) => {
      for (const item of items.filter((i) => i.kind === 'result')) await recordResult(services, item);
      const ticketItems = items.filter((i) => i.kind === 'settle' || i.kind === 'refund');
      if (ticketItems.length > 0) await ticketBatch(services, ticketItems);
      // Once per batch, however many changes it gathered: the banner as the read model has it now.
      if (items.some((i) => i.kind === 'banner')) await publishJackpotAmount(services);
    },
    { batchSize },
  );

/** Queues a void check of every match of a closed issue still without a result 24 hours after kick-off. */
export const queueOverdueMatches = async (services: AppServices): Promise<void> => {
  const due = new Date(services.now() - VOID_AFTER_MS).toISOString();
  await services.sql.query(
    `INSERT INTO pool_work (item, kind, ref, arg)
     SELECT 'result|' || i.issue_id || '|' || (m->>'matchId') || ':overdue', 'result', i.issue_id, (m->>'matchId') || ':overdue'
     FROM pool_issues i, jsonb_array_elements(i.matches) m
     WHERE i.status = 'closed' AND (m->>'kickOff')::timestamptz <= $1 AND NOT (i.results ? (m->>'matchId'))
     ON CONFLICT (item) DO NOTHING`,
    [due],
  );
};

/**
 * Settles the tickets `ticketIds` on their issues' current settlement as ONE chunk, as the worker does
 * with a batch of `settle` items (tests, tools: a chunk run again, or two copies of it at once, must
 * credit nothing twice).
 */
export const settleTicketChunk = (services: AppServices, ticketIds: readonly string[]): Promise<void> =>
  ticketBatch(
    services,
    ticketIds.map((ref) => ({ kind: 'settle', ref, arg: '' })),
  );

/** Queues one item by hand (tests, tools). */
export const queuePoolWork = (services: AppServices, kind: WorkItem['kind'], ref: string, arg = '') =>
  services.sql.query(QUEUE_SQL, [kind, ref, arg]);

/**
 * Catches up the pool's two projections (its read model, then its triggers and work queue) and nothing
 * else, waiting for another runner's batch so the worker reads its own writes (decision 0136): the
 * other read models follow in the background runner.
 */
export const catchUpPool = async (services: AppServices): Promise<void> => {
  await services.projections.catchUp(poolReadModel, { wait: true });
  await services.projections.catchUp(poolTriggers, { wait: true });
};

/** One round of the worker: catch up, close due issues, queue overdue matches, drain (until the chain of work is done). */
export const poolRound = async (services: AppServices, extra?: () => Promise<void>): Promise<void> => {
  await catchUpPool(services);
  await closeDueIssues(services);
  await queueOverdueMatches(services);
  if (extra) await extra();
  // Results settle issues, whose settlement queues the tickets: a few passes finish a chain.
  for (let pass = 0; pass < 4; pass++) {
    await catchUpPool(services);
    if ((await drainWhileFollowing(services)) === 0) break;
  }
};

/** How long the read-model follower of {@link drainWhileFollowing} rests when it found nothing new, ms. */
const FOLLOW_REST_MS = 50;

/**
 * Drains the pool queue while the pool's read model follows the settled tickets in the same process
 * (`pool_tickets`: status, hits, prize), instead of catching up all of them after the last chunk: an
 * issue of 100,000 tickets writes 100,000 `TicketSettled` events, and projecting them one chunk
 * behind the drain lets PostgreSQL apply one chunk while Node decides the next (issue 18 "Speed";
 * docs/benchmarks.md "fifth session"). The follower only reads the log and writes the read model; it
 * never moves money, so it cannot race the drain's appends. Returns the number of items drained.
 */
const drainWhileFollowing = async (services: AppServices): Promise<number> => {
  let draining = true;
  const follower = (async () => {
    while (draining) {
      await services.projections.catchUp(poolReadModel, { wait: true });
      if (draining) await new Promise((resolve) => setTimeout(resolve, FOLLOW_REST_MS));
    }
  })();
  try {
    return await drainPoolQueue(services);
  } finally {
    draining = false;
    await follower;
  }
};

/** Runs the worker in the background (after every projection wake-up, at least every `pollMs`). */
export const startPoolWorker = (
  services: AppServices,
  extra?: () => Promise<void>,
  pollMs = 2_000,
): (() => Promise<void>) =>
  startWorkerLoop(() => poolRound(services, extra), {
    pollMs,
    minIntervalMs: 250,
    // Only appends the pool's own process managers read wake it (results, issues, tickets), not every bet.
    wakeOn: (wake) => services.store.onAppended(onlyFor(poolTriggers.filter, wake)),
    onError: (error) => services.logger.error({ err: error }, 'pool worker failed'),
  });
