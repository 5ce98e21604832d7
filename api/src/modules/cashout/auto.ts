/**
 * Automatic cash-out (issue 20 "Auto cash-out"; docs/cash-out.md §3; decision 0040): the player sets a
 * target value for a running bet; the server cashes out the whole running stake the first time an
 * offer reaches it.
 *
 * A process manager (decision 0009, `process-manager.ts`): the scanner re-quotes the bets of armed
 * rules (one model per match, `quoteBets`) and queues each rule whose offer reached its target into
 * `cashout_auto_queue`; the worker drains the queue with `drainQueue` and accepts the offer through
 * the money path with the rule's id as the offer id, so a rule pays at most once whatever the
 * redeliveries (the bet decider's offer-id idempotency). A rule that paid is marked fired; one that was
 * refused (the offer fell back below the target meanwhile) stays armed.
 */
import { autoCashOutTargetError, cashOutPotential, cashOutView } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import { drainQueue } from '../../process-manager.ts';
import type { WorkQueue } from '../../process-manager.ts';
import type { AppServices } from '../../services.ts';
import { startWorkerLoop } from '../../worker-loop.ts';
import { acceptCashOut } from './accept.ts';
import type { AcceptAnswer } from './accept.ts';
import { quoteBets, quoteContext } from './quotes.ts';

/** An auto cash-out rule as the player sees it. `target` in whole TZS (gross value of the running stake). */
export interface AutoRule {
  readonly betId: string;
  readonly ruleId: string;
  readonly target: number;
  readonly setAt: string;
  readonly firedAt: string | null;
  /** Why the last attempt did not pay, when one did not. */
  readonly lastCode: string | null;
}

type RuleRow = {
  bet_id: string;
  rule_id: string;
  target: string | number;
  set_at: Date | string;
  fired_at: Date | string | null;
  last_code: string | null;
};

const ruleOf = (r: RuleRow): AutoRule => ({
  betId: r.bet_id,
  ruleId: r.rule_id,
  target: Number(r.target),
  setAt: new Date(r.set_at).toISOString(),
  firedAt: r.fired_at === null ? null : new Date(r.fired_at).toISOString(),
  lastCode: r.last_code,
});

/** The rules of `betIds` (one query), by bet id. */
export const autoRules = async (
  sql: SqlExecutor,
  betIds: readonly string[],
): Promise<Map<string, AutoRule>> => {
  if (betIds.length === 0) return new Map();
  const { rows } = await sql.query<RuleRow>(
    'SELECT bet_id, rule_id, target, set_at, fired_at, last_code FROM cashout_auto_rules WHERE bet_id = ANY ($1::text[])',
    [[...betIds]],
  );
  return new Map(rows.map((r) => [r.bet_id, ruleOf(r)]));
};

/** A refusal of {@link setAutoRule}: stable code, message, field. */
export interface RuleRefusal {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}

/**
 * Sets (or replaces) the auto cash-out target of the player's running bet. Refused: `BET_NOT_FOUND`
 * (no such bet, or someone else's), `BET_NOT_OPEN` (not awaiting results), `INVALID_AMOUNT`,
 * `CASH_OUT_TARGET_ABOVE_POTENTIAL` (above what the running stake can still return). A new target is
 * a new rule (new offer id), armed at once.
 */
export const setAutoRule = async (
  services: AppServices,
  userId: string,
  betId: string,
  target: number,
): Promise<AutoRule | RuleRefusal> => {
  const quoted = (await quoteBets(services, [betId])).get(betId)!;
  const state = quoted.bet.state;
  if (state.status === 'none' || state.placed.userId !== userId)
    return { code: 'BET_NOT_FOUND', message: 'no such bet', field: 'betId' };
  if (state.status !== 'awaiting' && state.status !== 'delayed')
    return { code: 'BET_NOT_OPEN', message: `a ${state.status} bet has no cash-out`, field: 'betId' };
  const bad = autoCashOutTargetError(target, cashOutPotential(cashOutView(state)));
  if (bad) return bad;
  const ruleId = `auto:${betId}:${services.now()}`;
  const { rows } = await services.sql.query<RuleRow>(
    `INSERT INTO cashout_auto_rules (bet_id, user_id, rule_id, target, set_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (bet_id) DO UPDATE SET rule_id = $3, target = $4, set_at = $5, fired_at = NULL, last_code = NULL
     RETURNING bet_id, rule_id, target, set_at, fired_at, last_code`,
    [betId, userId, ruleId, target, new Date(services.now()).toISOString()],
  );
  return ruleOf(rows[0]!);
};

/** Clears the player's armed rule on `betId`; true when one was armed. A fired rule stays (history). */
export const clearAutoRule = async (
  services: AppServices,
  userId: string,
  betId: string,
): Promise<boolean> => {
  const { rows } = await services.sql.query(
    'DELETE FROM cashout_auto_rules WHERE bet_id = $1 AND user_id = $2 AND fired_at IS NULL RETURNING bet_id',
    [betId, userId],
  );
  return rows.length > 0;
};

/**
 * One scan: re-quotes the bets of every armed rule (three reads plus pure work) and queues the rules
 * whose offer reached their target. Returns how many were queued.
 */
export const scanAutoCashOuts = async (services: AppServices): Promise<number> => {
  const { rows } = await services.sql.query<{ bet_id: string; rule_id: string; target: string | number }>(
    'SELECT bet_id, rule_id, target FROM cashout_auto_rules WHERE fired_at IS NULL',
  );
  if (rows.length === 0) return 0;
  const quotes = await quoteBets(
    services,
    rows.map((r) => r.bet_id),
  );
  const due = rows.filter((r) => {
    const q = quotes.get(r.bet_id)?.quote;
    return q?.offer === true && q.value >= Number(r.target);
  });
  if (due.length === 0) return 0;
  await services.sql.query(
    `INSERT INTO cashout_auto_queue (bet_id, rule_id)
     SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
    [due.map((r) => r.bet_id), due.map((r) => r.rule_id)],
  );
  return due.length;
};

const AUTO_QUEUE: WorkQueue = {
  table: 'cashout_auto_queue',
  columns: ['bet_id', 'rule_id'],
  tiebreak: 'bet_id',
};

/** What one auto cash-out did, for the player's subscription and logs. */
export interface AutoOutcome {
  readonly betId: string;
  readonly ruleId: string;
  readonly answer: AcceptAnswer | null;
}

/**
 * Works through the queue (drainQueue): each rule still armed with the queued id is accepted at its
 * target (`ACCEPT_HIGHER`: pays the value now if still at least the target) with no hold — the server
 * acts on its own current price. Paid → the rule is fired; refused → stays armed with the code.
 * Returns what was done.
 */
export const drainAutoCashOuts = async (services: AppServices): Promise<AutoOutcome[]> => {
  const outcomes: AutoOutcome[] = [];
  await drainQueue<{ bet_id: string; rule_id: string }>(services.sql, AUTO_QUEUE, async (items) => {
    const context = await quoteContext(services, services.now());
    const rules = await autoRules(
      services.sql,
      items.map((i) => i.bet_id),
    );
    for (const item of items) {
      const rule = rules.get(item.bet_id);
      if (!rule || rule.ruleId !== item.rule_id || rule.firedAt !== null) {
        outcomes.push({ betId: item.bet_id, ruleId: item.rule_id, answer: null });
        continue;
      }
      const answer = await acceptCashOut(
        services,
        { requestId: rule.ruleId, betId: rule.betId, offered: rule.target, tolerance: 'ACCEPT_HIGHER' },
        { actor: { kind: 'system', id: 'auto-cashout' }, userId: null, hold: false, context },
      );
      await services.sql.query(
        answer.status === 'PAID'
          ? 'UPDATE cashout_auto_rules SET fired_at = $3, last_code = NULL WHERE bet_id = $1 AND rule_id = $2'
          : 'UPDATE cashout_auto_rules SET last_code = $3 WHERE bet_id = $1 AND rule_id = $2',
        [
          rule.betId,
          rule.ruleId,
          answer.status === 'PAID' ? new Date(services.now()).toISOString() : answer.code,
        ],
      );
      outcomes.push({ betId: rule.betId, ruleId: rule.ruleId, answer });
    }
  });
  return outcomes;
};

/** One round of the process manager: scan, then drain. */
export const runAutoCashOuts = async (services: AppServices): Promise<AutoOutcome[]> => {
  await scanAutoCashOuts(services);
  return drainAutoCashOuts(services);
};

/**
 * Runs the auto cash-out in the background every `pollMs` (default 2 s, under the feed's 5 s price
 * tick). Returns its stop function.
 */
export const startAutoCashOutWorker = (services: AppServices, pollMs = 2_000): (() => Promise<void>) =>
  startWorkerLoop(
    async () => {
      const outcomes = await runAutoCashOuts(services);
      for (const o of outcomes)
        if (o.answer?.status === 'PAID') {
          const userId = (
            await services.sql.query<{ user_id: string }>(
              'SELECT user_id FROM cashout_auto_rules WHERE bet_id = $1',
              [o.betId],
            )
          ).rows[0]?.user_id;
          if (userId) services.publish(`CASHED_OUT:${userId}`, o.answer.paid);
        }
    },
    {
      pollMs,
      onError: (error) => services.logger.error({ err: error }, 'auto cash-out worker failed'),
    },
  );
