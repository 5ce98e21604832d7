/**
 * Settling racing orders (issue 19; docs/racing.md "Payouts", "Settlement in chunks"; decisions 0009,
 * 0100, 0184). A drawn round's orders are **walked** in bet-id order, in lanes of players, a chunk at a
 * time: each chunk's orders are listed in ONE `RacingSettlementAdvanced` on the lane's stream
 * (`racingsettle-<roundId>-<lane>of<lanes>`) — the losing ones (which move no money) by id, the winning
 * ones with their figures (decision 0194) — and each winner's racing-coin credit (bill type 14, movement
 * `racing-result:<betId>`) goes through the money path's batch in the same all-or-nothing append, at
 * that stream's version: the event is the lane's cursor, so a chunk and its credits are recorded once
 * and a walk that stopped (a crash between chunks) resumes after the last chunk recorded. A winner
 * placed before the read model kept its terms is settled on its own stream (`RacingBetSettled` on
 * `racingbet-<id>`, ids derived from (order, round)) in the same append, as before.
 *
 * Orders that reach the read model after their round was drawn, and every order of a voided round
 * (decision 0062: `RacingBetReturned` and the stake back, movement `racing-refund:<betId>`), still go
 * through `racing_settle_queue`, one money-path movement each, leased with `drainQueue`.
 */
import {
  racingBetDecider,
  racingOrderLoses,
  racingWalletCommand,
  racingWinningsCommand,
  settleWalkedOrder,
  settlementCursorOf,
  tenOfTenTickets,
  RacingBetType,
  RacingResult,
} from '@bashiri/domain';
import type {
  RacingBetEvent,
  RacingBetState,
  RacingSelection,
  RacingSettlementAdvanced,
  RacingSettlementCursor,
  RacingTerms,
  RacingWalkWinner,
} from '@bashiri/domain';
import { aggregateStreams, isWrongExpectedVersion } from '@bashiri/eventstore';
import type { StreamAppendRequest } from '@bashiri/eventstore';
import { drainQueue } from '../../process-manager.ts';
import type { WorkQueue } from '../../process-manager.ts';
import type { AppServices } from '../../services.ts';
import { moveMoneyBatch, moveMoneyBatchWith } from '../wallet/index.ts';
import type { BatchMovement, WalletLedger } from '../wallet/index.ts';
import { racingSettings } from './config.ts';
import { racingBetStream, racingSettleStream } from './projection.ts';

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
 * How many Luck Racing tickets of round `roundId` have all ten cars in place on the finishing order
 * `order` (docs/racing.md "Payouts": they share the prize pool): the domain's `tenOfTenTickets` on each
 * order read. Only orders whose first position holds the champion are read (a necessary condition of a
 * ten-of-ten ticket, checked in PostgreSQL: about a tenth of the round's Luck Racing orders).
 */
export const tenOfTenCount = async (
  sql: AppServices['sql'],
  roundId: string,
  order: readonly number[],
): Promise<number> => {
  const { rows } = await sql.query<{ selection: RacingSelection }>(
    `SELECT selection FROM racing_orders
     WHERE round_id = $1 AND bet_type = $2 AND selection -> 'positions' -> 0 @> $3::jsonb`,
    [roundId, RacingBetType.LuckRacing, JSON.stringify([order[0]])],
  );
  return rows.reduce((n, r) => n + tenOfTenTickets(r.selection, order), 0);
};

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
    const winners = await tenOfTenCount(services.sql, row.round_id, order);
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
 * Pays `payment` (racing coin, bill type 14, or a refund) through the movement's wallet ledger; nothing
 * when there is none. A refusal aborts the whole movement (nothing of it is written).
 */
const payOrThrow = (wallet: WalletLedger, payment: Parameters<WalletLedger['pay']>[0] | undefined): void => {
  if (!payment) return;
  const paid = wallet.pay(payment);
  if (!paid.ok) throw new Error(`wallet refused ${payment.type}: ${paid.error.code}`);
};

/** The money-path movement that settles (a drawn round) or returns (a voided round) one order. */
const settleMovement = (
  item: SettleItem,
  userId: string,
  round: DrawnRound | undefined,
  voidReason: string | undefined,
  read: { state: RacingBetState; version: number } | undefined,
  at: string,
): BatchMovement<RacingBetState, RacingBetEvent, RacingSettledNotice | null> => ({
  userId,
  product: {
    streamName: racingBetStream(item.bet_id),
    evolver: racingBetDecider,
    ...(read ? { from: read } : {}),
  },
  idempotencyKey: `${round ? 'settle' : 'void'}:${item.round_id}`,
  metadata: { actor: SETTLEMENT_ACTOR },
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
    payOrThrow(wallet, payment);
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

/** Who the settlement's events name. */
const SETTLEMENT_ACTOR = 'system:racing-settlement';

/**
 * Settles (or returns) the orders of one leased queue chunk on the batched money path (`moveMoneyBatch`,
 * decision 0105): the order streams and the players' wallets read in ONE grouped read (the money path's;
 * the player comes from the queue row, decision 0164 — only rows queued without one have their stream
 * read first), then every order's `RacingBetSettled`/`RacingBetReturned` and every payment appended in
 * ONE all-or-nothing multi-stream append. Ids derive from (order, round) and a settled order decides
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
  // The orders of a drawn round that its walk settles (not marked `settle_by_queue`) are never settled
  // here, whatever queued them: each order is in exactly one of the two sets (decision 0184).
  const drawnIds = items.filter((i) => rounds.has(i.round_id)).map((i) => i.bet_id);
  const walked =
    drawnIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await services.sql.query<{ bet_id: string }>(
              'SELECT bet_id FROM racing_orders WHERE bet_id = ANY ($1::text[]) AND NOT settle_by_queue',
              [drawnIds],
            )
          ).rows.map((r) => r.bet_id),
        );
  const movements: BatchMovement<RacingBetState, RacingBetEvent, RacingSettledNotice | null>[] = [];
  for (const item of items) {
    if (walked.has(item.bet_id)) continue;
    const round = rounds.get(item.round_id);
    const voidReason = voided.get(item.round_id);
    if (!round && voidReason === undefined) continue;
    const read = legacy.get(racingBetStream(item.bet_id));
    const userId = item.user_id ?? read?.state.placed?.userId;
    if (userId === undefined) continue;
    movements.push(settleMovement(item, userId, round, voidReason, read, at));
  }
  const results = await moveMoneyBatch(services, movements);
  return results.flatMap(({ answer }) => (answer === null ? [] : [answer]));
};

/** An order of a drawn round as the walk reads it from the read model. */
interface WalkRow {
  readonly bet_id: string;
  readonly user_id: string;
  readonly selection: RacingSelection;
  readonly single_amount: string;
  readonly amount: string;
  readonly odds: string | null;
  /** The order's terms as placed (`RacingBetPlaced.terms`); null for orders placed before migration 006. */
  readonly terms: RacingTerms | null;
}

/**
 * Reads the next chunk of lane `lane` of `lanes` of a round's walk (migration 006's `racing_settle_walk`,
 * whose plan walks the index `racing_orders_round (round_id, bet_id)`): its orders still pending and not
 * left to the queue, after `after` ('' before the first chunk) in bet-id order, at most `chunk`.
 */
const walkChunk = async (
  services: AppServices,
  roundId: string,
  after: string,
  chunk: number,
  lane: number,
  lanes: number,
): Promise<WalkRow[]> =>
  (
    await services.sql.query<WalkRow>('SELECT * FROM racing_settle_walk($1, $2, $3, $4, $5)', [
      roundId,
      after,
      chunk,
      lanes,
      lane,
    ])
  ).rows;

/** A row of the walk's shared read: an order and its lane. */
interface LaneRow extends WalkRow {
  readonly lane: number;
}

/** How a lane of a round's walk reads its chunks (see {@link sharedWalk}). */
type ReadChunk = (lane: number, after: string, chunk: number) => Promise<WalkRow[]>;

/**
 * The reads of a round's walk shared by its lanes in one drain (decision 0206): one read of the round's
 * pending orders (`racing_settle_walk_lanes`, migration 007), `chunk × lanes` orders at a time in bet-id
 * order, each row handed to its lane's buffer; a lane takes its chunks from its buffer, so the index
 * range is walked once per round, not once per lane. A lane is served this way while it asks after
 * exactly what it was last handed (the start of the walk: '' — or the last order of its previous
 * chunk, once that chunk was recorded); a lane that asks after anything else — it resumed from a cursor
 * of an earlier drain, or its chunk lost a race (retried, or another walker moved its cursor) — reads on
 * its own from then on (`racing_settle_walk`, as before), so a retried chunk is always read again.
 * Buffered rows may be settled meanwhile only by a walker of the same lane, which moves the lane's
 * cursor: the chunk's append at the old version then writes nothing (the lane stream's version is the
 * guard, as for any read of the walk).
 */
const sharedWalk = (services: AppServices, roundId: string, lanes: number, chunk: number): ReadChunk => {
  const buffers: WalkRow[][] = Array.from({ length: lanes }, () => []);
  /** Per lane: what it was last handed — after which order, through which, how many rows. */
  const handed = Array.from({ length: lanes }, () => ({ through: '', count: 0 }));
  const alone = new Set<number>();
  /** The last order the shared read returned ('' before the first read). */
  let readThrough = '';
  let exhausted = false;
  let reading: Promise<void> | null = null;
  const readMore = async () => {
    const limit = chunk * lanes;
    const { rows } = await services.sql.query<LaneRow>(
      'SELECT * FROM racing_settle_walk_lanes($1, $2, $3, $4)',
      [roundId, readThrough, limit, lanes],
    );
    for (const { lane, ...row } of rows) buffers[lane]!.push(row);
    if (rows.length > 0) readThrough = rows[rows.length - 1]!.bet_id;
    if (rows.length < limit) exhausted = true;
  };
  return async (lane, after, size) => {
    const last = handed[lane]!;
    if (!alone.has(lane)) {
      if (after === last.through) buffers[lane]!.splice(0, last.count);
      else alone.add(lane);
    }
    if (alone.has(lane)) return walkChunk(services, roundId, after, size, lane, lanes);
    const buffer = buffers[lane]!;
    while (buffer.length < size && !exhausted) {
      reading ??= readMore().finally(() => (reading = null));
      await reading;
    }
    const rows = buffer.slice(0, size);
    handed[lane] = { through: rows.length > 0 ? rows[rows.length - 1]!.bet_id : after, count: rows.length };
    return rows;
  };
};

/** Where lane `stream` of a round's walk stands: its last event's cursor and the stream's version. */
const readCursor = async (services: AppServices, stream: string): Promise<RacingSettlementCursor> => {
  const { events, currentVersion } = await services.store.readStream(stream, {
    direction: 'backwards',
    maxCount: 1,
  });
  const last = (events[0] ?? null) as RacingSettlementAdvanced | null;
  return settlementCursorOf(last, currentVersion);
};

/** The racing-coin credit of a winner listed by the walk: a movement of the wallet alone (decision 0194). */
const walkedCredit = (
  winner: RacingWalkWinner,
  roundId: string,
  at: string,
): BatchMovement<RacingBetState, RacingBetEvent, RacingSettledNotice | null> => ({
  userId: winner.userId,
  idempotencyKey: `settle:${roundId}`,
  metadata: { actor: SETTLEMENT_ACTOR },
  decide: ({ wallet }) => {
    const credit = racingWinningsCommand(
      winner,
      { at, ...winner },
      { kind: 'system', id: 'racing-settlement' },
    );
    payOrThrow(wallet, credit);
    return {
      answer: {
        userId: winner.userId,
        betId: winner.betId,
        roundId,
        result: winner.result,
        payout: winner.payout,
      },
    };
  },
});

/**
 * Times one chunk is tried again after its append lost a race with nothing written (a player's own
 * movement from another process moved a wallet between the read and the append) before the walk gives
 * up and throws (the scheduler's settle step runs the walk again later; nothing of the chunk is written).
 */
const CHUNK_ATTEMPTS = 20;

/**
 * Walks lane `lane` of `lanes` of a drawn round from its cursor to the end, `chunk` orders at a time
 * (see the module comment). Answers the orders it settled. Each chunk is ONE all-or-nothing append at the
 * lane stream's version: one `RacingSettlementAdvanced` listing its losers (`lost`) and its winners with
 * their figures (`won`, decision 0194: `settleWalkedOrder` on the terms the read model copied), each
 * winner's racing-coin credit on its player's wallet (the money path's batch, `racing-result:<betId>`),
 * and — for an order placed before the read model kept terms — its own `RacingBetSettled` and credit as
 * before. So a chunk's credits are written exactly when its cursor is. When the append loses a race
 * (nothing written), the walk reads the cursor again: moved — another walker recorded the chunk — it
 * continues from there; not moved — a player's own movement — it reads the chunk again and retries it
 * whole (never one credit at a time: a credit outside its chunk's append could be paid again by a resume).
 * Chunks are read through `read`: the drain's read of the round shared by its lanes (decision 0206).
 */
const walkLane = async (
  services: AppServices,
  roundId: string,
  round: DrawnRound,
  lane: number,
  lanes: number,
  chunk: number,
  read: ReadChunk,
): Promise<number> => {
  const stream = racingSettleStream(roundId, lane, lanes);
  let cursor = await readCursor(services, stream);
  let done = 0;
  let attempts = 0;
  for (;;) {
    const rows = await read(lane, cursor.through ?? '', chunk);
    if (rows.length === 0) return done;
    const at = new Date(services.now()).toISOString();
    const lost: string[] = [];
    const lostRows: WalkRow[] = [];
    const won: RacingWalkWinner[] = [];
    const movements: BatchMovement<RacingBetState, RacingBetEvent, RacingSettledNotice | null>[] = [];
    let ownStreams = 0;
    for (const row of rows) {
      if (row.terms === null) {
        // Placed before the read model kept terms: settled on its own stream when it pays (decision 0184).
        const loses = racingOrderLoses({
          selection: row.selection,
          singleAmount: Number(row.single_amount),
          odds: row.odds,
          order: round.order,
          poolPerTicket: round.poolPerTicket,
        });
        if (loses) {
          lost.push(row.bet_id);
          lostRows.push(row);
          continue;
        }
        ownStreams++;
        movements.push(
          settleMovement(
            { bet_id: row.bet_id, round_id: roundId, user_id: row.user_id },
            row.user_id,
            round,
            undefined,
            undefined,
            at,
          ),
        );
        continue;
      }
      const winner = settleWalkedOrder(
        {
          betId: row.bet_id,
          userId: row.user_id,
          selection: row.selection,
          singleAmount: Number(row.single_amount),
          amount: Number(row.amount),
          terms: row.terms,
        },
        round,
      );
      if (winner === null) {
        lost.push(row.bet_id);
        lostRows.push(row);
      } else {
        won.push(winner);
        movements.push(walkedCredit(winner, roundId, at));
      }
    }
    const through = rows[rows.length - 1]!.bet_id;
    const advanced: RacingSettlementAdvanced = {
      type: 'RacingSettlementAdvanced',
      data: {
        roundId,
        lane,
        lanes,
        after: cursor.through,
        through,
        order: round.order,
        at,
        lost,
        settled: ownStreams,
        won,
      },
    };
    const append: StreamAppendRequest = {
      streamName: stream,
      expectedVersion: cursor.version,
      events: [advanced],
      metadata: { actor: SETTLEMENT_ACTOR },
    };
    let recorded: boolean;
    let results: { answer: RacingSettledNotice | null }[] = [];
    if (movements.length === 0)
      try {
        await services.store.appendToStreams([append]);
        recorded = true;
      } catch (error) {
        if (!isWrongExpectedVersion(error)) throw error;
        recorded = false;
      }
    else {
      const batch = await moveMoneyBatchWith(services, movements, {
        alongside: [append],
        fallback: 'none',
        optimistic: true,
      });
      recorded = batch.alongsideWritten;
      results = batch.results;
    }
    if (!recorded) {
      // Nothing of the chunk was written. Another walker recorded a chunk of this lane first (continue
      // after what it recorded), or a player's movement raced the chunk (read it again and retry it).
      const moved = await readCursor(services, stream);
      if (moved.version === cursor.version && ++attempts >= CHUNK_ATTEMPTS)
        throw new Error(
          `racing settlement: the chunk after ${cursor.through ?? 'the start'} of ${stream} lost ${attempts} races`,
        );
      if (moved.version !== cursor.version) attempts = 0;
      cursor = moved;
      continue;
    }
    attempts = 0;
    for (const { answer } of results) if (answer) services.publish(`RACING_SETTLED:${answer.userId}`, answer);
    for (const row of lostRows)
      services.publish(`RACING_SETTLED:${row.user_id}`, {
        userId: row.user_id,
        betId: row.bet_id,
        roundId,
        result: RacingResult.Lose,
        payout: 0,
      } satisfies RacingSettledNotice);
    done += rows.length;
    cursor = { through, version: cursor.version + 1 };
    if (rows.length < chunk) return done;
  }
};

/** The drawn rounds whose settlement is not recorded yet (phase `drawn`): the rounds to walk. */
const roundsToWalk = async (services: AppServices): Promise<string[]> =>
  (
    await services.sql.query<{ round_id: string }>(
      `SELECT round_id FROM racing_rounds WHERE phase = 'drawn' ORDER BY draw_time`,
    )
  ).rows.map((r) => r.round_id);

/**
 * Orders per chunk (one walk read or lease, one grouped read, one append; docs/racing.md "Settlement in
 * chunks").
 */
export const SETTLE_CHUNK = 1_000;

/**
 * Chunk workers of one drain (decisions 0164, 0168, 0184): lanes of players — a round's walk runs one
 * loop per lane (the lane count is part of its streams' names), the queue `drainQueue` lanes on its
 * `user_id` — so two chunks never hold the same wallet and one decides in Node while the other's read or
 * append runs in PostgreSQL. Changing it while a round is being walked starts that round's walk again
 * under new stream names (winners are still paid once, by their ids; losers would be listed twice):
 * change it between rounds.
 */
export const SETTLE_WORKERS = 2;

/**
 * Settles every drawn round's orders (the walk) and every queued racing order, `batchSize` per chunk,
 * `workers` chunks at once on disjoint players, until none is left. Returns the number of orders done.
 * Safe in several processes at once and to run again: an order settles once.
 */
export const drainRacingSettlement = async (
  services: AppServices,
  batchSize = SETTLE_CHUNK,
  workers = SETTLE_WORKERS,
): Promise<number> => {
  const memo: RoundMemo = { drawn: new Map(), voided: new Map(), seen: new Set() };
  let walked = 0;
  const walking = await roundsToWalk(services);
  if (walking.length > 0) {
    const { drawn } = await roundsOf(services, memo, walking);
    for (const roundId of walking) {
      const round = drawn.get(roundId);
      if (!round) continue;
      // Every lane runs to its end before a failure is thrown (as drainQueue's lanes).
      const read = sharedWalk(services, roundId, workers, batchSize);
      const lanes = await Promise.allSettled(
        Array.from({ length: workers }, (_, lane) =>
          walkLane(services, roundId, round, lane, workers, batchSize, read),
        ),
      );
      const failed = lanes.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      for (const r of lanes) if (r.status === 'fulfilled') walked += r.value;
    }
  }
  // Every lane runs to its end before a failure is thrown (drainQueue lanes).
  const queued = await drainQueue<SettleItem>(
    services.sql,
    SETTLE_QUEUE,
    async (items) => {
      for (const notice of await settleChunk(services, memo, items))
        services.publish(`RACING_SETTLED:${notice.userId}`, notice);
    },
    { batchSize, lanes: workers },
  );
  return walked + queued;
};
