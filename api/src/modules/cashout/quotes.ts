/**
 * Cash-out quotes of running bets (spec §7 `order_list/early_settlement_preparation`, §4 order status
 * 6; issue 20 "Server"; docs/cash-out.md §1–§2): the bets from their streams, the live state of their
 * matches and selections from the feed (`liveStates`), one in-play model per match state shared by every
 * quote of the process (`pricers.ts`: `liveMatchPricer` built once per changed match, each distinct
 * selection valued once) and the domain's `quoteBet` per bet.
 */
import { betDecider, betStream, isSettled, NO_BET_OPEN, NO_OFFER, OUTCOME, quoteBet } from '@bashiri/domain';
import type { BetEvent, BetState, CashOutConfig, CashOutQuote, LegLive, OpenBet } from '@bashiri/domain';
import { aggregateStreams, groupedPerExecutor } from '@bashiri/eventstore';
import type { Aggregated, SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { CONFIG_STAMP_SQL, configInForceStamped } from '../betting/index.ts';
import { liveStates } from '../feed/index.ts';
import type { LiveStates } from '../feed/index.ts';
import { CASH_OUT_CONFIG_STAMP_SQL, cashOutConfigStamped } from './config.ts';
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

/**
 * The cash-out configuration and the spec §4 betting pause in force at `nowMs`: one small read of the
 * two settings' freshness stamps; the settings themselves are read again only when a stamp moved
 * (`cashOutConfigStamped`, betting's `configInForceStamped`), so a saved change applies from the next
 * quote on, in every process.
 */
export const quoteContext = async (services: AppServices, nowMs: number): Promise<QuoteContext> => {
  const { rows } = await services.sql.query<Stamps>(STAMPS_SQL);
  return contextAt(services.sql, rows[0]!, nowMs);
};

/** The two settings' freshness stamps, in one row. */
const STAMPS_SQL = `SELECT ${CASH_OUT_CONFIG_STAMP_SQL} AS cash, ${CONFIG_STAMP_SQL} AS bet`;
interface Stamps {
  readonly cash: string;
  readonly bet: string;
}

/** The context in force at `nowMs` given the stamps just read (the settings reloaded only when one moved). */
const contextAt = async (sql: SqlExecutor, stamps: Stamps, nowMs: number): Promise<QuoteContext> => {
  const [cash, bet] = await Promise.all([
    cashOutConfigStamped(sql, stamps.cash, nowMs),
    configInForceStamped(sql, stamps.bet, nowMs),
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

/** What an acceptance asks of {@link contextAndLive}: the instant and the bets to price. */
interface ContextAndLiveRequest {
  readonly nowMs: number;
  readonly bets: readonly BetState[];
}

/** The settings in force at the request's instant and the live state of the open legs of its bets. */
export interface ContextAndLive {
  readonly context: QuoteContext;
  readonly states: LiveStates;
}

/**
 * Concurrent requests on one pool share one group (the store's group commit, decision 0007): one read
 * of the stamps beside one live-state read of all their legs (decision 0145). Each request is read
 * after it was made, and gets the settings in force at its own instant.
 */
const contextAndLiveGrouped = groupedPerExecutor<ContextAndLiveRequest, ContextAndLive>(
  async (sql, requests) => {
    const legs = requests.flatMap((r) => r.bets.flatMap((b) => (b.status === 'none' ? [] : openLegs(b))));
    const [{ rows }, states] = await Promise.all([
      sql.query<Stamps>(STAMPS_SQL),
      liveStates(
        sql,
        legs.map((l) => l.matchId),
        legs.map((l) => l.selectionId),
      ),
    ]);
    const stamps = rows[0]!;
    return Promise.all(
      requests.map(async (r) => ({ context: await contextAt(sql, stamps, r.nowMs), states })),
    );
  },
);

/**
 * The quote context at `nowMs` and the live state of the open legs of `bets`, read in one group with
 * every concurrent caller on the same database (the acceptance's re-pricing, decision 0145): two or
 * three statements per group instead of three per acceptance.
 */
export const contextAndLive = (
  services: AppServices,
  nowMs: number,
  bets: readonly BetState[],
): Promise<ContextAndLive> => contextAndLiveGrouped(services.sql, { nowMs, bets });

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
 * live state, settings' stamps), then pure work — a model computation only for a match whose state
 * changed since any quote last priced it (`pricerCacheOf`). Unknown bets come back with `BET_NOT_OPEN`.
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
  return quoteLoaded(
    services,
    ids.map((id) => ({ id, bet: loaded.get(betStream(id))! })),
    ctx,
  );
};

/**
 * Quotes bets already loaded (`bets`: id and the bet folded from its stream) with `context`: one read
 * of the live state of their open legs, then pure work (see {@link quoteBets}). The acceptance uses it
 * on the bet it has read, so that the bet stream is read once.
 */
export const quoteLoaded = async (
  services: AppServices,
  bets: readonly { readonly id: string; readonly bet: Aggregated<BetState> }[],
  context: QuoteContext,
): Promise<Map<string, BetQuote>> =>
  quoteWith(
    services,
    bets,
    context,
    await readLive(
      services,
      bets.map((b) => b.bet.state),
    ),
  );

/**
 * Quotes bets already loaded with `context` and live state `states` already read (at least the open
 * legs of these bets): pure work, the match models from the shared pricer cache.
 */
export const quoteWith = (
  services: AppServices,
  bets: readonly { readonly id: string; readonly bet: Aggregated<BetState> }[],
  context: QuoteContext,
  states: LiveStates,
): Map<string, BetQuote> => {
  const pricers = pricerCacheOf(services);
  const quotes = new Map<string, BetQuote>();
  for (const { id, bet } of bets) {
    const live = liveLegsOf(bet.state, states, pricers);
    const quote = withLostLeg(
      bet.state,
      quoteBet(bet.state, { live, config: context.config, bettingPaused: context.bettingPaused }),
    );
    quotes.set(id, { betId: id, bet, live, quote });
  }
  return quotes;
};
