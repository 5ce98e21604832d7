/**
 * The wallet module (issue 5 items 4 and "get credit from a staff adjustment"; spec §3 Bill entry,
 * §6 staff balance edits): balances and bills read models, staff adjustments, the player's wallet and
 * its live updates.
 */
import type {
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
  Wallet,
} from '../../graphql/generated.ts';
import { readFileSync } from 'node:fs';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { withInitial } from '../../graphql/subscriptions.ts';
import { audit } from '../audit/index.ts';
import type { ApiModule } from '../module.ts';
import { requirePlayer, requireStaff } from '../../auth/guard.ts';
import { walletProjection } from './projection.ts';
import { moveMoney } from './money-path.ts';
import type { WalletLedger } from './money-path.ts';
import { viewOf, walletOf } from './service.ts';

export { moveMoney } from './money-path.ts';
export type { MoneyDecision, MoneyMovement, MoneyResult, WalletLedger } from './money-path.ts';
export { moveMoneyBatch, moveMoneyBatchWith } from './money-batch.ts';
export type { BatchMovement, MoneyBatchOptions } from './money-batch.ts';
/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { walletProjection } from './projection.ts';
export { walletOf } from './service.ts';
export { FRESHNESS_MAX_AGE_MS, streamFreshness } from './freshness.ts';
export type { Freshness } from './freshness.ts';
export {
  checkProtection,
  protectionGateOf,
  protectionUsageOf,
  sessionStartFor,
  STAKE_PROTECTION_KIND,
} from './protection-gate.ts';
export type { ProtectionGate, ProtectionRefusal } from './protection-gate.ts';

const POCKET = { BALANCE: 'balance', CREDIT_MONEY: 'creditMoney', RACING_COIN: 'racingCoin' } as const;
const BILL_POCKET = { BALANCE: 'balance', CREDIT: 'creditMoney' } as const;

interface AdjustInput {
  userId: string;
  pocket: keyof typeof POCKET;
  amount: number;
  reason: string;
  requestId: string;
}

/** What a staff adjustment's wallet command answered. */
type AdjustOutcome = ReturnType<WalletLedger['pay']>;

const page = (n: number | null | undefined) => Math.max(1, Math.floor(n ?? 1));
const size = (n: number | null | undefined) => Math.min(100, Math.max(1, Math.floor(n ?? 10)));

/** A `bills` row as myBills reads it (TZS as int, tax and gross of winnings from their event). */
interface BillRow {
  readonly id: string;
  readonly bill_type: number;
  readonly amount: number;
  readonly balance_before: number;
  readonly balance_after: number;
  readonly remark: string;
  readonly reference: string;
  readonly at: Date;
  readonly tax: number | null;
  readonly gross: number | null;
  /** The movement is a cash-out's credit (`bet-<id>:cashout`, `bet-<id>:cashout:<n>`; bet wallet-link.ts). */
  readonly cash_out: boolean;
}

export const walletModule: ApiModule = {
  name: 'wallet',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [walletProjection],
  resolvers: {
    Query: {
      myWallet: async (_root: unknown, _args: unknown, ctx: GraphQLContext) =>
        walletOf(ctx.services).current(requirePlayer(ctx).userId),
      wallet: async (_root: unknown, { userId }: { userId: string }, ctx: GraphQLContext) => {
        requireStaff(ctx, 'users.view');
        return walletOf(ctx.services).current(userId);
      },
      myBills: async (
        _root: unknown,
        args: { pocket: keyof typeof BILL_POCKET; page?: number | null; pageSize?: number | null },
        ctx: GraphQLContext,
      ) => {
        const { userId } = requirePlayer(ctx);
        const p = page(args.page);
        const n = size(args.pageSize);
        const pocket = BILL_POCKET[args.pocket] ?? 'balance';
        const [rows, count] = await Promise.all([
          ctx.services.sql.query<BillRow>(
            // Tax and gross of winnings: copied onto their bills by the wallet projection.
            `SELECT b.id::text, b.bill_type, b.amount::int, b.balance_before::int, b.balance_after::int, b.remark,
                    b.reference, b.at, b.tax::int AS tax, b.gross::int AS gross,
                    b.movement_id ~ ':cashout(:[0-9]+)?$' AS cash_out
             FROM bills b
             WHERE b.user_id = $1 AND b.pocket = $2 ORDER BY b.at DESC, b.id DESC LIMIT $3 OFFSET $4`,
            [userId, pocket, n, (p - 1) * n],
          ),
          ctx.services.sql.query<{ total: number }>(
            'SELECT count(*)::int AS total FROM bills WHERE user_id = $1 AND pocket = $2',
            [userId, pocket],
          ),
        ]);
        return {
          items: rows.rows.map((r) => ({
            id: r.id,
            billType: r.bill_type,
            amount: r.amount,
            balanceBefore: r.balance_before,
            balanceAfter: r.balance_after,
            remark: r.remark,
            reference: r.reference,
            at: r.at,
            tax: r.tax ?? null,
            gross: r.gross ?? null,
            cashOut: r.cash_out === true,
          })),
          page: p,
          pageSize: n,
          total: count.rows[0]?.total ?? 0,
        };
      },
    } satisfies QueryResolvers,
    Mutation: {
      adjustWallet: async (_root: unknown, { input }: { input: AdjustInput }, ctx: GraphQLContext) => {
        const staff = requireStaff(ctx, 'users.adjust_money');
        if (!input.reason?.trim())
          throw codedError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
        const at = new Date(ctx.services.now()).toISOString();
        const pocket = POCKET[input.pocket];
        // On the money path, the wallet alone; the audit row is written by the call that moved the
        // money, after it (decision 0008).
        const { answer: result, written } = await moveMoney<undefined, never, undefined, AdjustOutcome>(
          ctx.services,
          {
            userId: input.userId,
            idempotencyKey: `staff:${input.requestId}`,
            decide: ({ wallet }) => ({
              answer: wallet.pay({
                type: 'AdjustPocket',
                userId: input.userId,
                movementId: `staff:${input.requestId}`,
                at,
                actor: { kind: 'staff', id: staff.staffId },
                pocket,
                amount: input.amount,
                reference: input.requestId,
                reason: input.reason.trim(),
              }),
            }),
          },
        );
        if (result.ok && written)
          await audit(ctx.services.sql, {
            actor: `staff:${staff.staffId}`,
            ip: ctx.ip,
            action: 'wallet.adjust',
            entity: 'wallet',
            entityId: input.userId,
            reason: input.reason.trim(),
            before: { [pocket]: result.state[pocket] - input.amount },
            after: { [pocket]: result.state[pocket] },
            requestId: ctx.requestId,
          });
        if (!result.ok) throw fromDomainError(result.error);
        // Read your writes: the staff member's next look at the bills (a read model) shows this entry.
        await ctx.services.projections.catchUp(walletProjection, { wait: true });
        return viewOf(input.userId, result.state);
      },
    } satisfies MutationResolvers,
    Subscription: {
      myWallet: {
        subscribe: async (_root, _args, ctx) => {
          const { userId } = requirePlayer(ctx);
          const { pubsub } = ctx as GraphQLContext & {
            pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> };
          };
          // Subscribed first, then the wallet read: a change committed after the read is published to
          // this subscription, one committed before it is in the first message (decision 0213: a
          // credit committed between the page's wallet query and its subscribe was in neither).
          const changes = await pubsub.subscribe(`BALANCE_CHANGED:${userId}`);
          return withInitial(changes, await walletOf(ctx.services).current(userId));
        },
        resolve: (payload: Wallet) => payload,
      },
    } satisfies SubscriptionResolvers,
  },
};
