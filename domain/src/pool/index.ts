/**
 * Pool games (issue 18): the 13-match jackpot (`jackpot-<issueId>`) and Lucky Six (`luckysix-<roundId>`)
 * as one engine; tickets in `poolticket-<ticketId>`. Rules and worked examples: docs/pool-games.md.
 */
import type { Decider } from '../decider.ts';
import type { IssueCommand } from './issue-commands.ts';
import { decideIssue } from './issue-decide.ts';
import { evolveIssue, initialIssueState, type IssueEvent, type IssueState } from './issue-events.ts';
import type { PoolGame } from './terms.ts';
import type { TicketCommand } from './ticket-commands.ts';
import { decideTicket } from './ticket-decide.ts';
import { evolveTicket, initialTicketState, type TicketEvent, type TicketState } from './ticket-events.ts';

export * from './constants.ts';
export * from './terms.ts';
export * from './picks.ts';
export * from './results.ts';
export * from './hits.ts';
export * from './pool.ts';
export * from './ticket-prize.ts';
export * from './rules.ts';
export * from './spec-record.ts';
export * from './issue-events.ts';
export type * from './issue-commands.ts';
export { decideIssue, issueIdentifier } from './issue-decide.ts';
export * from './ticket-events.ts';
export type * from './ticket-commands.ts';
export { decideTicket } from './ticket-decide.ts';
export { ticketStream, ticketWalletCommands } from './wallet-link.ts';

/** The pool-game issue aggregate: create, open, close, results (void included), settle, re-settle, cancel. */
export const poolIssueDecider: Decider<IssueCommand, IssueEvent, IssueState> = {
  initialState: initialIssueState,
  evolve: evolveIssue,
  decide: decideIssue,
};

/** The pool-game ticket aggregate: buy (idempotent by request id), settle, re-settle, approve, refund. */
export const poolTicketDecider: Decider<TicketCommand, TicketEvent, TicketState> = {
  initialState: initialTicketState,
  evolve: evolveTicket,
  decide: decideTicket,
};

/** The stream of an issue: `jackpot-<issueId>` or `luckysix-<roundId>`. */
export const issueStream = (game: PoolGame, issueId: string): string =>
  `${game === 'jackpot' ? 'jackpot' : 'luckysix'}-${issueId}`;
