/**
 * The pool games' read side (issue 18; docs/pool-games.md): `pool_issues` and `pool_tickets` from the
 * `jackpot-`/`luckysix-` and `poolticket-` streams (amounts copied from the events, never recomputed),
 * and the settlement process manager's triggers: which issues hold which match, the latest facts of
 * each match, which tickets belong to which issue, and the work queue (`pool_work`) that the worker
 * (settlement.ts) drains. Queueing commits with the checkpoint, so nothing is missed.
 */
import type { IssueEvent, TicketEvent } from '@bashiri/domain';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';
import { recordFixtureFacts } from '../../process-manager.ts';

const ISSUE_PREFIXES = ['jackpot-', 'luckysix-'];
const TICKET_PREFIX = 'poolticket-';

/** Folds one issue event into `pool_issues`. */
const applyIssue = async (event: IssueEvent, tx: SqlExecutor) => {
  const d = event.data;
  switch (event.type) {
    case 'IssueCreated': {
      const c = event.data;
      await tx.query(
        `INSERT INTO pool_issues (issue_id, game, identifier, prefix, status, closes_at, matches, terms, carried_over, created_at)
         VALUES ($1, $2, $3, $4, 'created', $5, $6::jsonb, $7::jsonb, $8, $9) ON CONFLICT (issue_id) DO NOTHING`,
        [
          c.issueId,
          c.game,
          c.identifier,
          c.terms.identifierPrefix,
          c.closesAt,
          JSON.stringify(c.matches),
          JSON.stringify(c.terms),
          c.carriedOver,
          c.at,
        ],
      );
      return;
    }
    case 'IssueOpened':
      await tx.query(`UPDATE pool_issues SET status = 'open' WHERE issue_id = $1`, [d.issueId]);
      return;
    case 'IssueClosed':
      await tx.query(`UPDATE pool_issues SET status = 'closed' WHERE issue_id = $1`, [d.issueId]);
      return;
    case 'MatchResultRecorded':
      await tx.query(
        `UPDATE pool_issues SET results = results || jsonb_build_object($2::text, $3::jsonb) WHERE issue_id = $1`,
        [d.issueId, event.data.matchId, JSON.stringify(event.data.result)],
      );
      return;
    case 'IssueSettled':
    case 'IssueResettled':
      await tx.query(
        `UPDATE pool_issues SET status = 'settled', settlement_no = $2, settlement = $3::jsonb, settled_at = $4 WHERE issue_id = $1`,
        [d.issueId, event.data.settlementNo, JSON.stringify(event.data.settlement), d.at],
      );
      return;
    case 'IssueCancelled':
      await tx.query(`UPDATE pool_issues SET status = 'cancelled', cancel_reason = $2 WHERE issue_id = $1`, [
        d.issueId,
        `${event.data.reason}: ${event.data.note}`,
      ]);
      return;
  }
};

/** Folds one ticket event into `pool_tickets` (and the issue's sales). */
const applyTicket = async (event: TicketEvent, tx: SqlExecutor) => {
  switch (event.type) {
    case 'TicketBought': {
      const b = event.data;
      const inserted = await tx.query(
        `INSERT INTO pool_tickets (ticket_id, issue_id, game, user_id, request_id, pay_type, picks, doubles, lines,
           bet_amount, stake, tax_rate, status, bought_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, 'open', $13) ON CONFLICT (ticket_id) DO NOTHING
         RETURNING ticket_id`,
        [
          b.ticketId,
          b.issueId,
          b.game,
          b.userId,
          b.requestId,
          b.payType,
          JSON.stringify(b.picks),
          b.doubles,
          b.lines,
          b.betAmount,
          b.stake,
          b.taxRatePercent,
          b.at,
        ],
      );
      if (inserted.rows.length > 0)
        await tx.query(
          `UPDATE pool_issues SET tickets = tickets + 1, lines = lines + $2, stakes = stakes + $3 WHERE issue_id = $1`,
          [b.issueId, b.lines, b.stake],
        );
      return;
    }
    case 'TicketSettled':
    case 'TicketResettled':
      await tx.query(
        `UPDATE pool_tickets SET status = 'settled', settlement_no = $2, counts = $3::jsonb, prize = $4::jsonb,
           credited = $5, settled_at = $6 WHERE ticket_id = $1`,
        [
          event.data.ticketId,
          event.data.settlementNo,
          JSON.stringify(event.data.counts),
          JSON.stringify(event.data.prize),
          !event.data.prize.needsApproval && event.data.prize.net > 0,
          event.data.at,
        ],
      );
      return;
    case 'PrizeApproved':
      await tx.query(`UPDATE pool_tickets SET credited = true WHERE ticket_id = $1`, [event.data.ticketId]);
      return;
    case 'TicketRefunded':
      await tx.query(
        `UPDATE pool_tickets SET status = 'refunded', credited = false, refund = $2 WHERE ticket_id = $1`,
        [event.data.ticketId, event.data.refund],
      );
      return;
  }
};

const isIssueStream = (stream: string) => ISSUE_PREFIXES.some((p) => stream.startsWith(p));

/**
 * Queues the pool worker's `banner` item (one for the whole site): the jackpot banner may have changed,
 * publish it (settlement.ts, topic `JACKPOT_AMOUNT`). Written in the transaction that changed the read
 * model, so the worker reads the change. An item the worker holds (leased) is armed again, so a change
 * made while it publishes is published too; an item still waiting is left as it is.
 */
export const QUEUE_BANNER_SQL = `INSERT INTO pool_work (item, kind, ref, arg) VALUES ('banner|jackpot|', 'banner', 'jackpot', '')
  ON CONFLICT (item) DO UPDATE SET leased_until = NULL, lease_id = NULL, queued_at = now()
  WHERE pool_work.lease_id IS NOT NULL`;

/** The jackpot issue events after which the banner may show another issue or amount. */
const BANNER_ISSUE_EVENTS: ReadonlySet<string> = new Set([
  'IssueOpened',
  'IssueClosed',
  'IssueSettled',
  'IssueResettled',
  'IssueCancelled',
]);

type SettledData = Extract<TicketEvent, { type: 'TicketSettled' }>['data'];
type BoughtData = Extract<TicketEvent, { type: 'TicketBought' }>['data'];

/** Settles many tickets in one statement (as {@link applyTicket} does one; ids distinct). */
const applySettled = async (settled: readonly SettledData[], tx: SqlExecutor) => {
  if (settled.length === 0) return;
  await tx.query(
    `UPDATE pool_tickets t SET status = 'settled', settlement_no = u.no, counts = u.counts, prize = u.prize,
       credited = u.credited, settled_at = u.at
     FROM unnest($1::text[], $2::int[], $3::jsonb[], $4::jsonb[], $5::boolean[], $6::timestamptz[])
       AS u(ticket_id, no, counts, prize, credited, at)
     WHERE t.ticket_id = u.ticket_id`,
    [
      settled.map((d) => d.ticketId),
      settled.map((d) => d.settlementNo),
      settled.map((d) => JSON.stringify(d.counts)),
      settled.map((d) => JSON.stringify(d.prize)),
      settled.map((d) => !d.prize.needsApproval && d.prize.net > 0),
      settled.map((d) => d.at),
    ],
  );
};

/** Inserts many bought tickets in one statement and adds them to their issues' sales (as {@link applyTicket}). */
const applyBought = async (bought: readonly BoughtData[], tx: SqlExecutor) => {
  if (bought.length === 0) return;
  const col = <T>(f: (b: BoughtData) => T) => bought.map(f);
  await tx.query(
    `WITH inserted AS (
       INSERT INTO pool_tickets (ticket_id, issue_id, game, user_id, request_id, pay_type, picks, doubles, lines,
         bet_amount, stake, tax_rate, status, bought_at)
       SELECT ticket_id, issue_id, game, user_id, request_id, pay_type, picks, doubles, lines, bet_amount, stake,
         tax_rate, 'open', at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::jsonb[], $8::int[],
         $9::int[], $10::bigint[], $11::bigint[], $12::numeric[], $13::timestamptz[])
         AS u(ticket_id, issue_id, game, user_id, request_id, pay_type, picks, doubles, lines, bet_amount, stake,
           tax_rate, at)
       ON CONFLICT (ticket_id) DO NOTHING
       RETURNING issue_id, lines, stake)
     UPDATE pool_issues i SET tickets = i.tickets + s.tickets, lines = i.lines + s.lines, stakes = i.stakes + s.stakes
     FROM (SELECT issue_id, count(*)::int AS tickets, sum(lines) AS lines, sum(stake) AS stakes
           FROM inserted GROUP BY issue_id) s
     WHERE i.issue_id = s.issue_id`,
    [
      col((b) => b.ticketId),
      col((b) => b.issueId),
      col((b) => b.game),
      col((b) => b.userId),
      col((b) => b.requestId),
      col((b) => b.payType),
      col((b) => JSON.stringify(b.picks)),
      col((b) => b.doubles),
      col((b) => b.lines),
      col((b) => b.betAmount),
      col((b) => b.stake),
      col((b) => b.taxRatePercent),
      col((b) => b.at),
    ],
  );
};

/**
 * The read model of pool issues and tickets (and the banner trigger of the jackpot's). A batch applies
 * runs of bought and of settled tickets in one statement each (a 100,000-ticket issue settles in a
 * hundred statements, not 100,000; issue 18 "Speed"), everything else event by event, in log order.
 */
export const poolReadModel: Projection = {
  name: 'pool_read_model',
  filter: { streamPrefixes: [...ISSUE_PREFIXES, TICKET_PREFIX] },
  applyBatch: async (events, tx) => {
    let settled: SettledData[] = [];
    const settledIds = new Set<string>();
    let bought: BoughtData[] = [];
    let banner = false;
    const flush = async () => {
      await applySettled(settled, tx);
      await applyBought(bought, tx);
      if (banner) await tx.query(QUEUE_BANNER_SQL);
      settled = [];
      settledIds.clear();
      bought = [];
      banner = false;
    };
    for (const event of events) {
      if (event.type === 'TicketSettled' && event.streamName.startsWith(TICKET_PREFIX)) {
        const d = event.data as SettledData;
        if (settledIds.has(d.ticketId) || bought.length > 0) await flush();
        settled.push(d);
        settledIds.add(d.ticketId);
      } else if (event.type === 'TicketBought' && event.streamName.startsWith(TICKET_PREFIX)) {
        if (settled.length > 0) await flush();
        const d = event.data as BoughtData;
        bought.push(d);
        if (d.game === 'jackpot') banner = true;
      } else {
        await flush();
        await poolReadModel.apply(event, tx);
      }
    }
    await flush();
  },
  apply: async (event: RecordedEvent, tx) => {
    if (event.streamName.startsWith(TICKET_PREFIX)) {
      await applyTicket({ type: event.type, data: event.data } as TicketEvent, tx);
      if (event.type === 'TicketBought' && (event.data as { game: string }).game === 'jackpot')
        await tx.query(QUEUE_BANNER_SQL);
    } else if (isIssueStream(event.streamName)) {
      await applyIssue({ type: event.type, data: event.data } as IssueEvent, tx);
      if (event.streamName.startsWith('jackpot-') && BANNER_ISSUE_EVENTS.has(event.type))
        await tx.query(QUEUE_BANNER_SQL);
    }
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM pool_tickets');
    await tx.query('DELETE FROM pool_issues');
  },
};

/** Queues one work item (kind, ref, arg); a repeat of the same item is ignored. */
export const QUEUE_SQL = `INSERT INTO pool_work (item, kind, ref, arg) VALUES ($1 || '|' || $2 || '|' || $3, $1, $2, $3)
  ON CONFLICT (item) DO NOTHING`;

/**
 * The process manager's triggers: a fixture result queues a `result` item for every issue holding the
 * match (and an issue created after the facts queues its matches' facts); an issue settled or
 * re-settled queues a `settle` item per ticket; an issue cancelled queues a `refund` item per ticket.
 */
export const poolTriggers: Projection = {
  name: 'pool_triggers',
  filter: { streamPrefixes: ['fixture-', ...ISSUE_PREFIXES, TICKET_PREFIX] },
  // Runs of bought tickets in one statement each; ticket settlements need nothing; the rest in order.
  applyBatch: async (events, tx) => {
    let bought: BoughtData[] = [];
    const flush = async () => {
      if (bought.length > 0)
        await tx.query(
          `INSERT INTO pool_ticket_issues (ticket_id, issue_id, user_id)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
          [bought.map((b) => b.ticketId), bought.map((b) => b.issueId), bought.map((b) => b.userId)],
        );
      bought = [];
    };
    for (const event of events) {
      if (event.type === 'TicketBought') bought.push(event.data as BoughtData);
      else if (event.type === 'TicketSettled' || event.type === 'TicketResettled') continue;
      else {
        await flush();
        await poolTriggers.apply(event, tx);
      }
    }
    await flush();
  },
  apply: async (event, tx) => {
    if (event.type === 'TicketBought') {
      const b = event.data as Extract<TicketEvent, { type: 'TicketBought' }>['data'];
      await tx.query(
        'INSERT INTO pool_ticket_issues (ticket_id, issue_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [b.ticketId, b.issueId, b.userId],
      );
      return;
    }
    if (event.type === 'IssueCreated') {
      const c = event.data as Extract<IssueEvent, { type: 'IssueCreated' }>['data'];
      for (const m of c.matches) {
        await tx.query(
          'INSERT INTO pool_match_issues (match_id, issue_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [m.matchId, c.issueId],
        );
        await tx.query(
          `INSERT INTO pool_work (item, kind, ref, arg)
           SELECT 'result|' || $2 || '|' || match_id || ':' || revision, 'result', $2, match_id || ':' || revision
           FROM pool_facts WHERE match_id = $1 ON CONFLICT (item) DO NOTHING`,
          [m.matchId, c.issueId],
        );
      }
      return;
    }
    if (event.type === 'IssueSettled' || event.type === 'IssueResettled') {
      const d = event.data as { issueId: string; settlementNo: number };
      await tx.query(
        `INSERT INTO pool_work (item, kind, ref, arg)
         SELECT 'settle|' || ticket_id || '|' || $2::text, 'settle', ticket_id, $2::text
         FROM pool_ticket_issues WHERE issue_id = $1 ON CONFLICT (item) DO NOTHING`,
        [d.issueId, String(d.settlementNo)],
      );
      return;
    }
    if (event.type === 'IssueCancelled') {
      const d = event.data as { issueId: string };
      await tx.query(
        `INSERT INTO pool_work (item, kind, ref, arg)
         SELECT 'refund|' || ticket_id || '|', 'refund', ticket_id, ''
         FROM pool_ticket_issues WHERE issue_id = $1 ON CONFLICT (item) DO NOTHING`,
        [d.issueId],
      );
      return;
    }
    const fixture = await recordFixtureFacts(tx, 'pool_facts', event);
    if (!fixture) return;
    const { matchId, revision } = fixture;
    await tx.query(
      `INSERT INTO pool_work (item, kind, ref, arg)
       SELECT 'result|' || issue_id || '|' || $1 || ':' || $2::text, 'result', issue_id, $1 || ':' || $2::text
       FROM pool_match_issues WHERE match_id = $1 ON CONFLICT (item) DO NOTHING`,
      [matchId, String(revision)],
    );
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM pool_work');
    await tx.query('DELETE FROM pool_facts');
    await tx.query('DELETE FROM pool_match_issues');
    await tx.query('DELETE FROM pool_ticket_issues');
  },
};
