/**
 * Reconciliation (issue 6 item 5; mobile-money.md §9.10): compares our `payments` with each provider's
 * `statement(from, to)` and records every mismatch in `reconciliation_items` — `MISSING_OURS` (the
 * provider has it, we do not), `MISSING_THEIRS` (we have a sent payment they do not), `AMOUNT_DIFFERS`,
 * `STATUS_DIFFERS` (paid at one side only). Staff resolve each with a reason (audited).
 */
import { createHash } from 'node:crypto';
import type { AppServices } from '../../services.ts';
import { isoNow, providersOf } from './engine.ts';
import { PROVIDER_IDS, type StatementLine } from './port.ts';

interface Ours {
  payment_id: string;
  amount: string;
  status: string;
  kind: string;
  network: number;
}

const paidOurs = (s: string) => s === 'confirmed';

/** Runs one reconciliation of `[from, to)` (ISO-8601) over every provider; returns the run id and items found. */
export const reconcile = async (
  services: AppServices,
  from: string,
  to: string,
): Promise<{ runId: string; found: number }> => {
  const at = isoNow(services);
  const runId = createHash('sha256').update(`${from}|${to}|${at}`).digest('hex').slice(0, 12);
  let found = 0;
  for (const network of PROVIDER_IDS) {
    const provider = providersOf(services)[network];
    if (!provider) continue;
    let lines: readonly StatementLine[];
    try {
      lines = await provider.statement(from, to);
    } catch (error) {
      services.logger.error({ err: error, network }, 'reconciliation: statement failed');
      continue;
    }
    const { rows } = await services.sql.query<Ours>(
      `SELECT payment_id, amount::text AS amount, status, kind, network FROM payments
       WHERE network = $1 AND created_at >= $2 AND created_at < $3 AND status <> 'requested'`,
      [network, from, to],
    );
    const ours = new Map(rows.map((r) => [r.payment_id, r]));
    const theirs = new Map(lines.map((l) => [l.paymentId, l]));
    const items: { paymentId: string; kind: string; ours: unknown; theirs: unknown }[] = [];
    for (const l of lines) {
      const o = ours.get(l.paymentId) ?? (await lookup(services, l.paymentId));
      if (!o) {
        if (l.status === 'succeeded')
          items.push({ paymentId: l.paymentId, kind: 'MISSING_OURS', ours: null, theirs: l });
        continue;
      }
      if (l.status === 'succeeded' && l.amount !== Number(o.amount))
        items.push({ paymentId: l.paymentId, kind: 'AMOUNT_DIFFERS', ours: o, theirs: l });
      else if ((l.status === 'succeeded') !== paidOurs(o.status) && l.status !== 'pending')
        items.push({ paymentId: l.paymentId, kind: 'STATUS_DIFFERS', ours: o, theirs: l });
    }
    for (const o of rows) {
      if (!theirs.has(o.payment_id) && paidOurs(o.status))
        items.push({ paymentId: o.payment_id, kind: 'MISSING_THEIRS', ours: o, theirs: null });
    }
    for (const item of items) {
      const open = await services.sql.query(
        'SELECT 1 FROM reconciliation_items WHERE network = $1 AND payment_id = $2 AND kind = $3 AND resolved_at IS NULL',
        [network, item.paymentId, item.kind],
      );
      if (open.rows.length > 0) continue;
      await services.sql.query(
        `INSERT INTO reconciliation_items (run_id, network, payment_id, kind, ours, theirs, found_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7) ON CONFLICT DO NOTHING`,
        [
          runId,
          network,
          item.paymentId,
          item.kind,
          JSON.stringify(item.ours),
          JSON.stringify(item.theirs),
          at,
        ],
      );
      found++;
    }
  }
  return { runId, found };
};

const lookup = async (services: AppServices, paymentId: string): Promise<Ours | undefined> =>
  (
    await services.sql.query<Ours>(
      'SELECT payment_id, amount::text AS amount, status, kind, network FROM payments WHERE payment_id = $1',
      [paymentId],
    )
  ).rows[0];
