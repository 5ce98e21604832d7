/**
 * Cash-out quotes of running bets (spec §7 `order_list/early_settlement_preparation`, §4 order status
 * 6; issue 20 "Server"; docs/cash-out.md §1–§2): the bets from their streams, the live state of their
 * matches and selections from the feed (`liveStates`), one in-play model per match state shared by every
 * quote of the process (`pricers.ts`: `liveMatchPricer` built once per changed match, each distinct
 * selection valued once) and the domain's `quoteBet` per bet.
 */
import { betDecider, betStream, isSettled, NO_BET_OPEN, NO_OFFER, OUTCOME, quoteBet } from '@bashiri/domain';
import type { BetEvent, BetState, CashOutConfig, CashOutQuote, LegLive, OpenBet } from '@bashiri/domain';
import { aggregateStreams } from '@bashiri/eventstore';
import type { Aggregated } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { configInForce } from '../betting/index.ts';
import { liveStates } from '../feed/index.ts';
import type { LiveStates } from '../feed/index.ts';
import { cashOutConfigInForce } from './config.ts';
import { pricerCacheOf } from './pricers.ts';
import type { PricerCache } from './pricers.ts';

/** What the quote of one bet saw: the bet, the live legs given to the decider, and the quote. */
export interface BetQuote {
  readonly betId: string;
  /** The bet as loaded (with its stream version). */
  readonly bet: Aggregated<BetState>;
  /** Live state of each leg, index-aligned with the bet's legs (null: a leg with a result or unpriced). */
  readonly live: readonly (LegLive | null)[];
  readonly quote: CashOutQuote;
}

/** What every quote of a round shares: the settings in force, the betting pause. */
export interface QuoteContext {
  readonly config: CashOutConfig;
  readonly configVersion: string;
  readonly bettingPaused: boolean;
}

/** The cash-out configuration and the spec §4 betting pause in force at `nowMs` (two reads). */
export const quoteContext = async (services: AppServices, nowMs: number): Promise<QuoteContext> => {
  const [cash, bet] = await Promise.all([
    cashOutConfigInForce(services.sql, nowMs),
    configInForce(services.sql, nowMs),
  ]);
  return {
    config: cash.config,
    configVersion: cash.version,
    bettingPaused: bet.config.noBet !== NO_BET_OPEN,
  };
};

const openLegs = (state: OpenBet) =>
  state.placed.legs.filter((_, i) => {
    const result = state.legs[i]?.result;
    return !result || !isSettled(result);
  });

/** The live state of the open legs of `bets` (one read for all of them). */
export const readLive = async (services: AppServices, bets: readonly BetState[]): Promise<LiveStates> => {
  const legs = bets.flatMap((b) => (b.status === 'none' ? [] : openLegs(b)));
  return liveStates(
    services.sql,
    legs.map((l) => l.matchId),
    legs.map((l) => l.selectionId),
  );
};

/**
 * The live legs of one bet from `states`: the pricer of each match from `pricers` (one per match state,
 * shared by every bet and every quote of the process, so a match's score matrices are built once per
 * change). A leg with a result, or whose match or selection the feed does not price, gets null (the
 * quote says `LEG_NOT_PRICED` for an open one).
 */
export const liveLegsOf = (state: BetState, states: LiveStates, pricers: PricerCache): (LegLive | null)[] => {
  if (state.status === 'none') return [];
  return state.placed.legs.map((placed, i) => {
    const result = state.legs[i]?.result;
    if (result && isSettled(result)) return null;
    const selection = states.selections.get(placed.selectionId);
    if (!selection) return null;
    const match = states.matches.get(placed.matchId);
    const pricer = match ? pricers.pricerOf(match) : null;
    return pricer
      ? pricer.legLive(placed.leg, { status: selection.status, liveOdds: selection.liveOdds })
      : null;
  });
};

/**
 * A bet settled because a leg lost says `LEG_LOST` with the leg, not just `BET_SETTLED` (the bet
 * decider settles a bet lost as soon as one leg loses; the player is told why there is no offer).
 */
const withLostLeg = (state: BetState, quote: CashOutQuote): CashOutQuote => {
  if (quote.offer || quote.reason !== NO_OFFER.BET_SETTLED || state.status === 'none') return quote;
  const lost = state.legs.findIndex((l) => l.result?.outcome === OUTCOME.LOST);
  return lost < 0 ? quote : { offer: false, reason: NO_OFFER.LEG_LOST, legIndex: lost };
};

/**
 * Quotes the bets `betIds` now (whole running stake each): three reads whatever their number (bets,
 * live state, settings), then pure work — a model computation only for a match whose state changed
 * since any quote last priced it (`pricerCacheOf`). Unknown bets come back with `BET_NOT_OPEN`.
 */
export const quoteBets = async (
  services: AppServices,
  betIds: readonly string[],
  context?: QuoteContext,
): Promise<Map<string, BetQuote>> => {
  const ids = [...new Set(betIds)];
  const [loaded, ctx] = await Promise.all([
    aggregateStreams<BetState, BetEvent>(services.store, ids.map(betStream), betDecider),
    context ?? quoteContext(services, services.now()),
  ]);
  const bets = ids.map((id) => ({ id, bet: loaded.get(betStream(id))! }));
  const states = await readLive(
    services,
    bets.map((b) => b.bet.state),
  );
  const pricers = pricerCacheOf(services);
  const quotes = new Map<string, BetQuote>();
  for (const { id, bet } of bets) {
    const live = liveLegsOf(bet.state, states, pricers);
    const quote = withLostLeg(
      bet.state,
      quoteBet(bet.state, { live, config: ctx.config, bettingPaused: ctx.bettingPaused }),
    );
    quotes.set(id, { betId: id, bet, live, quote });
  }
  return quotes;
};
