/**
 * The payments module (issue 6 items 3–6; spec §3 "Recharge", "Withdraw", "Pay config", "Channel";
 * mobile-money.md): deposits by USSD push, withdrawals with reservation and staff approval, the
 * follow-up worker, reconciliation, staff lists and settings. Providers: {@link providersOf} (the
 * in-memory fakes until the real adapters are wired; docs/payments.md).
 */
import { readFileSync } from 'node:fs';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { ApiModule } from '../module.ts';
import { requirePlayer, requireStaff } from '../staff/guard.ts';
import { requestDeposit, requestWithdrawal, type DepositInput, type WithdrawInput } from './flows.ts';
import { paymentPage, paymentRow, type Filter } from './queries.ts';
import { staffMutations, staffQueries } from './staff.ts';
import { startPaymentsWorker } from './worker.ts';

export { providersOf, setProviders } from './engine.ts';
export { handleCallback, runDueFollowups } from './worker.ts';

export const paymentsModule: ApiModule = {
  name: 'payments',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  resolvers: {
    Query: {
      payment: async (_r: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
        paymentRow(ctx.services.sql, id, requirePlayer(ctx).userId),
      myPayments: async (
        _r: unknown,
        a: { kind: 'DEPOSIT' | 'WITHDRAWAL'; page?: number },
        ctx: GraphQLContext,
      ) => paymentPage(ctx.services.sql, a.kind, { userId: requirePlayer(ctx).userId }, a.page, 10),
      payments: async (
        _r: unknown,
        a: { kind: 'DEPOSIT' | 'WITHDRAWAL'; filter?: Filter | null; page?: number; pageSize?: number },
        ctx: GraphQLContext,
      ) => {
        requireStaff(ctx, 'payments.view');
        return paymentPage(ctx.services.sql, a.kind, a.filter ?? {}, a.page, a.pageSize);
      },
      ...staffQueries,
    },
    Mutation: {
      deposit: async (_r: unknown, { input }: { input: DepositInput }, ctx: GraphQLContext) => {
        const { userId } = requirePlayer(ctx);
        return paymentRow(ctx.services.sql, await requestDeposit(ctx.services, userId, input));
      },
      withdraw: async (_r: unknown, { input }: { input: WithdrawInput }, ctx: GraphQLContext) => {
        const { userId } = requirePlayer(ctx);
        return paymentRow(ctx.services.sql, await requestWithdrawal(ctx.services, userId, input));
      },
      ...staffMutations,
    },
  },
  start: async (services) => startPaymentsWorker(services),
};
