/**
 * The chaos suite's invariants (issue 15 "The standing suite", checked after every crash and fault):
 * - every wallet equals the sum of its movements (`wallet_balances` = Σ `bills.amount` per pocket);
 * - nothing moved twice: one bill per (player, movement, pocket), every order and payment the database
 *   holds is one a client was answered with (a re-sent request id returned the first answer);
 * - every read model verifies equal to a rebuild from its events: the back office's `verifyReadModel`
 *   (docs/back-office.md; api/src/modules/backoffice/history.ts) on every wallet, account and payment
 *   and on a sample of bets, run in-process on the same database;
 * - every payment is resolved (confirmed, failed, expired or refunded).
 * Each check returns its mismatches as short sentences; an empty list is a pass.
 */
import type { SqlClient } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';

/** Payment statuses that need nothing more (domain/src/payment/events.ts). */
export const FINAL_PAYMENT_STATUSES = ['confirmed', 'failed', 'expired', 'refunded'] as const;

/**
 * What the clients were answered with, per player id: order (bet) ids, payment ids, pool ticket ids,
 * racing order ids and casino transaction ids (the provider's: bets, wins and rollbacks accepted with `RS_OK`).
 */
export interface ClientLedger {
  readonly orders: Map<string, Set<string>>;
  readonly payments: Map<string, Set<string>>;
  readonly tickets: Map<string, Set<string>>;
  readonly racingOrders: Map<string, Set<string>>;
  readonly casino: Map<string, Set<string>>;
}

/** The product tables whose rows must each be one a client was answered with (and the reverse). */
const ANSWERED_ROWS: readonly { book: 'tickets' | 'racingOrders' | 'casino'; what: string; sql: string }[] = [
  {
    book: 'tickets',
    what: 'pool ticket',
    sql: 'SELECT user_id, ticket_id AS id FROM pool_tickets WHERE user_id = ANY($1::text[])',
  },
  {
    book: 'racingOrders',
    what: 'racing order',
    sql: 'SELECT user_id, bet_id AS id FROM racing_orders WHERE user_id = ANY($1::text[])',
  },
  {
    book: 'casino',
    what: 'casino transaction',
    sql: `SELECT user_id, transaction_id AS id FROM casino_transactions
          WHERE user_id = ANY($1::text[]) AND kind IN ('bet', 'win', 'rollback')`,
  },
];

/** Payments not yet final (ids), for the drain loop. */
export const unresolvedPayments = async (db: SqlClient): Promise<string[]> =>
  (
    await db.query<{ payment_id: string }>(
      `SELECT payment_id FROM payments WHERE status <> ALL($1::text[]) ORDER BY created_at`,
      [[...FINAL_PAYMENT_STATUSES]],
    )
  ).rows.map((r) => r.payment_id);

/** Wallet sums, duplicates and the clients' ledger against the database. */
export const checkMoney = async (db: SqlClient, ledger: ClientLedger): Promise<string[]> => {
  const out: string[] = [];
  const sums = await db.query<{ user_id: string; pocket: string; stored: string; summed: string }>(
    `SELECT w.user_id, p.pocket, p.stored::text, COALESCE(b.summed, 0)::text AS summed
     FROM wallet_balances w
     CROSS JOIN LATERAL (VALUES ('balance', w.balance), ('creditMoney', w.credit_money),
                                ('racingCoin', w.racing_coin), ('debt', w.debt)) AS p(pocket, stored)
     LEFT JOIN (SELECT user_id, pocket, sum(amount) AS summed FROM bills GROUP BY user_id, pocket) b
       ON b.user_id = w.user_id AND b.pocket = p.pocket
     WHERE p.stored <> COALESCE(b.summed, 0)`,
  );
  for (const r of sums.rows)
    out.push(`wallet ${r.user_id} ${r.pocket}: stored ${r.stored} TZS, movements sum to ${r.summed} TZS`);
  const doubled = await db.query<{ user_id: string; movement_id: string; pocket: string; n: string }>(
    `SELECT user_id, movement_id, pocket, count(*)::text AS n FROM bills
     GROUP BY user_id, movement_id, pocket HAVING count(*) > 1`,
  );
  for (const r of doubled.rows)
    out.push(`movement ${r.movement_id} of ${r.user_id} (${r.pocket}) applied ${r.n} times`);
  const players = [...new Set([...ledger.orders.keys(), ...ledger.payments.keys()])];
  // (every player deposits first, so the payments' keys name every player of the load)
  const orders = await db.query<{ user_id: string; bet_id: string; status: string }>(
    'SELECT user_id, bet_id, status FROM orders WHERE user_id = ANY($1::text[])',
    [players],
  );
  // A rejected bet moved no money; it may be recorded without the REJECTED answer naming it.
  for (const r of orders.rows)
    if (r.status !== 'rejected' && !ledger.orders.get(r.user_id)?.has(r.bet_id))
      out.push(
        `order ${r.bet_id} of ${r.user_id} (${r.status}) was never answered to a client (placed twice?)`,
      );
  const payments = await db.query<{ user_id: string; payment_id: string }>(
    'SELECT user_id, payment_id FROM payments WHERE user_id = ANY($1::text[])',
    [players],
  );
  for (const r of payments.rows)
    if (!ledger.payments.get(r.user_id)?.has(r.payment_id))
      out.push(`payment ${r.payment_id} of ${r.user_id} was never answered to a client (requested twice?)`);
  const seenOrders = new Set(orders.rows.map((r) => r.bet_id));
  for (const [user, ids] of ledger.orders)
    for (const id of ids) if (!seenOrders.has(id)) out.push(`order ${id} answered to ${user} is missing`);
  const seenPayments = new Set(payments.rows.map((r) => r.payment_id));
  for (const [user, ids] of ledger.payments)
    for (const id of ids) if (!seenPayments.has(id)) out.push(`payment ${id} answered to ${user} is missing`);
  for (const { book, what, sql: query } of ANSWERED_ROWS) {
    const rows = (await db.query<{ user_id: string; id: string }>(query, [players])).rows;
    for (const r of rows)
      if (!ledger[book].get(r.user_id)?.has(r.id))
        out.push(`${what} ${r.id} of ${r.user_id} was never answered to a client (moved twice?)`);
    const seen = new Set(rows.map((r) => r.id));
    for (const [user, ids] of ledger[book])
      for (const id of ids) if (!seen.has(id)) out.push(`${what} ${id} answered to ${user} is missing`);
  }
  return out;
};

/** A casino rollback a client (the provider) was answered `RS_OK` for, and what it must have done. */
export interface ExpectedRollback {
  readonly userId: string;
  /** The rollback's own transaction id (the provider's). */
  readonly transactionId: string;
  /** `refunded` (an open bet), `alreadyRolledBack` (a second rollback), `unknownBet` (the bet never arrived). */
  readonly outcome: 'refunded' | 'alreadyRolledBack' | 'unknownBet';
  /** TZS given back: the bet's stake when refunded, else 0. */
  readonly refund: number;
}

/**
 * Casino rollbacks against the database (docs/casino.md "Idempotency and the odd cases"): each one
 * answered is one `casino_transactions` row of kind `rollback` with the expected outcome and refund,
 * and the wallet's bills under its movement `casino:<provider>:<id>` add up to that refund — no bill
 * for a second rollback or a rollback of a bet never seen.
 */
export const checkCasinoRollbacks = async (
  db: SqlClient,
  providerId: string,
  expected: readonly ExpectedRollback[],
): Promise<string[]> => {
  const out: string[] = [];
  if (expected.length === 0) return out;
  const ids = expected.map((r) => r.transactionId);
  const rows = new Map(
    (
      await db.query<{ transaction_id: string; user_id: string; outcome: string | null; movement: string }>(
        `SELECT transaction_id, user_id, outcome, movement::text AS movement FROM casino_transactions
         WHERE provider_id = $1 AND kind = 'rollback' AND transaction_id = ANY($2::text[])`,
        [providerId, ids],
      )
    ).rows.map((r) => [r.transaction_id, r]),
  );
  const bills = new Map(
    (
      await db.query<{ movement_id: string; total: string }>(
        `SELECT movement_id, sum(amount)::text AS total FROM bills
         WHERE movement_id = ANY($1::text[]) GROUP BY movement_id`,
        [ids.map((id) => `casino:${providerId}:${id}`)],
      )
    ).rows.map((r) => [r.movement_id, r]),
  );
  for (const e of expected) {
    const row = rows.get(e.transactionId);
    if (!row) {
      out.push(`casino rollback ${e.transactionId} of ${e.userId} answered RS_OK but not recorded`);
      continue;
    }
    if (row.user_id !== e.userId || row.outcome !== e.outcome || Number(row.movement) !== e.refund)
      out.push(
        `casino rollback ${e.transactionId}: ${row.outcome} ${row.movement} TZS for ${row.user_id}, expected ${e.outcome} ${e.refund} TZS for ${e.userId}`,
      );
    const bill = bills.get(`casino:${providerId}:${e.transactionId}`);
    // One bill per pocket the stake came from (a pocket twice is reported by checkMoney).
    const billed = bill ? `${bill.total} TZS` : 'none';
    const want = e.refund > 0 ? `${e.refund} TZS` : 'none';
    if (billed !== want) out.push(`casino rollback ${e.transactionId}: bills ${billed}, expected ${want}`);
  }
  return out;
};

/** Figures of {@link verifyAll}. */
export interface Verification {
  readonly streams: Record<string, number>;
  readonly mismatches: string[];
}

/**
 * `verifyReadModel` on every wallet, account and payment and on up to `betSample` bets, in-process on
 * `databaseUrl` (the server keeps running; the comparison reads one snapshot). Waits (bounded) for the
 * projections to reach the events first, so no stream has pending events left uncompared.
 */
export const verifyAll = async (databaseUrl: string, betSample: number): Promise<Verification> => {
  const { closeServices, loadConfig, modules, openServices, verifyReadModel } = await import('@bashiri/api');
  const services = await openServices(
    loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }),
    modules,
  );
  const mismatches: string[] = [];
  const streams: Record<string, number> = { WALLET: 0, ACCOUNT: 0, PAYMENT: 0, BET: 0, pendingRetries: 0 };
  try {
    const ids = async (sqlText: string) =>
      (await services.sql.query<{ id: string }>(sqlText)).rows.map((r) => r.id);
    const kinds: [HistoryKindName, string[]][] = [
      ['WALLET', await ids('SELECT user_id AS id FROM wallet_balances')],
      ['ACCOUNT', await ids('SELECT user_id AS id FROM player_accounts')],
      ['PAYMENT', await ids('SELECT payment_id AS id FROM payments')],
      ['BET', await ids(`SELECT bet_id AS id FROM orders ORDER BY random() LIMIT ${Math.floor(betSample)}`)],
    ];
    for (const [kind, list] of kinds)
      for (const id of list) {
        let result = await verifyReadModel(services, kind, id);
        // Events the projection has not reached are not compared: wait for it (bounded), then compare.
        for (let i = 0; i < 20 && result.pendingEvents > 0; i++) {
          streams['pendingRetries']!++;
          await new Promise((r) => setTimeout(r, 250));
          result = await verifyReadModel(services, kind, id);
        }
        streams[kind]!++;
        if (!result.equal)
          mismatches.push(
            `${result.streamName}: ${result.differences.length} differences, first ${JSON.stringify(result.differences[0])}`,
          );
        else if (result.pendingEvents > 0)
          mismatches.push(`${result.streamName}: ${result.pendingEvents} events never projected`);
      }
  } finally {
    await closeServices(services);
  }
  return { streams, mismatches };
};

type HistoryKindName = 'WALLET' | 'BET' | 'PAYMENT' | 'ACCOUNT';

/** A product read model rebuilt whole by {@link verifyProjections}: the tables its `apply` writes, and those compared. */
interface RebuiltReadModel {
  /** The projection's name (api module `projections`), also its checkpoint's. */
  readonly projection: string;
  /** Every table `apply` writes (shadowed by temporary tables during the rebuild). */
  readonly writes: readonly string[];
  /** The read-model tables compared with their rebuild (work queues are not: workers empty them). */
  readonly compared: readonly string[];
}

/**
 * The products that moved money in the load besides bets and payments (issue 15 "Crash"): pool issues
 * and tickets (issue 18), racing rounds and orders (issue 19), casino transactions (issue 22).
 */
export const PRODUCT_READ_MODELS: readonly RebuiltReadModel[] = [
  {
    projection: 'pool_read_model',
    writes: ['pool_issues', 'pool_tickets'],
    compared: ['pool_issues', 'pool_tickets'],
  },
  {
    projection: 'racing_read_models',
    writes: ['racing_rounds', 'racing_orders', 'racing_settle_queue'],
    compared: ['racing_rounds', 'racing_orders'],
  },
  { projection: 'casino-transactions', writes: ['casino_transactions'], compared: ['casino_transactions'] },
];

/** A row as comparable text (dates as ISO, keys in column order, identical for a table and its LIKE copy). */
const rowText = (row: Record<string, unknown>): string =>
  JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));

/**
 * Each product read model of {@link PRODUCT_READ_MODELS} rebuilt whole from its events by the
 * projection's own `apply` (the way `verifyReadModel` rebuilds one wallet, bet or account): inside one
 * REPEATABLE READ transaction, the projection's checkpoint, its stored rows and every event it has
 * reached are read in one snapshot; the events are applied to temporary tables of the same shape
 * (they shadow the real ones; the transaction is rolled back) and every row is compared. Waits (bounded)
 * until the projection has reached the last events, so none is left uncompared. Returns the rows
 * compared per table and one mismatch per table that differs (with its first differing row).
 */
export const verifyProjections = async (databaseUrl: string): Promise<ProjectionVerification> => {
  const { closeServices, loadConfig, modules, openServices } = await import('@bashiri/api');
  const services = await openServices(
    loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }),
    modules,
  );
  try {
    return await verifyProjectionsIn(services, modules);
  } finally {
    await closeServices(services);
  }
};

/** What {@link verifyProjections} found: rows compared per table, events replayed per projection, mismatches. */
export interface ProjectionVerification {
  readonly rows: Record<string, number>;
  readonly events: Record<string, number>;
  readonly mismatches: string[];
}

/** {@link verifyProjections} on open services (`modules`: where the projections are found by name). */
export const verifyProjectionsIn = async (
  services: { readonly sql: SqlClient },
  modules: readonly { readonly projections?: readonly Projection[] }[],
): Promise<ProjectionVerification> => {
  const { decodeSqlPosition, readAllWith } = await import('@bashiri/eventstore');
  const rows: Record<string, number> = {};
  const events: Record<string, number> = {};
  const mismatches: string[] = [];
  const later = (a: string, b: string) => {
    const [ax, ag] = decodeSqlPosition(a).map(BigInt) as [bigint, bigint];
    const [bx, bg] = decodeSqlPosition(b).map(BigInt) as [bigint, bigint];
    return ax > bx || (ax === bx && ag > bg);
  };
  class Done {
    constructor(
      readonly pending: number,
      readonly result: { table: string; stored: string[]; rebuilt: string[] }[],
      readonly applied: number,
    ) {}
  }
  for (const model of PRODUCT_READ_MODELS) {
    const projection = modules.flatMap((m) => m.projections ?? []).find((p) => p.name === model.projection);
    if (!projection) {
      mismatches.push(`projection ${model.projection} not found among the api modules`);
      continue;
    }
    let done: Done | null = null;
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        await services.sql.transaction(async (tx) => {
          await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
          const checkpoint =
            (
              await tx.query<{ position: string | null }>(
                'SELECT position FROM projection_checkpoints WHERE name = $1',
                [model.projection],
              )
            ).rows[0]?.position ?? null;
          const stored = new Map<string, string[]>();
          for (const table of model.compared)
            stored.set(
              table,
              (await tx.query<Record<string, unknown>>(`SELECT * FROM ${table}`)).rows.map(rowText).sort(),
            );
          for (const table of model.writes)
            await tx.query(`CREATE TEMP TABLE ${table} (LIKE ${table} INCLUDING ALL) ON COMMIT DROP`);
          let after: string | null = null;
          let applied = 0;
          let pending = 0;
          for (let page = 0; page < 10_000; page++) {
            const batch = await readAllWith(tx, {
              after,
              maxCount: 1_000,
              ...(projection.filter ? { filter: projection.filter } : {}),
            });
            if (batch.events.length === 0) break;
            for (const event of batch.events) {
              if (checkpoint === null || later(event.logPosition, checkpoint)) pending++;
              else {
                await projection.apply(event, tx);
                applied++;
              }
            }
            after = batch.events.at(-1)!.logPosition;
          }
          const result = [];
          for (const table of model.compared)
            result.push({
              table,
              stored: stored.get(table)!,
              rebuilt: (await tx.query<Record<string, unknown>>(`SELECT * FROM pg_temp.${table}`)).rows
                .map(rowText)
                .sort(),
            });
          throw new Done(pending, result, applied);
        });
      } catch (error) {
        if (!(error instanceof Done)) throw error;
        done = error;
      }
      if (!done || done.pending === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    if (!done) continue;
    events[model.projection] = done.applied;
    if (done.pending > 0)
      mismatches.push(`${model.projection}: ${done.pending} events never projected after 20 s`);
    for (const { table, stored, rebuilt } of done.result) {
      rows[table] = Math.max(stored.length, rebuilt.length);
      const storedSet = new Set(stored);
      const rebuiltSet = new Set(rebuilt);
      const missing = rebuilt.filter((r) => !storedSet.has(r));
      const extra = stored.filter((r) => !rebuiltSet.has(r));
      if (missing.length > 0 || extra.length > 0)
        mismatches.push(
          `${table}: ${missing.length} rebuilt rows not stored, ${extra.length} stored rows not rebuilt; ` +
            `first rebuilt ${missing[0]?.slice(0, 400) ?? '-'}; first stored ${extra[0]?.slice(0, 400) ?? '-'}`,
        );
    }
  }
  return { rows, events, mismatches };
};
