/**
 * The walk's settlement of an order (decision 0194; docs/racing.md "Settlement in chunks"): a winner
 * listed in its round's `RacingSettlementAdvanced` carries exactly what its own `RacingBetSettled` would,
 * and its racing-coin credit is exactly the one the order's settlement asks the wallet for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settlementCase } from './fixtures.ts';
import { racingBetDecider, racingWalletCommand, racingWinningsCommand, type RacingBetPlaced } from './bet.ts';
import { RacingResult } from './rules.ts';
import { ticketsOf } from './selection.ts';
import { settleWalkedOrder } from './settlement.ts';

const SYSTEM = { kind: 'system' as const, id: 'racing-settlement' };

describe('settleWalkedOrder (decision 0194)', () => {
  it(
    'a walked order settles exactly as its own stream would: same figures, same credit, lost exactly when gross is 0',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(
          settlementCase('w'),
          ({ selection: s, order: o, cap, taxRate, odds, singleAmount, pool }) => {
            const placed: RacingBetPlaced['data'] = {
              betId: 'rb-1',
              at: '2026-11-25T12:01:00+03:00',
              requestId: 'req-1',
              userId: 'u-1',
              actor: { kind: 'player', id: 'u-1' },
              roundId: 'r-1',
              selection: s,
              singleAmount,
              tickets: ticketsOf(s),
              amount: ticketsOf(s) * singleAmount,
              terms: { odds, taxRate, highestProfit: cap },
            };
            const state = racingBetDecider.evolve(racingBetDecider.initialState(), {
              type: 'RacingBetPlaced',
              data: placed,
            });
            const at = '2026-11-25T09:03:00.000Z';
            const decided = racingBetDecider.decide(
              { type: 'SettleRacingBet', betId: 'rb-1', roundId: 'r-1', order: o, poolPerTicket: pool, at },
              state,
            );
            if (!decided.ok) throw new Error(decided.error.code);
            const own = decided.events[0]!;
            if (own.type !== 'RacingBetSettled') throw new Error(own.type);
            const walked = settleWalkedOrder(
              {
                betId: 'rb-1',
                userId: 'u-1',
                selection: s,
                singleAmount,
                amount: placed.amount,
                terms: placed.terms,
              },
              { order: o, poolPerTicket: pool },
            );
            if (own.data.gross === 0) {
              expect(walked).toBeNull();
              expect(own.data.result).toBe(RacingResult.Lose);
              return;
            }
            const { betId: _b, at: _a, roundId: _r, order: _o, ...figures } = own.data;
            expect(walked).toEqual({ betId: 'rb-1', userId: 'u-1', ...figures });
            expect(racingWinningsCommand(placed, { at, ...walked! }, SYSTEM)).toEqual(
              racingWalletCommand(own, placed, SYSTEM),
            );
            expect(walked!.payout).toBeGreaterThan(0);
          },
        ),
        { numRuns: 3_000 },
      );
    },
  );
});
