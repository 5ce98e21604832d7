import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { deciderSpec } from '../testing/given-when-then.ts';
import { drawOrder, seedHash } from './draw.ts';
import {
  bettingClosedError,
  racingStatusAt,
  roundDecider,
  type RoundCommand,
  type RoundEvent,
  type ScheduleRound,
} from './round.ts';

const spec = deciderSpec(roundDecider);
const SEED = 'c'.repeat(64);
const HASH = seedHash(SEED);
const START = '2026-11-25T12:00:00+03:00';
const END = '2026-11-25T12:02:40+03:00';
const DRAW = '2026-11-25T12:03:00+03:00';

const schedule = (extra: Partial<ScheduleRound> = {}): ScheduleRound => ({
  type: 'ScheduleRound',
  roundId: 'r1',
  at: '2026-11-25T11:59:00+03:00',
  seedHash: HASH,
  startingBetTime: START,
  endBetTime: END,
  drawTime: DRAW,
  noBet: 0,
  ...extra,
});
const scheduled: RoundEvent = {
  type: 'RoundScheduled',
  data: {
    roundId: 'r1',
    at: '2026-11-25T11:59:00+03:00',
    seedHash: HASH,
    startingBetTime: START,
    endBetTime: END,
    drawTime: DRAW,
  },
};
const closed: RoundEvent = { type: 'RoundBettingClosed', data: { roundId: 'r1', at: END } };
const order = drawOrder(SEED, 'r1');
const drawn: RoundEvent = {
  type: 'RoundDrawn',
  data: { roundId: 'r1', at: DRAW, seed: SEED, order, lotteryCombination: order.join(',') },
};
const draw = (seed = SEED, at = DRAW): RoundCommand => ({ type: 'DrawRound', roundId: 'r1', at, seed });
const settle: RoundCommand = {
  type: 'SettleRound',
  roundId: 'r1',
  at: DRAW,
  orders: 3,
  staked: 1_200,
  paid: 969,
};

describe('racing round: scheduling (seed hash published before betting opens)', () => {
  it('given nothing, when scheduled, then the hash and the three times are recorded', () => {
    spec.given().when(schedule()).then(scheduled);
  });
  it('given the same schedule again, then nothing (a restarted scheduler repeats safely)', () => {
    spec.given(scheduled).when(schedule()).thenNothing();
  });
  it('given a schedule, when another one arrives for the round, then RACING_ROUND_EXISTS', () => {
    spec
      .given(scheduled)
      .when(schedule({ drawTime: '2026-11-25T12:04:00+03:00' }))
      .thenRefused('RACING_ROUND_EXISTS');
  });
  it('given no_bet = 1, when scheduling, then RACING_PAUSED (no_bet pauses new rounds)', () => {
    spec
      .given()
      .when(schedule({ noBet: 1 }))
      .thenRefused('RACING_PAUSED');
  });
  it('refuses times out of order and a malformed hash', () => {
    spec
      .given()
      .when(schedule({ endBetTime: START }))
      .thenRefused('RACING_INVALID_TIMES');
    spec
      .given()
      .when(schedule({ drawTime: '2026-11-25T12:02:00+03:00' }))
      .thenRefused('RACING_INVALID_TIMES');
    spec
      .given()
      .when(schedule({ seedHash: 'abc' }))
      .thenRefused('RACING_INVALID_SEED_HASH');
  });
});

describe('racing round: closing, drawing, settling', () => {
  it('closes betting at the end bet time, not before; twice is once', () => {
    const close = (at: string): RoundCommand => ({ type: 'CloseRoundBetting', roundId: 'r1', at });
    spec.given(scheduled).when(close('2026-11-25T12:02:39+03:00')).thenRefused('RACING_TOO_EARLY');
    spec.given(scheduled).when(close(END)).then(closed);
    spec.given(scheduled, closed).when(close(END)).thenNothing();
    spec.given().when(close(END)).thenRefused('RACING_ROUND_NOT_FOUND');
  });
  it('draws from the revealed seed: the order is drawOrder(seed, roundId); an open window closes first', () => {
    spec.given(scheduled, closed).when(draw()).then(drawn);
    spec
      .given(scheduled)
      .when(draw())
      .then({ type: 'RoundBettingClosed', data: { roundId: 'r1', at: DRAW } }, drawn);
  });
  it('refuses a seed that does not match the published hash, and a draw before draw time', () => {
    spec
      .given(scheduled, closed)
      .when(draw('d'.repeat(64)))
      .thenRefused('RACING_SEED_MISMATCH');
    spec.given(scheduled, closed).when(draw(SEED, END)).thenRefused('RACING_TOO_EARLY');
  });
  it('drawing twice with the same seed is once; with another seed it is refused', () => {
    spec.given(scheduled, closed, drawn).when(draw()).thenNothing();
    spec
      .given(scheduled, closed, drawn)
      .when(draw('d'.repeat(64)))
      .thenRefused('RACING_ROUND_DRAWN');
  });
  it('settles once after the draw, with the totals', () => {
    spec.given(scheduled, closed).when(settle).thenRefused('RACING_NOT_DRAWN');
    const state = spec
      .given(scheduled, closed, drawn)
      .when(settle)
      .then({
        type: 'RoundSettled',
        data: { roundId: 'r1', at: DRAW, orders: 3, staked: 1_200, paid: 969 },
      });
    expect(state.status).toBe('settled');
    spec.givenState(state).when(settle).thenNothing();
  });
});

describe('racing round: status and the betting window (spec §4)', () => {
  const state = fold(roundDecider, [scheduled]);
  it('racing status: 1 not started, 2 ongoing, 3 ended', () => {
    expect(racingStatusAt(state, '2026-11-25T11:59:59+03:00')).toBe(1);
    expect(racingStatusAt(state, START)).toBe(2);
    expect(racingStatusAt(state, END)).toBe(3);
    expect(racingStatusAt(fold(roundDecider, [scheduled, closed, drawn]), START)).toBe(3);
  });
  it('betting is open from the start until the end bet time, and never under no_bet or after the draw', () => {
    expect(bettingClosedError(state, 0, '2026-11-25T12:01:00+03:00')).toBeUndefined();
    expect(bettingClosedError(state, 0, '2026-11-25T11:59:59+03:00')?.code).toBe('RACING_BETTING_CLOSED');
    expect(bettingClosedError(state, 0, END)?.code).toBe('RACING_BETTING_CLOSED');
    expect(bettingClosedError(state, 1, '2026-11-25T12:01:00+03:00')?.code).toBe('RACING_PAUSED');
    expect(bettingClosedError(fold(roundDecider, []), 0, START)?.code).toBe('RACING_ROUND_NOT_FOUND');
  });
});

describe('racing round: voiding (decision 0062)', () => {
  const voidIt = (reason = 'feed fault'): RoundCommand => ({
    type: 'VoidRound',
    roundId: 'r1',
    at: END,
    reason,
    by: 'staff:1',
  });
  const voidedEvent: RoundEvent = {
    type: 'RoundVoided',
    data: { roundId: 'r1', at: END, reason: 'feed fault', by: 'staff:1' },
  };
  it('given an open or a closed round, when voided, then RoundVoided with the reason and who', () => {
    spec.given(scheduled).when(voidIt()).then(voidedEvent);
    spec.given(scheduled, closed).when(voidIt()).then(voidedEvent);
  });
  it('given a voided round, when voided again, then nothing (a repeat does nothing)', () => {
    spec.given(scheduled, voidedEvent).when(voidIt('another reason')).thenNothing();
  });
  it('given a drawn or settled round, when voided, then RACING_ROUND_DRAWN', () => {
    spec.given(scheduled, closed, drawn).when(voidIt()).thenRefused('RACING_ROUND_DRAWN');
  });
  it('refuses an unknown round and a blank reason', () => {
    spec.given().when(voidIt()).thenRefused('RACING_ROUND_NOT_FOUND');
    spec.given(scheduled).when(voidIt('  ')).thenRefused('RACING_VOID_REASON');
  });
  it('given a voided round, the draw and the settle are refused, the close does nothing, betting is closed', () => {
    spec.given(scheduled, voidedEvent).when(draw()).thenRefused('RACING_ROUND_VOID');
    spec.given(scheduled, voidedEvent).when(settle).thenRefused('RACING_ROUND_VOID');
    spec
      .given(scheduled, voidedEvent)
      .when({ type: 'CloseRoundBetting', roundId: 'r1', at: END })
      .thenNothing();
    const state = fold(roundDecider, [scheduled, voidedEvent]);
    expect(bettingClosedError(state, 0, START)?.code).toBe('RACING_BETTING_CLOSED');
    expect(racingStatusAt(state, START)).toBe(3);
  });
});
