/**
 * Shapes of the betslip (spec §2 "Betslip panel", §4 "Betslip", §5 "Betslip submit") and of the calls it
 * makes (api betting/schema.graphql `placeBet`, `bookingCode`, `shareSlip`; live/schema.graphql
 * `LiveUpdate`). Money in whole TZS; odds as decimal text ("1.95").
 */
import type { OddsText, PayType, SlipSelection, Tzs } from '@bashiri/domain';

/** A selection the player tapped (catalogue `Outcome` with its match's teams). */
export interface SelectionOffer {
  /** Outcome id (spec `id_card`); an offer without one is ignored. */
  readonly selectionId: string | null | undefined;
  /** Match id (spec `eventId`). */
  readonly matchId: string;
  /** Decimal odds as text; null while not offered (ignored). */
  readonly odds: OddsText | null;
  readonly home: string;
  readonly away: string;
  readonly marketName: string;
  /** The outcome's name; a team name becomes Home or Away on the slip. */
  readonly selectionName: string;
  /** Spec §4 match status: 1 not started, 2 in progress … (catalogue `eventStatus`). */
  readonly eventStatus: number;
  /** Offered in play (catalogue `isLive`). */
  readonly isLive: boolean;
  /** Betting offer status: 1 open (catalogue `statusId`). Default 1. */
  readonly statusId?: number;
}

/**
 * One selection on the slip. `available` is derived (see `rules.ts` `withAvailability`) and is what the
 * domain's `quote` and `isAvailable` read.
 */
export interface SlipItem extends SlipSelection {
  readonly odds: OddsText;
  readonly home: string;
  readonly away: string;
  readonly marketName: string;
  /** The outcome name, or the literal `Home` / `Away` when it equals a team name (translated on screen). */
  readonly selectionName: string;
  readonly eventStatus: number;
  readonly isLive: boolean;
  /** Betting offer status; anything but 1 pauses the selection (4 = deleted). */
  readonly statusId: number;
  /** False while the odds are not offered (a live update with `odds: null`). */
  readonly oddsOffered: boolean;
  /** Match suspended or closed by a live match update. */
  readonly matchClosed: boolean;
  /** Highest `objectVersion` of a match update applied. */
  readonly matchVersion: number;
  /** Error tip: a `nobetList` code of the server (spec `nobet_list`), or null. */
  readonly errorCode: string | null;
  readonly available: boolean;
}

/** GraphQL `PayType`. */
export type PayTypeName = 'BALANCE' | 'CREDIT';

/** GraphQL `OddsChangePolicy`. The slip only submits with the accept box ticked: `ACCEPT_ANY`. */
export type OddsChangePolicy = 'ACCEPT_ANY' | 'ACCEPT_HIGHER' | 'NONE';

/**
 * GraphQL `BetChannel`: MOBILE under the 960 px wide breakpoint of the layout (spec §9 Layout), else
 * DESKTOP. The server holds a live bet for that channel's rolling-bet delay.
 */
export type BetChannel = 'MOBILE' | 'DESKTOP';

/** GraphQL `PlaceBetInput`: what the `placeBet` actor sends. */
export interface PlaceBetRequest {
  /** uuid per submission attempt; the same on a retry of that attempt (the server answers it once). */
  readonly requestId: string;
  readonly payType: PayTypeName;
  readonly amount: Tzs;
  readonly selections: readonly { readonly selectionId: string; readonly odds: OddsText }[];
  readonly oddsChange: OddsChangePolicy;
  /** The layout the bet is placed from (picks the server's rolling-bet delay for live bets). */
  readonly channel: BetChannel;
}

/** GraphQL `NoBetItem`. */
export interface NoBetItem {
  readonly selectionId: string;
  /** SELECTION_NOT_FOUND, MATCH_UNAVAILABLE, MATCH_NOT_OPEN, SELECTION_SUSPENDED, LIVE_BETTING_NOT_OFFERED, ODDS_CHANGED, MARKET_NOT_SETTLED_HERE. */
  readonly code: string;
  readonly currentOdds?: OddsText | null;
}

/** GraphQL `PlaceBetResult` (the order reduced to what the slip shows). */
export interface PlaceBetAnswer {
  readonly status: 'PLACED' | 'REJECTED';
  readonly code?: string | null;
  readonly message?: string | null;
  readonly nobetList: readonly NoBetItem[];
  readonly order?: { readonly id: string; readonly serial: string } | null;
}

/** GraphQL `BookingSelection`. */
export interface BookingSelection {
  readonly selectionId: string;
  readonly available: boolean;
  readonly code?: string | null;
  readonly odds?: OddsText | null;
  readonly matchId?: string | null;
  readonly home?: string | null;
  readonly away?: string | null;
  readonly marketName?: string | null;
  readonly selectionName?: string | null;
  readonly matchStatus?: number | null;
}

/** GraphQL `BookingCode`. */
export interface BookingCode {
  readonly code: string;
  readonly selections: readonly BookingSelection[];
}

/** GraphQL `SelectionUpdate` (spec §4 `monitoring`). */
export interface SelectionUpdate {
  readonly selectionId: string;
  readonly matchId: string;
  readonly odds: OddsText | null;
  readonly statusId: number;
  readonly isLive: boolean;
}

/** GraphQL `MatchUpdate` (spec §4 `update_match_odds`), the fields the slip reads. */
export interface MatchUpdate {
  readonly matchId: string;
  readonly status: number;
  readonly objectVersion: number;
  readonly visible: boolean;
  readonly suspended: boolean;
}

/** GraphQL `LiveUpdate` of `watchMatches`. */
export interface LiveUpdate {
  readonly selections: readonly SelectionUpdate[];
  readonly matches: readonly MatchUpdate[];
}

/** The player's money as the wallet reports it; null balance = visitor (not logged in). */
export interface Account {
  readonly loggedIn: boolean;
  readonly balance: Tzs;
  readonly credit: Tzs;
  /** Withdrawals in flight, already out of `balance` (shown in the balance dropdown; issue 16 item 8). */
  readonly reserved?: Tzs;
}

/** A transient message of the slip: an i18n code (`betslip.notice.*` / `codes.*`) and its values. */
export interface Notice {
  readonly kind: 'error' | 'success' | 'info';
  readonly code: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** The share popover's content (spec §2): the booking code and `<origin>/?code=XXXX`. */
export interface SharedSlip {
  readonly code: string;
  readonly link: string;
}

export type { PayType };
