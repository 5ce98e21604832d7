import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DEFAULT_RACING_CONFIG, racingStake } from '@bashiri/domain';
import { racingSlipMachine, selectionOf, stakeOf, type PlaceRequest, type SlipBetType } from './machine.ts';

type Placer = (r: PlaceRequest) => Promise<{ tickets: number; amount: number }>;
const start = (place?: Placer) =>
  createActor(
    racingSlipMachine.provide({
      actors: {
        place: fromPromise(({ input }: { input: PlaceRequest }) =>
          (place ?? (async () => ({ tickets: 1, amount: 100 })))(input),
        ),
      },
    }),
    { input: { config: DEFAULT_RACING_CONFIG } },
  ).start();
const coded = (code: string) => Object.assign(new Error(code), { code });

describe('the racing slip', () => {
  it('champion on cars 3 and 5 at 1,000: 2 tickets, 2,000 payable; placed with those picks', async () => {
    const seen: PlaceRequest[] = [];
    const a = start(async (r) => {
      seen.push(r);
      return { tickets: 2, amount: 2_000 };
    });
    a.send({ type: 'ROUND', roundId: '20261125-241' });
    a.send({ type: 'TOGGLE_CAR', position: 0, car: 5 });
    a.send({ type: 'TOGGLE_CAR', position: 0, car: 3 });
    a.send({ type: 'SET_AMOUNT', amount: 1_000 });
    expect(stakeOf(a.getSnapshot().context)).toEqual({
      stake: { tickets: 2, amount: 2_000, singleAmount: 1_000 },
    });
    a.send({ type: 'PLACE' });
    expect(a.getSnapshot().value).toBe('placing');
    await waitFor(a, (s) => s.matches('editing'));
    expect(a.getSnapshot().context.placed).toEqual({ tickets: 2, amount: 2_000 });
    expect(seen).toEqual([
      {
        requestId: expect.any(String),
        roundId: '20261125-241',
        betType: 'CHAMPION',
        positions: [[3, 5]],
        singleAmount: 1_000,
      },
    ]);
  });

  it('refuses before sending: no round open, nothing picked, a bad amount', () => {
    let calls = 0;
    const a = start(async () => {
      calls += 1;
      return { tickets: 1, amount: 100 };
    });
    a.send({ type: 'TOGGLE_CAR', position: 0, car: 1 });
    a.send({ type: 'PLACE' });
    expect(a.getSnapshot().context.error).toBe('RACING_BETTING_CLOSED');
    a.send({ type: 'ROUND', roundId: 'r1' });
    a.send({ type: 'TOGGLE_CAR', position: 0, car: 1 }); // off again
    a.send({ type: 'PLACE' });
    expect(a.getSnapshot().context.error).toBe('RACING_NO_PICK');
    a.send({ type: 'TOGGLE_CAR', position: 0, car: 1 });
    a.send({ type: 'SET_AMOUNT', amount: 150 });
    a.send({ type: 'PLACE' });
    expect(a.getSnapshot().context.error).toBe('RACING_AMOUNT_STEP');
    expect(a.getSnapshot().value).toBe('editing');
    expect(calls).toBe(0);
  });

  it('big/small takes options; Luck Racing fixes the amount at jackpot_bet_amount', () => {
    const a = start();
    a.send({ type: 'CHOOSE_TYPE', betType: 'BIG_SMALL' });
    a.send({ type: 'TOGGLE_OPTION', option: 'big' });
    expect(selectionOf(a.getSnapshot().context)).toEqual({ betType: 5, options: ['big'] });
    a.send({ type: 'CHOOSE_TYPE', betType: 'LUCK_RACING' });
    expect(a.getSnapshot().context.picks).toHaveLength(10);
    a.send({ type: 'SET_AMOUNT', amount: 5_000 });
    expect(a.getSnapshot().context.single).toBe(DEFAULT_RACING_CONFIG.jackpotBetAmount);
  });

  it('a refusal drops the request id; a network error keeps it for the retry (charged once)', async () => {
    const ids: string[] = [];
    const answers = [coded('INSUFFICIENT_RACING_COIN'), new Error('offline'), null];
    const a = start(async (r) => {
      ids.push(r.requestId);
      const next = answers.shift();
      if (next) throw next;
      return { tickets: 1, amount: 100 };
    });
    a.send({ type: 'ROUND', roundId: 'r1' });
    a.send({ type: 'TOGGLE_CAR', position: 0, car: 7 });
    for (const expected of ['INSUFFICIENT_RACING_COIN', 'NETWORK', null]) {
      a.send({ type: 'PLACE' });
      await waitFor(a, (s) => s.matches('editing'));
      expect(a.getSnapshot().context.error).toBe(expected);
    }
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBe(ids[1]);
  });

  it('property: any taps and amounts — the slip shows what the domain computes, and only valid slips are sent', async () => {
    const types = [
      'CHAMPION',
      'CHAMPION_AND_RUNNER_UP',
      'TOP_THREE',
      'ODD_EVEN',
      'BIG_SMALL',
      'LUCK_RACING',
    ] as const;
    const event = fc.oneof(
      fc.record({
        type: fc.constant('CHOOSE_TYPE' as const),
        betType: fc.constantFrom<SlipBetType>(...types),
      }),
      fc.record({
        type: fc.constant('TOGGLE_CAR' as const),
        position: fc.integer({ min: 0, max: 9 }),
        car: fc.integer({ min: 1, max: 10 }),
      }),
      fc.record({
        type: fc.constant('TOGGLE_OPTION' as const),
        option: fc.constantFrom('odd', 'even', 'big', 'small'),
      }),
      fc.record({ type: fc.constant('SET_AMOUNT' as const), amount: fc.integer({ min: 0, max: 4_000_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 30 }), async (events) => {
        const sent: PlaceRequest[] = [];
        const a = start(async (r) => {
          sent.push(r);
          return { tickets: 1, amount: 1 };
        });
        a.send({ type: 'ROUND', roundId: 'r1' });
        for (const e of events) a.send(e);
        const c = a.getSnapshot().context;
        const expected = racingStake(selectionOf(c), c.single, DEFAULT_RACING_CONFIG);
        const shown = stakeOf(c);
        expect('stake' in shown).toBe(expected.ok);
        if (expected.ok) expect(shown).toEqual({ stake: expected.stake });
        // Picks stay sorted, without repeats, one set per position of the type.
        for (const cars of c.picks) expect([...new Set(cars)].sort((x, y) => x - y)).toEqual(cars);
        a.send({ type: 'PLACE' });
        await waitFor(a, (s) => s.matches('editing'));
        expect(sent.length).toBe(expected.ok ? 1 : 0);
        if (!expected.ok) expect(a.getSnapshot().context.error).toBe(expected.error.code);
        a.stop();
      }),
      { numRuns: 200 },
    );
  });
});
