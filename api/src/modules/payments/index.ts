/**
 * The payments module (issue 6 items 3–6; spec §3 "Recharge", "Withdraw", "Pay config", "Channel";
 * mobile-money.md): deposits by USSD push, withdrawals with reservation and staff approval, the
 * follow-up worker, reconciliation, staff lists and settings. Providers: the real adapters, pointed at
 * the provider sandboxes started in process (PAYMENT_PROVIDERS=sandbox, the default), or in-memory fakes
 * (PAYMENT_PROVIDERS=fake, and tests that never start the module).
 */
import type { MutationResolvers, QueryResolvers } from '../../graphql/generated.ts';
import { readFileSync } from 'node:fs';
import { normalizeTzPhone } from '@bashiri/domain';
import type { GraphQLContext } from '../../graphql/context.ts';
import { enforceRates, RATE_LIMITS } from '../../auth/limiter.ts';
import type { ApiModule } from '../module.ts';
import { requirePlayer, requireStaff } from '../../auth/guard.ts';
import { codedError } from '../../graphql/errors.ts';
import { mayPromptPhone, PHONE_NOT_VERIFIED } from '../identity/index.ts';
import { requestDeposit, requestWithdrawal } from './flows.ts';
import { paymentPage, paymentRow } from './queries.ts';
import { staffMutations, staffQueries } from './staff.ts';
import type { AppServices } from '../../services.ts';
import { setProviders } from './engine.ts';
import { createProviders, sandboxProviderConfigs } from './providers/index.ts';
import { registerCallbackRoutes } from './routes.ts';
import { openSandboxStore, startSandboxes } from './sandboxes/index.ts';
import { startPaymentsWorker } from './worker.ts';

export { providersOf, setProviders } from './engine.ts';
export { CALLBACK_BODY_LIMIT } from './routes.ts';
export { SANDBOX_CREDENTIALS } from './sandboxes/credentials.ts';

/**
 * Per-player and per-phone limits on deposit prompts (issue 15 item 6; docs/payments.md): a deposit
 * pushes a USSD prompt to a phone, so a player may prompt their own number at most
 * {@link RATE_LIMITS.depositPerPlayer}, and another number (its owner never agreed) far less — per
 * player and per target phone. Throws `RATE_LIMITED`, and `PHONE_NOT_VERIFIED` (field `phone`) for a
 * number that is not the player's and that its owner has not confirmed by SMS (identity
 * payment-phones.ts).
 */
const limitDepositPrompts = async (ctx: GraphQLContext, userId: string, phoneInput?: string | null) => {
  const { sql } = ctx.services;
  const own = await sql.query<{ phone: string }>('SELECT phone FROM player_accounts WHERE user_id = $1', [
    userId,
  ]);
  const phone = phoneInput ? normalizeTzPhone(phoneInput) : null;
  const other = phone !== null && phone !== own.rows[0]?.phone;
  if (phone && other && !(await mayPromptPhone(sql, userId, phone)))
    throw codedError(PHONE_NOT_VERIFIED, 'confirm this phone by SMS before paying from it', {
      field: 'phone',
    });
  await enforceRates(
    sql,
    [
      [`deposit:player:${userId}`, RATE_LIMITS.depositPerPlayer],
      ...(other
        ? ([
            [`deposit-other:player:${userId}`, RATE_LIMITS.depositOtherPhonePerPlayer],
            [`deposit-other:phone:${phone}`, RATE_LIMITS.depositOtherPhonePerPhone],
          ] as const)
        : []),
    ],
    ctx.services.now(),
  );
};

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
  // Their state lives in their own tables, so a payment in flight at a crash is resolved by enquiry
  // after the restart, as with a real provider (issue 15 item 10).
  const handle = await startSandboxes({ callbackBaseUrl, store: await openSandboxStore(services.sql) });
  setProviders(
    services,
    createProviders(sandboxProviderConfigs(handle.urls, handle.publicKeyBase64, callbackBaseUrl)),
  );
  return handle;
};
export { handleCallback, runDueFollowups } from './worker.ts';
export { sweepStalledPayments, STALLED_AFTER_MS } from './sweep.ts';

/** The players' payment reads and the payments list (staff reads and writes are in staff.ts). */
const Query: QueryResolvers = {
  payment: async (_r, { id }, ctx) => paymentRow(ctx.services.sql, id, requirePlayer(ctx).userId),
  myPayments: async (_r, a, ctx) =>
    paymentPage(ctx.services.sql, a.kind, { userId: requirePlayer(ctx).userId }, a.page, 10),
  payments: async (_r, a, ctx) => {
    requireStaff(ctx, 'payments.view');
    return paymentPage(ctx.services.sql, a.kind, a.filter ?? {}, a.page, a.pageSize);
  },
};

/** Deposits and withdrawals a player asks for (spec §4 "Recharge", "Withdrawal"). */
const Mutation: MutationResolvers = {
  deposit: async (_r, { input }, ctx) => {
    const { userId } = requirePlayer(ctx);
    await limitDepositPrompts(ctx, userId, input.phone);
    return paymentRow(ctx.services.sql, await requestDeposit(ctx.services, userId, input));
  },
  withdraw: async (_r, { input }, ctx) => {
    const { userId } = requirePlayer(ctx);
    return paymentRow(ctx.services.sql, await requestWithdrawal(ctx.services, userId, input));
  },
};

export const paymentsModule: ApiModule = {
  name: 'payments',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  resolvers: {
    Query: { ...Query, ...staffQueries },
    Mutation: { ...Mutation, ...staffMutations },
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
