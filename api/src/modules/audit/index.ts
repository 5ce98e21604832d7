/**
 * The staff audit log (issue 5 item 3): one row per staff action with actor, IP, reason and the
 * before/after of what changed. Call {@link audit} inside the transaction that makes the change.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import type { ApiModule } from '../module.ts';

export interface AuditEntry {
  /** `staff:<id>` (or `system:<process>` for automatic changes). */
  readonly actor: string;
  readonly ip?: string | null;
  /** What was done, e.g. `match.update`, `user.adjust_balance`. */
  readonly action: string;
  /** The kind of thing changed, e.g. `match`, `user`, `bet_config`. */
  readonly entity: string;
  readonly entityId?: string | number | null;
  readonly reason?: string | null;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly requestId?: string | null;
}

/** Writes one audit row through `tx` (the change's own transaction). */
export const audit = async (tx: SqlExecutor, entry: AuditEntry): Promise<void> => {
  await tx.query(
    `INSERT INTO staff_audit_log (actor, ip, action, entity, entity_id, reason, before, after, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)`,
    [
      entry.actor,
      entry.ip ?? null,
      entry.action,
      entry.entity,
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      entry.reason ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.requestId ?? null,
    ],
  );
};

export const auditModule: ApiModule = {
  name: 'audit',
  typeDefs: '',
  resolvers: {},
  migrations: new URL('./migrations/', import.meta.url),
};
