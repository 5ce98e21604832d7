/**
 * Durable state of the mobile-money sandboxes (issue 15 item 10): transactions and floats in their own
 * tables (`sandbox_transactions`, `sandbox_floats`, migrations/ with version table
 * `api_payment_sandboxes_schema_version`), so that after a restart of the server a payment that was in
 * flight is still known to "the provider" and our enquiry resolves it, as with a real network
 * (docs/mobile-money-sandboxes.md "State across restarts"). Scenario rules, tokens and sent-callback
 * logs stay in memory: a real provider forgets sessions too.
 */
import { migrate } from '@bashiri/eventstore';
import type { SqlClient } from '@bashiri/eventstore';
import type { Failure, SandboxTx, TxStatus } from './core.ts';
import type { SandboxNetwork, Scenario } from './scenario.ts';

/** A transaction as stored, with the scenario its customer plays (null before the prompt starts). */
export interface StoredSandboxTx {
  readonly tx: SandboxTx;
  readonly scenario: Scenario | null;
  /** Whether the network sends callbacks for this transaction (payouts of some networks do not). */
  readonly withCallback: boolean;
}

/** Where a {@link SandboxCore} keeps its state; every call is awaited in order by the core. */
export interface SandboxStore {
  /** Inserts or replaces one transaction (keyed by network and our reference). */
  saveTx(row: StoredSandboxTx): Promise<void>;
  saveFloat(network: SandboxNetwork, amount: number): Promise<void>;
  /** Everything stored, oldest transaction first. */
  load(): Promise<{ txs: StoredSandboxTx[]; floats: Map<SandboxNetwork, number> }>;
}

/** Migrates the sandbox tables on `sql` (PostgreSQL or PGlite) and returns a store over them. */
export const openSandboxStore = async (sql: SqlClient): Promise<SandboxStore> => {
  await migrate(sql, {
    folder: new URL('./migrations/', import.meta.url),
    table: 'api_payment_sandboxes_schema_version',
  });
  return {
    saveTx: async ({ tx, scenario, withCallback }) => {
      await sql.query(
        `INSERT INTO sandbox_transactions (network, reference, direction, provider_ref, msisdn, amount, status,
           failure, created_at, updated_at, extra, scenario, with_callback)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (network, reference) DO UPDATE SET status = EXCLUDED.status, failure = EXCLUDED.failure,
           updated_at = EXCLUDED.updated_at, scenario = COALESCE(EXCLUDED.scenario, sandbox_transactions.scenario),
           with_callback = EXCLUDED.with_callback OR sandbox_transactions.with_callback`,
        [
          tx.network,
          tx.reference,
          tx.direction,
          tx.providerRef,
          tx.msisdn,
          tx.amount,
          tx.status,
          tx.failure ?? null,
          tx.createdAt,
          tx.updatedAt,
          JSON.stringify(tx.extra),
          scenario === null ? null : JSON.stringify(scenario),
          withCallback,
        ],
      );
    },
    saveFloat: async (network, amount) => {
      await sql.query(
        `INSERT INTO sandbox_floats (network, amount) VALUES ($1, $2)
         ON CONFLICT (network) DO UPDATE SET amount = EXCLUDED.amount`,
        [network, amount],
      );
    },
    load: async () => {
      const rows = await sql.query<{
        network: SandboxNetwork;
        reference: string;
        direction: SandboxTx['direction'];
        provider_ref: string;
        msisdn: string;
        amount: string | number;
        status: TxStatus;
        failure: Failure | null;
        created_at: string | number;
        updated_at: string | number;
        extra: Record<string, string> | string;
        scenario: Scenario | string | null;
        with_callback: boolean;
      }>('SELECT * FROM sandbox_transactions ORDER BY created_at, reference');
      const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
      const txs = rows.rows.map((r) => ({
        tx: {
          network: r.network,
          direction: r.direction,
          reference: r.reference,
          providerRef: r.provider_ref,
          msisdn: r.msisdn,
          amount: Number(r.amount),
          status: r.status,
          ...(r.failure ? { failure: r.failure } : {}),
          createdAt: Number(r.created_at),
          updatedAt: Number(r.updated_at),
          extra: json(r.extra),
        },
        scenario: r.scenario === null ? null : json(r.scenario),
        withCallback: r.with_callback,
      }));
      const floats = new Map<SandboxNetwork, number>();
      for (const f of (
        await sql.query<{ network: SandboxNetwork; amount: string | number }>('SELECT * FROM sandbox_floats')
      ).rows)
        floats.set(f.network, Number(f.amount));
      return { txs, floats };
    },
  };
};
