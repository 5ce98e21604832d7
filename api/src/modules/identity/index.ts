/**
 * The identity module (issue 5 item 2): player registration by phone with an SMS code, login, sessions,
 * passwords, the `player_accounts` read model, and the `authenticate` hook buildApp uses for players
 * and staff (docs/auth.md). Resolvers are typed from the schema (generated.ts).
 */
import { readFileSync } from 'node:fs';
import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { MutationResolvers, QueryResolvers } from '../../graphql/generated.ts';
import type { ApiModule } from '../module.ts';
import { requirePlayer } from '../../auth/guard.ts';
import { pruneRates } from '../../auth/limiter.ts';
import * as admin from './admin.ts';
import * as players from './players.ts';
import { playerAccountsProjection } from './projection.ts';
import { defaultSmsGateway } from './sms.ts';
import * as phones from './payment-phones.ts';
import { paymentPhonesOf } from './payment-phones.ts';
import type { SmsGateway } from './sms.ts';

export { authenticate } from './authenticate.ts';

/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { phoneOrThrow } from './players.ts';
export { playerSessionIps } from './footprints.ts';
export { invitationCodeOf } from './invitation-code.ts';
export { playerAccountsProjection } from './projection.ts';
export { sendSmsCode } from './sms.ts';
export { mayPromptPhone, PHONE_NOT_VERIFIED } from './payment-phones.ts';
export { defaultSmsGateway } from './sms.ts';
export type { SmsGateway } from './sms.ts';

/** What the identity module is built with. */
export interface IdentityModuleOptions {
  /** The SMS provider; default: the sandbox (docs/auth.md "SMS"). */
  readonly sms?: SmsGateway;
}

/** Builds the identity module. */
export const createIdentityModule = (options: IdentityModuleOptions = {}): ApiModule => {
  const sms = options.sms ?? defaultSmsGateway();

  const session = async (ctx: GraphQLContext, issued: { token: string; expiresAt: Date; userId: string }) => {
    const row = await players.findPlayer(ctx, issued.userId);
    if (!row) throw new Error(`player ${issued.userId} missing from player_accounts`);
    return { token: issued.token, expiresAt: issued.expiresAt, player: players.playerOf(row) };
  };

  const Query: QueryResolvers = {
    players: (_root, args, ctx) => admin.listPlayers(ctx, args),
    paymentPhones: (_root, _args, ctx) => paymentPhonesOf(ctx.services.sql, requirePlayer(ctx).userId),
    me: async (_root, _args, ctx) => {
      if (ctx.viewer?.kind !== 'player') return null;
      const row = await players.findPlayer(ctx, requirePlayer(ctx).userId);
      return row && players.playerOf(row);
    },
  };

  const Mutation: MutationResolvers = {
    requestSmsCode: (_root, { phone, purpose }, ctx) =>
      players.requestSmsCode(ctx, sms, {
        phone,
        type: purpose === 'REGISTER' ? 'register' : 'reset_password',
      }),
    requestPaymentPhoneCode: (_root, { phone }, ctx) => phones.requestPaymentPhoneCode(ctx, sms, { phone }),
    verifyPaymentPhone: (_root, args, ctx) => phones.verifyPaymentPhone(ctx, args),
    removePaymentPhone: (_root, { phone }, ctx) => phones.removePaymentPhone(ctx, { phone }),
    register: async (_root, { input }, ctx) => session(ctx, await players.register(ctx, input)),
    login: async (_root, args, ctx) => session(ctx, await players.login(ctx, args)),
    logout: (_root, _args, ctx) => players.logout(ctx),
    changePassword: (_root, args, ctx) => players.changePassword(ctx, args),
    resetPassword: (_root, args, ctx) => players.resetPassword(ctx, args),
    setDefaultBetAmount: async (_root, { amount }, ctx) =>
      players.playerOf(await players.setDefaultBetAmount(ctx, amount ?? null)),
    updatePlayer: (_root, { userId, patch, reason }, ctx) => admin.updatePlayer(ctx, userId, patch, reason),
    resetPlayerPassword: (_root, args, ctx) => admin.resetPlayerPassword(ctx, args),
  };

  return {
    name: 'identity',
    typeDefs: ['./identity.graphql', './admin.graphql']
      .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
      .join('\n'),
    resolvers: { Query, Mutation } as IResolvers,
    migrations: new URL('./migrations/', import.meta.url),
    projections: [playerAccountsProjection],
    start: async (services) => {
      const timer = setInterval(
        () => void pruneRates(services.sql, services.now()).catch(() => undefined),
        3_600_000,
      );
      timer.unref();
      return async () => clearInterval(timer);
    },
  };
};

export const identityModule: ApiModule = createIdentityModule();
