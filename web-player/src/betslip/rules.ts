/**
 * Pure rules of the player's betslip (spec §4 "Betslip", §5 "Betslip submit", "Amount input",
 * "Accumulator"). Everything about money and validity is the domain's (`@bashiri/domain`), the very code
 * the server runs; this file only adapts the slip's items to it.
 */
import { EVENT_STATUS, MATCH_STATUS } from '@bashiri/domain';
import {
  MAX_SELECTIONS,
  normaliseAmount,
  oddsError,
  PAY_TYPE_CREDIT,
  quote,
  stakeLimits,
  toggleSelection,
  validateSlip,
  type BetConfig,
  type PayType,
  type Quote,
  type Tzs,
} from '@bashiri/domain';
import type {
  Account,
  BetChannel,
  BookingSelection,
  LiveUpdate,
  NoBetItem,
  PlaceBetRequest,
  SelectionOffer,
  SlipItem,
} from './types.ts';

/** Match status 2: in progress (spec §4). */
const IN_PLAY = 2;
/** Betting offer status 1: open. */
const OPEN = 1;
/** Server codes after which a selection stays on the slip but cannot be sent (its odds tip aside). */
const ODDS_CHANGED = 'ODDS_CHANGED';

/** The item with `available` recomputed: open, offered, match open, valid odds, no blocking error. */
export const withAvailability = (item: Omit<SlipItem, 'available'> & { available?: boolean }): SlipItem => ({
  ...item,
  available:
    item.statusId === OPEN &&
    item.oddsOffered &&
    !item.matchClosed &&
    oddsError(item.odds) === undefined &&
    (item.errorCode === null || item.errorCode === ODDS_CHANGED),
});

/** Spec §4: a selection name equal to the home or away team is shown as Home or Away. */
export const slipName = (selectionName: string, home: string, away: string): string =>
  selectionName === home ? 'Home' : selectionName === away ? 'Away' : selectionName;

/**
 * The slip item of a tapped offer, or null when the offer is ignored (spec §4): no id, odds not offered
 * or not valid odds, or a match in play (status 2) whose selection is not offered live.
 */
export const itemOf = (offer: SelectionOffer): SlipItem | null => {
  if (!offer.selectionId || offer.odds === null || oddsError(offer.odds) !== undefined) return null;
  if (offer.eventStatus === IN_PLAY && !offer.isLive) return null;
  return withAvailability({
    selectionId: offer.selectionId,
    matchId: offer.matchId,
    odds: offer.odds,
    home: offer.home,
    away: offer.away,
    marketName: offer.marketName,
    selectionName: slipName(offer.selectionName, offer.home, offer.away),
    eventStatus: offer.eventStatus,
    isLive: offer.isLive,
    statusId: offer.statusId ?? OPEN,
    oddsOffered: true,
    matchClosed: false,
    matchVersion: 0,
    errorCode: null,
  });
};

/**
 * Tapping an offer (spec §4): the domain's `toggleSelection` (same one again removes it, one per match),
 * refused when it would make more than 60 selections (spec §5 "Accumulator"). Ignored offers change nothing.
 */
export const toggleItem = (items: readonly SlipItem[], offer: SelectionOffer): readonly SlipItem[] => {
  const item = itemOf(offer);
  if (!item) return items;
  // toggleSelection only returns the objects it was given, so the items keep their type.
  const next = toggleSelection(items, item) as readonly SlipItem[];
  return next.length > MAX_SELECTIONS ? items : next;
};

/**
 * Applies a `watchMatches` push (spec §4 `monitoring`): listed selections take the new odds (kept when
 * null, then not offered), status and live flag; an open, offered update clears an earlier error tip.
 * A match update newer than the one held closes the match's selections when the match is not open
 * (status not 1/2), hidden or suspended, and reopens them otherwise.
 */
export const applyLiveUpdate = (items: readonly SlipItem[], update: LiveUpdate): readonly SlipItem[] => {
  let next = items;
  for (const s of update.selections) {
    next = next.map((item) =>
      item.selectionId !== s.selectionId
        ? item
        : withAvailability({
            ...item,
            odds: s.odds !== null && oddsError(s.odds) === undefined ? s.odds : item.odds,
            oddsOffered: s.odds !== null && oddsError(s.odds) === undefined,
            statusId: s.statusId,
            isLive: s.isLive,
            errorCode: s.statusId === OPEN && s.odds !== null ? null : item.errorCode,
          }),
    );
  }
  for (const m of update.matches) {
    next = next.map((item) =>
      item.matchId !== m.matchId || m.objectVersion <= item.matchVersion
        ? item
        : withAvailability({
            ...item,
            eventStatus: m.status,
            matchVersion: m.objectVersion,
            matchClosed:
              !(m.status === MATCH_STATUS.NOT_STARTED || m.status === MATCH_STATUS.IN_PROGRESS) ||
              !m.visible ||
              m.suspended,
          }),
    );
  }
  return next;
};

/**
 * Marks the selections of a `nobetList` (spec §4: the slip is kept, listed selections get an error tip).
 * `ODDS_CHANGED` with the odds now takes those odds and stays available; other codes make it unavailable.
 */
export const applyNoBetList = (items: readonly SlipItem[], list: readonly NoBetItem[]): readonly SlipItem[] =>
  items.map((item) => {
    const nobet = list.find((n) => n.selectionId === item.selectionId);
    if (!nobet) return item;
    const newOdds =
      nobet.code === ODDS_CHANGED && nobet.currentOdds && oddsError(nobet.currentOdds) === undefined
        ? nobet.currentOdds
        : null;
    return withAvailability({
      ...item,
      odds: newOdds ?? item.odds,
      errorCode: nobet.code === ODDS_CHANGED && !newOdds ? 'SELECTION_SUSPENDED' : nobet.code,
    });
  });

/**
 * The slip of a booking code (spec §4: loading a code replaces the slip): available selections with a
 * match and valid odds, by the same toggle rules (one per match, at most 60); the rest are returned as
 * `skipped` to report.
 */
export const itemsOfBookingCode = (
  selections: readonly BookingSelection[],
): { readonly items: readonly SlipItem[]; readonly skipped: readonly BookingSelection[] } => {
  let items: readonly SlipItem[] = [];
  const skipped: BookingSelection[] = [];
  for (const s of selections) {
    const before = items;
    if (s.available && s.matchId && s.odds)
      items = toggleItem(items, {
        selectionId: s.selectionId,
        matchId: s.matchId,
        odds: s.odds,
        home: s.home ?? '',
        away: s.away ?? '',
        marketName: s.marketName ?? '',
        selectionName: s.selectionName ?? '',
        eventStatus: s.matchStatus ?? 1,
        // the server said it can be bet now, live or not
        isLive: s.matchStatus === IN_PLAY,
      });
    if (items.length <= before.length) skipped.push(s);
  }
  return { items, skipped };
};

/** What the stake is normalised against. A visitor has no balance yet, so only the maximum applies. */
const amountInput = (
  amount: Tzs,
  payType: PayType,
  account: Account,
  config: BetConfig,
  channel: BetChannel,
) => ({
  amount,
  payType,
  balance: account.loggedIn ? account.balance : config.maxBetAmount,
  credit: account.credit,
  channel,
});

/**
 * The stake the slip holds (spec §5 "Amount input"), by the domain's `normaliseAmount`, within the
 * stake limits of the pay type and of the `channel` the slip is on (spec §9 "min and max bet for
 * mobile and desktop").
 */
export const slipAmount = (
  amount: Tzs,
  payType: PayType,
  account: Account,
  config: BetConfig,
  channel: BetChannel = 'DESKTOP',
): Tzs => normaliseAmount(amountInput(amount, payType, account, config, channel), config);

/** The selections that can be bet now: the only ones priced and sent (spec §5). */
export const availableItems = (items: readonly SlipItem[]): readonly SlipItem[] =>
  items.filter((item) => item.available);

/** The totals of the panel (spec §5 formulas): the domain's `quote` of the slip (it prices available ones only). */
export const slipQuote = (
  items: readonly SlipItem[],
  amount: Tzs,
  payType: PayType,
  config: BetConfig,
): Quote => quote({ selections: items, stake: amount, payType }, config);

/**
 * Why the slip cannot be sent as it is, as one stable code, or null (spec §5 "Betslip submit"): the
 * domain's `validateSlip` of the available selections with the stake limits of `channel` (as the server
 * checks them, spec §9), with a stake below the minimum explained by the money the player lacks
 * (`INSUFFICIENT_FUNDS`, `INSUFFICIENT_CREDIT_MONEY`) when the balance or credit is below it.
 */
export const submitRefusal = (
  items: readonly SlipItem[],
  amount: Tzs,
  payType: PayType,
  account: Account,
  config: BetConfig,
  channel: BetChannel = 'DESKTOP',
): string | null => {
  if (items.length === 0) return 'EMPTY_SLIP';
  const available = availableItems(items);
  if (available.length === 0) return 'NO_AVAILABLE_SELECTIONS';
  const errors = validateSlip({ selections: available, stake: amount, payType, channel }, config);
  const money = payType === PAY_TYPE_CREDIT ? account.credit : account.balance;
  if (
    account.loggedIn &&
    errors.some((e) => e.code === 'STAKE_BELOW_MINIMUM') &&
    money < stakeLimits(config, payType, channel).minimum
  )
    return payType === PAY_TYPE_CREDIT ? 'INSUFFICIENT_CREDIT_MONEY' : 'INSUFFICIENT_FUNDS';
  return errors[0]?.code ?? null;
};

/** The key of a set of selections, for the duplicate check (spec §5 "Duplicate"): order does not matter. */
export const selectionSetKey = (selectionIds: readonly string[]): string =>
  [...selectionIds].sort().join('|');

/** GraphQL `PayType` of a domain pay type. */
export const payTypeName = (payType: PayType): PlaceBetRequest['payType'] =>
  payType === PAY_TYPE_CREDIT ? 'CREDIT' : 'BALANCE';

/**
 * The `placeBet` input of the slip: the available selections with the odds the player sees, the stake and
 * pay type, `ACCEPT_ANY` (the accept box is ticked, spec §5).
 */
export const placeBetRequest = (
  requestId: string,
  items: readonly SlipItem[],
  amount: Tzs,
  payType: PayType,
  channel: BetChannel = 'DESKTOP',
): PlaceBetRequest => ({
  requestId,
  payType: payTypeName(payType),
  amount,
  selections: availableItems(items).map(({ selectionId, odds }) => ({ selectionId, odds })),
  oddsChange: 'ACCEPT_ANY',
  channel,
});

/**
 * The widest viewport of the phone layout, CSS px (spec §9 Layout "wide breakpoint 960 px";
 * layout/layout.css `@media (max-width: 960px)`).
 */
export const MOBILE_MAX_WIDTH_PX = 960;

/**
 * The channel of a bet placed now: MOBILE while the layout is the phone one (viewport at most
 * {@link MOBILE_MAX_WIDTH_PX} wide, the same media query as the CSS), else DESKTOP; DESKTOP without a
 * window (tests, server).
 */
export const screenChannel = (): BetChannel =>
  typeof globalThis.matchMedia === 'function' &&
  globalThis.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`).matches
    ? 'MOBILE'
    : 'DESKTOP';

/** True while `attempt` holds a selection whose match is in play on the slip (the server holds such a bet). */
export const attemptIsLive = (items: readonly SlipItem[], attempt: PlaceBetRequest | null): boolean =>
  attempt !== null &&
  attempt.selections.some((sent) =>
    items.some((item) => item.selectionId === sent.selectionId && item.eventStatus === EVENT_STATUS.LIVE),
  );
