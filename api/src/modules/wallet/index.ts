/**
 * The wallet module (issue 5 items 4 and "get credit from a staff adjustment"; spec §3 Bill entry,
 * §6 staff balance edits): balances and bills read models, staff adjustments, the player's wallet and
 * its live updates.
 */
import { readFileSync } from 'node:fs';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { audit } from '../audit/index.ts';
import type { ApiModule } from '../module.ts';
import { requirePlayer, requireStaff } from '../staff/guard.ts';
import { walletProjection } from './projection.ts';
import { walletOf } from './service.ts';

const POCKET = { BALANCE: 'balance', CREDIT_MONEY: 'creditMoney', RACING_COIN: 'racingCoin' } as const;
const BILL_POCKET = { BALANCE: 'balance', CREDIT: 'creditMoney' } as const;

interface AdjustInput {
  userId: string;
  pocket: keyof typeof POCKET;
  amount: number;
  reason: string;
  requestId: string;
}

const page = (n: number | null | undefined) => Math.max(1, Math.floor(n ?? 1));
const size = (n: number | null | undefined) => Math.min(100, Math.max(1, Math.floor(n ?? 10)));

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
        args: { pocket: keyof typeof BILL_POCKET; page?: number; pageSize?: number },
        ctx: GraphQLContext,
      ) => {
        const { userId } = requirePlayer(ctx);
        const p = page(args.page);
        const n = size(args.pageSize);
        const pocket = BILL_POCKET[args.pocket] ?? 'balance';
        const [rows, count] = await Promise.all([
          ctx.services.sql.query<Record<string, unknown>>(
            // Tax and gross of winnings are in the movement's own event (WinningsCredited), by its unique id.
            `SELECT b.id::text, b.bill_type, b.amount::int, b.balance_before::int, b.balance_after::int, b.remark,
                    b.reference, b.at, (e.data->>'tax')::bigint::int AS tax, (e.data->>'gross')::bigint::int AS gross
             FROM bills b LEFT JOIN es_events e ON e.event_id = b.event_id AND b.event_type = 'WinningsCredited'
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
          })),
          page: p,
          pageSize: n,
          total: count.rows[0]?.total ?? 0,
        };
      },
    },
    Mutation: {
      adjustWallet: async (_root: unknown, { input }: { input: AdjustInput }, ctx: GraphQLContext) => {
        const staff = requireStaff(ctx, 'users.adjust_money');
        if (!input.reason?.trim())
          throw codedError('REASON_REQUIRED', 'a reason is required', { field: 'reason' });
        const wallet = walletOf(ctx.services);
        const at = new Date(ctx.services.now()).toISOString();
        const pocket = POCKET[input.pocket];
        const result = await wallet.transact(input.userId, async (tx, apply) => {
          const outcome = await apply({
            type: 'AdjustPocket',
            userId: input.userId,
            movementId: `staff:${input.requestId}`,
            at,
            actor: { kind: 'staff', id: staff.staffId },
            pocket,
            amount: input.amount,
            reference: input.requestId,
            reason: input.reason.trim(),
          });
          if (outcome.ok && outcome.moved) {
            await audit(tx, {
              actor: `staff:${staff.staffId}`,
              ip: ctx.ip,
              action: 'wallet.adjust',
              entity: 'wallet',
              entityId: input.userId,
              reason: input.reason.trim(),
              before: { [pocket]: outcome.state[pocket] - input.amount },
              after: { [pocket]: outcome.state[pocket] },
              requestId: ctx.requestId,
            });
          }
          return outcome;
        });
        if (!result.ok) throw fromDomainError(result.error);
        // Read your writes: the staff member's next look at the bills (a read model) shows this entry.
        ctx.services.store.notifyAppended();
        await ctx.services.projections.catchUp(walletProjection, { wait: true });
        return {
          balance: result.state.balance,
          creditMoney: result.state.creditMoney,
          racingCoin: result.state.racingCoin,
          debt: result.state.debt,
        };
      },
    },
    Subscription: {
      myWallet: {
        subscribe: async (
          _root: unknown,
          _args: unknown,
          ctx: GraphQLContext & { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> } },
        ) => {
          const { userId } = requirePlayer(ctx);
          return ctx.pubsub.subscribe(`BALANCE_CHANGED:${userId}`);
        },
        resolve: (payload: unknown) => payload,
      },
    },
  },
};
