/**
 * Bet commands (stream `bet-<betId>`). The caller resolves the configuration and tax rule in force at
 * `at` (config `configAt`, `taxRateAt`) and passes them in; the decider reads no clock.
 */
import type { CashOutConfig, CashOutTolerance } from '../cashout/config.ts';
import type { LegLive } from '../cashout/live.ts';
import type { BetChannel, BetConfig, PayType } from '../config/bet-config.ts';
import type { TaxRule } from '../config/tax.ts';
import type { MatchFacts } from '../settlement/facts.ts';
import type { AbnormalInfo, BetActor, OrderType, PlacedLeg } from './events.ts';

interface Base {
  readonly betId: string;
  readonly at: string;
}

/** Places a bet (spec §3 "Place-bet payload"; §5 slip rules). Every leg must still be available. */
export interface PlaceBet extends Base {
  readonly type: 'PlaceBet';
  readonly serial: string;
  readonly userId: string;
  readonly orderType: OrderType;
  readonly actor: BetActor;
  readonly payType: PayType;
  readonly stake: number;
  readonly legs: readonly PlacedLeg[];
  /** The bet configuration in force at `at`, and the `effectiveFrom` of its version. */
  readonly config: BetConfig;
  readonly configVersion: string;
  /** The dated tax rule in force (overrides `config.taxRatePercent`), or null to use the config's rate. */
  readonly taxRule: TaxRule | null;
  /** Seconds a live bet was held before `at` (spec §9 "rolling-bet delay"), copied into `BetPlaced`; omit when not held. */
  readonly liveDelaySeconds?: number;
  /**
   * Where a player's bet is placed from (spec §9 "min and max bet for mobile and desktop"): that
   * channel's stake limits apply on top of the general ones (`stakeLimits`). Omit for staff and
   * random-tool bets: the general limits only.
   */
  readonly channel?: BetChannel;
}

/** The wallet debited the stake under `movementId`. */
export interface RecordStakePaid extends Base {
  readonly type: 'RecordStakePaid';
  readonly movementId: string;
}

/** The wallet refused the stake (e.g. `INSUFFICIENT_FUNDS`). */
export interface RejectBet extends Base {
  readonly type: 'RejectBet';
  readonly code: string;
  readonly reason: string;
}

/** Settles the leg on `matchId` on the match's facts at `factsRevision` (fixture stream), then the bet if it can. */
export interface SettleLeg extends Base {
  readonly type: 'SettleLeg';
  readonly matchId: string;
  readonly facts: MatchFacts;
  readonly factsRevision: number;
}

/** No result in time after match time (spec §4 "Abnormal bet info"); the caller has the clock. */
export interface FlagSettlementDelayed extends Base {
  readonly type: 'FlagSettlementDelayed';
  readonly abnormalInfo: AbnormalInfo;
}

interface CashOutBase extends Base {
  readonly type: 'CashOutBet';
  /** The accepted offer; also the idempotency key: the same offer again changes nothing (pays once). */
  readonly offerId: string;
  readonly actor: BetActor;
}

/**
 * Unpriced cash-out of everything still running at `amount` TZS, credited as is with no tax (the form
 * before decision 0019, kept so its events replay; the API uses {@link CashOutAtQuote}).
 */
export interface CashOutAtAmount extends CashOutBase {
  readonly amount: number;
}

/**
 * A player's (or the auto cash-out's) acceptance of an offer, after the early-settlement delay, with
 * the live state re-read then (docs/cash-out.md; decision 0019). The decider prices it itself
 * (`quoteCashOut` on the bet's own state), pays only within `tolerance` of `offered`, and records the
 * value, probability, margin and odds state used.
 */
export interface CashOutAtQuote extends CashOutBase {
  /** Stake to cash out, TZS; absent = the whole running stake. */
  readonly part?: number;
  /** The value (TZS, gross) of the part that the player accepted. */
  readonly offered: number;
  /** Absent = the configuration's `defaultTolerance`. */
  readonly tolerance?: CashOutTolerance;
  /** Live state of each leg, index-aligned with the bet's legs (entries of legs with a result are ignored). */
  readonly live: readonly (LegLive | null)[];
  /** The cash-out configuration in force at `at`, and its version (`effectiveFrom`). */
  readonly config: CashOutConfig;
  readonly configVersion: string;
  /** spec §4 betting pause (`no_bet`) at `at`. */
  readonly bettingPaused?: boolean;
}

/** Cash-out (early settlement), full or partial: see {@link CashOutAtQuote}. */
export type CashOutBet = CashOutAtAmount | CashOutAtQuote;

/** Staff void a bet with a reason (spec §7 `order_list/cancel_order`). */
export interface CancelBet extends Base {
  readonly type: 'CancelBet';
  readonly actor: BetActor;
  readonly reason: string;
}

export type BetCommand =
  PlaceBet | RecordStakePaid | RejectBet | SettleLeg | FlagSettlementDelayed | CashOutBet | CancelBet;
