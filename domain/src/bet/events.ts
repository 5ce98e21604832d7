/**
 * Bet (order) events, state and `evolve` (stream `bet-<betId>`; architecture.md §3; spec §3 "Order",
 * "Order detail line", §4 "Order status", "Order type"; betting-rules.md §2).
 *
 * A bet copies into `BetPlaced` everything its settlement needs (legs with odds, pay type, stake and
 * the pricing terms: tax rate, profit caps, string-reward tiers; the tax rule in force), so later
 * configuration changes never touch it. Amounts are integer TZS; odds are decimal text.
 */
import type { CashOutTolerance } from '../cashout/config.ts';
import type { LegPricing } from '../cashout/quote.ts';
import type { PayType } from '../config/bet-config.ts';
import type { TaxRule } from '../config/tax.ts';
import type { PricingTerms } from '../pricing/returns.ts';
import type { Settlement } from '../settlement/bet.ts';
import type { Leg } from '../settlement/markets.ts';
import type { LegResult } from '../settlement/outcome.ts';

/** Spec §4 "Order type": placed by the player, by staff for a player, or by the random-betting tool. */
export type OrderType = 'user' | 'admin' | 'random';

/** Spec §4 "Abnormal bet info": no result this long after match time. */
export type AbnormalInfo = '120m' | '150m' | '5h' | '24h';

export interface BetActor {
  readonly kind: 'player' | 'staff' | 'system';
  readonly id: string;
}

/** One leg as placed (spec §3 "Order detail line"): what was bet on, at which odds, and how it settles. */
export interface PlacedLeg {
  /** spec `match_id`. */
  readonly matchId: string;
  /** spec `selection_id`. */
  readonly selectionId: string;
  /** spec `market_id`. */
  readonly marketId: string;
  readonly marketName: string;
  readonly selectionName: string;
  readonly home: string;
  readonly away: string;
  /** spec `fixture_date`, ISO-8601 with zone. */
  readonly startTime: string;
  /** spec "event status at bet time": 1 not started (pre-match), 2 in progress (live). */
  readonly eventStatus: number;
  /** The settlement description of the selection, with its odds (decimal text). */
  readonly leg: Leg;
}

/** The potential return shown when the bet was placed (spec §2 betslip totals), TZS. */
export interface PlacedQuote {
  readonly totalOdds: string;
  readonly profit: number;
  readonly reward: number;
  readonly rewardPercent: number;
  readonly tax: number;
  readonly afterTaxAmount: number;
}

interface At {
  readonly betId: string;
  /** ISO-8601 instant given by the command. */
  readonly at: string;
}

export type BetPlaced = {
  readonly type: 'BetPlaced';
  readonly data: At & {
    /** spec "serial number". */
    readonly serial: string;
    readonly userId: string;
    readonly orderType: OrderType;
    readonly actor: BetActor;
    readonly payType: PayType;
    readonly stake: number;
    /** spec `pay_payable` (paid from balance) and `virtual_pay_amount` (paid with credit money). */
    readonly payPayable: number;
    readonly virtualPayAmount: number;
    readonly legs: readonly PlacedLeg[];
    /** Terms used to price and settle, copied from the configuration (and tax rule) in force. */
    readonly terms: PricingTerms;
    /** The dated tax rule that set `terms.taxRatePercent`, when one was given. */
    readonly taxRule: TaxRule | null;
    /** `effectiveFrom` of the bet configuration version in force. */
    readonly configVersion: string;
    readonly quote: PlacedQuote;
    /**
     * Seconds the bet was held before acceptance (spec §9 "rolling-bet delay"): a player's live bet is
     * held, re-checked and accepted at `at`. Absent on pre-match bets and on events recorded before the hold.
     */
    readonly liveDelaySeconds?: number;
  };
};
/** The wallet took the stake (movement `movementId`): the bet awaits results (status 2). */
export type StakePaid = { readonly type: 'StakePaid'; readonly data: At & { readonly movementId: string } };
/** The wallet refused the stake: the bet never ran. */
export type BetRejected = {
  readonly type: 'BetRejected';
  readonly data: At & { readonly code: string; readonly reason: string };
};
/** A leg's result on its match's facts at `factsRevision` (fixture stream). */
export type LegSettled = {
  readonly type: 'LegSettled';
  readonly data: At & {
    readonly legIndex: number;
    readonly matchId: string;
    readonly factsRevision: number;
    readonly result: LegResult;
  };
};
/** First settlement (status 4); `settlementNo` 1. The wallet credits `credited` and `creditRefund`. */
export type BetSettled = {
  readonly type: 'BetSettled';
  readonly data: At & { readonly settlementNo: number; readonly settlement: Settlement };
};
/**
 * Re-settlement after a correction: the wallet reverses `previous` (its `credited` from the balance,
 * `creditRefund` from credit money) and applies `settlement`. `settlement.state` may be pending or
 * abnormal again (a multiple whose lost leg was corrected while other legs are open).
 */
export type BetResettled = {
  readonly type: 'BetResettled';
  readonly data: At & {
    readonly settlementNo: number;
    readonly previous: Settlement;
    readonly settlement: Settlement;
  };
};
/** No result in time (spec "abnormal bet info"): delayed settlement, status 5. */
export type SettlementDelayed = {
  readonly type: 'SettlementDelayed';
  readonly data: At & { readonly abnormalInfo: AbnormalInfo };
};
/**
 * How a priced cash-out was valued (docs/cash-out.md; decision 0019), recorded so that any cash-out can
 * be explained and replayed: the configuration version, the offer of the whole running stake and its
 * inputs (potential payout, probability, margin, the legs with their live odds state), what the player
 * accepted and with which tolerance. TZS whole numbers; `probability` a float.
 */
export interface CashOutPricing {
  readonly configVersion: string;
  /** Stake running before this cash-out, TZS. */
  readonly runningStake: number;
  readonly potentialPayout: number;
  readonly probability: number;
  readonly fairValue: number;
  readonly marginPercent: number;
  /** The offer for the whole running stake. */
  readonly offerValue: number;
  /** The value the player accepted (before the delay and re-pricing), for this part. */
  readonly offered: number;
  readonly tolerance: CashOutTolerance;
  readonly legs: readonly LegPricing[];
}

/** A cash-out's money (TZS): stake part, gross value, tax and what the wallet credits. */
interface CashOutMoney {
  /** Stake cashed out. */
  readonly part: number;
  /** Gross cash-out value, before tax. */
  readonly gross: number;
  /** Withholding tax on the part of `gross` above `part` (all of it for a credit bet). */
  readonly tax: number;
  /** spec §3 "early-settlement odds": gross ÷ part, 2 decimals. */
  readonly earlySettlementOdds: string;
  /** 1 for the bet's first cash-out, 2 for the next… (wallet movement ids). */
  readonly cashOutNo: number;
  /** The acca bonus (string reward) is forfeited by any cash-out, for the whole bet. */
  readonly rewardForfeited: true;
  readonly pricing: CashOutPricing;
}

/**
 * Early settlement (cash-out) of everything still running: status 6. `amount` is credited to the
 * balance (net of tax). Events before decision 0019 (and the unpriced `CashOutBet` with an `amount`)
 * carry only `amount`, `offerId` and `actor`: gross = amount, tax 0.
 */
export type BetCashedOut = {
  readonly type: 'BetCashedOut';
  readonly data: At & {
    readonly amount: number;
    readonly offerId: string;
    readonly actor: BetActor;
  } & Partial<CashOutMoney>;
};

/**
 * Partial cash-out (decision 0019): `part` of the running stake is settled early for `gross`, `amount`
 * (= gross − tax) is credited; the rest of the stake keeps running at the original odds.
 */
export type BetPartCashedOut = {
  readonly type: 'BetPartCashedOut';
  readonly data: At &
    CashOutMoney & {
      readonly amount: number;
      readonly offerId: string;
      readonly actor: BetActor;
      /** Stake still running after this part. */
      readonly remainingStake: number;
    };
};
/**
 * Staff voided the bet: the stake goes back if it was paid (`refund`), and an earlier settlement is
 * reversed (`reversed`, or null).
 */
export type BetCancelled = {
  readonly type: 'BetCancelled';
  readonly data: At & {
    readonly actor: BetActor;
    readonly reason: string;
    readonly refund: number;
    readonly reversed: Settlement | null;
  };
};

export type BetEvent =
  | BetPlaced
  | StakePaid
  | BetRejected
  | LegSettled
  | BetSettled
  | BetResettled
  | SettlementDelayed
  | BetCashedOut
  | BetPartCashedOut
  | BetCancelled;

export type BetStatus =
  'unpaid' | 'awaiting' | 'abnormal' | 'settled' | 'delayed' | 'cashedOut' | 'rejected' | 'cancelled';

/** A leg's latest result, or null while none arrived. */
export interface LegState {
  readonly result: LegResult | null;
  readonly factsRevision: number;
}

export type BetState =
  | { readonly status: 'none' }
  | {
      readonly status: BetStatus;
      readonly placed: BetPlaced['data'];
      readonly legs: readonly LegState[];
      /** The last settlement that moved money (null before the first). */
      readonly settlement: Settlement | null;
      readonly settlementNo: number;
      readonly abnormalInfo: AbnormalInfo | null;
      /** The accepted cash-out offer, once cashed out. */
      readonly cashOut: { readonly offerId: string; readonly amount: number } | null;
      /** Stake still running: the stake less the parts cashed out (decision 0019). */
      readonly remainingStake: number;
      /** Every cash-out, partial and full, oldest first. */
      readonly cashOuts: readonly CashOutRecord[];
      readonly closedAt: string | null;
    };

/** One cash-out of a bet: the offer, the stake part, the gross value, the tax and the amount credited (TZS). */
export interface CashOutRecord {
  readonly offerId: string;
  readonly at: string;
  readonly part: number;
  readonly gross: number;
  readonly tax: number;
  readonly amount: number;
}

export type OpenBet = Exclude<BetState, { status: 'none' }>;

export const initialBetState = (): BetState => ({ status: 'none' });

/** Spec §4 "Order status" codes: 1 unpaid, 2 awaiting result, 3 abnormal, 4 settled, 5 delayed settlement, 6 early settlement. */
export type OrderStatusCode = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Our status → spec code. The spec has no code for a rejected or a cancelled bet: a rejected bet was
 * never paid (1); a cancelled one is settled as void with the stake returned (4). See decision 0005.
 */
export const ORDER_STATUS_CODE: Readonly<Record<BetStatus, OrderStatusCode>> = {
  unpaid: 1,
  rejected: 1,
  awaiting: 2,
  abnormal: 3,
  settled: 4,
  cancelled: 4,
  delayed: 5,
  cashedOut: 6,
};

const RUNNING: readonly BetStatus[] = ['awaiting', 'abnormal', 'delayed'];

/** Status while legs are open: abnormal if any leg is abnormal, else delayed if flagged, else awaiting. */
const runningStatus = (legs: readonly LegState[], abnormalInfo: AbnormalInfo | null): BetStatus =>
  legs.some((l) => l.result?.outcome === 1) ? 'abnormal' : abnormalInfo ? 'delayed' : 'awaiting';

const fromSettlement = (s: OpenBet, settlement: Settlement): BetStatus =>
  settlement.state === 'settled' ? 'settled' : runningStatus(s.legs, s.abnormalInfo);

const cashOutRecord = (
  data: BetCashedOut['data'] | BetPartCashedOut['data'],
  running: number,
): CashOutRecord => ({
  offerId: data.offerId,
  at: data.at,
  part: data.part ?? running,
  gross: data.gross ?? data.amount,
  tax: data.tax ?? 0,
  amount: data.amount,
});

export const evolveBet = (state: BetState, event: BetEvent): BetState => {
  if (event.type === 'BetPlaced') {
    const legs = event.data.legs.map(() => ({ result: null, factsRevision: 0 }));
    return {
      status: 'unpaid',
      placed: event.data,
      legs,
      settlement: null,
      settlementNo: 0,
      abnormalInfo: null,
      cashOut: null,
      closedAt: null,
      remainingStake: event.data.stake,
      cashOuts: [],
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'StakePaid':
      return { ...state, status: 'awaiting' };
    case 'BetRejected':
      return { ...state, status: 'rejected', closedAt: event.data.at };
    case 'LegSettled': {
      const legs = state.legs.map((l, i) =>
        i === event.data.legIndex
          ? { result: event.data.result, factsRevision: event.data.factsRevision }
          : l,
      );
      return {
        ...state,
        legs,
        status: RUNNING.includes(state.status) ? runningStatus(legs, state.abnormalInfo) : state.status,
      };
    }
    case 'BetSettled':
    case 'BetResettled':
      return {
        ...state,
        settlement: event.data.settlement,
        settlementNo: event.data.settlementNo,
        status: fromSettlement(state, event.data.settlement),
        closedAt: event.data.settlement.state === 'settled' ? event.data.at : null,
      };
    case 'SettlementDelayed':
      return {
        ...state,
        abnormalInfo: event.data.abnormalInfo,
        status: state.status === 'awaiting' ? 'delayed' : state.status,
      };
    case 'BetCashedOut':
      return {
        ...state,
        status: 'cashedOut',
        cashOut: { offerId: event.data.offerId, amount: event.data.amount },
        closedAt: event.data.at,
        cashOuts: [...state.cashOuts, cashOutRecord(event.data, state.remainingStake)],
        remainingStake: 0,
      };
    case 'BetPartCashedOut':
      return {
        ...state,
        cashOuts: [...state.cashOuts, cashOutRecord(event.data, state.remainingStake)],
        remainingStake: event.data.remainingStake,
      };
    case 'BetCancelled':
      return { ...state, status: 'cancelled', closedAt: event.data.at };
  }
};
