/**
 * Pool-game issue events, state and `evolve` (streams `jackpot-<issueId>` and `luckysix-<roundId>`;
 * architecture.md §3; spec §3 "Jackpot issue": identifier, prefix, prize pool, settlement status).
 * An issue copies its type's terms at creation, so editing the type never changes an issue sold.
 * Amounts are integer TZS; instants ISO-8601 with zone, given by commands.
 */
import type { PoolSettlement } from './pool.ts';
import type { PoolMatchResult } from './results.ts';
import type { PoolGame, PoolTerms } from './terms.ts';

/** Who acted: staff in the back office, or the system (the settlement process, the clock). */
export interface PoolActor {
  readonly kind: 'staff' | 'system' | 'player';
  readonly id: string;
}

/** One match of an issue, from the catalogue. `kickOff` ISO-8601 with zone. */
export interface PoolMatch {
  readonly matchId: string;
  readonly home: string;
  readonly away: string;
  readonly kickOff: string;
}

/** Why an issue was cancelled: too many void matches (the void rule), or by staff. */
export type CancelReason = 'too_many_void' | 'staff';

interface At {
  readonly issueId: string;
  readonly at: string;
}

export type IssueCreated = {
  readonly type: 'IssueCreated';
  readonly data: At & {
    readonly game: PoolGame;
    /** spec "identifier (period)": the type's prefix plus a sequence, e.g. `JP0042`. */
    readonly identifier: string;
    readonly terms: PoolTerms;
    readonly matches: readonly PoolMatch[];
    /** Entries close at the first kick-off (ISO-8601). */
    readonly closesAt: string;
    /** The pool carried over from the previous issue, TZS. */
    readonly carriedOver: number;
    readonly actor: PoolActor;
  };
};
export type IssueOpened = { readonly type: 'IssueOpened'; readonly data: At & { readonly actor: PoolActor } };
export type IssueClosed = { readonly type: 'IssueClosed'; readonly data: At & { readonly actor: PoolActor } };
/** A match's result; `correction` when it replaces an earlier one. */
export type MatchResultRecorded = {
  readonly type: 'MatchResultRecorded';
  readonly data: At & {
    readonly matchId: string;
    readonly result: PoolMatchResult;
    readonly correction: boolean;
    readonly actor: PoolActor;
  };
};
/** First settlement: every ticket is paid from `settlement` (prize per line by tier). */
export type IssueSettled = {
  readonly type: 'IssueSettled';
  readonly data: At & {
    readonly settlementNo: number;
    readonly results: Readonly<Record<string, PoolMatchResult>>;
    readonly tickets: number;
    readonly lines: number;
    readonly settlement: PoolSettlement;
  };
};
/** Re-settlement after a corrected result or corrected sales: tickets reverse `previous`, then apply `settlement`. */
export type IssueResettled = {
  readonly type: 'IssueResettled';
  readonly data: At & {
    readonly settlementNo: number;
    readonly results: Readonly<Record<string, PoolMatchResult>>;
    readonly tickets: number;
    readonly lines: number;
    readonly previous: PoolSettlement;
    readonly settlement: PoolSettlement;
  };
};
/** Cancelled: every stake is refunded (never kept), an earlier settlement reversed (`reversedSettlementNo`). */
export type IssueCancelled = {
  readonly type: 'IssueCancelled';
  readonly data: At & {
    readonly reason: CancelReason;
    readonly note: string;
    readonly voidMatches: number;
    readonly reversedSettlementNo: number | null;
    readonly actor: PoolActor;
  };
};

export type IssueEvent =
  | IssueCreated
  | IssueOpened
  | IssueClosed
  | MatchResultRecorded
  | IssueSettled
  | IssueResettled
  | IssueCancelled;

/** Issue status: created (not yet on sale), open, closed (awaiting results), settled, cancelled. */
export type IssueStatus = 'none' | 'created' | 'open' | 'closed' | 'settled' | 'cancelled';

export interface IssueState {
  readonly status: IssueStatus;
  readonly created: IssueCreated['data'] | null;
  readonly results: Readonly<Record<string, PoolMatchResult>>;
  readonly settlementNo: number;
  readonly settlement: PoolSettlement | null;
  /** The results and sales the current settlement used. */
  readonly settledOn: {
    readonly results: Readonly<Record<string, PoolMatchResult>>;
    readonly tickets: number;
    readonly lines: number;
  } | null;
}

export const initialIssueState = (): IssueState => ({
  status: 'none',
  created: null,
  results: {},
  settlementNo: 0,
  settlement: null,
  settledOn: null,
});

export const evolveIssue = (state: IssueState, event: IssueEvent): IssueState => {
  switch (event.type) {
    case 'IssueCreated':
      return { ...state, status: 'created', created: event.data };
    case 'IssueOpened':
      return { ...state, status: 'open' };
    case 'IssueClosed':
      return { ...state, status: 'closed' };
    case 'MatchResultRecorded':
      return { ...state, results: { ...state.results, [event.data.matchId]: event.data.result } };
    case 'IssueSettled':
    case 'IssueResettled':
      return {
        ...state,
        status: 'settled',
        settlementNo: event.data.settlementNo,
        settlement: event.data.settlement,
        settledOn: { results: event.data.results, tickets: event.data.tickets, lines: event.data.lines },
      };
    case 'IssueCancelled':
      return { ...state, status: 'cancelled' };
  }
};

/** What a ticket purchase needs to know of its issue (read from the issue's stream by the handler). */
export interface IssueView {
  readonly issueId: string;
  readonly status: IssueStatus;
  readonly closesAt: string;
  readonly matchIds: readonly string[];
  readonly terms: PoolTerms;
}

/** The {@link IssueView} of an issue's state, or `null` when the issue does not exist. */
export const issueView = (state: IssueState): IssueView | null =>
  state.created === null
    ? null
    : {
        issueId: state.created.issueId,
        status: state.status,
        closesAt: state.created.closesAt,
        matchIds: state.created.matches.map((m) => m.matchId),
        terms: state.created.terms,
      };
