/**
 * The payments module (issue 6 items 3–6; spec §3 "Recharge", "Withdraw", "Pay config", "Channel";
 * mobile-money.md): deposits by USSD push, withdrawals with reservation and staff approval, the
 * follow-up worker, reconciliation, staff lists and settings. Providers: the real adapters, pointed at
 * the provider sandboxes started in process (PAYMENT_PROVIDERS=sandbox, the default), or in-memory fakes
 * (PAYMENT_PROVIDERS=fake, and tests that never start the module).
 */
import { readFileSync } from 'node:fs';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { ApiModule } from '../module.ts';
import { requirePlayer, requireStaff } from '../staff/guard.ts';
import { requestDeposit, requestWithdrawal, type DepositInput, type WithdrawInput } from './flows.ts';
import { paymentPage, paymentRow, type Filter } from './queries.ts';
import { staffMutations, staffQueries } from './staff.ts';
import type { AppServices } from '../../services.ts';
import { setProviders } from './engine.ts';
import { createProviders, sandboxProviderConfigs } from './providers/index.ts';
import { registerCallbackRoutes } from './routes.ts';
import { startSandboxes } from './sandboxes/index.ts';
import { startPaymentsWorker } from './worker.ts';

export { providersOf, setProviders } from './engine.ts';

/**
 * Starts the four provider sandboxes on loopback and points the real adapters at them (the embedded
 * default: no provider is reachable from a developer's machine). Callbacks come back to our
 * `/payments/callback/:network` route at PUBLIC_URL (default http://HOST:PORT).
 */
const connectSandboxes = async (services: AppServices) => {
  const publicUrl = (
    services.config.PUBLIC_URL ?? `http://${services.config.HOST}:${services.config.PORT}`
  ).replace(/\/$/, '');
  const callbackBaseUrl = `${publicUrl}/payments/callback`;
  const handle = await startSandboxes({ callbackBaseUrl });
  setProviders(
    services,
    createProviders(sandboxProviderConfigs(handle.urls, handle.publicKeyBase64, callbackBaseUrl)),
  );
  return handle;
};
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
  routes: registerCallbackRoutes,
  start: async (services) => {
    const sandboxes =
      services.config.PAYMENT_PROVIDERS === 'sandbox' ? await connectSandboxes(services) : null;
    const stopWorker = startPaymentsWorker(services);
    return async () => {
      await stopWorker();
      await sandboxes?.stop();
    };
  },
};
