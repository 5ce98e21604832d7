/**
 * Reads of the promotion module (issue 21; spec §2 /my_referrals /promotion /super /purse, §6 agent
 * role): player, agent and staff views over the promotion read models. Amounts whole TZS.
 */
import { daysBetween, isDate, purseProgress, showsPurseIcon } from '@bashiri/domain';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import { invitationCodeOf } from '../identity/index.ts';
import { agentStatsOf, statsDaily } from '../statistics/index.ts';
import { configAt } from './config.ts';
import type { PromotionConfig } from './config.ts';

type Status = 'PENDING' | 'REWARDED' | 'REFUSED';
type Kind = 'WELCOME' | 'REFERRAL' | 'ORDER' | 'ACTIVITY';

const page = (n: number | null | undefined) => Math.max(1, Math.floor(n ?? 1));
const size = (n: number | null | undefined) => Math.min(100, Math.max(1, Math.floor(n ?? 20)));
const statusOf = (s: string) => s.toUpperCase() as Status;
const nowIso = (ctx: GraphQLContext) => new Date(ctx.services.now()).toISOString();

/** `+255712345456` → `0712***456` (issue 21 "names masked"). */
export const maskPhone = (phone: string): string => {
  const local = phone.startsWith('+255') ? `0${phone.slice(4)}` : phone;
  return local.length < 8 ? '***' : `${local.slice(0, 4)}***${local.slice(-3)}`;
};

/** The configuration view of a version. */
export const configView = ({ version, config }: { version: number; config: PromotionConfig }) => ({
  version,
  ...config.referral,
  creditExpiryDays: config.creditExpiryDays,
  purseTarget: config.purseTarget,
  purseBonus: config.purseBonus,
});

/** The player's referrals: code, link, friends and their progress (spec §2 /my_referrals). */
export const myReferrals = async (ctx: GraphQLContext, userId: string) => {
  const sql = ctx.services.sql;
  const [invitationCode, friends, { config }] = await Promise.all([
    invitationCodeOf(sql, userId),
    sql.query<{
      phone: string;
      registered_at: Date;
      settled_stakes: string;
      status: string;
      reward: string;
    }>(
      `SELECT a.phone, r.registered_at, r.settled_stakes::text, r.status, r.reward::text
       FROM promo_referrals r JOIN promo_accounts a ON a.user_id = r.friend_id
       WHERE r.inviter_id = $1 ORDER BY r.registered_at DESC LIMIT 500`,
      [userId],
    ),
    configAt(sql, nowIso(ctx)),
  ]);
  const rows = friends.rows;
  return {
    invitationCode,
    link: `/register?v=${encodeURIComponent(invitationCode)}`,
    invited: rows.length,
    qualifying: rows.filter((r) => r.status === 'rewarded').length,
    earned: rows.reduce((s, r) => s + Number(r.reward), 0),
    qualifyingStakes: config.referral.qualifyingStakes,
    reward: config.referral.reward,
    invitationBonusPercent: config.referral.invitationBonusPercent,
    invitationBonusCap: config.referral.invitationBonusCap,
    friends: rows.map((r) => ({
      phone: maskPhone(r.phone),
      registeredAt: r.registered_at,
      settledStakes: Number(r.settled_stakes),
      status: statusOf(r.status),
      reward: Number(r.reward),
    })),
  };
};

interface DefinitionRow {
  readonly promotion_id: string;
  readonly kind: string;
  readonly name: string;
  readonly starts_at: Date;
  readonly ends_at: Date;
  readonly budget: string | null;
  readonly spent: string;
  readonly granted_count: number;
  readonly paused: boolean;
  readonly version: number | null;
  readonly params: Record<string, unknown> | null;
  readonly texts: Record<string, { title?: string; body?: string }> | null;
  readonly banner: string | null;
}

const WITH_DEFINITION = `SELECT p.promotion_id, p.kind, p.name, p.starts_at, p.ends_at, p.budget::text, p.spent::text,
    p.granted_count, p.paused, d.version, d.params, d.texts, d.banner
  FROM promotions p LEFT JOIN LATERAL (SELECT version, params, texts, banner FROM promo_definitions d
    WHERE d.promotion_id = p.promotion_id ORDER BY version DESC LIMIT 1) d ON true`;

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** Running promotions in `language` (sw, en, zh; sw when a text is missing) — spec §2 /promotion. */
export const runningPromotions = async (ctx: GraphQLContext, language: string) => {
  const lang = ['sw', 'en', 'zh'].includes(language.slice(0, 2)) ? language.slice(0, 2) : 'sw';
  const rows = await ctx.services.sql.query<DefinitionRow>(
    `${WITH_DEFINITION} WHERE NOT p.paused AND p.starts_at <= $1 AND p.ends_at > $1 ORDER BY p.starts_at DESC`,
    [nowIso(ctx)],
  );
  return rows.rows.map((r) => {
    const text = r.texts?.[lang] ?? r.texts?.['sw'] ?? {};
    return {
      id: r.promotion_id,
      kind: r.kind.toUpperCase() as Kind,
      title: text.title ?? r.name,
      body: text.body ?? '',
      banner: r.banner ?? '',
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      amount: num(r.params?.['amount']) ?? num(r.params?.['freeBet']),
      minStake: num(r.params?.['minStake']),
      minOdds: typeof r.params?.['minOdds'] === 'string' ? (r.params['minOdds'] as string) : null,
    };
  });
};

/** The last 7 days' largest wins, phones masked (spec §2 /super). */
export const bigWinners = async (ctx: GraphQLContext, limit: number) => {
  const since = new Date(ctx.services.now() - 7 * 86_400_000).toISOString();
  const rows = await ctx.services.sql.query<{ phone: string | null; amount: string; at: Date }>(
    `SELECT a.phone, w.amount::text, w.at FROM promo_big_wins w LEFT JOIN promo_accounts a ON a.user_id = w.user_id
     WHERE w.at >= $1 ORDER BY w.amount DESC, w.at DESC LIMIT $2`,
    [since, Math.min(50, Math.max(1, Math.floor(limit)))],
  );
  return rows.rows.map((r) => ({ phone: maskPhone(r.phone ?? ''), amount: Number(r.amount), at: r.at }));
};

/** The player's purse: the icon rule and the progress (spec §2 /purse). */
export const myPurse = async (ctx: GraphQLContext, userId: string) => {
  const sql = ctx.services.sql;
  const [account, stakes, { config }] = await Promise.all([
    sql.query<{ superior_id: string | null; registered_at: Date }>(
      'SELECT superior_id, registered_at FROM promo_accounts WHERE user_id = $1',
      [userId],
    ),
    sql.query<{ total: string }>(
      'SELECT coalesce(sum(stake), 0)::text AS total FROM promo_counted_bets WHERE user_id = $1',
      [userId],
    ),
    configAt(sql, nowIso(ctx)),
  ]);
  const a = account.rows[0];
  const shown = showsPurseIcon(
    a ? { id: userId, superiorId: a.superior_id, createdAt: new Date(a.registered_at).toISOString() } : null,
  );
  const progress = purseProgress(shown ? Number(stakes.rows[0]?.total ?? 0) : 0, config.purseTarget);
  return { shown, ...progress, bonus: config.purseBonus };
};

/**
 * The agent's own data may be read by the agent (a player reading their own id) or by staff with
 * `agents.view`; anyone else gets `AGENT_NOT_OWN`. Returns true for staff.
 */
export const ownAgentOrStaff = (ctx: GraphQLContext, agentId: string): boolean => {
  const v = ctx.viewer;
  if (!v) throw codedError('UNAUTHENTICATED', 'login required');
  if (v.kind === 'staff') {
    if (!v.permissions.has('agents.view'))
      throw codedError('FORBIDDEN', 'permission agents.view required', {
        details: { permission: 'agents.view' },
      });
    return true;
  }
  if (v.userId !== agentId) throw codedError('AGENT_NOT_OWN', "another agent's players are not yours to see");
  return false;
};

/**
 * Checks a range of East Africa Time days `[from, to]` (`yyyy-MM-dd`, `to` 0 to 366 days after `from`).
 * Errors: BAD_INPUT with the field at fault.
 */
const checkEatRange = (from: string, to: string): void => {
  for (const [field, text] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (!isDate(text)) throw codedError('BAD_INPUT', `${field}: a date 'yyyy-MM-dd' (EAT)`, { field });
  if (daysBetween(from, to) < 1 || daysBetween(from, to) > 367)
    throw codedError('BAD_INPUT', 'to: from 0 to 366 days after from', { field: 'to' });
};

/** An agent's figures over EAT days (spec §3 Agent statistics). */
export const agentSelfStats = async (ctx: GraphQLContext, agentId: string, from: string, to: string) => {
  checkEatRange(from, to);
  return { agentId, from, to, ...(await agentStatsOf(ctx.services.sql, agentId, from, to)) };
};

/** Players an agent invited, newest first; phones masked unless staff. */
export const agentPlayers = async (
  ctx: GraphQLContext,
  agentId: string,
  pageArg: number | null | undefined,
  sizeArg: number | null | undefined,
  asStaff: boolean,
) => {
  const p = page(pageArg);
  const n = size(sizeArg);
  const [rows, count] = await Promise.all([
    ctx.services.sql.query<{
      user_id: string;
      phone: string;
      registered_at: Date;
      settled_stakes: string | null;
      status: string | null;
    }>(
      `SELECT a.user_id, a.phone, a.registered_at, r.settled_stakes::text, r.status
       FROM promo_accounts a LEFT JOIN promo_referrals r ON r.friend_id = a.user_id
       WHERE a.superior_id = $1 ORDER BY a.registered_at DESC, a.user_id LIMIT $2 OFFSET $3`,
      [agentId, n, (p - 1) * n],
    ),
    ctx.services.sql.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM promo_accounts WHERE superior_id = $1',
      [agentId],
    ),
  ]);
  return {
    items: rows.rows.map((r) => ({
      userId: r.user_id,
      phone: asStaff ? r.phone : maskPhone(r.phone),
      registeredAt: r.registered_at,
      settledStakes: Number(r.settled_stakes ?? 0),
      status: statusOf(r.status ?? 'pending'),
    })),
    page: p,
    pageSize: n,
    total: count.rows[0]?.total ?? 0,
  };
};

const adminView = (r: DefinitionRow) => ({
  id: r.promotion_id,
  kind: r.kind.toUpperCase() as Kind,
  name: r.name,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  budget: r.budget === null ? null : Number(r.budget),
  spent: Number(r.spent),
  grantedCount: r.granted_count,
  paused: r.paused,
  version: r.version ?? 0,
  amount: num(r.params?.['amount']) ?? num(r.params?.['freeBet']),
  minStake: num(r.params?.['minStake']),
  minOdds: typeof r.params?.['minOdds'] === 'string' ? (r.params['minOdds'] as string) : null,
  banner: r.banner ?? '',
  titleSw: r.texts?.['sw']?.title ?? r.name,
  titleEn: r.texts?.['en']?.title ?? r.name,
  titleZh: r.texts?.['zh']?.title ?? r.name,
});

/** Every promotion for staff, newest first. */
export const adminPromotions = async (ctx: GraphQLContext) =>
  (await ctx.services.sql.query<DefinitionRow>(`${WITH_DEFINITION} ORDER BY p.created_at DESC`)).rows.map(
    adminView,
  );

/** One promotion for staff; `PROMOTION_NOT_FOUND`. */
export const adminPromotion = async (ctx: GraphQLContext, id: string) => {
  const row = (
    await ctx.services.sql.query<DefinitionRow>(`${WITH_DEFINITION} WHERE p.promotion_id = $1`, [id])
  ).rows[0];
  if (!row) throw codedError('PROMOTION_NOT_FOUND', `no promotion ${id}`, { field: 'id' });
  return adminView(row);
};

/** Whether the promotions read model knows `id`. */
export const promotionExists = async (ctx: GraphQLContext, id: string): Promise<boolean> =>
  (await ctx.services.sql.query('SELECT 1 FROM promotions WHERE promotion_id = $1', [id])).rows.length > 0;

/** Input of a promotion's parameters and texts (schema `PromotionInput`). */
export interface DefinitionInput {
  readonly id: string;
  readonly kind: string;
  readonly amount?: number | null;
  readonly minStake?: number | null;
  readonly minOdds?: string | null;
  readonly banner?: string | null;
  readonly titleSw: string;
  readonly titleEn: string;
  readonly titleZh: string;
  readonly bodySw?: string | null;
  readonly bodyEn?: string | null;
  readonly bodyZh?: string | null;
}

const ODDS = /^\d{1,4}(\.\d{1,2})?$/;

/** Stores a new version of a promotion's parameters and texts; `BAD_INPUT` with field. */
export const saveDefinition = async (ctx: GraphQLContext, input: DefinitionInput, staffId: string) => {
  const kind = input.kind.toUpperCase();
  const positive = (v: number | null | undefined, field: string) => {
    if (!Number.isSafeInteger(v) || (v as number) <= 0)
      throw codedError('BAD_INPUT', `${field}: a positive whole number of TZS`, { field });
    return v as number;
  };
  const params: Record<string, unknown> =
    kind === 'ORDER'
      ? {
          minStake: positive(input.minStake, 'minStake'),
          minOdds: ODDS.test(input.minOdds ?? '')
            ? input.minOdds
            : (() => {
                throw codedError('BAD_INPUT', 'minOdds: decimal odds such as 1.50', { field: 'minOdds' });
              })(),
          freeBet: positive(input.amount, 'amount'),
        }
      : kind === 'REFERRAL'
        ? {}
        : { amount: positive(input.amount, 'amount') };
  if (!input.titleSw.trim() || !input.titleEn.trim() || !input.titleZh.trim())
    throw codedError('BAD_INPUT', 'a title in sw, en and zh is required', { field: 'titleSw' });
  const texts = {
    sw: { title: input.titleSw.trim(), body: input.bodySw ?? '' },
    en: { title: input.titleEn.trim(), body: input.bodyEn ?? '' },
    zh: { title: input.titleZh.trim(), body: input.bodyZh ?? '' },
  };
  await ctx.services.sql.query(
    `INSERT INTO promo_definitions (promotion_id, version, params, texts, banner, created_by)
     SELECT $1, coalesce(max(version), 0) + 1, $2::jsonb, $3::jsonb, $4, $5 FROM promo_definitions WHERE promotion_id = $1`,
    [input.id, JSON.stringify(params), JSON.stringify(texts), input.banner ?? '', `staff:${staffId}`],
  );
};

/** Referral relations for staff, newest first, by status. */
export const referralRelations = async (
  ctx: GraphQLContext,
  status: Status | null,
  pageArg: number | null | undefined,
  sizeArg: number | null | undefined,
) => {
  const p = page(pageArg);
  const n = size(sizeArg);
  const filter = status ? 'WHERE r.status = $3' : '';
  const args: unknown[] = [n, (p - 1) * n, ...(status ? [status.toLowerCase()] : [])];
  const [rows, count] = await Promise.all([
    ctx.services.sql.query<{
      friend_id: string;
      friend_phone: string | null;
      inviter_id: string;
      inviter_phone: string | null;
      registered_at: Date;
      settled_stakes: string;
      first_deposit: string | null;
      invitation_bonus: string;
      reward: string;
      status: string;
      refusal_reason: string | null;
    }>(
      `SELECT r.friend_id, f.phone AS friend_phone, r.inviter_id, i.phone AS inviter_phone, r.registered_at,
              r.settled_stakes::text, r.first_deposit::text, r.invitation_bonus::text, r.reward::text, r.status,
              r.refusal_reason
       FROM promo_referrals r LEFT JOIN promo_accounts f ON f.user_id = r.friend_id
       LEFT JOIN promo_accounts i ON i.user_id = r.inviter_id
       ${filter} ORDER BY r.registered_at DESC, r.friend_id LIMIT $1 OFFSET $2`,
      args,
    ),
    ctx.services.sql.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM promo_referrals r ${status ? 'WHERE r.status = $1' : ''}`,
      status ? [status.toLowerCase()] : [],
    ),
  ]);
  return {
    items: rows.rows.map((r) => ({
      friendId: r.friend_id,
      friendPhone: r.friend_phone ?? '',
      inviterId: r.inviter_id,
      inviterPhone: r.inviter_phone ?? '',
      registeredAt: r.registered_at,
      settledStakes: Number(r.settled_stakes),
      firstDeposit: r.first_deposit === null ? null : Number(r.first_deposit),
      invitationBonus: Number(r.invitation_bonus),
      reward: Number(r.reward),
      status: statusOf(r.status),
      refusalReason: r.refusal_reason,
    })),
    page: p,
    pageSize: n,
    total: count.rows[0]?.total ?? 0,
  };
};

/** Rewards paid, newest first (bonuses granted per player). */
export const promotionRewards = async (
  ctx: GraphQLContext,
  userId: string | null,
  promotionId: string | null,
  pageArg: number | null | undefined,
  sizeArg: number | null | undefined,
) => {
  const p = page(pageArg);
  const n = size(sizeArg);
  const where = `WHERE ($1::text IS NULL OR user_id = $1) AND ($2::text IS NULL OR promotion_id = $2)`;
  const [rows, count] = await Promise.all([
    ctx.services.sql.query<{
      movement_id: string;
      promotion_id: string;
      user_id: string;
      trigger: string;
      amount: string;
      at: Date;
    }>(
      `SELECT movement_id, promotion_id, user_id, trigger, amount::text, at FROM promo_rewards ${where}
       ORDER BY at DESC, movement_id LIMIT $3 OFFSET $4`,
      [userId, promotionId, n, (p - 1) * n],
    ),
    ctx.services.sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM promo_rewards ${where}`, [
      userId,
      promotionId,
    ]),
  ]);
  return {
    items: rows.rows.map((r) => ({
      movementId: r.movement_id,
      promotionId: r.promotion_id,
      userId: r.user_id,
      trigger: r.trigger,
      amount: Number(r.amount),
      at: r.at,
    })),
    page: p,
    pageSize: n,
    total: count.rows[0]?.total ?? 0,
  };
};

/**
 * Bonus cost per promotion kind per day of East Africa Time (UTC+3, no daylight saving) over
 * `[from, to]` (dates `yyyy-MM-dd`, at most 366 days): the rewards granted (TZS) and how many, from the
 * read model of `RewardGranted` (`promo_rewards`). The invitation bonus counts under REFERRAL, the purse
 * under ACTIVITY. Days without rewards are left out. BAD_INPUT for a malformed or too long range.
 */
export const promotionCostByDay = async (ctx: GraphQLContext, from: string, to: string) => {
  checkEatRange(from, to);
  const rows = await ctx.services.sql.query<{ day: string; kind: string; amount: string; count: string }>(
    `SELECT to_char((r.at AT TIME ZONE 'UTC') + interval '3 hours', 'YYYY-MM-DD') AS day, p.kind,
            sum(r.amount)::text AS amount, count(*)::text AS count
       FROM promo_rewards r JOIN promotions p ON p.promotion_id = r.promotion_id
      WHERE r.at >= ($1 || 'T00:00:00+03:00')::timestamptz
        AND r.at < ($2 || 'T00:00:00+03:00')::timestamptz + interval '1 day'
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [from, to],
  );
  return rows.rows.map((r) => ({
    day: r.day,
    kind: r.kind.toUpperCase() as 'WELCOME' | 'REFERRAL' | 'ORDER' | 'ACTIVITY',
    amount: Number(r.amount),
    count: Number(r.count),
  }));
};

/**
 * Bonus cost as a percentage of GGR, rounded to two decimals (e.g. 12.5 for 12.50 %); null when the GGR
 * is zero or negative (the players won: no share to speak of). Decision 0083.
 */
export const percentOfGgr = (bonusCost: number, ggr: number): number | null =>
  ggr > 0 ? Math.round((bonusCost * 10_000) / ggr) / 100 : null;

/**
 * Bonus cost as a share of GGR over the EAT days `[from, to]` (issue 21 item 4; decision 0083): for
 * each day (every day of the range, empty ones as zeros) the rewards granted (`promo_rewards`, as
 * {@link promotionCostByDay}) and the GGR of the statistics read model (stakes − stake refunds − gross
 * payouts of that EAT day, docs/statistics.md), and the bonus cost as a percentage of the GGR; the same
 * for the whole range. TZS. BAD_INPUT for a malformed or too long range.
 */
export const bonusCostShare = async (ctx: GraphQLContext, from: string, to: string) => {
  checkEatRange(from, to);
  const [costs, stats] = [
    await promotionCostByDay(ctx, from, to),
    await statsDaily(ctx.services.sql, from, to),
  ];
  const costOf = new Map<string, number>();
  for (const c of costs) costOf.set(c.day, (costOf.get(c.day) ?? 0) + c.amount);
  const days = stats.days.map((d) => {
    const bonusCost = costOf.get(d.date) ?? 0;
    return { day: d.date, bonusCost, ggr: d.ggr, percentOfGgr: percentOfGgr(bonusCost, d.ggr) };
  });
  const bonusCost = days.reduce((sum, d) => sum + d.bonusCost, 0);
  return {
    from,
    to,
    days,
    bonusCost,
    ggr: stats.total.ggr,
    percentOfGgr: percentOfGgr(bonusCost, stats.total.ggr),
  };
};
