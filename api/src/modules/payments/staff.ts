/**
 * Staff operations of the payments module (issue 6 items 4–6; spec §6): approving and rejecting
 * withdrawals, resolving payments under review, pay config and channels, reconciliation. Every change
 * is audited in its own transaction.
 */
import type {
  MutationResolvers,
  PayConfig as PayConfigView,
  QueryResolvers,
} from '../../graphql/generated.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import { transactionWithRetry } from '../../transactions.ts';
import { audit } from '../audit/index.ts';
import { requireStaff } from '../../auth/guard.ts';
import {
  DEFAULT_PAY_CONFIG,
  insertPayConfig,
  mergePayConfig,
  PAY_SWITCH,
  payConfigAt,
  type PayConfig,
} from './config.ts';
import { applyOutcome, isoNow } from './engine.ts';
import { queueSend, sendQueuedPayout } from './flows.ts';
import { PROVIDER_NAMES, type ProviderId } from './port.ts';
import { paymentRow } from './queries.ts';
import { reconcile } from './reconcile.ts';

const camel = (k: string) => k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A pay config as the GraphQL `PayConfig`. */
export const payConfigOut = (v: {
  version: number;
  effectiveFrom: string;
  config: PayConfig;
}): PayConfigView =>
  // The schema's PayConfig fields are the camelCase names of the config keys (schema.graphql).
  ({
    version: v.version,
    effectiveFrom: v.effectiveFrom,
    ...Object.fromEntries(Object.entries(v.config).map(([k, val]) => [camel(k), val])),
  }) as PayConfigView;

const reasonOf = (reason: string): string => {
  if (!reason?.trim()) throw codedError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
  return reason.trim();
};

const decideWaiting = async (ctx: GraphQLContext, paymentId: string, reason: string, approve: boolean) => {
  const staff = requireStaff(ctx, 'payments.approve');
  const why = reasonOf(reason);
  const at = isoNow(ctx.services);
  const ok = await transactionWithRetry(ctx.services.sql, async (tx) => {
    const { rows } = await tx.query(
      `UPDATE payments SET approval = $2 WHERE payment_id = $1 AND kind = 'withdrawal' AND approval = 'waiting' RETURNING 1`,
      [paymentId, approve ? 'approved' : 'rejected'],
    );
    if (rows.length === 0) return false;
    if (approve) await queueSend(tx, paymentId, at);
    await audit(tx, {
      actor: `staff:${staff.staffId}`,
      ip: ctx.ip,
      action: approve ? 'withdrawal.approve' : 'withdrawal.reject',
      entity: 'payment',
      entityId: paymentId,
      reason: why,
      requestId: ctx.requestId,
    });
    return true;
  });
  if (!ok) throw codedError('CONFLICT', 'this withdrawal is not waiting for approval');
  if (approve) await sendQueuedPayout(ctx.services, paymentId);
  else
    await applyOutcome(
      ctx.services,
      paymentId,
      { status: 'failed', code: 'REJECTED', reason: `rejected by staff: ${why}`, definite: true },
      { trustSuccess: false, actor: { kind: 'staff', id: staff.staffId } },
    );
  return paymentRow(ctx.services.sql, paymentId);
};

const writeConfig = async (
  ctx: GraphQLContext,
  patch: Record<string, unknown>,
  reason: string,
  action: string,
  from?: string | null,
) => {
  const staff = requireStaff(ctx, action === 'pay_config.update' ? 'config.edit' : 'channels.edit');
  const at = isoNow(ctx.services);
  return transactionWithRetry(ctx.services.sql, async (tx) => {
    const current = await payConfigAt(tx, at);
    const next = mergePayConfig(current.config, patch);
    if (typeof next === 'string') throw codedError('BAD_INPUT', next);
    const effectiveFrom = from ?? at;
    const version = await insertPayConfig(tx, next, effectiveFrom, `staff:${staff.staffId}`);
    await audit(tx, {
      actor: `staff:${staff.staffId}`,
      ip: ctx.ip,
      action,
      entity: 'pay_config',
      entityId: version,
      reason,
      before: current.config,
      after: next,
      requestId: ctx.requestId,
    });
    return { version, effectiveFrom, config: next };
  });
};

const channels = async (ctx: GraphQLContext) => {
  const { config } = await payConfigAt(ctx.services.sql, isoNow(ctx.services));
  const { rows } = await ctx.services.sql.query<{
    network: number;
    name: string;
    sort: number;
    gateway_address: string;
  }>('SELECT network, name, sort, gateway_address FROM payment_channels ORDER BY sort, network');
  return rows.map((r) => {
    const n = PROVIDER_NAMES[r.network as ProviderId];
    return {
      network: r.network,
      name: r.name,
      sort: r.sort,
      gatewayAddress: r.gateway_address,
      rechargeEnabled: config[`${n}_recharge`] === PAY_SWITCH.ON,
      withdrawEnabled: config[`${n}_withdraw`] === PAY_SWITCH.ON,
    };
  });
};

/** Staff and public reads of payment settings (typed with the generated resolver types). */
export const staffQueries: Pick<
  QueryResolvers,
  'paymentOptions' | 'payConfig' | 'paymentChannels' | 'reconciliationItems'
> = {
  /** Public: limits and open networks (schema `paymentOptions`). */
  paymentOptions: async (_r, _a, ctx) => {
    const { config } = await payConfigAt(ctx.services.sql, isoNow(ctx.services));
    const open = await channels(ctx);
    return {
      minimumRecharge: config.minimum_recharge,
      maxRecharge: config.max_recharge,
      minimumWithdraw: config.minimum_withdraw,
      maxWithdraw: config.max_withdraw,
      withdrawalsProhibited: config.prohibit_withdrawal === PAY_SWITCH.ON,
      channels: open.map((c) => ({
        network: c.network,
        name: c.name,
        rechargeEnabled: c.rechargeEnabled,
        withdrawEnabled: c.withdrawEnabled && config.prohibit_withdrawal !== PAY_SWITCH.ON,
      })),
    };
  },
  payConfig: async (_r, _a, ctx) => {
    requireStaff(ctx, 'payments.view');
    return payConfigOut(await payConfigAt(ctx.services.sql, isoNow(ctx.services)));
  },
  paymentChannels: async (_r, _a, ctx) => {
    requireStaff(ctx, 'payments.view');
    return channels(ctx);
  },
  reconciliationItems: async (_r, a, ctx) => {
    requireStaff(ctx, 'payments.view');
    const { rows } = await ctx.services.sql.query<ItemRow>(
      `SELECT * FROM reconciliation_items ${a.all ? '' : 'WHERE resolved_at IS NULL'} ORDER BY found_at DESC, id DESC LIMIT 500`,
    );
    return rows.map(itemOut);
  },
};

/** A `reconciliation_items` row. */
interface ItemRow {
  readonly id: string | number;
  readonly run_id: string;
  readonly network: number;
  readonly payment_id: string;
  readonly kind: string;
  readonly ours: unknown;
  readonly theirs: unknown;
  readonly found_at: Date;
  readonly resolved_at: Date | null;
  readonly resolved_by: string | null;
  readonly resolution: string | null;
}

const itemOut = (r: ItemRow) => ({
  id: String(r.id),
  runId: r.run_id,
  network: r.network,
  paymentId: r.payment_id,
  kind: r.kind,
  ours: r.ours === null ? null : JSON.stringify(r.ours),
  theirs: r.theirs === null ? null : JSON.stringify(r.theirs),
  foundAt: r.found_at,
  resolvedAt: r.resolved_at,
  resolvedBy: r.resolved_by,
  resolution: r.resolution,
});

/** Staff decisions on payments and settings (typed with the generated resolver types). */
export const staffMutations: Pick<
  MutationResolvers,
  | 'approveWithdrawal'
  | 'rejectWithdrawal'
  | 'resolvePayment'
  | 'setPayConfig'
  | 'setPaymentChannel'
  | 'runReconciliation'
  | 'resolveReconciliationItem'
> = {
  approveWithdrawal: (_r, a, ctx) => decideWaiting(ctx, a.paymentId, a.reason, true),
  rejectWithdrawal: (_r, a, ctx) => decideWaiting(ctx, a.paymentId, a.reason, false),
  resolvePayment: async (_r, a, ctx) => {
    const staff = requireStaff(ctx, 'payments.approve');
    const why = reasonOf(a.reason);
    const before = await paymentRow(ctx.services.sql, a.paymentId);
    if (!before.review) throw codedError('CONFLICT', 'this payment is not under review');
    await ctx.services.sql.query(`UPDATE payments SET flag = NULL, review = false WHERE payment_id = $1`, [
      a.paymentId,
    ]);
    const actor = { kind: 'staff' as const, id: staff.staffId };
    const done = a.paid
      ? await applyOutcome(
          ctx.services,
          a.paymentId,
          {
            status: 'succeeded',
            providerRef: a.providerRef ?? `staff:${a.paymentId}`,
            amount: before.amount,
          },
          { trustSuccess: true, actor },
        )
      : await applyOutcome(
          ctx.services,
          a.paymentId,
          { status: 'failed', code: 'STAFF', reason: why, definite: true },
          { trustSuccess: true, actor },
        );
    await audit(ctx.services.sql, {
      actor: `staff:${staff.staffId}`,
      ip: ctx.ip,
      action: 'payment.resolve',
      entity: 'payment',
      entityId: a.paymentId,
      reason: why,
      before,
      after: { paid: a.paid, done },
      requestId: ctx.requestId,
    });
    return paymentRow(ctx.services.sql, a.paymentId);
  },
  setPayConfig: async (_r, { input }, ctx) => {
    requireStaff(ctx, 'config.edit');
    const { effectiveFrom, reason, ...rest } = input;
    const patch = Object.fromEntries(Object.entries(rest).map(([k, v]) => [snake(k), v]));
    return payConfigOut(
      await writeConfig(
        ctx,
        patch,
        reasonOf(String(reason ?? '')),
        'pay_config.update',
        effectiveFrom as string | null,
      ),
    );
  },
  setPaymentChannel: async (_r, { input }, ctx) => {
    const staff = requireStaff(ctx, 'channels.edit');
    const why = reasonOf(String(input.reason ?? ''));
    const network = input.network as ProviderId;
    const name = PROVIDER_NAMES[network];
    if (!name) throw codedError('BAD_INPUT', 'network: 3, 4, 6 or 7', { field: 'network' });
    const patch: Record<string, number> = {};
    if (typeof input.rechargeEnabled === 'boolean')
      patch[`${name}_recharge`] = input.rechargeEnabled ? PAY_SWITCH.ON : PAY_SWITCH.OFF;
    if (typeof input.withdrawEnabled === 'boolean')
      patch[`${name}_withdraw`] = input.withdrawEnabled ? PAY_SWITCH.ON : PAY_SWITCH.OFF;
    if (Object.keys(patch).length > 0) await writeConfig(ctx, patch, why, 'channel.enable');
    await transactionWithRetry(ctx.services.sql, async (tx) => {
      await tx.query(
        `UPDATE payment_channels SET name = COALESCE($2, name), sort = COALESCE($3, sort),
           gateway_address = COALESCE($4, gateway_address) WHERE network = $1`,
        [network, input.name ?? null, input.sort ?? null, input.gatewayAddress ?? null],
      );
      await audit(tx, {
        actor: `staff:${staff.staffId}`,
        ip: ctx.ip,
        action: 'channel.update',
        entity: 'payment_channel',
        entityId: network,
        reason: why,
        after: input,
        requestId: ctx.requestId,
      });
    });
    const channel = (await channels(ctx)).find((c) => c.network === network);
    if (!channel) throw codedError('NOT_FOUND', 'no such channel', { field: 'network' });
    return channel;
  },
  runReconciliation: async (_r, a, ctx) => {
    requireStaff(ctx, 'payments.approve');
    const from = Date.parse(a.from);
    const to = Date.parse(a.to);
    const sane = (t: number) => t >= Date.UTC(2000, 0, 1) && t <= Date.UTC(2100, 0, 1);
    if (!sane(from) || !sane(to) || from >= to || to - from > 31 * 86_400_000)
      throw codedError('BAD_INPUT', 'from < to, at most 31 days, years 2000–2099', { field: 'from' });
    return (await reconcile(ctx.services, a.from, a.to)).found;
  },
  resolveReconciliationItem: async (_r, a, ctx) => {
    const staff = requireStaff(ctx, 'payments.approve');
    const why = reasonOf(a.reason);
    if (!/^\d{1,15}$/.test(a.id)) throw codedError('NOT_FOUND', 'no open reconciliation item with this id');
    return transactionWithRetry(ctx.services.sql, async (tx) => {
      const { rows } = await tx.query<ItemRow>(
        `UPDATE reconciliation_items SET resolved_at = $2, resolved_by = $3, resolution = $4
         WHERE id = $1 AND resolved_at IS NULL RETURNING *`,
        [a.id, isoNow(ctx.services), `staff:${staff.staffId}`, why],
      );
      if (!rows[0]) throw codedError('NOT_FOUND', 'no open reconciliation item with this id');
      await audit(tx, {
        actor: `staff:${staff.staffId}`,
        ip: ctx.ip,
        action: 'reconciliation.resolve',
        entity: 'reconciliation_item',
        entityId: a.id,
        reason: why,
        requestId: ctx.requestId,
      });
      return itemOut(rows[0]);
    });
  },
};

export { DEFAULT_PAY_CONFIG };
