/**
 * Properties of the pool-game money rules (issue 18): conservation of the pool, settling twice equals
 * once, a double is exactly its two single-result tickets, the void rule, stake = lines × unit, hits
 * never exceed matches.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { AFTER, createIssue, openView, SYSTEM } from './fixtures.ts';
import { lineHitCounts } from './hits.ts';
import type { IssueCommand } from './issue-commands.ts';
import { expandLines, JACKPOT_OUTCOMES, ticketShape, type Pick } from './picks.ts';
import { settlePool } from './pool.ts';
import type { PoolMatchResult } from './results.ts';
import { ticketPrize } from './ticket-prize.ts';
import { DEFAULT_JACKPOT_TERMS as JP, termsError, type PoolTerms, type PrizeTier } from './terms.ts';
import { poolIssueDecider, poolTicketDecider, ticketWalletCommands } from './index.ts';

const N = JP.guessNumber;
const ids = Array.from({ length: N }, (_, i) => `m${i + 1}`);

/** A valid jackpot pick per match: a single or a double (at most `maxDoubles` doubles). */
const picksArb = (maxDoubles = JP.maxChoose): fc.Arbitrary<Pick[]> =>
  fc
    .tuple(
      fc.array(fc.subarray([...JACKPOT_OUTCOMES], { minLength: 1, maxLength: 2 }), {
        minLength: N,
        maxLength: N,
      }),
      fc.nat(),
    )
    .map(([outcomes]) => {
      let doubles = 0;
      return outcomes.map((o, i) => {
        const keep = o.length === 2 && doubles < maxDoubles ? o : [o[0] ?? '1'];
        if (keep.length === 2) doubles += 1;
        return { matchId: ids[i] ?? '', outcomes: keep };
      });
    });

const resultArb: fc.Arbitrary<PoolMatchResult> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...JACKPOT_OUTCOMES).map((outcome) => ({ kind: 'outcome' as const, outcome })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'void' as const, reason: 'cancelled' as const }) },
);
const resultsArb = (voidMax = N): fc.Arbitrary<Record<string, PoolMatchResult>> =>
  fc.array(resultArb, { minLength: N, maxLength: N }).map((rs) => {
    let voids = 0;
    return Object.fromEntries(
      rs.map((r, i) => {
        const keep = r.kind === 'void' && voids >= voidMax ? ({ kind: 'outcome', outcome: '1' } as const) : r;
        if (keep.kind === 'void') voids += 1;
        return [ids[i] ?? '', keep];
      }),
    );
  });

/** Terms with random tiers: percentages summing to at most 100, some fixed amounts. */
const termsArb: fc.Arbitrary<PoolTerms> = fc
  .tuple(
    fc.array(
      fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 4_000 }), fc.integer({ min: 0, max: 50_000 })),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
    fc.integer({ min: 0, max: 100 }).map((n) => (n / 100).toFixed(2)),
    fc.integer({ min: 0, max: 300_000_000 }),
  )
  .map(([rows, increment, initJackpot]) => {
    let percentLeft = 10_000;
    const tiers = rows.map(([fixed, basisPoints, amount], i): PrizeTier => {
      if (fixed && i > 0) return { hits: N - i, rewardType: 'fixed', proportion: String(amount) };
      const bp = Math.min(basisPoints, percentLeft);
      percentLeft -= bp;
      return { hits: N - i, rewardType: 'poolPercent', proportion: (bp / 100).toFixed(2) };
    });
    return { ...JP, tiers, increment, initJackpot };
  });

const winningArb = fc.dictionary(
  fc.integer({ min: 9, max: N }).map(String),
  fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
);

describe('pool properties', () => {
  it('prizes paid + rolled over + breakage = pool (+ the seed when the jackpot is won); nothing negative', () => {
    fc.assert(
      fc.property(termsArb, fc.nat(1e12), fc.nat(1e12), winningArb, (terms, carriedOver, stakes, lines) => {
        expect(termsError(terms)).toBeUndefined();
        const winningLines = Object.fromEntries(Object.entries(lines).map(([k, v]) => [Number(k), v]));
        const s = settlePool(terms, { carriedOver, stakes, winningLines });
        expect(s.prizesPaid + s.rolledOver + s.breakage).toBe(s.pool + s.seedPaid);
        expect(s.carryOver).toBe(s.rolledOver + s.breakage);
        for (const t of s.tiers) {
          expect(t.paid).toBe(t.prizePerLine * t.winningLines);
          expect(Math.min(t.prizePerLine, t.rolledOver, t.breakage, t.fund)).toBeGreaterThanOrEqual(0);
          if (t.winningLines > 0) expect(t.breakage).toBeLessThan(t.winningLines * 2);
        }
      }),
    );
  });

  it('settling twice equals settling once (issue and ticket)', () => {
    fc.assert(
      fc.property(
        resultsArb(JP.maxVoid),
        picksArb(),
        fc.integer({ min: 1, max: 10_000 }),
        (results, picks, lines) => {
          const history = [
            createIssue(),
            {
              type: 'OpenIssue',
              issueId: 'i1',
              at: '2026-06-05T13:00:00+03:00',
              actor: SYSTEM,
            } as IssueCommand,
          ].concat(
            ids.map((matchId) => ({
              type: 'RecordMatchResult',
              issueId: 'i1',
              at: AFTER,
              actor: SYSTEM,
              matchId,
              result: results[matchId] ?? { kind: 'void', reason: 'cancelled' },
            })),
          );
          let state = poolIssueDecider.initialState();
          for (const c of history) {
            const d = poolIssueDecider.decide(c, state);
            if (!d.ok) throw new Error(d.error.code);
            state = fold(poolIssueDecider, d.events, state);
          }
          const counts = lineHitCounts(picks, results);
          const settle: IssueCommand = {
            type: 'SettleIssue',
            issueId: 'i1',
            at: AFTER,
            actor: SYSTEM,
            tickets: lines,
            lines: lines + counts.lines.reduce((a, b) => a + b, 0),
            stakes: (lines + counts.lines.reduce((a, b) => a + b, 0)) * JP.betAmount,
            winningLines: Object.fromEntries(counts.lines.map((n, k) => [k, n])),
          };
          const first = poolIssueDecider.decide(settle, state);
          if (!first.ok) throw new Error(first.error.code);
          expect(first.events.map((e) => e.type)).toEqual(['IssueSettled']);
          const settled = fold(poolIssueDecider, first.events, state);
          expect(poolIssueDecider.decide(settle, settled)).toEqual({ ok: true, events: [] });

          const bought = poolTicketDecider.decide(
            {
              type: 'BuyTicket',
              ticketId: 't1',
              at: '2026-06-05T13:00:00+03:00',
              requestId: 'r1',
              userId: 'u1',
              payType: 1,
              picks,
              stake: ticketShape(picks, JP.betAmount).stake,
              issue: openView(),
              taxRatePercent: 10,
            },
            poolTicketDecider.initialState(),
          );
          if (!bought.ok) throw new Error(bought.error.code);
          const table =
            settled.settlement?.tiers.map((t) => ({ hits: t.hits, prizePerLine: t.prizePerLine })) ?? [];
          const settleTicket = {
            type: 'SettleTicket' as const,
            ticketId: 't1',
            at: AFTER,
            settlementNo: 1,
            results,
            prizeTable: table,
          };
          const t0 = fold(poolTicketDecider, bought.events);
          const once = poolTicketDecider.decide(settleTicket, t0);
          if (!once.ok) throw new Error(once.error.code);
          const t1 = fold(poolTicketDecider, once.events, t0);
          expect(poolTicketDecider.decide(settleTicket, t1)).toEqual({ ok: true, events: [] });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a double is exactly the two single-result tickets: lines, stake and prize', () => {
    fc.assert(
      fc.property(picksArb(), resultsArb(), fc.nat(N - 1), (picks, results, j) => {
        const withDouble = picks.map((p, i) => (i === j ? { ...p, outcomes: ['1', '2'] } : p));
        const single = (o: string) => picks.map((p, i) => (i === j ? { ...p, outcomes: [o] } : p));
        const a = lineHitCounts(single('1'), results);
        const b = lineHitCounts(single('2'), results);
        const d = lineHitCounts(withDouble, results);
        expect(d.lines).toEqual(a.lines.map((n, k) => n + (b.lines[k] ?? 0)));
        expect(ticketShape(withDouble, 1_000).stake).toBe(
          ticketShape(single('1'), 1_000).stake + ticketShape(single('2'), 1_000).stake,
        );
        const table = [13, 12, 11, 10].map((hits) => ({ hits, prizePerLine: hits * 100_003 }));
        const prize = (c: typeof a) => ticketPrize(c, table, 1_000, 10, 5_000_000);
        expect(prize(d).gross).toBe(prize(a).gross + prize(b).gross);
        expect(prize(d).tax).toBe(prize(a).tax + prize(b).tax);
      }),
    );
  });

  it('hits per line equal a line-by-line count (a void match counts correct); hits never exceed matches', () => {
    fc.assert(
      fc.property(picksArb(), resultsArb(), (picks, results) => {
        const counts = lineHitCounts(picks, results);
        const brute = new Array<number>(N + 1).fill(0);
        for (const line of expandLines(picks)) {
          const hits = line.filter((o, i) => {
            const r = results[ids[i] ?? ''];
            return r?.kind === 'void' || (r?.kind === 'outcome' && r.outcome === o);
          }).length;
          brute[hits] = (brute[hits] ?? 0) + 1;
        }
        expect(counts.lines).toEqual(brute);
        expect(counts.lines).toHaveLength(N + 1);
        expect(counts.lines.reduce((x, y) => x + y, 0)).toBe(ticketShape(picks, 1).lines);
      }),
    );
  });

  it('the void rule: the issue is cancelled exactly when more than max void matches are void', () => {
    fc.assert(
      fc.property(resultsArb(), (results) => {
        let state = fold(poolIssueDecider, []);
        const created = poolIssueDecider.decide(createIssue(), state);
        if (!created.ok) throw new Error(created.error.code);
        state = fold(poolIssueDecider, created.events, state);
        for (const matchId of ids) {
          const d = poolIssueDecider.decide(
            {
              type: 'RecordMatchResult',
              issueId: 'i1',
              at: AFTER,
              actor: SYSTEM,
              matchId,
              result: results[matchId] ?? { kind: 'void', reason: 'cancelled' },
            },
            state,
          );
          if (!d.ok) {
            expect(d.error.code).toBe('JACKPOT_CANCELLED');
            break;
          }
          state = fold(poolIssueDecider, d.events, state);
        }
        const voids = Object.values(results).filter((r) => r.kind === 'void').length;
        expect(state.status === 'cancelled').toBe(voids > JP.maxVoid);
      }),
    );
  });

  it('stake is always lines × bet amount; any other stake is refused and nothing is bought', () => {
    fc.assert(
      fc.property(picksArb(), fc.integer({ min: 1, max: 100_000 }), (picks, offBy) => {
        const { lines, stake } = ticketShape(picks, JP.betAmount);
        const buy = (s: number) =>
          poolTicketDecider.decide(
            {
              type: 'BuyTicket',
              ticketId: 't1',
              at: '2026-06-05T13:00:00+03:00',
              requestId: 'r1',
              userId: 'u1',
              payType: 1,
              picks,
              stake: s,
              issue: openView(),
              taxRatePercent: 10,
            },
            poolTicketDecider.initialState(),
          );
        const ok = buy(stake);
        expect(ok.ok && ok.events[0]?.type === 'TicketBought' && ok.events[0].data.stake).toBe(
          lines * JP.betAmount,
        );
        const bad = buy(stake + offBy);
        expect(!bad.ok && bad.error.code).toBe('JACKPOT_STAKE_MISMATCH');
      }),
    );
  });

  it('a correction re-settles a ticket so that the wallet ends as if it had settled once on the corrected results', () => {
    const table = [13, 12, 11, 10].map((hits) => ({ hits, prizePerLine: hits * 50_001 }));
    fc.assert(
      fc.property(picksArb(), resultsArb(JP.maxVoid), resultsArb(JP.maxVoid), (picks, first, corrected) => {
        const buy = poolTicketDecider.decide(
          {
            type: 'BuyTicket',
            ticketId: 't1',
            at: '2026-06-05T13:00:00+03:00',
            requestId: 'r1',
            userId: 'u1',
            payType: 1,
            picks,
            stake: ticketShape(picks, JP.betAmount).stake,
            issue: openView(),
            taxRatePercent: 10,
          },
          poolTicketDecider.initialState(),
        );
        if (!buy.ok) throw new Error(buy.error.code);
        let state = fold(poolTicketDecider, buy.events);
        let credited = 0;
        for (const [n, results] of [first, corrected].entries()) {
          const d = poolTicketDecider.decide(
            {
              type: 'SettleTicket',
              ticketId: 't1',
              at: AFTER,
              settlementNo: n + 1,
              results,
              prizeTable: table,
            },
            state,
          );
          if (!d.ok) throw new Error(d.error.code);
          for (const e of d.events) {
            for (const c of ticketWalletCommands(state, e)) {
              if (c.type === 'CreditWinnings') credited += c.amount;
              if (c.type === 'ReverseSettlement') credited -= c.amount;
            }
            state = poolTicketDecider.evolve(state, e);
          }
        }
        const once = ticketPrize(
          lineHitCounts(state.bought?.picks ?? [], corrected),
          table,
          JP.betAmount,
          10,
          JP.maxAddBalance,
        );
        expect(credited).toBe(once.needsApproval ? 0 : once.net);
        expect(state.prize).toEqual(once);
      }),
    );
  });
});
