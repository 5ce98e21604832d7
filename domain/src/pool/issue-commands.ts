/**
 * Pool-game issue commands (streams `jackpot-<issueId>`, `luckysix-<roundId>`). Time (`at`, ISO-8601
 * with zone), ids and the sales figures come inside the commands: the decider reads no clock.
 */
import type { PoolActor, PoolMatch } from './issue-events.ts';
import type { PoolMatchResult } from './results.ts';
import type { PoolTerms } from './terms.ts';

interface Base {
  readonly issueId: string;
  readonly at: string;
  readonly actor: PoolActor;
}

/** A catalogue match offered for an issue; `visible` is the catalogue's visible flag (spec §3 "Match"). */
export interface CandidateMatch extends PoolMatch {
  readonly visible: boolean;
}

/** Staff build an issue from `terms.guessNumber` upcoming, visible matches (issue 18 "Jackpot issue"). */
export interface CreateIssue extends Base {
  readonly type: 'CreateIssue';
  /** The sequence number; the identifier is `terms.identifierPrefix` + it, zero-padded to 4 digits. */
  readonly sequence: number;
  readonly terms: PoolTerms;
  readonly matches: readonly CandidateMatch[];
  /** The previous issue's carry-over, TZS. */
  readonly carriedOver: number;
}
export interface OpenIssue extends Base {
  readonly type: 'OpenIssue';
}
/** Closes entries: at the first kick-off (system), or earlier by staff. */
export interface CloseIssue extends Base {
  readonly type: 'CloseIssue';
}
/** Records (or corrects) a match's result: its outcome, or void. */
export interface RecordMatchResult extends Base {
  readonly type: 'RecordMatchResult';
  readonly matchId: string;
  readonly result: PoolMatchResult;
}
/**
 * Settles (or re-settles) once every match is decided. The settlement process counts the sales and the
 * winning lines over the issue's tickets (`lineHitCounts`) and passes them in.
 */
export interface SettleIssue extends Base {
  readonly type: 'SettleIssue';
  readonly tickets: number;
  readonly lines: number;
  /** Stakes of every paid ticket, TZS (= lines × bet_amount). */
  readonly stakes: number;
  /** Lines with exactly `hits` correct, over every ticket; tiers missing here had no winner. */
  readonly winningLines: Readonly<Record<number, number>>;
}
/** Staff cancel the issue: every stake is refunded, an earlier settlement reversed. */
export interface CancelIssue extends Base {
  readonly type: 'CancelIssue';
  readonly reason: string;
}

export type IssueCommand =
  CreateIssue | OpenIssue | CloseIssue | RecordMatchResult | SettleIssue | CancelIssue;
