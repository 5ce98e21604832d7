/**
 * CSV exports as background jobs (issue 8 "exports"; spec §3 "Export record", §4 export jobs 1
 * processing, 2 done, 3 failed). `startExport` records the job and starts it in this process; the
 * job reads its list in pages, writes CSV chunks into `export_chunks`, and updates its progress; the
 * file is served by `GET /admin/exports/:id/file` to staff holding the permissions. A job left
 * processing by a stopped process is taken over at the next start (its claim goes stale after
 * {@link STALE_CLAIM_MS}).
 *
 * CSV: no CSV writer is installed (the api has `csv-parse`, a reader, for the football-data import;
 * the tests read the files back with it), so {@link csvLine} is the minimal RFC 4180 writer: CRLF line
 * ends, a field is quoted when it holds a quote, comma, CR or LF, with quotes doubled. The download
 * starts with a UTF-8 BOM so spreadsheet programs read Swahili and Chinese text correctly. Text cells
 * that start like a formula (`=`, `+`, `-`, `@`, tab, CR) and are not plain numbers (a phone
 * `+255…` is one) get a leading `'` (OWASP "CSV injection").
 */
import { CSV_STRINGIFY_OPTIONS, EXPORT_STATUS } from '@bashiri/domain';
import type { FastifyInstance } from 'fastify';
import type { Tzs } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { audit } from '../audit/index.ts';
import type { PermissionCode, StaffViewer } from '../../auth/guard.ts';
import { cashOutExportSource, exportSources } from './lists.ts';
import type { CashOutRecordFilter } from './lists.ts';
import type { Where } from './common.ts';
import { orderWhere, warningAmountInForce } from './orders.ts';
import type { OrderFilter } from './orders.ts';
import { stringify } from 'csv-stringify/sync';

export type ExportKind = 'ORDERS' | 'BILLS' | 'PLAYERS' | 'PAYMENTS' | 'AUDIT_LOG' | 'CASH_OUTS';

/** The view permission each kind needs besides `export.run`. */
export const EXPORT_PERMISSION: Readonly<Record<ExportKind, PermissionCode>> = {
  ORDERS: 'orders.view',
  BILLS: 'bills.view',
  PLAYERS: 'users.view',
  PAYMENTS: 'payments.view',
  AUDIT_LOG: 'audit.view',
  CASH_OUTS: 'orders.view',
};

/** GraphQL `ExportFilter`. */
export interface ExportFilter {
  readonly orders?: OrderFilter | null;
  readonly bills?: Parameters<typeof exportSources.bills>[0];
  readonly users?: Parameters<typeof exportSources.users>[0];
  readonly payments?: Parameters<typeof exportSources.payments>[0];
  readonly auditLog?: Parameters<typeof exportSources.auditLog>[0];
  readonly cashOuts?: CashOutRecordFilter | null;
}

const STALE_CLAIM_MS = 5 * 60_000;
const BATCH = 500;
const BOM = '\uFEFF';

/**
 * One CSV record with its CRLF (RFC 4180, by csv-stringify, the domain's one CSV rule). Dates as ISO 8601, objects as JSON,
 * booleans as true/false; text that a spreadsheet would run as a formula gets a leading `'`.
 */
export const csvLine = (values: readonly unknown[]): string =>
  stringify([values as unknown[]], CSV_STRINGIFY_OPTIONS);

/** The query of one kind: SELECT, its WHERE and its order. Errors: BAD_INPUT from the filters. */
const sourceOf = (
  kind: ExportKind,
  filter: ExportFilter,
  warningAmount: Tzs | null,
): { select: string; where: Where; order: string } => {
  switch (kind) {
    case 'ORDERS':
      return {
        select: `SELECT o.serial, o.bet_id, o.user_id, pa.phone, o.order_type, o.status, o.status_code, o.pay_type,
          o.stake, o.pay_payable, o.virtual_pay_amount, o.selections, o.total_odds, o.tax_rate, o.potential_profit,
          o.potential_reward, o.reward_percent, o.potential_tax, o.potential_return, o.payout, o.reward, o.tax,
          o.credited, o.abnormal_info, o.cancel_reason, o.placed_at, o.settled_at,
          COALESCE(o.remaining_stake, o.stake) AS remaining_stake, o.cash_outs, o.cash_out_gross, o.cash_out_tax,
          o.cashed_out, o.early_settlement_odds
          FROM orders o LEFT JOIN player_accounts pa ON pa.user_id = o.user_id`,
        where: orderWhere(filter.orders, warningAmount),
        order: 'o.placed_at, o.bet_id',
      };
    case 'BILLS':
      return exportSources.bills(filter.bills);
    case 'PLAYERS':
      return exportSources.users(filter.users);
    case 'PAYMENTS':
      return exportSources.payments(filter.payments);
    case 'AUDIT_LOG':
      return exportSources.auditLog(filter.auditLog);
    case 'CASH_OUTS':
      return cashOutExportSource(filter.cashOuts);
  }
};

const RECORD_COLUMNS = `id::text, kind, status, progress, rows_written AS "rowsWritten", error_message AS "errorMessage",
  applicant, filter::text AS filter, created_at AS "createdAt", completed_at AS "completedAt", byte_size::int AS "byteSize",
  CASE WHEN status = 2 THEN '/admin/exports/' || id || '/file' END AS "downloadPath"`;

export const exportRecord = async (sql: SqlExecutor, id: string) => {
  if (!/^\d{1,18}$/.test(id)) return null;
  return (await sql.query(`SELECT ${RECORD_COLUMNS} FROM export_jobs WHERE id = $1`, [id])).rows[0] ?? null;
};

export const listExports = async (
  sql: SqlExecutor,
  page: { pageSize: number; offset: number; page: number },
) => {
  const [rows, count] = await Promise.all([
    sql.query(
      `SELECT ${RECORD_COLUMNS} FROM export_jobs ORDER BY created_at DESC, id DESC LIMIT ${page.pageSize} OFFSET ${page.offset}`,
    ),
    sql.query<{ total: number }>('SELECT count(*)::int AS total FROM export_jobs'),
  ]);
  return {
    items: rows.rows,
    page: page.page,
    pageSize: page.pageSize,
    total: Number(count.rows[0]?.total ?? 0),
  };
};

const running = new WeakMap<AppServices, Set<Promise<void>>>();

/** Resolves when every export this process is running has ended (tests, shutdown). */
export const settleExports = async (services: AppServices): Promise<void> => {
  for (;;) {
    const jobs = [...(running.get(services) ?? [])];
    if (jobs.length === 0) return;
    await Promise.allSettled(jobs);
  }
};

const track = (services: AppServices, job: Promise<void>) => {
  const set = running.get(services) ?? new Set();
  running.set(services, set);
  const done = job.finally(() => set.delete(done));
  set.add(done);
};

/** Claims a processing job for this process (none when another holds a fresh claim). */
const claim = async (services: AppServices, id: string): Promise<boolean> => {
  const now = new Date(Date.now());
  const { rows } = await services.sql.query(
    `UPDATE export_jobs SET claimed_at = $2 WHERE id = $1 AND status = 1
       AND (claimed_at IS NULL OR claimed_at < $3) RETURNING id`,
    [id, now, new Date(now.getTime() - STALE_CLAIM_MS)],
  );
  return rows.length > 0;
};

/** Runs one claimed job to its end: status 2 with the file, or 3 with the error message. */
export const runExport = async (services: AppServices, id: string): Promise<void> => {
  if (!(await claim(services, id))) return;
  const job = (
    await services.sql.query<{ kind: ExportKind; filter: ExportFilter }>(
      'SELECT kind, filter FROM export_jobs WHERE id = $1',
      [id],
    )
  ).rows[0]!;
  try {
    await services.sql.query('DELETE FROM export_chunks WHERE export_id = $1', [id]);
    // The large-bet filter uses the order warning amount in force when the job runs (spec §9).
    const warningAmount = await warningAmountInForce(services.sql, services.now());
    const source = sourceOf(job.kind, job.filter ?? {}, warningAmount);
    const count = Number(
      (
        await services.sql.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM (${source.select} ${source.where}) rows`,
          source.where.params,
        )
      ).rows[0]?.n ?? 0,
    );
    // The column names, even when no row matches: one all-NULL row from an outer join.
    const probe = await services.sql.query<Record<string, unknown>>(
      `SELECT q.* FROM (SELECT 1) one LEFT JOIN (${source.select} ${source.where} LIMIT 1) q ON true`,
      source.where.params,
    );
    const header = Object.keys(probe.rows[0] ?? {});
    let written = 0;
    // The BOM is sent before the first chunk (a database driver's text decoder may drop it).
    let bytes = Buffer.byteLength(BOM);
    for (let chunk = 0; ; chunk++) {
      const { rows } = await services.sql.query<Record<string, unknown>>(
        `${source.select} ${source.where} ORDER BY ${source.order} LIMIT ${BATCH} OFFSET ${chunk * BATCH}`,
        source.where.params,
      );
      let text = chunk === 0 ? csvLine(header) : '';
      for (const row of rows) text += csvLine(header.map((column) => row[column]));
      written += rows.length;
      bytes += Buffer.byteLength(text);
      if (text) {
        await services.sql.query(
          'INSERT INTO export_chunks (export_id, chunk_no, data) VALUES ($1, $2, $3)',
          [id, chunk, text],
        );
      }
      const progress = count === 0 ? 99 : Math.min(99, Math.floor((written * 100) / count));
      await services.sql.query(
        'UPDATE export_jobs SET progress = $2, rows_written = $3, claimed_at = $4 WHERE id = $1',
        [id, progress, written, new Date()],
      );
      if (rows.length < BATCH) break;
    }
    await services.sql.query(
      `UPDATE export_jobs SET status = 2, progress = 100, rows_written = $2, byte_size = $3, completed_at = $4
       WHERE id = $1`,
      [id, written, bytes, new Date(services.now())],
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await services.sql.query(
      'UPDATE export_jobs SET status = 3, error_message = $2, completed_at = $3 WHERE id = $1',
      [id, message.slice(0, 500), new Date(services.now())],
    );
  }
};

/**
 * Records an export job and starts it in the background. The filter is checked first (BAD_INPUT),
 * so a bad filter never makes a failed job. Audited.
 */
export const startExport = async (
  services: AppServices,
  staff: StaffViewer,
  kind: ExportKind,
  filter: ExportFilter | null | undefined,
  client: { ip: string | null; requestId: string | null },
) => {
  const clean = JSON.parse(JSON.stringify(filter ?? {})) as ExportFilter;
  sourceOf(kind, clean, null); // validates the filters
  const id = await services.sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO export_jobs (kind, filter, applicant, created_at) VALUES ($1, $2::jsonb, $3, $4) RETURNING id::text`,
      [kind, JSON.stringify(clean), `staff:${staff.staffId}`, new Date(services.now())],
    );
    await audit(tx, {
      actor: `staff:${staff.staffId}`,
      ip: client.ip,
      action: 'export.start',
      entity: 'export',
      entityId: rows[0]!.id,
      after: { kind, filter: clean },
      requestId: client.requestId,
    });
    return rows[0]!.id;
  });
  track(services, runExport(services, id));
  return exportRecord(services.sql, id);
};

/** Starts (or takes over) the jobs left processing; returns the stop function (waits for running jobs). */
export const resumeExports = async (services: AppServices): Promise<() => Promise<void>> => {
  const { rows } = await services.sql.query<{ id: string }>(
    'SELECT id::text FROM export_jobs WHERE status = 1',
  );
  for (const row of rows) track(services, runExport(services, row.id));
  return () => settleExports(services);
};

/**
 * `GET /admin/exports/:id/file`: the CSV of a finished export, streamed chunk by chunk, to staff with
 * `export.run` and the list's view permission (bearer token as for GraphQL). Answers 401 without a
 * staff login, 403 without the permissions, 404 for an unknown export, 409 while it is not done.
 */
export const registerExportRoutes = async (app: FastifyInstance, services: AppServices): Promise<void> => {
  app.get<{ Params: { id: string } }>('/admin/exports/:id/file', async (request, reply) => {
    const viewer = await app.viewerOf(request);
    if (!viewer || viewer.kind !== 'staff')
      return reply.code(401).send({ code: 'UNAUTHENTICATED', message: 'staff login required' });
    const id = request.params.id;
    const job = /^\d{1,18}$/.test(id)
      ? (
          await services.sql.query<{ kind: ExportKind; status: number }>(
            'SELECT kind, status FROM export_jobs WHERE id = $1',
            [id],
          )
        ).rows[0]
      : undefined;
    if (
      !viewer.permissions.has('export.run') ||
      (job && !viewer.permissions.has(EXPORT_PERMISSION[job.kind]))
    )
      return reply.code(403).send({ code: 'FORBIDDEN', message: 'permission required' });
    if (!job) return reply.code(404).send({ code: 'NOT_FOUND', message: 'no such export' });
    if (job.status !== EXPORT_STATUS.DONE)
      return reply
        .code(409)
        .send({ code: 'EXPORT_NOT_READY', message: 'the export is not done', status: job.status });
    const chunks = async function* () {
      yield Buffer.from(BOM, 'utf8');
      for (let n = 0; ; n++) {
        const { rows } = await services.sql.query<{ data: string }>(
          'SELECT data FROM export_chunks WHERE export_id = $1 AND chunk_no = $2',
          [id, n],
        );
        if (!rows[0]) return;
        yield Buffer.from(rows[0].data, 'utf8');
      }
    };
    const { Readable } = await import('node:stream');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bashiri-${job.kind.toLowerCase()}-${id}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(chunks()));
  });
};
