/**
 * Settling racing orders (issue 19; docs/racing.md "Payouts"; decision 0009): the projection queues
 * every pending order of a drawn round in `racing_settle_queue`; this worker leases them with
 * `drainQueue` and settles each through the money path — the order's `RacingBetSettled` on
 * `racingbet-<id>` and, when it pays, the racing-coin credit (bill type 14) on the wallet, appended
 * together with ids derived from (order, round), so a replay writes nothing and each order is paid once.
 * An order of a voided round (decision 0062) is returned instead: `RacingBetReturned` and the stake back
 * into racing coin (`RefundStake`, bill type 14, movement `racing-refund:<betId>`), once, the same way.
 */
import {
  racingBetDecider,
  racingWalletCommand,
  tenOfTenTickets,
  RacingBetType,
  RacingResult,
} from '@bashiri/domain';
import type { RacingBetEvent, RacingBetState, RacingSelection } from '@bashiri/domain';
import { aggregateStreams } from '@bashiri/eventstore';
import { drainQueue } from '../../process-manager.ts';
import type { WorkQueue } from '../../process-manager.ts';
import type { AppServices } from '../../services.ts';
import { moveMoneyBatch } from '../wallet/index.ts';
import type { BatchMovement } from '../wallet/index.ts';
import { racingSettings } from './config.ts';
import { racingBetStream } from './projection.ts';

interface SettleItem {
  readonly bet_id: string;
  readonly round_id: string;
  /** The order's player; null in rows queued before the column existed (decision 0164). */
  readonly user_id: string | null;
}

const SETTLE_QUEUE: WorkQueue = {
  table: 'racing_settle_queue',
  columns: ['bet_id', 'round_id', 'user_id'],
  tiebreak: 'bet_id',
  // Lanes of players (decisions 0164, 0168): concurrent chunks never share a wallet.
  partitionBy: 'user_id',
};

/** What a settled order changed, published to its player after the commit. */
export interface RacingSettledNotice {
  readonly userId: string;
  readonly betId: string;
  readonly roundId: string;
  readonly result: number;
  readonly payout: number;
}

/** A drawn round's finishing order and each ten-of-ten ticket's share of the prize pool, TZS. */
interface DrawnRound {
  readonly order: readonly number[];
  readonly poolPerTicket: number;
}

/**
 * The finishing orders of `roundIds` and the pool share of their ten-of-ten tickets: the configured
 * `prize_pool` shared equally, rounded down, by the Luck Racing tickets of the round with all ten
 * cars in place (docs/racing.md "Payouts").
 */
const drawnRounds = async (services: AppServices, roundIds: readonly string[]) => {
  const { config } = await racingSettings(services.sql);
  const { rows } = await services.sql.query<{ round_id: string; lottery_combination: string }>(
    'SELECT round_id, lottery_combination FROM racing_rounds WHERE round_id = ANY ($1::text[]) AND seed IS NOT NULL',
    [roundIds],
  );
  const rounds = new Map<string, DrawnRound>();
  for (const row of rows) {
    const order = row.lottery_combination.split(',').map(Number);
    const luck = await services.sql.query<{ selection: RacingSelection }>(
      'SELECT selection FROM racing_orders WHERE round_id = $1 AND bet_type = $2',
      [row.round_id, RacingBetType.LuckRacing],
    );
    const winners = luck.rows.reduce((n, r) => n + tenOfTenTickets(r.selection, order), 0);
    rounds.set(row.round_id, {
      order,
      poolPerTicket: winners > 0 ? Math.floor(config.prizePool / winners) : 0,
    });
  }
  return rounds;
};

/** Which of `roundIds` staff voided (their orders are returned, not settled). */
const voidedRounds = async (services: AppServices, roundIds: readonly string[]) => {
  const { rows } = await services.sql.query<{ round_id: string; void_reason: string | null }>(
    `SELECT round_id, void_reason FROM racing_rounds WHERE round_id = ANY ($1::text[]) AND phase = 'voided'`,
    [roundIds],
  );
  return new Map(rows.map((r) => [r.round_id, r.void_reason ?? 'round voided']));
};

/** What one drain knows of the rounds it met: read once per round, not once per chunk. */
interface RoundMemo {
  readonly drawn: Map<string, DrawnRound>;
  readonly voided: Map<string, string>;
  readonly seen: Set<string>;
}

const roundsOf = async (services: AppServices, memo: RoundMemo, roundIds: readonly string[]) => {
  const fresh = roundIds.filter((id) => !memo.seen.has(id));
  if (fresh.length > 0) {
    const [drawn, voided] = await Promise.all([drawnRounds(services, fresh), voidedRounds(services, fresh)]);
    for (const [id, round] of drawn) memo.drawn.set(id, round);
    for (const [id, reason] of voided) memo.voided.set(id, reason);
    // A round neither drawn nor voided yet is asked again by the next chunk.
    for (const id of fresh) if (drawn.has(id) || voided.has(id)) memo.seen.add(id);
  }
  return memo;
};

/**
 * Settles (or returns) the orders of one chunk on the batched money path (`moveMoneyBatch`, decision 0105): the order
 * streams and the players' wallets read in ONE grouped read (the money path's; the player comes from the
 * queue row, decision 0164 — only rows queued without one have their stream read first), then every
 * order's `RacingBetSettled`/`RacingBetReturned` and every winner's racing-coin credit appended in ONE
 * all-or-nothing multi-stream append. Ids derive from (order, round) and a settled order decides
 * nothing, so a chunk replayed pays nothing twice.
 */
const settleChunk = async (services: AppServices, memo: RoundMemo, items: readonly SettleItem[]) => {
  const at = new Date(services.now()).toISOString();
  const { drawn: rounds, voided } = await roundsOf(services, memo, [
    ...new Set(items.map((i) => i.round_id)),
  ]);
  const unknown = items.filter((i) => i.user_id === null);
  const legacy =
    unknown.length === 0
      ? new Map<string, { state: RacingBetState; version: number }>()
      : await aggregateStreams<RacingBetState, RacingBetEvent>(
          services.store,
          unknown.map((i) => racingBetStream(i.bet_id)),
          racingBetDecider,
        );
  const movements: BatchMovement<RacingBetState, RacingBetEvent, RacingSettledNotice | null>[] = [];
  for (const item of items) {
    const round = rounds.get(item.round_id);
    const voidReason = voided.get(item.round_id);
    if (!round && voidReason === undefined) continue;
    const read = legacy.get(racingBetStream(item.bet_id));
    const userId = item.user_id ?? read?.state.placed?.userId;
    if (userId === undefined) continue;
    movements.push({
      userId,
      product: {
        streamName: racingBetStream(item.bet_id),
        evolver: racingBetDecider,
        ...(read ? { from: read } : {}),
      },
      idempotencyKey: `${round ? 'settle' : 'void'}:${item.round_id}`,
      metadata: { actor: 'system:racing-settlement' },
      decide: ({ product, wallet }) => {
        const placed = product.state.placed;
        // No order in the stream (nothing placed): nothing to settle, nothing written.
        if (!placed) return { answer: null };
        if (placed.userId !== userId)
          throw new Error(`settling ${item.bet_id}: queued for ${userId}, placed by ${placed.userId}`);
        const decision = racingBetDecider.decide(
          round
            ? {
                type: 'SettleRacingBet',
                betId: item.bet_id,
                roundId: item.round_id,
                order: round.order,
                poolPerTicket: round.poolPerTicket,
                at,
              }
            : { type: 'ReturnRacingBet', betId: item.bet_id, reason: voidReason ?? 'round voided', at },
          product.state,
        );
        if (!decision.ok) throw new Error(`settling ${item.bet_id}: ${decision.error.code}`);
        const settled = decision.events.find(
          (e) => e.type === 'RacingBetSettled' || e.type === 'RacingBetReturned',
        );
        if (!settled) return { answer: null };
        const payment = racingWalletCommand(settled, placed, {
          kind: 'system',
          id: 'racing-settlement',
        });
        if (payment) {
          const paid = wallet.pay(payment);
          if (!paid.ok) throw new Error(`wallet refused ${payment.type}: ${paid.error.code}`);
        }
        return {
          answer: {
            userId: placed.userId,
            betId: placed.betId,
            roundId: item.round_id,
            result: settled.type === 'RacingBetSettled' ? settled.data.result : RacingResult.Refunded,
            payout: settled.type === 'RacingBetSettled' ? settled.data.payout : settled.data.amount,
          },
          productEvents: decision.events,
        };
      },
    });
  }
  const results = await moveMoneyBatch(services, movements);
  return results.flatMap(({ answer }) => (answer === null ? [] : [answer]));
};

/**
 * Orders per chunk (one lease, one grouped read, one append; docs/racing.md "Settlement in chunks").
 */
export const SETTLE_CHUNK = 1_000;

/**
 * Chunk workers of one drain (decisions 0164, 0168): `drainQueue` lanes on the queue's `user_id`, so two
 * chunks never hold the same wallet and one decides in Node while the other's read or append runs in
 * PostgreSQL.
 */
export const SETTLE_WORKERS = 2;

/**
 * Settles every queued racing order, `batchSize` per lease (a chunk), `workers` chunks at once on
 * disjoint players, until the queue is empty. Returns the number of orders done. Safe in several
 * processes at once and to run again: an order settles once.
 */
export const drainRacingSettlement = async (
  services: AppServices,
  batchSize = SETTLE_CHUNK,
  workers = SETTLE_WORKERS,
): Promise<number> => {
  const memo: RoundMemo = { drawn: new Map(), voided: new Map(), seen: new Set() };
  // Every lane runs to its end before a failure is thrown (drainQueue lanes).
  return drainQueue<SettleItem>(
    services.sql,
    SETTLE_QUEUE,
    async (items) => {
      for (const notice of await settleChunk(services, memo, items))
        services.publish(`RACING_SETTLED:${notice.userId}`, notice);
    },
    { batchSize, lanes: workers },
  );
};
