import { describe, expect, it } from 'vitest';
import { POOL_ERRORS } from './constants.ts';
import { jackpotPicks } from './fixtures.ts';
import {
  expandLines,
  LUCKY_SIX_OUTCOMES,
  orderPicks,
  outcomeOfScore,
  picksError,
  ticketShape,
} from './picks.ts';
import { DEFAULT_JACKPOT_TERMS as JP, DEFAULT_LUCKY_SIX_TERMS as L6 } from './terms.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `m${i + 1}`);

describe('picks: validation (spec §5 "Jackpot", §8 messages)', () => {
  it('accepts one result per match, or doubles up to max_choose', () => {
    expect(picksError(jackpotPicks(), ids(13), JP)).toBeUndefined();
    expect(picksError(jackpotPicks(13, [1, 2, 3, 4, 5]), ids(13), JP)).toBeUndefined();
  });

  it('refuses more doubles than max_choose with "Limit of doubles reached"', () => {
    const error = picksError(jackpotPicks(13, [1, 2, 3, 4, 5, 6]), ids(13), JP);
    expect(error).toMatchObject({
      code: 'JACKPOT_TOO_MANY_DOUBLES',
      message: POOL_ERRORS.JACKPOT_TOO_MANY_DOUBLES,
      details: { doubles: 6, maxChoose: 5 },
    });
  });

  it('refuses a triple, a missing pick, an empty pick, an unknown or repeated match, a bad outcome', () => {
    const picks = jackpotPicks();
    const triple = picks.map((p, i) => (i === 3 ? { ...p, outcomes: ['1', 'X', '2'] } : p));
    expect(picksError(triple, ids(13), JP)?.code).toBe('JACKPOT_TRIPLE_NOT_ALLOWED');
    expect(picksError(triple, ids(13), JP)?.message).toBe('Triples not allowed');
    expect(picksError(picks.slice(1), ids(13), JP)).toMatchObject({
      code: 'JACKPOT_PICK_REQUIRED',
      message: 'Select a result',
      details: { matchId: 'm1' },
    });
    const empty = picks.map((p, i) => (i === 0 ? { ...p, outcomes: [] } : p));
    expect(picksError(empty, ids(13), JP)?.code).toBe('JACKPOT_PICK_REQUIRED');
    expect(picksError([...picks, { matchId: 'm99', outcomes: ['1'] }], ids(13), JP)?.code).toBe(
      'JACKPOT_UNKNOWN_MATCH',
    );
    expect(picksError([...picks, { matchId: 'm2', outcomes: ['2'] }], ids(13), JP)?.code).toBe(
      'JACKPOT_UNKNOWN_MATCH',
    );
    const bad = picks.map((p, i) => (i === 0 ? { ...p, outcomes: ['3'] } : p));
    expect(picksError(bad, ids(13), JP)?.code).toBe('JACKPOT_INVALID_PICK');
    const twice = picks.map((p, i) => (i === 0 ? { ...p, outcomes: ['1', '1'] } : p));
    expect(picksError(twice, ids(13), JP)?.code).toBe('JACKPOT_INVALID_PICK');
  });

  it('Lucky Six: exact scores 0-0..5-5 or other, one per match (no doubles by default)', () => {
    expect(LUCKY_SIX_OUTCOMES).toHaveLength(37);
    const picks = ids(6).map((matchId) => ({ matchId, outcomes: ['1-0'] }));
    expect(picksError(picks, ids(6), L6)).toBeUndefined();
    const other = picks.map((p, i) => (i === 0 ? { ...p, outcomes: ['other'] } : p));
    expect(picksError(other, ids(6), L6)).toBeUndefined();
    const two = picks.map((p, i) => (i === 0 ? { ...p, outcomes: ['1-0', '2-0'] } : p));
    expect(picksError(two, ids(6), L6)).toMatchObject({
      code: 'JACKPOT_TOO_MANY_CHOICES',
      message: 'Too many choices',
    });
    const six = picks.map((p, i) => (i === 0 ? { ...p, outcomes: ['6-0'] } : p));
    expect(picksError(six, ids(6), L6)?.code).toBe('JACKPOT_INVALID_PICK');
    const x = picks.map((p, i) => (i === 0 ? { ...p, outcomes: ['X'] } : p));
    expect(picksError(x, ids(6), L6)?.code).toBe('JACKPOT_INVALID_PICK');
  });
});

describe('picks: lines and stake (betting-rules §5)', () => {
  it('two doubles: 4 lines, 4,000 TZS at 1,000 a line', () => {
    expect(ticketShape(jackpotPicks(13, [2, 7]), JP.betAmount)).toEqual({
      doubles: 2,
      lines: 4,
      stake: 4_000,
    });
    expect(ticketShape(jackpotPicks(), JP.betAmount)).toEqual({ doubles: 0, lines: 1, stake: 1_000 });
  });

  it('expands a ticket into its lines, one outcome per match', () => {
    const lines = expandLines(jackpotPicks(3, [1, 3]));
    expect(lines).toEqual([
      ['1', '1', '1'],
      ['1', '1', 'X'],
      ['X', '1', '1'],
      ['X', '1', 'X'],
    ]);
  });

  it('orders picks by the issue and outcomes by 1, X, 2', () => {
    const picks = [
      { matchId: 'm2', outcomes: ['2', '1'] },
      { matchId: 'm1', outcomes: ['X'] },
    ];
    expect(orderPicks(picks, ['m1', 'm2'], 'jackpot')).toEqual([
      { matchId: 'm1', outcomes: ['X'] },
      { matchId: 'm2', outcomes: ['1', '2'] },
    ]);
  });

  it('reads the 90-minute score as 1X2 or as a Lucky Six score', () => {
    expect(outcomeOfScore('jackpot', { home: 2, away: 1 })).toBe('1');
    expect(outcomeOfScore('jackpot', { home: 0, away: 0 })).toBe('X');
    expect(outcomeOfScore('jackpot', { home: 0, away: 3 })).toBe('2');
    expect(outcomeOfScore('luckysix', { home: 5, away: 5 })).toBe('5-5');
    expect(outcomeOfScore('luckysix', { home: 6, away: 0 })).toBe('other');
  });
});
