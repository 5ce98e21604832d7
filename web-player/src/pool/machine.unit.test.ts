import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shapeOf, ticketBuilderMachine, type BuyRequest } from './machine.ts';

const MATCHES = Array.from({ length: 13 }, (_, i) => `m${i + 1}`);
const start = (maxChoose = 5, buy?: (r: BuyRequest) => Promise<{ ticketId: string }>) =>
  createActor(
    ticketBuilderMachine.provide({
      actors: {
        buy: fromPromise(({ input }: { input: BuyRequest }) =>
          (buy ?? (async () => ({ ticketId: 't1' })))(input),
        ),
      },
    }),
    { input: { issueId: 'JP0001', matchIds: MATCHES, maxChoose, betAmount: 1_000 } },
  ).start();

describe('the pool ticket builder', () => {
  it('two doubles make 4 lines and 4,000 TZS; a triple and a sixth double are refused', () => {
    const a = start(5);
    for (const id of MATCHES) a.send({ type: 'TOGGLE', matchId: id, outcome: '1' });
    a.send({ type: 'TOGGLE', matchId: 'm1', outcome: 'X' });
    a.send({ type: 'TOGGLE', matchId: 'm2', outcome: '2' });
    expect(shapeOf(a.getSnapshot().context)).toEqual({ doubles: 2, lines: 4, stake: 4_000 });
    a.send({ type: 'TOGGLE', matchId: 'm1', outcome: '2' });
    expect(a.getSnapshot().context.error).toBe('JACKPOT_TRIPLE_NOT_ALLOWED');
    for (const id of ['m3', 'm4', 'm5']) a.send({ type: 'TOGGLE', matchId: id, outcome: 'X' });
    a.send({ type: 'TOGGLE', matchId: 'm6', outcome: 'X' });
    expect(a.getSnapshot().context.error).toBe('JACKPOT_TOO_MANY_DOUBLES');
    expect(shapeOf(a.getSnapshot().context).doubles).toBe(5);
  });

  it('a ticket with a match left open is refused with "select a result"; a full one is bought', async () => {
    let seen: BuyRequest | null = null;
    const a = start(5, async (r) => {
      seen = r;
      return { ticketId: 'abc' };
    });
    a.send({ type: 'BUY' });
    expect(a.getSnapshot().context.error).toBe('JACKPOT_PICK_REQUIRED');
    for (const id of MATCHES) a.send({ type: 'TOGGLE', matchId: id, outcome: '2' });
    a.send({ type: 'BUY' });
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().value).toBe('bought');
    expect(a.getSnapshot().context.ticketId).toBe('abc');
    expect(seen!.stake).toBe(1_000);
    expect(seen!.picks).toHaveLength(13);
  });

  it('a refusal by the server keeps its code and details (a player cooling off, issue 23)', async () => {
    const a = start(5, () => Promise.reject({ code: 'LIMIT_LOSS_DAY', details: { left: 2_000 } }));
    for (const id of MATCHES) a.send({ type: 'TOGGLE', matchId: id, outcome: '1' });
    a.send({ type: 'BUY' });
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.error).toBe('LIMIT_LOSS_DAY');
    expect(a.getSnapshot().context.errorDetails).toEqual({ left: 2_000 });
    expect(a.getSnapshot().context.requestId).toBeNull();
    a.send({ type: 'TOGGLE', matchId: 'm1', outcome: 'X' });
    expect(a.getSnapshot().context.errorDetails).toEqual({});
  });

  it('Lucky Six (no doubles): a tap replaces the pick', () => {
    const a = start(0);
    a.send({ type: 'TOGGLE', matchId: 'm1', outcome: '1-0' });
    a.send({ type: 'TOGGLE', matchId: 'm1', outcome: '2-2' });
    expect(a.getSnapshot().context.picks['m1']).toEqual(['2-2']);
  });

  it('property: random taps never make a triple, never more doubles than allowed, stake = lines × unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.array(fc.tuple(fc.constantFrom(...MATCHES), fc.constantFrom('1', 'X', '2')), { maxLength: 80 }),
        (maxChoose, taps) => {
          const a = start(maxChoose);
          for (const [matchId, outcome] of taps) {
            a.send({ type: 'TOGGLE', matchId, outcome });
            const c = a.getSnapshot().context;
            const shape = shapeOf(c);
            expect(Object.values(c.picks).every((p) => p.length <= (maxChoose > 0 ? 2 : 1))).toBe(true);
            expect(shape.doubles).toBeLessThanOrEqual(maxChoose);
            expect(shape.stake).toBe(shape.lines * 1_000);
            expect(shape.lines).toBe(2 ** shape.doubles);
          }
          a.stop();
        },
      ),
      { numRuns: 200 },
    );
  });
});
