/**
 * The player-protection module (issue 23; docs/responsible-gambling.md; decisions 0020, 0048): the
 * player's limits with their 24-hour cooling period and confirmation, reality-check interval, cool-off
 * and self-exclusion on `protection-<userId>`; the read models of every change; GraphQL for the player
 * and for staff; the statistics of refused attempts. Enforcement itself is on the money path (the wallet
 * module's protection gate), so every product that pays through `moveMoney` gets it.
 */
import { readFileSync } from 'node:fs';
import type { CoolOffPeriod, ExclusionPeriod, LimitKind, ProtectionEvent } from '@bashiri/domain';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import { requirePlayer, requireStaff } from '../../auth/guard.ts';
import { audit } from '../audit/index.ts';
import type { ApiModule } from '../module.ts';
import { protectionProjection } from './projection.ts';
import { protectionView, realityCheckOf, runProtection, stakeLeftOf } from './service.ts';
import { defaultSmsGateway } from '../identity/index.ts';
import { handleProtectionSms } from './sms-keywords.ts';
import type { ProtectionActor, ProtectionRequest, ProtectionView } from './service.ts';

/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { marketingAllowedFor, marketingAllowedForViewer, protectionView } from './service.ts';
export { protectionProjection } from './projection.ts';
export { handleProtectionSms } from './sms-keywords.ts';
export type { InboundSms, InboundSmsOutcome } from './sms-keywords.ts';

/** GraphQL `ProtectionLimitKind` ↔ the domain's `LimitKind`. */
export const LIMIT_KIND_OF: Readonly<Record<string, LimitKind>> = {
  DEPOSIT_DAY: 'depositDay',
  DEPOSIT_WEEK: 'depositWeek',
  DEPOSIT_MONTH: 'depositMonth',
  LOSS_DAY: 'lossDay',
  LOSS_WEEK: 'lossWeek',
  LOSS_MONTH: 'lossMonth',
  STAKE_BET: 'stakeBet',
  STAKE_DAY: 'stakeDay',
  SESSION_MINUTES: 'sessionMinutes',
};
const GRAPHQL_KIND = Object.fromEntries(Object.entries(LIMIT_KIND_OF).map(([g, d]) => [d, g])) as Record<
  LimitKind,
  string
>;
const COOL_OFF_OF: Readonly<Record<string, CoolOffPeriod>> = {
  HOURS_24: '24h',
  DAYS_7: '7d',
  DAYS_30: '30d',
  WEEKS_6: '6w',
};
const EXCLUSION_OF: Readonly<Record<string, ExclusionPeriod>> = {
  MONTHS_6: '6m',
  YEAR_1: '1y',
  YEARS_5: '5y',
  PERMANENT: 'permanent',
};

const kindOf = (kind: string): LimitKind => {
  const k = LIMIT_KIND_OF[kind];
  if (!k) throw codedError('BAD_INPUT', `kind: one of ${Object.keys(LIMIT_KIND_OF).join(', ')}`);
  return k;
};

/** The GraphQL shape of a view. */
const toGraphQL = (v: ProtectionView) => ({
  userId: v.userId,
  limits: v.limitsInForce.map((l) => ({ ...l, kind: GRAPHQL_KIND[l.kind] })),
  pending: v.pending.map((p) => ({ ...p, kind: GRAPHQL_KIND[p.kind] })),
  realityCheckMinutes: v.realityCheckMinutes,
  coolingOffUntil: v.coolingOffUntil,
  selfExclusion: v.selfExclusion ? { ...v.selfExclusion, permanent: v.selfExclusion.until === null } : null,
  canPlay: v.canPlay,
  marketingAllowed: v.marketingAllowed,
  changes: v.changes,
  at: v.at,
});

/** Runs a command and answers the view after it, or throws the domain's refusal as a coded error. */
const command = async (
  ctx: GraphQLContext,
  userId: string,
  actor: ProtectionActor,
  request: ProtectionRequest,
) => {
  const outcome = await runProtection(ctx.services, userId, actor, request);
  if (!outcome.ok) throw fromDomainError(outcome.error);
  return toGraphQL(await protectionView(ctx.services, userId));
};

const playerCommand = (ctx: GraphQLContext, request: ProtectionRequest) => {
  const { userId } = requirePlayer(ctx);
  return command(ctx, userId, { kind: 'player', id: userId }, request);
};

const confirmed = (confirm: boolean) => {
  if (confirm !== true)
    throw codedError('CONFIRMATION_REQUIRED', 'confirm: true after the player confirmed', {
      field: 'confirm',
    });
};

interface HistoryRow {
  readonly position: number;
  readonly type: ProtectionEvent['type'];
  readonly data: Record<string, unknown>;
  readonly actor: string;
  readonly at: Date;
}

const historyOf = async (ctx: GraphQLContext, userId: string, order: 'ASC' | 'DESC') => {
  const rows = await ctx.services.sql.query<HistoryRow>(
    `SELECT position, type, data, actor, at FROM protection_history WHERE user_id = $1
     ORDER BY position ${order === 'ASC' ? 'ASC' : 'DESC'} LIMIT 1000`,
    [userId],
  );
  return rows.rows.map((r) => {
    const d = r.data;
    const num = (v: unknown) => (typeof v === 'number' ? v : null);
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    return {
      position: r.position,
      type: r.type,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      kind: typeof d.kind === 'string' ? (GRAPHQL_KIND[d.kind as LimitKind] ?? null) : null,
      value: num(d.value) ?? num(d.minutes),
      previous: num(d.previous) ?? num(d.current),
      period: str(d.period),
      until: str(d.until),
      confirmableFrom: str(d.confirmableFrom),
      reopensAt: str(d.reopensAt),
      reason: str(d.reason) || null,
    };
  });
};

const sessionStartOf = async (ctx: GraphQLContext, sessionId: string): Promise<string> => {
  const rows = await ctx.services.sql.query<{ created_at: Date }>(
    'SELECT created_at FROM auth_sessions WHERE id::text = $1',
    [sessionId],
  );
  const started = rows.rows[0]?.created_at;
  return new Date(started ?? ctx.services.now()).toISOString();
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * Staff record a cool-off (`cool_off`) or a self-exclusion (`self_exclude`) a player asked for by phone
 * or in a shop (permission `users.edit`; audited with the reason; never lifted early). Answers the
 * player's protections.
 */
const staffRecord = async (
  ctx: GraphQLContext,
  args: { userId: string; length: string; reason: string },
  kind: 'cool_off' | 'self_exclude',
) => {
  const viewer = requireStaff(ctx, 'users.edit');
  const view = await command(
    ctx,
    args.userId,
    { kind: 'staff', id: viewer.staffId },
    kind === 'cool_off'
      ? {
          type: 'StartCoolOff',
          period: COOL_OFF_OF[args.length] ?? ('' as CoolOffPeriod),
          reason: args.reason,
        }
      : {
          type: 'SelfExclude',
          period: EXCLUSION_OF[args.length] ?? ('' as ExclusionPeriod),
          reason: args.reason,
        },
  );
  await audit(ctx.services.sql, {
    actor: `staff:${viewer.staffId}`,
    ip: ctx.ip,
    action: `protection.${kind}`,
    entity: 'player',
    entityId: args.userId,
    reason: args.reason,
    before: null,
    after: {
      length: args.length,
      until: kind === 'cool_off' ? view.coolingOffUntil : (view.selfExclusion?.until ?? null),
    },
    requestId: ctx.requestId,
  });
  return view;
};

export const protectionModule: ApiModule = {
  name: 'protection',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [protectionProjection],
  /**
   * `POST /sms-sandbox/inbound` (never in production: a real gateway's inbound callback must prove its
   * origin first): the SMS sandbox's inbound messages, JSON `{ from, text, id }` — `from` the sender's
   * phone, `id` the message id (a repeated delivery changes nothing twice). Applies the keyword to the
   * account owning the phone, sends the confirmation SMS (recorded in `sms_messages`, type
   * `protection`) and answers `{ code, reply, events }` (docs/responsible-gambling.md "From a feature
   * phone"); 400 `BAD_INPUT` for a body without them.
   */
  routes: async (app, services) => {
    if (services.config.NODE_ENV === 'production') return;
    const gateway = defaultSmsGateway();
    app.post<{ Body: { from?: unknown; text?: unknown; id?: unknown } }>(
      '/sms-sandbox/inbound',
      async (request, reply) => {
        const { from, text, id } = request.body ?? {};
        if (typeof from !== 'string' || typeof text !== 'string' || typeof id !== 'string' || !id)
          return reply.code(400).send({
            code: 'BAD_INPUT',
            message: 'JSON { from, text, id }: the phone, the text, the message id',
          });
        const outcome = await handleProtectionSms(services, gateway, { from, text, messageId: id });
        return { code: outcome.code, reply: outcome.reply, events: outcome.events };
      },
    );
  },
  resolvers: {
    Query: {
      myProtection: async (_r: unknown, _a: unknown, ctx: GraphQLContext) =>
        toGraphQL(await protectionView(ctx.services, requirePlayer(ctx).userId)),
      myStakeLeft: async (_r: unknown, _a: unknown, ctx: GraphQLContext) =>
        stakeLeftOf(ctx.services, requirePlayer(ctx).userId),
      myProtectionHistory: async (_r: unknown, _a: unknown, ctx: GraphQLContext) =>
        historyOf(ctx, requirePlayer(ctx).userId, 'DESC'),
      myRealityCheck: async (_r: unknown, args: { lastShownAt?: string | null }, ctx: GraphQLContext) => {
        const viewer = requirePlayer(ctx);
        const started = await sessionStartOf(ctx, viewer.sessionId);
        return realityCheckOf(ctx.services, viewer.userId, started, args.lastShownAt ?? null);
      },
      playerProtection: async (_r: unknown, { userId }: { userId: string }, ctx: GraphQLContext) => {
        requireStaff(ctx, 'users.view');
        return toGraphQL(await protectionView(ctx.services, userId));
      },
      playerProtectionHistory: async (_r: unknown, { userId }: { userId: string }, ctx: GraphQLContext) => {
        requireStaff(ctx, 'users.view');
        return historyOf(ctx, userId, 'ASC');
      },
      protectedPlayers: async (_r: unknown, { status }: { status: string }, ctx: GraphQLContext) => {
        requireStaff(ctx, 'users.view');
        const now = new Date(ctx.services.now());
        const where =
          status === 'COOLING_OFF'
            ? 'p.cooling_off_until > $1'
            : 'p.excluded_from IS NOT NULL AND (p.reopens_at IS NULL OR p.reopens_at > $1)';
        const rows = await ctx.services.sql.query<{
          user_id: string;
          phone: string | null;
          cooling_off_until: Date | null;
          excluded_from: Date | null;
          excluded_until: Date | null;
          reopens_at: Date | null;
          updated_at: Date;
        }>(
          `SELECT p.user_id, a.phone, p.cooling_off_until, p.excluded_from, p.excluded_until, p.reopens_at,
                  p.updated_at
           FROM player_protections p LEFT JOIN player_accounts a ON a.user_id = p.user_id
           WHERE ${where} ORDER BY p.updated_at DESC LIMIT 500`,
          [now],
        );
        return rows.rows.map((r) => ({
          userId: r.user_id,
          phone: r.phone,
          coolingOffUntil: r.cooling_off_until && r.cooling_off_until > now ? iso(r.cooling_off_until) : null,
          excludedFrom: iso(r.excluded_from),
          excludedUntil: iso(r.excluded_until),
          reopensAt: iso(r.reopens_at),
          updatedAt: iso(r.updated_at),
        }));
      },
      protectionRefusals: async (
        _r: unknown,
        { from, to }: { from: string; to: string },
        ctx: GraphQLContext,
      ) => {
        requireStaff(ctx, 'stats.view');
        const rows = await ctx.services.sql.query<{
          code: string;
          kind: string;
          count: number;
          amount: number;
          players: number;
        }>(
          `SELECT code, kind, count(*)::int AS count, coalesce(sum(amount), 0)::int AS amount,
                  count(DISTINCT user_id)::int AS players
           FROM protection_refusals WHERE at >= $1 AND at < $2 GROUP BY code, kind ORDER BY count DESC, code`,
          [from, to],
        );
        return rows.rows;
      },
    },
    Mutation: {
      setProtectionLimit: (_r: unknown, args: { kind: string; value?: number | null }, ctx: GraphQLContext) =>
        playerCommand(ctx, { type: 'SetLimit', kind: kindOf(args.kind), value: args.value ?? null }),
      confirmProtectionLimit: (_r: unknown, args: { kind: string }, ctx: GraphQLContext) =>
        playerCommand(ctx, { type: 'ConfirmLimitChange', kind: kindOf(args.kind) }),
      cancelProtectionLimit: (_r: unknown, args: { kind: string }, ctx: GraphQLContext) =>
        playerCommand(ctx, { type: 'CancelLimitChange', kind: kindOf(args.kind) }),
      setRealityCheck: (_r: unknown, args: { minutes: number }, ctx: GraphQLContext) =>
        playerCommand(ctx, { type: 'SetRealityCheck', minutes: args.minutes }),
      startCoolOff: (_r: unknown, args: { length: string; confirm: boolean }, ctx: GraphQLContext) => {
        requirePlayer(ctx);
        confirmed(args.confirm);
        return playerCommand(ctx, {
          type: 'StartCoolOff',
          period: COOL_OFF_OF[args.length] ?? ('' as CoolOffPeriod),
          reason: '',
        });
      },
      selfExclude: (_r: unknown, args: { length: string; confirm: boolean }, ctx: GraphQLContext) => {
        requirePlayer(ctx);
        confirmed(args.confirm);
        return playerCommand(ctx, {
          type: 'SelfExclude',
          period: EXCLUSION_OF[args.length] ?? ('' as ExclusionPeriod),
          reason: '',
        });
      },
      requestReopen: (_r: unknown, _a: unknown, ctx: GraphQLContext) =>
        playerCommand(ctx, { type: 'RequestReopen' }),
      staffStartCoolOff: (
        _r: unknown,
        args: { userId: string; length: string; reason: string },
        ctx: GraphQLContext,
      ) => staffRecord(ctx, args, 'cool_off'),
      staffSelfExclude: (
        _r: unknown,
        args: { userId: string; length: string; reason: string },
        ctx: GraphQLContext,
      ) => staffRecord(ctx, args, 'self_exclude'),
    },
  },
};
