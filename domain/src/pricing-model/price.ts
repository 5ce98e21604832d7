/**
 * From fair probabilities to offered prices (betting-rules §4): a margin per market type applied as a
 * proportional overround, odds truncated to 2 dp as exact decimal text, floored at 1.01 and capped,
 * near-certain markets suspended, decided outcomes settled.
 */
import { dec, decimalText, truncate } from '../money/decimal.ts';
import { MIN_ODDS, type OddsText } from '../money/odds.ts';
import type { Market, Period } from '../settlement/markets.ts';
import { matchMatrices, PRE_MATCH, type MatchClock, type TimeProfile } from './in-play.ts';
import {
  evaluateMarket,
  STANDARD_MARKETS,
  type FairMarket,
  type FairOutcome,
  type MarketDef,
} from './markets.ts';
import { DEFAULT_RHO, type GoalRates } from './score-matrix.ts';

/** Pricing settings. Margins are percent of overround per market kind (betting_types.margin_percent). */
export interface PricingConfig {
  /** Percent per market kind, e.g. `{ '1x2': 5, correct_score: 15 }`; missing kinds use `defaultMarginPercent`. */
  readonly marginPercent?: Partial<Record<Market, number>>;
  /** Default 6 (the catalogue's default `margin_percent`). */
  readonly defaultMarginPercent?: number;
  /** A market whose most likely open outcome has at least this fair probability is suspended. Default 0.97. */
  readonly nearCertain?: number;
  /** Offered odds are capped here (decimal text). Default "1000". */
  readonly maxOdds?: OddsText;
}

/** `open`: quoted; `suspended`: not bettable now; `settled`: the result is already known. */
export type PriceStatus = 'open' | 'suspended' | 'settled';

/** A priced outcome: fair values plus `fairOdds` (1/probability, 3 dp) and `odds` (offered, 2 dp). */
export interface PricedOutcome extends FairOutcome {
  /** Null when the outcome cannot win; at most 100000. */
  readonly fairOdds: OddsText | null;
  /** Null unless `status` is open. */
  readonly odds: OddsText | null;
  readonly status: PriceStatus;
}

/** A priced market; `status` settled when every outcome is decided. */
export interface PricedMarket {
  readonly market: Market;
  readonly period: Period;
  readonly line?: string;
  readonly status: PriceStatus;
  readonly outcomes: readonly PricedOutcome[];
}

/** Defaults of {@link PricingConfig}. */
export const DEFAULT_PRICING = { defaultMarginPercent: 6, nearCertain: 0.97, maxOdds: '1000' } as const;

const toText = (x: number, dp: number): OddsText => decimalText(truncate(dec(x.toPrecision(15)), dp));

/**
 * Offered odds for fair probability `probability` (0 < p ≤ 1) with `marginPercent`: 1 / (p × (1 + m/100)),
 * truncated to 2 dp, at least 1.01, at most `maxOdds`. Exact decimal text (money boundary).
 */
export const offeredOdds = (
  probability: number,
  marginPercent: number,
  maxOdds: OddsText = DEFAULT_PRICING.maxOdds,
): OddsText => {
  const raw = 1 / (probability * (1 + marginPercent / 100));
  if (!(raw < Number(maxOdds))) return decimalText(dec(maxOdds));
  const odds = dec(toText(raw, 2));
  return decimalText(odds.lt(MIN_ODDS) ? dec(MIN_ODDS) : odds);
};

/** Prices one valued market under `config` (see {@link PricingConfig} for the rules). */
export const priceMarket = (fair: FairMarket, config: PricingConfig = {}): PricedMarket => {
  const margin =
    config.marginPercent?.[fair.market] ??
    config.defaultMarginPercent ??
    DEFAULT_PRICING.defaultMarginPercent;
  const nearCertain = config.nearCertain ?? DEFAULT_PRICING.nearCertain;
  const maxOdds = config.maxOdds ?? DEFAULT_PRICING.maxOdds;
  const allDecided = fair.outcomes.every((o) => o.decided);
  const open = fair.outcomes.filter((o) => !o.decided);
  const suspended = !allDecided && open.some((o) => o.probability >= nearCertain);
  const status: PriceStatus = allDecided ? 'settled' : suspended ? 'suspended' : 'open';
  const outcomes = fair.outcomes.map((o): PricedOutcome => {
    const fairOdds = o.probability > 0 ? toText(Math.min(1 / o.probability, 1e5), 3) : null;
    const own: PriceStatus = o.decided ? 'settled' : suspended || o.probability <= 0 ? 'suspended' : 'open';
    return {
      ...o,
      fairOdds,
      odds: own === 'open' ? offeredOdds(o.probability, margin, maxOdds) : null,
      status: own,
    };
  });
  return {
    market: fair.market,
    period: fair.period,
    ...(fair.line === undefined ? {} : { line: fair.line }),
    status,
    outcomes,
  };
};

/** Inputs of {@link priceMatch}. */
export interface PriceMatchInput {
  /** Expected full-match goals (e.g. from `fitGoalRates` or team ratings). */
  readonly rates: GoalRates;
  /** Default pre-match. */
  readonly clock?: MatchClock;
  /** Dixon-Coles ρ, default −0.10. */
  readonly rho?: number;
  readonly config?: PricingConfig;
  readonly profile?: TimeProfile;
  /** Default {@link STANDARD_MARKETS}. */
  readonly markets?: readonly MarketDef[];
}

/** Values a list of market definitions on the clock's matrices, without margins. */
export const fairMarkets = (input: Omit<PriceMatchInput, 'config'>): FairMarket[] => {
  const matrices = matchMatrices(
    input.rates,
    input.clock ?? PRE_MATCH,
    input.rho ?? DEFAULT_RHO,
    input.profile,
  );
  return (input.markets ?? STANDARD_MARKETS).map((def) =>
    evaluateMarket(def, def.period === 'first_half' ? matrices.firstHalf : matrices.fullTime),
  );
};

/**
 * Every market of the menu priced for one match, pre-match or in play (betting-rules §4). Throws
 * `RangeError` on negative rates or an inconsistent clock (see `matchMatrices`).
 */
export const priceMatch = (input: PriceMatchInput): PricedMarket[] =>
  fairMarkets(input).map((fair) => priceMarket(fair, input.config));
