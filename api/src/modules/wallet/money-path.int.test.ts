/**
 * The money path (`moveMoney`, decision 0008): product and wallet appended together through the port,
 * the same answer for a repeated request, money moved once however the requests race.
 */
import { walletStream } from '@bashiri/domain';
import type { WalletCommand } from '@bashiri/domain';
import type { Evolver } from '@bashiri/eventstore';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { moveMoney } from './money-path.ts';

/** A toy product: a ticket bought once per request id (its stream's events name the requests). */
type TicketEvent = { type: 'TicketBought'; data: { requestId: string; stake: number } };
const tickets: Evolver<string[], TicketEvent> = {
  initialState: () => [],
  evolve: (state, event) => [...state, event.data.requestId],
};

describe('moveMoney', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const at = () => new Date(t.services.now()).toISOString();
  const cashier = { kind: 'staff', id: 'test' } as const;
  const credit = (userId: string, amount: number, movementId: string) =>
    moveMoney<undefined, never, undefined, boolean>(t.services, {
      userId,
      idempotencyKey: movementId,
      decide: ({ wallet }) => ({
        answer: wallet.pay({
          type: 'AdjustPocket',
          userId,
          movementId,
          at: at(),
          actor: cashier,
          pocket: 'balance',
          amount,
          reference: movementId,
          reason: 'test credit',
        }).ok,
      }),
    });

  /** Buys a ticket for `stake` TZS on the money path; the answer says bought or refused. */
  const buy = (userId: string, ticket: string, requestId: string, stake: number) =>
    moveMoney<string[], TicketEvent, undefined, string>(t.services, {
      userId,
      product: { streamName: `ticket-${ticket}`, evolver: tickets },
      idempotencyKey: `buy:${requestId}`,
      decide: ({ product, wallet }) => {
        if (product.state.includes(requestId)) return { answer: `bought ${requestId}` };
        const debit: WalletCommand = {
          type: 'DebitStake',
          userId,
          at: at(),
          actor: { kind: 'player', id: userId },
          movementId: `ticket-${ticket}:${requestId}`,
          betId: ticket,
          product: 'jackpot',
          payType: 1,
          amount: stake,
        };
        const paid = wallet.pay(debit);
        if (!paid.ok) return { answer: `refused ${paid.error.code}` };
        return {
          answer: `bought ${requestId}`,
          productEvents: [{ type: 'TicketBought', data: { requestId, stake } }],
        };
      },
    });

  const balance = async (userId: string) => {
    const { events } = await t.services.store.readStream(walletStream(userId));
    const last = events.at(-1)?.data as { lines: { pocket: string; after: number }[] } | undefined;
    return last?.lines.find((l) => l.pocket === 'balance')?.after ?? 0;
  };

  it('appends the product and the wallet together; a repeated request answers the same and writes nothing', async () => {
    expect((await credit('mp1', 1_000, 'mp1-credit')).answer).toBe(true);
    const first = await buy('mp1', 'a', 'r1', 400);
    expect(first).toMatchObject({ answer: 'bought r1', written: true });
    const again = await buy('mp1', 'a', 'r1', 400);
    expect(again).toMatchObject({ answer: 'bought r1', written: false });
    expect(await balance('mp1')).toBe(600);
    expect((await t.services.store.readStream('ticket-a')).currentVersion).toBe(1);
    // Refused by the wallet: nothing of the product is written either.
    expect((await buy('mp1', 'b', 'r2', 5_000)).answer).toBe('refused INSUFFICIENT_FUNDS');
    expect((await t.services.store.readStream('ticket-b')).streamExists).toBe(false);
  });

  it('racing requests, repeated or not, move each stake exactly once and never below zero (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }).map((n) => n * 100),
        fc.array(
          fc.record({ request: fc.integer({ min: 0, max: 5 }), copies: fc.integer({ min: 1, max: 3 }) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (funds, requests) => {
          run++;
          const userId = `mp-prop-${run}`;
          await credit(userId, funds, `${userId}-credit`);
          const stakeOf = (request: number) => 100 * (request + 1);
          const answers = await Promise.all(
            requests.flatMap(({ request, copies }) =>
              Array.from({ length: copies }, () =>
                buy(userId, `${userId}-${request}`, `q${request}`, stakeOf(request)),
              ),
            ),
          );
          // Every copy of a request answers alike.
          const byRequest = new Map<number, Set<string>>();
          let k = 0;
          for (const { request, copies } of requests)
            for (let c = 0; c < copies; c++) {
              const seen = byRequest.get(request) ?? new Set<string>();
              seen.add(answers[k++]!.answer);
              byRequest.set(request, seen);
            }
          let spent = 0;
          for (const [request, seen] of byRequest) {
            const bought = (await t.services.store.readStream(`ticket-${userId}-${request}`)).events;
            expect(bought.length).toBeLessThanOrEqual(1);
            if (bought.length === 1) {
              spent += stakeOf(request);
              expect(seen).toEqual(new Set([`bought q${request}`]));
            }
          }
          expect(await balance(userId)).toBe(funds - spent);
        },
      ),
      { numRuns: 15 },
    );
  });
});
