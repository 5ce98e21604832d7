/**
 * Abnormal bet detection (spec §4 "Abnormal bet info": no result 120 min, 150 min, 5 h or 24 h after
 * match time; issue 4 item 5). A periodic check, run by the settlement worker at most once a minute,
 * flags every running bet whose leg's match has no result that long after its start time, through the
 * bet decider's `FlagSettlementDelayed`: the bet shows as delayed settlement (status 5) with its
 * `abnormal_info`, and settles normally once the result arrives.
 *
 * Idempotent: each flag's event id derives from `delayed:<betId>:<level>`, and the decider ignores a
 * level the bet already has, so a repeated or concurrent check never writes a flag twice. Levels only
 * rise: a bet flagged '150m' is never flagged '120m'. A worker that was down flags the highest level
 * reached at once, skipping the ones in between.
 */
import { ABNORMAL_LEVELS, abnormalLevelAt, betDecider, betStream } from '@bashiri/domain';
import type { AbnormalInfo, BetCommand, BetEvent, BetState, DomainError } from '@bashiri/domain';
import { aggregateStreams, decideMany } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { retryOnConflict } from '../../transactions.ts';
import { ordersProjection } from './orders-projection.ts';

// The levels are a domain rule (domain bet/abnormal.ts); re-exported for this module's callers.
export { ABNORMAL_LEVELS, abnormalLevelAt };

const MINUTE_MS = 60_000;

interface Candidate {
  bet_id: string;
  overdue_since: Date | string;
}

/**
 * Flags the running bets (awaiting or already delayed) that have a leg whose match has no result
 * (no facts recorded) and started at least 120 min before `services.now()`, `batchSize` bets per
 * transaction. Bets whose leg is abnormal (status 3) are left as they are. Returns how many bets got a
 * new flag. Reads the orders read model, so the caller settles the projections first. Writes through
 * the event-store port only.
 */
export const flagOverdueBets = async (services: AppServices, batchSize = 200): Promise<number> => {
  const now = services.now();
  const at = new Date(now).toISOString();
  const cutoff = new Date(now - ABNORMAL_LEVELS[0]!.afterMs);
  let after = '';
  let flagged = 0;
  for (;;) {
    // A batch is read, decided and appended through the port in one all-or-nothing append; when a
    // bet moved meanwhile (settled, say) the batch is read and decided again.
    const done = await retryOnConflict(async () => {
      // Bets whose read model already shows the level reached are skipped here (the decider would
      // ignore them anyway), so bets stuck at 24 h cost nothing minute after minute.
      const { rows } = await services.sql.query<Candidate>(
        `SELECT bet_id, overdue_since FROM (
           SELECT o.bet_id, o.abnormal_info, min(l.start_time) AS overdue_since
           FROM orders o JOIN order_lines l ON l.bet_id = o.bet_id
           WHERE o.status_code IN (2, 5) AND o.status IN ('awaiting', 'delayed') AND o.bet_id > $2
             AND l.outcome = 0 AND l.start_time <= $1
             AND NOT EXISTS (SELECT 1 FROM settlement_facts f WHERE f.match_id = l.match_id)
           GROUP BY o.bet_id, o.abnormal_info
         ) c
         WHERE c.abnormal_info IS DISTINCT FROM CASE
           WHEN c.overdue_since <= $6 THEN '24h' WHEN c.overdue_since <= $5 THEN '5h'
           WHEN c.overdue_since <= $4 THEN '150m' ELSE '120m' END
         ORDER BY bet_id LIMIT $3`,
        [cutoff, after, batchSize, ...ABNORMAL_LEVELS.slice(1).map((l) => new Date(now - l.afterMs))],
      );
      if (rows.length === 0) return { count: 0, last: after, appended: 0 };
      const work = rows.flatMap((row) => {
        const level = abnormalLevelAt(new Date(row.overdue_since).getTime(), now);
        if (!level) return [];
        const command: BetCommand = {
          type: 'FlagSettlementDelayed',
          betId: row.bet_id,
          at,
          abnormalInfo: level,
        };
        return [
          { streamName: betStream(row.bet_id), command, idempotencyKey: `delayed:${row.bet_id}:${level}` },
        ];
      });
      const bets = await aggregateStreams<BetState, BetEvent>(
        services.store,
        work.map((w) => w.streamName),
        betDecider,
      );
      const rank = (info: AbnormalInfo | null) => ABNORMAL_LEVELS.findIndex((l) => l.info === info);
      const upward = work.filter((w) => {
        const state = bets.get(w.streamName)?.state;
        const current = state && state.status !== 'none' ? state.abnormalInfo : null;
        return w.command.type === 'FlagSettlementDelayed' && rank(w.command.abnormalInfo) > rank(current);
      });
      const decided = decideMany<BetState, BetCommand, BetEvent, DomainError>(betDecider, bets, upward);
      const appends = decided.appends.filter((a) => a.events.length > 0);
      if (appends.length > 0)
        await services.store.appendToStreams(
          appends.map((a) => ({ ...a, metadata: { actor: 'system:abnormal-check' } })),
        );
      return { count: rows.length, last: rows[rows.length - 1]!.bet_id, appended: appends.length };
    });
    flagged += done.appended;
    after = done.last;
    if (done.count < batchSize) break;
  }
  return flagged;
};

/**
 * The check as the settlement worker runs it: `flagOverdueBets` at most once every `everyMs` of
 * `services.now()` (default one minute). Returns the number of bets flagged (0 when skipped).
 */
export const abnormalCheck = (services: AppServices, everyMs = MINUTE_MS): (() => Promise<number>) => {
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = services.now();
    if (now - last < everyMs) return 0;
    last = now;
    // The check reads the orders read model: bring it up to date first (the worker itself catches up
    // only the settlement triggers, decision 0095; once a minute this costs one batch).
    await services.projections.catchUp(ordersProjection);
    return flagOverdueBets(services);
  };
};
