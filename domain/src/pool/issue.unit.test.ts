import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/given-when-then.ts';
import { AFTER, BEFORE, candidates, createIssue, createLuckySix, LATER, STAFF, SYSTEM } from './fixtures.ts';
import type { IssueCommand } from './issue-commands.ts';
import { issueView, type IssueEvent } from './issue-events.ts';
import { issueStream, poolIssueDecider } from './index.ts';
import type { PoolMatchResult } from './results.ts';
import { DEFAULT_JACKPOT_TERMS as JP } from './terms.ts';

const spec = deciderSpec(poolIssueDecider);
const OPEN_AT = '2026-06-05T13:00:00+03:00';

const created = (): IssueEvent => {
  const d = poolIssueDecider.decide(createIssue(), poolIssueDecider.initialState());
  if (!d.ok) throw new Error(d.error.code);
  return d.events[0] as IssueEvent;
};
const opened: IssueEvent = { type: 'IssueOpened', data: { issueId: 'i1', at: OPEN_AT, actor: SYSTEM } };
const closed: IssueEvent = { type: 'IssueClosed', data: { issueId: 'i1', at: AFTER, actor: SYSTEM } };
const one: PoolMatchResult = { kind: 'outcome', outcome: '1' };
const voided: PoolMatchResult = { kind: 'void', reason: 'cancelled' };
const recorded = (matchId: string, result: PoolMatchResult = one, correction = false): IssueEvent => ({
  type: 'MatchResultRecorded',
  data: { issueId: 'i1', at: LATER, matchId, result, correction, actor: SYSTEM },
});
const allRecorded = (n = 13) => Array.from({ length: n }, (_, i) => recorded(`m${i + 1}`));
const record = (matchId: string, result: PoolMatchResult = one): IssueCommand => ({
  type: 'RecordMatchResult',
  issueId: 'i1',
  at: LATER,
  actor: SYSTEM,
  matchId,
  result,
});
const settle = (over: Partial<Extract<IssueCommand, { type: 'SettleIssue' }>> = {}): IssueCommand => ({
  type: 'SettleIssue',
  issueId: 'i1',
  at: LATER,
  actor: SYSTEM,
  tickets: 10_000,
  lines: 40_000,
  stakes: 40_000_000,
  winningLines: { 12: 3, 11: 41, 10: 388 },
  ...over,
});

describe('pool issue: creation (issue 18 "Jackpot issue")', () => {
  it('builds an issue from 13 visible upcoming matches: identifier prefix + sequence, closes at the first kick-off', () => {
    const shuffled = [...candidates(13)].reverse();
    const { events } = spec
      .given()
      .when(createIssue(JP, { matches: shuffled }))
      .thenAccepted();
    expect(events[0]).toMatchObject({
      type: 'IssueCreated',
      data: { identifier: 'JP0042', game: 'jackpot', closesAt: '2026-06-06T15:00:00+03:00', carriedOver: 0 },
    });
    if (events[0]?.type === 'IssueCreated') expect(events[0].data.matches[0]?.matchId).toBe('m1');
    expect(issueStream('jackpot', 'i1')).toBe('jackpot-i1');
    expect(issueStream('luckysix', 'r1')).toBe('luckysix-r1');
  });

  it('refuses the wrong number of matches, a repeated, hidden or started match', () => {
    const twelve = createIssue(JP, { matches: candidates(12) });
    spec
      .given()
      .when(twelve)
      .thenRefused('JACKPOT_INVALID_MATCHES', { details: { problem: 'count', expected: 13, given: 12 } });
    const dup = createIssue(JP, { matches: [...candidates(12), candidates(1)[0]!] });
    spec
      .given()
      .when(dup)
      .thenRefused('JACKPOT_INVALID_MATCHES', { details: { problem: 'duplicate' } });
    const hidden = createIssue(JP, {
      matches: candidates(13).map((m, i) => (i === 4 ? { ...m, visible: false } : m)),
    });
    spec
      .given()
      .when(hidden)
      .thenRefused('JACKPOT_INVALID_MATCHES', { details: { problem: 'hidden' } });
    spec
      .given()
      .when(createIssue(JP, { at: AFTER }))
      .thenRefused('JACKPOT_INVALID_MATCHES', { details: { problem: 'started' } });
    spec
      .given()
      .when(createIssue({ ...JP, increment: '2' }))
      .thenRefused('JACKPOT_INVALID_TERMS');
  });

  it('a Lucky Six round takes 6 matches', () => {
    const { events } = spec.given().when(createLuckySix()).thenAccepted();
    expect(events[0]).toMatchObject({ data: { game: 'luckysix', identifier: 'L60042' } });
  });

  it('creating again is a no-op; another issue under the same id is refused', () => {
    spec.given(created()).when(createIssue()).thenNothing();
    spec
      .given(created())
      .when(createIssue(JP, { sequence: 43 }))
      .thenRefused('JACKPOT_ALREADY_EXISTS');
  });
});

describe('pool issue: open and close', () => {
  it('opens before the first kick-off; not after; closes once', () => {
    spec.given(created()).when({ type: 'OpenIssue', issueId: 'i1', at: OPEN_AT, actor: SYSTEM }).then(opened);
    spec
      .given(created())
      .when({ type: 'OpenIssue', issueId: 'i1', at: AFTER, actor: STAFF })
      .thenRefused('JACKPOT_CLOSED');
    spec
      .given(created(), opened)
      .when({ type: 'CloseIssue', issueId: 'i1', at: AFTER, actor: SYSTEM })
      .then(closed);
    spec
      .given(created(), opened, closed)
      .when({ type: 'CloseIssue', issueId: 'i1', at: AFTER, actor: SYSTEM })
      .thenNothing();
    spec
      .given()
      .when({ type: 'OpenIssue', issueId: 'i1', at: BEFORE, actor: STAFF })
      .thenRefused('JACKPOT_NOT_FOUND');
  });

  it('the issue view a purchase reads', () => {
    const state = spec.given(created(), opened).when(record('m1')).state;
    expect(issueView(state)).toMatchObject({
      issueId: 'i1',
      status: 'open',
      closesAt: '2026-06-06T15:00:00+03:00',
    });
    expect(issueView(state)?.matchIds).toHaveLength(13);
  });
});

describe('pool issue: results', () => {
  it('a first result closes an issue still open; the same result again is a no-op; a different one is a correction', () => {
    spec
      .given(created(), opened)
      .when(record('m1'))
      .then(
        closed.type === 'IssueClosed' ? { ...closed, data: { ...closed.data, at: LATER } } : closed,
        recorded('m1'),
      );
    spec.given(created(), opened, closed, recorded('m1')).when(record('m1')).thenNothing();
    spec
      .given(created(), opened, closed, recorded('m1'))
      .when(record('m1', { kind: 'outcome', outcome: 'X' }))
      .then(recorded('m1', { kind: 'outcome', outcome: 'X' }, true));
    spec.given(created(), opened, closed).when(record('m99')).thenRefused('JACKPOT_UNKNOWN_MATCH');
  });

  it('the fourth void match cancels the jackpot (never keeps the stakes)', () => {
    const three = ['m1', 'm2', 'm3'].map((m) => recorded(m, voided));
    spec
      .given(created(), opened, closed, ...three)
      .when(record('m4', voided))
      .then(recorded('m4', voided), {
        type: 'IssueCancelled',
        data: {
          issueId: 'i1',
          at: LATER,
          reason: 'too_many_void',
          note: 'more than 3 void matches',
          voidMatches: 4,
          reversedSettlementNo: null,
          actor: SYSTEM,
        },
      });
    spec
      .given(created(), opened, closed, ...three)
      .when(record('m4'))
      .then(recorded('m4'));
  });
});

describe('pool issue: settlement', () => {
  it('waits for every result', () => {
    spec
      .given(created(), opened, closed, ...allRecorded(12))
      .when(settle())
      .thenRefused('JACKPOT_RESULTS_PENDING', { details: { pending: ['m13'] } });
  });

  it('settles the pool once; settling again changes nothing', () => {
    const { events, state } = spec
      .given(created(), opened, closed, ...allRecorded())
      .when(settle())
      .thenAccepted();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'IssueSettled',
      data: { settlementNo: 1, settlement: { pool: 6_000_000, carryOver: expect.any(Number) } },
    });
    spec.givenState(state).when(settle()).thenNothing();
  });

  it('a corrected result re-settles: previous and new settlement', () => {
    const settled = spec
      .given(created(), opened, closed, ...allRecorded())
      .when(settle())
      .thenAccepted().state;
    const corrected = spec
      .givenState(settled)
      .when(record('m5', { kind: 'outcome', outcome: '2' }))
      .thenAccepted().state;
    const { events } = spec
      .givenState(corrected)
      .when(settle({ winningLines: { 13: 1, 12: 2 } }))
      .thenAccepted();
    expect(events[0]).toMatchObject({
      type: 'IssueResettled',
      data: { settlementNo: 2, settlement: { seedPaid: 200_000_000 } },
    });
    if (events[0]?.type === 'IssueResettled') expect(events[0].data.previous.tiers[0]?.winningLines).toBe(0);
  });

  it('refuses sales that do not add up', () => {
    const given = [created(), opened, closed, ...allRecorded()];
    spec
      .given(...given)
      .when(settle({ stakes: 39_999_000 }))
      .thenRefused('JACKPOT_INVALID_SALES');
    spec
      .given(...given)
      .when(settle({ winningLines: { 13: 40_001 } }))
      .thenRefused('JACKPOT_INVALID_SALES');
    spec
      .given(...given)
      .when(settle({ winningLines: { 12: -1 } }))
      .thenRefused('JACKPOT_INVALID_SALES');
  });
});

describe('pool issue: cancellation by staff', () => {
  it('staff only, with a reason; reverses an earlier settlement; again is a no-op', () => {
    const cancel = {
      type: 'CancelIssue',
      issueId: 'i1',
      at: LATER,
      actor: STAFF,
      reason: 'feed error',
    } as const;
    spec
      .given(created(), opened)
      .when({ ...cancel, actor: SYSTEM })
      .thenRefused('STAFF_ONLY');
    spec
      .given(created(), opened)
      .when({ ...cancel, reason: ' ' })
      .thenRefused('REASON_REQUIRED');
    const settled = spec
      .given(created(), opened, closed, ...allRecorded())
      .when(settle())
      .thenAccepted().state;
    const { events, state } = spec.givenState(settled).when(cancel).thenAccepted();
    expect(events[0]).toMatchObject({
      type: 'IssueCancelled',
      data: { reason: 'staff', reversedSettlementNo: 1 },
    });
    spec.givenState(state).when(cancel).thenNothing();
    spec.givenState(state).when(settle()).thenRefused('JACKPOT_CANCELLED');
  });
});
