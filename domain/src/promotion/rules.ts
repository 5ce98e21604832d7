/**
 * Promotion reward rules as pure functions (issue 21; spec §1 "referral bonuses, promotions, invitation
 * code", §3 User `credit_money`, §4 bill types 8, 10, 12, 17 and pay type 2, §9 "Referral" and
 * "Promotions" lines; docs/promotions.md, decision 0026). Every amount is whole TZS; every instant is an
 * ISO-8601 string given by the caller (no clock is read here).
 *
 * Each reward is expressed as the wallet command the one money path issues ({@link CreditBonus}), with
 * a deterministic `movementId` built from the trigger (e.g. `referral:<inviterId>:<friendId>`): the
 * wallet ignores a repeated movement id, so a reward is paid at most once however often its trigger is
 * delivered. Bonus money goes to the credit-money pocket (spent with pay type 2, never withdrawable).
 */
import type { Actor } from '../wallet/events.ts';
import type { CreditBonus } from '../wallet/commands.ts';
import { domainError, type DomainError } from '../errors.ts';
import { capAt, percentOf, type Percent, type Tzs } from '../money/tzs.ts';
import { compareOdds, type OddsText } from '../money/odds.ts';

/** Friend's settled stakes (TZS) that qualify the inviter for the referral reward (issue 21). */
export const DEFAULT_REFERRAL_QUALIFYING_STAKES: Tzs = 30_000;
/** Free bet (TZS, credit money) the inviter receives once per qualifying friend (issue 21). */
export const DEFAULT_REFERRAL_REWARD: Tzs = 7_000;
/** Invitation first-deposit bonus, percent of the first deposit (issue 21). */
export const DEFAULT_INVITATION_BONUS_PERCENT: Percent = 10;
/** Cap of the invitation first-deposit bonus in TZS — OUR default, the spec names none (decision 0026). */
export const DEFAULT_INVITATION_BONUS_CAP: Tzs = 10_000;
/** Window (hours) within which a shared IP address marks a self-referral — OUR default (decision 0026). */
export const DEFAULT_SELF_REFERRAL_IP_WINDOW_HOURS = 24;
/** Welcome (signup) bonus in TZS credit money — OUR default, the spec names no amount (decision 0026). */
export const DEFAULT_WELCOME_BONUS: Tzs = 1_000;
/** Days after which unspent credit money from a grant expires — OUR default (decision 0026). */
export const DEFAULT_CREDIT_EXPIRY_DAYS = 7;

/** Stable refusal codes of the promotion rules (clients translate them). */
export const PromotionRuleError = {
  SelfReferral: 'SELF_REFERRAL',
} as const;

/** Referral programme configuration (versioned by the caller): TZS thresholds and reward. */
export interface ReferralConfig {
  /** Friend's settled stakes (TZS) at which the inviter is rewarded. */
  readonly qualifyingStakes: Tzs;
  /** Free bet in credit money (TZS), bill type 10. */
  readonly reward: Tzs;
  /** First-deposit bonus for the invited player, percent (0–100, at most 2 decimals). */
  readonly invitationBonusPercent: Percent;
  /** Upper bound of the first-deposit bonus (TZS). */
  readonly invitationBonusCap: Tzs;
  /** Hours within which the same IP address for inviter and friend is a self-referral. */
  readonly selfReferralIpWindowHours: number;
}

/** The defaults of issue 21 (30,000 / 7,000 / 10% capped). */
export const DEFAULT_REFERRAL_CONFIG: ReferralConfig = {
  qualifyingStakes: DEFAULT_REFERRAL_QUALIFYING_STAKES,
  reward: DEFAULT_REFERRAL_REWARD,
  invitationBonusPercent: DEFAULT_INVITATION_BONUS_PERCENT,
  invitationBonusCap: DEFAULT_INVITATION_BONUS_CAP,
  selfReferralIpWindowHours: DEFAULT_SELF_REFERRAL_IP_WINDOW_HOURS,
};

/** Who issues reward movements: the reward process managers. */
export const PROMOTION_ACTOR: Actor = { kind: 'system', id: 'promotions' };

const bonus = (
  userId: string,
  kind: CreditBonus['kind'],
  movementId: string,
  reference: string,
  amount: Tzs,
  reason: string,
  at: string,
): CreditBonus => ({
  type: 'CreditBonus',
  userId,
  movementId,
  at,
  actor: PROMOTION_ACTOR,
  kind,
  pocket: 'creditMoney',
  reference,
  amount,
  reason,
});

// ---------------------------------------------------------------- referral

/** A friend's progress towards the inviter's reward: settled stakes counted once per bet id. */
export interface ReferralProgress {
  readonly inviterId: string;
  readonly friendId: string;
  /** Sum of counted settled stakes, TZS. */
  readonly settledStakes: Tzs;
  /** Bet ids already counted (a redelivered settlement is not counted twice). */
  readonly countedBets: ReadonlySet<string>;
}

/** A new friend's progress: nothing settled yet. */
export const startReferral = (inviterId: string, friendId: string): ReferralProgress => ({
  inviterId,
  friendId,
  settledStakes: 0,
  countedBets: new Set(),
});

/**
 * Counts one settled bet of the friend (`stake` in TZS; a voided bet's stake is not passed). A bet id
 * already counted changes nothing, so duplicates and any delivery order give the same total.
 */
export const countSettledStake = (
  progress: ReferralProgress,
  bet: { readonly betId: string; readonly stake: Tzs },
): ReferralProgress => {
  if (progress.countedBets.has(bet.betId)) return progress;
  return {
    ...progress,
    settledStakes: progress.settledStakes + bet.stake,
    countedBets: new Set([...progress.countedBets, bet.betId]),
  };
};

/** Movement id of the referral reward for one friend: `referral:<inviterId>:<friendId>`. */
export const referralMovementId = (inviterId: string, friendId: string): string =>
  `referral:${inviterId}:${friendId}`;

/**
 * The inviter's free bet once the friend's settled stakes reach `config.qualifyingStakes`, or `null`.
 * Always the same command (same movement id `referral:<inviterId>:<friendId>`) for the same friend, so
 * issuing it after every qualifying settlement still pays once. Bill type 10 (`BonusCredited` referral).
 */
export const referralReward = (
  config: ReferralConfig,
  progress: ReferralProgress,
  at: string,
): CreditBonus | null =>
  progress.settledStakes >= config.qualifyingStakes
    ? bonus(
        progress.inviterId,
        'referral',
        referralMovementId(progress.inviterId, progress.friendId),
        progress.friendId,
        config.reward,
        'referral reward',
        at,
      )
    : null;

/** The invitation bonus amount: `percent` % of the deposit, rounded down, never above the cap (TZS). */
export const invitationBonusAmount = (config: ReferralConfig, deposit: Tzs): Tzs =>
  capAt(percentOf(deposit, config.invitationBonusPercent), config.invitationBonusCap);

/**
 * The invited player's first-deposit bonus (bill type 10, credit money), or `null` when it rounds to 0.
 * Movement id `invitation:<userId>`: one per player, whichever deposit the caller calls first.
 */
export const invitationBonus = (
  config: ReferralConfig,
  deposit: { readonly userId: string; readonly paymentId: string; readonly amount: Tzs; readonly at: string },
): CreditBonus | null => {
  const amount = invitationBonusAmount(config, deposit.amount);
  if (amount <= 0) return null;
  return bonus(
    deposit.userId,
    'referral',
    `invitation:${deposit.userId}`,
    deposit.paymentId,
    amount,
    'invitation first-deposit bonus',
    deposit.at,
  );
};

/** What we know of a player to detect a self-referral: phone, device fingerprints, IPs with instants. */
export interface PlayerFootprint {
  readonly userId: string;
  readonly phone: string;
  readonly devices: readonly string[];
  readonly ips: readonly { readonly ip: string; readonly at: string }[];
}

/**
 * Why linking `friend` to `inviter` is a self-referral, or `undefined`. Refused (code `SELF_REFERRAL`,
 * `details.reason` one of `sameUser`, `samePhone`, `sameDevice`, `sameIp`) when it is the same user,
 * the same phone, a shared device fingerprint, or a shared IP address seen within
 * `config.selfReferralIpWindowHours` of each other. Staff see the refusal (issue 21).
 */
export const selfReferralError = (
  config: ReferralConfig,
  inviter: PlayerFootprint,
  friend: PlayerFootprint,
): DomainError | undefined => {
  const refuse = (reason: string, extra: Record<string, unknown> = {}): DomainError =>
    domainError(PromotionRuleError.SelfReferral, `invitation refused: ${reason}`, {
      field: 'invitationCode',
      details: { reason, inviterId: inviter.userId, friendId: friend.userId, ...extra },
    });
  if (inviter.userId === friend.userId) return refuse('sameUser');
  if (inviter.phone === friend.phone) return refuse('samePhone');
  const device = friend.devices.find((d) => inviter.devices.includes(d));
  if (device !== undefined) return refuse('sameDevice', { device });
  const windowMs = config.selfReferralIpWindowHours * 3_600_000;
  for (const a of friend.ips) {
    for (const b of inviter.ips) {
      if (a.ip === b.ip && Math.abs(Date.parse(a.at) - Date.parse(b.at)) <= windowMs) {
        return refuse('sameIp', { ip: a.ip });
      }
    }
  }
  return undefined;
};

// ---------------------------------------------------------------- welcome and order bonuses

/** Welcome (signup) bonus configuration: a credit-money amount per registration, TZS. */
export interface WelcomeBonusConfig {
  readonly promotionId: string;
  readonly amount: Tzs;
}

/** The welcome bonus (bill type 8, credit money); movement id `welcome:<promotionId>:<userId>`. */
export const welcomeBonus = (config: WelcomeBonusConfig, userId: string, at: string): CreditBonus =>
  bonus(
    userId,
    'signup',
    `welcome:${config.promotionId}:${userId}`,
    config.promotionId,
    config.amount,
    'welcome bonus',
    at,
  );

/**
 * Order (bet-to-get) bonus configuration: a bet of at least `minStake` TZS on total decimal odds of at
 * least `minOdds`, placed in `[from, until)` (ISO instants), earns a free bet of `freeBet` TZS.
 */
export interface OrderBonusConfig {
  readonly promotionId: string;
  readonly minStake: Tzs;
  readonly minOdds: OddsText;
  readonly from: string;
  readonly until: string;
  readonly freeBet: Tzs;
}

/** A placed bet as the order bonus sees it (stake TZS from the balance, decimal odds text). */
export interface QualifyingBet {
  readonly userId: string;
  readonly betId: string;
  readonly stake: Tzs;
  readonly odds: OddsText;
  readonly placedAt: string;
  /** Bets paid with credit money (pay type 2) do not qualify. */
  readonly payType: 1 | 2;
}

/** Whether `bet` meets the order bonus: stake ≥ X, odds ≥ Y, placed within the period, paid from balance. */
export const qualifiesForOrderBonus = (config: OrderBonusConfig, bet: QualifyingBet): boolean => {
  const placed = Date.parse(bet.placedAt);
  return (
    bet.payType === 1 &&
    bet.stake >= config.minStake &&
    compareOdds(bet.odds, config.minOdds) >= 0 &&
    placed >= Date.parse(config.from) &&
    placed < Date.parse(config.until)
  );
};

/**
 * The order bonus free bet (bill type 12, credit money) for a qualifying bet, or `null`. One per player
 * per promotion: movement id `order:<promotionId>:<userId>`, whichever qualifying bet comes first.
 */
export const orderBonus = (config: OrderBonusConfig, bet: QualifyingBet, at: string): CreditBonus | null =>
  qualifiesForOrderBonus(config, bet)
    ? bonus(
        bet.userId,
        'order',
        `order:${config.promotionId}:${bet.userId}`,
        bet.betId,
        config.freeBet,
        'order bonus',
        at,
      )
    : null;

/**
 * An activity award (bill type 17, credit money) granted by staff or a campaign to one player: `amount`
 * TZS, movement id `activity:<promotionId>:<userId>` (once per player and campaign). `actor` is the staff
 * member or the campaign's process manager.
 */
export const activityAward = (
  award: {
    readonly promotionId: string;
    readonly userId: string;
    readonly amount: Tzs;
    readonly reason: string;
  },
  actor: Actor,
  at: string,
): CreditBonus => ({
  ...bonus(
    award.userId,
    'activity',
    `activity:${award.promotionId}:${award.userId}`,
    award.promotionId,
    award.amount,
    award.reason,
    at,
  ),
  actor,
});

// ---------------------------------------------------------------- credit-money expiry

/** One credit-money grant: its movement id, amount (TZS) and when it was credited. */
export interface CreditGrant {
  readonly movementId: string;
  readonly amount: Tzs;
  readonly at: string;
}

/**
 * What is left of each grant (TZS), oldest first, given the credit money the player still holds (all
 * of it from these grants): spending is taken from the oldest grant first, so the holding belongs to the
 * newest grants. Each remainder is between 0 and its grant's amount; they sum to
 * `min(creditMoney, Σ grants)`.
 */
export const remainingOfGrants = (grants: readonly CreditGrant[], creditMoney: Tzs): readonly Tzs[] => {
  const left: Tzs[] = grants.map(() => 0);
  let holding = Math.max(0, creditMoney);
  for (let i = grants.length - 1; i >= 0 && holding > 0; i -= 1) {
    const take = Math.min(holding, grants[i]!.amount);
    left[i] = take;
    holding -= take;
  }
  return left;
};

/** A credit-money expiry the money path books as its own movement (movement id `expiry:<grant>`). */
export interface CreditExpiry {
  readonly userId: string;
  readonly movementId: string;
  /** The grant's movement id. */
  readonly reference: string;
  /** TZS taken from credit money, > 0 and never more than what is left of the grant. */
  readonly amount: Tzs;
  readonly at: string;
}

/**
 * The expiries due at `now` (pass the grants not yet expired, oldest first) for grants older than `expiryDays` days: for each, what is left of it
 * ({@link remainingOfGrants}); grants with nothing left expire nothing. Deterministic movement id
 * `expiry:<grantMovementId>` (one expiry per grant), booked with the wallet's `ExpireCredit` (bill 18, decision 0045).
 */
export const creditExpiries = (
  userId: string,
  grants: readonly CreditGrant[],
  creditMoney: Tzs,
  expiryDays: number,
  now: string,
): readonly CreditExpiry[] => {
  const left = remainingOfGrants(grants, creditMoney);
  const nowMs = Date.parse(now);
  return grants.flatMap((g, i) => {
    const amount = left[i]!;
    const due = Date.parse(g.at) + expiryDays * 86_400_000 <= nowMs;
    return due && amount > 0
      ? [{ userId, movementId: `expiry:${g.movementId}`, reference: g.movementId, amount, at: now }]
      : [];
  });
};
