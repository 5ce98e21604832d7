/**
 * Pool-game issue `decide` (issue 18 rules; spec §3 "Jackpot issue"; betting-rules §5). Errors:
 * `JACKPOT_NOT_FOUND`, `JACKPOT_ALREADY_EXISTS`, `JACKPOT_INVALID_TERMS`, `JACKPOT_INVALID_MATCHES`,
 * `JACKPOT_CLOSED`, `JACKPOT_CANCELLED`, `JACKPOT_UNKNOWN_MATCH`, `JACKPOT_RESULTS_PENDING`,
 * `JACKPOT_INVALID_SALES`, `STAFF_ONLY`, `REASON_REQUIRED`. Repeating a command already applied is
 * accepted with no events (settling twice equals settling once).
 *
 * created → open → closed → settled (→ re-settled on a correction); any but cancelled → cancelled
 * (by staff, or when a result makes more than `maxVoid` matches void).
 */
import { accept, refuse, type Decision } from '../decider.ts';
import { instantMs } from '../config/versions.ts';
import { poolError } from './constants.ts';
import { sameValue } from './same-value.ts';
import type * as C from './issue-commands.ts';
import type { IssueCreated, IssueEvent, IssueState } from './issue-events.ts';
import { settlePool } from './pool.ts';
import { sameResult, tooManyVoid, voidCount } from './results.ts';
import { termsError } from './terms.ts';

type D = Decision<IssueEvent>;

const notFound = () => refuse<IssueEvent>(poolError('JACKPOT_NOT_FOUND', { field: 'issueId' }));
const cancelled = () => refuse<IssueEvent>(poolError('JACKPOT_CANCELLED'));
const isWhole = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** The identifier of issue `sequence` under `prefix`: `JP` + `0042`. */
export const issueIdentifier = (prefix: string, sequence: number): string =>
  `${prefix}${String(sequence).padStart(4, '0')}`;

const create = (c: C.CreateIssue, s: IssueState): D => {
  if (s.status !== 'none') {
    const same =
      s.created?.identifier === issueIdentifier(c.terms.identifierPrefix, c.sequence) &&
      s.created.matches.length === c.matches.length &&
      c.matches.every((m) => s.created?.matches.some((k) => k.matchId === m.matchId));
    return same ? accept() : refuse(poolError('JACKPOT_ALREADY_EXISTS', { field: 'issueId' }));
  }
  if (c.actor.kind !== 'staff' && c.actor.kind !== 'system') return refuse(poolError('STAFF_ONLY'));
  const termsProblem = termsError(c.terms);
  if (termsProblem) return refuse(termsProblem);
  if (!isWhole(c.carriedOver) || !isWhole(c.sequence))
    return refuse(poolError('JACKPOT_INVALID_TERMS', { field: 'carriedOver' }));
  const at = instantMs(c.at);
  const ids = new Set(c.matches.map((m) => m.matchId));
  const problem =
    c.matches.length !== c.terms.guessNumber
      ? 'count'
      : ids.size !== c.matches.length
        ? 'duplicate'
        : c.matches.some((m) => !m.visible)
          ? 'hidden'
          : c.matches.some((m) => instantMs(m.kickOff, 'kickOff') <= at)
            ? 'started'
            : undefined;
  if (problem)
    return refuse(
      poolError('JACKPOT_INVALID_MATCHES', {
        field: 'matches',
        details: { problem, expected: c.terms.guessNumber, given: c.matches.length },
      }),
    );
  const matches = [...c.matches]
    .sort((a, b) => instantMs(a.kickOff) - instantMs(b.kickOff))
    .map(({ matchId, home, away, kickOff }) => ({ matchId, home, away, kickOff }));
  const data: IssueCreated['data'] = {
    issueId: c.issueId,
    at: c.at,
    game: c.terms.game,
    identifier: issueIdentifier(c.terms.identifierPrefix, c.sequence),
    terms: c.terms,
    matches,
    closesAt: matches[0]?.kickOff ?? c.at,
    carriedOver: c.carriedOver,
    actor: c.actor,
  };
  return accept({ type: 'IssueCreated', data });
};

const open = (c: C.OpenIssue, s: IssueState): D => {
  if (s.created === null) return notFound();
  if (s.status === 'open') return accept();
  if (s.status === 'cancelled') return cancelled();
  if (s.status !== 'created' || instantMs(c.at) >= instantMs(s.created.closesAt))
    return refuse(poolError('JACKPOT_CLOSED'));
  return accept({ type: 'IssueOpened', data: { issueId: c.issueId, at: c.at, actor: c.actor } });
};

const close = (c: C.CloseIssue, s: IssueState): D => {
  if (s.created === null) return notFound();
  if (s.status === 'cancelled') return cancelled();
  if (s.status === 'closed' || s.status === 'settled') return accept();
  return accept({ type: 'IssueClosed', data: { issueId: c.issueId, at: c.at, actor: c.actor } });
};

const recordResult = (c: C.RecordMatchResult, s: IssueState): D => {
  if (s.created === null) return notFound();
  if (s.status === 'cancelled') return cancelled();
  if (!s.created.matches.some((m) => m.matchId === c.matchId))
    return refuse(poolError('JACKPOT_UNKNOWN_MATCH', { field: 'matchId', details: { matchId: c.matchId } }));
  const earlier = s.results[c.matchId];
  if (sameResult(earlier, c.result)) return accept();
  const events: IssueEvent[] = [];
  // A result means the match kicked off: entries must already be closed.
  if (s.status === 'created' || s.status === 'open')
    events.push({ type: 'IssueClosed', data: { issueId: c.issueId, at: c.at, actor: c.actor } });
  events.push({
    type: 'MatchResultRecorded',
    data: {
      issueId: c.issueId,
      at: c.at,
      matchId: c.matchId,
      result: c.result,
      correction: earlier !== undefined,
      actor: c.actor,
    },
  });
  const results = Object.values({ ...s.results, [c.matchId]: c.result });
  if (tooManyVoid(results, s.created.terms.maxVoid))
    events.push({
      type: 'IssueCancelled',
      data: {
        issueId: c.issueId,
        at: c.at,
        reason: 'too_many_void',
        note: `more than ${s.created.terms.maxVoid} void matches`,
        voidMatches: voidCount(results),
        reversedSettlementNo: s.settlement ? s.settlementNo : null,
        actor: c.actor,
      },
    });
  return accept(...events);
};

const settle = (c: C.SettleIssue, s: IssueState): D => {
  if (s.created === null) return notFound();
  if (s.status === 'cancelled') return cancelled();
  const { terms, matches, carriedOver } = s.created;
  const pending = matches.filter((m) => s.results[m.matchId] === undefined).map((m) => m.matchId);
  if (pending.length > 0) return refuse(poolError('JACKPOT_RESULTS_PENDING', { details: { pending } }));
  const counts = Object.entries(c.winningLines);
  const winning = counts.reduce((sum, [, n]) => sum + n, 0);
  if (
    ![c.tickets, c.lines, c.stakes].every(isWhole) ||
    counts.some(([hits, n]) => !isWhole(n) || !isWhole(Number(hits)) || Number(hits) > terms.guessNumber) ||
    winning > c.lines ||
    c.stakes !== c.lines * terms.betAmount ||
    c.tickets > c.lines
  )
    return refuse(poolError('JACKPOT_INVALID_SALES', { field: 'winningLines' }));
  const settlement = settlePool(terms, { carriedOver, stakes: c.stakes, winningLines: c.winningLines });
  const base = { issueId: c.issueId, at: c.at, results: s.results, tickets: c.tickets, lines: c.lines };
  if (s.settlement === null)
    return accept({ type: 'IssueSettled', data: { ...base, settlementNo: 1, settlement } });
  const unchanged =
    sameValue(s.settlement, settlement) &&
    s.settledOn !== null &&
    matches.every((m) => sameResult(s.settledOn?.results[m.matchId], s.results[m.matchId]));
  if (unchanged) return accept();
  return accept({
    type: 'IssueResettled',
    data: { ...base, settlementNo: s.settlementNo + 1, previous: s.settlement, settlement },
  });
};

const cancel = (c: C.CancelIssue, s: IssueState): D => {
  if (s.created === null) return notFound();
  if (c.actor.kind !== 'staff') return refuse(poolError('STAFF_ONLY', { field: 'actor' }));
  if (c.reason.trim() === '') return refuse(poolError('REASON_REQUIRED', { field: 'reason' }));
  if (s.status === 'cancelled') return accept();
  return accept({
    type: 'IssueCancelled',
    data: {
      issueId: c.issueId,
      at: c.at,
      reason: 'staff',
      note: c.reason,
      voidMatches: voidCount(Object.values(s.results)),
      reversedSettlementNo: s.settlement ? s.settlementNo : null,
      actor: c.actor,
    },
  });
};

/** Decides an issue command against the issue's state. */
export const decideIssue = (c: C.IssueCommand, s: IssueState): D => {
  switch (c.type) {
    case 'CreateIssue':
      return create(c, s);
    case 'OpenIssue':
      return open(c, s);
    case 'CloseIssue':
      return close(c, s);
    case 'RecordMatchResult':
      return recordResult(c, s);
    case 'SettleIssue':
      return settle(c, s);
    case 'CancelIssue':
      return cancel(c, s);
  }
};
