/**
 * The settlement process manager's read side (decision 0076; architecture.md §3 "Process managers"):
 * `settlementTriggers` folds `bet-` and `fixture-` events, in log order, into `settlement_legs` (which
 * bets wait on which match), `settlement_facts` (the latest facts of every fixture) and
 * `settlement_queue` (the (bet, match, revision) work the worker in settlement.ts drains, with the bet's
 * player, by which the worker deals the work to lanes: decision 0168). Queueing commits with the
 * checkpoint, so nothing is missed.
 */
import { FIXTURE_STREAM_PREFIX } from '@bashiri/domain';
import type { BetPlaced } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';
import { FIXTURE_RESULT_EVENTS, recordFixtureFacts } from '../../process-manager.ts';

/** Which bets wait on which match, and the work for matches that already have facts: two statements per run of bets. */
const recordBets = async (tx: SqlExecutor, pairs: readonly LegRow[]) => {
  if (pairs.length === 0) return;
  const json = JSON.stringify(pairs);
  await tx.query(
    `INSERT INTO settlement_legs (match_id, bet_id, user_id)
     SELECT match_id, bet_id, user_id FROM jsonb_to_recordset($1::jsonb) AS x(match_id text, bet_id text, user_id text)
     ON CONFLICT DO NOTHING`,
    [json],
  );
  await tx.query(
    `INSERT INTO settlement_queue (bet_id, match_id, revision, user_id)
     SELECT x.bet_id, f.match_id, f.revision, x.user_id
     FROM jsonb_to_recordset($1::jsonb) AS x(match_id text, bet_id text, user_id text)
     JOIN settlement_facts f ON f.match_id = x.match_id ON CONFLICT DO NOTHING`,
    [json],
  );
};

/** A bet waiting on a match, with its player (the settlement worker's lanes, decision 0168). */
interface LegRow {
  readonly match_id: string;
  readonly bet_id: string;
  readonly user_id: string;
}

/**
 * Remembers which bets wait on which match and the latest facts of every fixture, and queues (bet,
 * match, revision) work whenever facts arrive for a match with bets, or a bet arrives for a match that
 * already has facts.
 */
export const settlementTriggers: Projection = {
  name: 'settlement_triggers',
  filter: { streamPrefixes: ['bet-', FIXTURE_STREAM_PREFIX] },
  // The settlement worker catches this projection up itself (waiting) whenever a fixture's facts
  // arrive; the background loop only queues bets on matches that already have facts, where a quarter
  // of a second is unseen, and a steady stream of bets and cash-outs pays its batch overhead less often
  // (decision 0176).
  minIntervalMs: 250,
  // A batch: the bets placed in a run are recorded together; a fixture event first records the bets
  // before it, so the log order (bet before facts, or facts before bet) gives the same queue.
  applyBatch: async (events, tx) => {
    let pairs: LegRow[] = [];
    for (const event of events) {
      if (event.type === 'BetPlaced') {
        const data = event.data as BetPlaced['data'];
        for (const matchId of new Set(data.legs.map((l) => l.matchId)))
          pairs.push({ match_id: matchId, bet_id: data.betId, user_id: data.userId });
      } else if (FIXTURE_RESULT_EVENTS.has(event.type)) {
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
          'INSERT INTO settlement_legs (match_id, bet_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [matchId, data.betId, data.userId],
        );
        await tx.query(
          `INSERT INTO settlement_queue (bet_id, match_id, revision, user_id)
           SELECT $2, match_id, revision, $3 FROM settlement_facts WHERE match_id = $1 ON CONFLICT DO NOTHING`,
          [matchId, data.betId, data.userId],
        );
      }
      return;
    }
    const fixture = await recordFixtureFacts(tx, 'settlement_facts', event);
    if (!fixture) return;
    const { matchId, revision } = fixture;
    await tx.query(
      `INSERT INTO settlement_queue (bet_id, match_id, revision, user_id)
       SELECT bet_id, match_id, $2, user_id FROM settlement_legs WHERE match_id = $1 ON CONFLICT DO NOTHING`,
      [matchId, revision],
    );
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM settlement_queue');
    await tx.query('DELETE FROM settlement_facts');
    await tx.query('DELETE FROM settlement_legs');
  },
};
