/**
 * The money path (`moveMoney`, decision 0008): product and wallet appended together through the port,
 * the same answer for a repeated request, money moved once however the requests race. Its batched form
 * (`moveMoneyBatch`, decisions 0105 and 0100; issue 14 "one money path") answers and writes what one
 * `moveMoney` per movement, in order, would — one player's several movements decided in order on the
 * wallet as the earlier ones left it — with the same event ids, so nothing is written twice.
 */
import { protectionDecider, protectionStream, walletStream } from '@bashiri/domain';
import type { WalletCommand } from '@bashiri/domain';
import type { Aggregated, EventStore, Evolver, SqlEventStore } from '@bashiri/eventstore';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { moveMoneyBatch, moveMoneyBatchWith } from './money-batch.ts';
import type { BatchMovement } from './money-batch.ts';
import { moveMoney } from './money-path.ts';

/** A toy product: a ticket bought once per request id (its stream's events name the requests). */
type TicketEvent = { type: 'TicketBought'; data: { requestId: string; stake: number } };
const tickets: Evolver<string[], TicketEvent> = {
  initialState: () => [],
  evolve: (state, event) => [...state, event.data.requestId],
};

/** A staff credit of `amount` TZS to `userId`'s balance: a movement of the wallet alone. */
const creditMovement = (
  now: () => string,
  userId: string,
  amount: number,
  movementId: string,
): BatchMovement<undefined, never, boolean> => ({
  userId,
  idempotencyKey: movementId,
  decide: ({ wallet }) => ({
    answer: wallet.pay({
      type: 'AdjustPocket',
      userId,
      movementId,
      at: now(),
      actor: { kind: 'staff', id: 'test' },
      pocket: 'balance',
      amount,
      reference: movementId,
      reason: 'test credit',
    }).ok,
  }),
});

/** Buying ticket `ticket` for `stake` TZS (request `requestId`); the answer says bought or refused. */
const buyMovement = (
  now: () => string,
  userId: string,
  ticket: string,
  requestId: string,
  stake: number,
): BatchMovement<string[], TicketEvent, string> => ({
  userId,
  product: { streamName: `ticket-${ticket}`, evolver: tickets },
  idempotencyKey: `buy:${requestId}`,
  decide: ({ product, wallet }) => {
    if (product.state.includes(requestId)) return { answer: `bought ${requestId}` };
    const debit: WalletCommand = {
      type: 'DebitStake',
      userId,
      at: now(),
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

describe('moveMoney', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const at = () => new Date(t.services.now()).toISOString();
  /** A player id of this attempt's own (a retry must not meet its first attempt's wallet and tickets). */
  const own = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
  const credit = (userId: string, amount: number, movementId: string) =>
    moveMoney(t.services, creditMovement(at, userId, amount, movementId));

  /** Buys a ticket for `stake` TZS on the money path; the answer says bought or refused. */
  const buy = (userId: string, ticket: string, requestId: string, stake: number) =>
    moveMoney(t.services, buyMovement(at, userId, ticket, requestId, stake));

  const walletEvents = async (userId: string) =>
    (await t.services.store.readStream(walletStream(userId))).events;
  const balance = async (userId: string) => {
    const last = (await walletEvents(userId)).at(-1)?.data as
      { lines: { pocket: string; after: number }[] } | undefined;
    return last?.lines.find((l) => l.pocket === 'balance')?.after ?? 0;
  };

  it('appends the product and the wallet together; a repeated request answers the same and writes nothing', async () => {
    const u = own('mp1');
    expect((await credit(u, 1_000, `${u}-credit`)).answer).toBe(true);
    const first = await buy(u, `${u}-a`, 'r1', 400);
    expect(first).toMatchObject({ answer: 'bought r1', written: true });
    const again = await buy(u, `${u}-a`, 'r1', 400);
    expect(again).toMatchObject({ answer: 'bought r1', written: false });
    expect(await balance(u)).toBe(600);
    expect((await t.services.store.readStream(`ticket-${u}-a`)).currentVersion).toBe(1);
    // Refused by the wallet: nothing of the product is written either.
    expect((await buy(u, `${u}-b`, 'r2', 5_000)).answer).toBe('refused INSUFFICIENT_FUNDS');
    expect((await t.services.store.readStream(`ticket-${u}-b`)).streamExists).toBe(false);
  });

  it('optimistic (decisions 0172, 0187): a stake is checked on the protections as they are — a cool-off another server wrote refuses it once heard of', async () => {
    const u = own('mp-opt');
    const other = await startTestApp({ sql: t.services.sql });
    try {
      await credit(u, 1_000, `${u}-credit`);
      const first = await moveMoney(t.services, {
        ...buyMovement(at, u, `${u}-o`, 'r1', 100),
        optimistic: true,
      });
      expect(first).toMatchObject({ answer: 'bought r1', written: true, product: { version: 1 } });
      // This server now knows the wallet, the protections (none) and the ticket; another starts a cool-off.
      const coolOff = protectionDecider.decide(
        {
          type: 'StartCoolOff',
          userId: u,
          actor: { kind: 'player', id: u },
          at: at(),
          period: '24h',
          reason: '',
        },
        protectionDecider.initialState(),
      );
      expect(coolOff.ok).toBe(true);
      if (!coolOff.ok) return;
      await other.services.store.appendToStream(protectionStream(u), coolOff.events, {
        expectedVersion: 'no_stream',
      });
      // On PostgreSQL the other server's append reaches this one as a notification naming no stream
      // (LISTEN); two servers on one embedded database hear nothing, so it is delivered here as it would be
      // (the in-memory store of the int-memory project is shared, and names the stream itself).
      (t.services.store as Partial<SqlEventStore>).notifyAppended?.();
      await new Promise((resolve) => setImmediate(resolve));
      const next = buyMovement(at, u, `${u}-o`, 'r2', 100);
      const second = await moveMoney(t.services, {
        ...next,
        optimistic: true,
        product: { ...next.product!, from: first.product as Aggregated<string[]> },
      });
      expect(second).toMatchObject({ answer: 'refused COOL_OFF', written: false });
      expect(await balance(u)).toBe(900);
    } finally {
      await other.close();
    }
  });

  it('racing requests, repeated or not, move each stake exactly once and never below zero (property)', async () => {
    // Players of this attempt's own (the run counter starts again on a retry).
    const attempt = randomUUID().slice(0, 8);
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
          const userId = `mp-prop-${attempt}-${run}`;
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
  it("decides one player's movements in order on one wallet; run again, or one by one, it writes nothing", async () => {
    const u = own('mb1');
    await moveMoneyBatch(t.services, [creditMovement(at, u, 1_000, `${u}-credit`)]);
    const batch = ['a', 'b', 'c'].map((k, i) =>
      buyMovement(at, u, `${u}-${k}`, `${u}-${k}`, i === 0 ? 600 : 300),
    );
    const first = await moveMoneyBatch(t.services, batch);
    // The third sees the wallet the first two left (100 TZS): refused, and its ticket not written.
    expect(first.map((r) => [r.answer, r.written])).toEqual([
      [`bought ${u}-a`, true],
      [`bought ${u}-b`, true],
      ['refused INSUFFICIENT_FUNDS', false],
    ]);
    expect(first[1]!.wallet.balance).toBe(100);
    expect(await balance(u)).toBe(100);
    expect((await t.services.store.readStream(`ticket-${u}-c`)).streamExists).toBe(false);
    const stored = (await walletEvents(u)).length;
    const again = await moveMoneyBatch(t.services, batch);
    expect(again.map((r) => r.written)).toEqual([false, false, false]);
    expect((await moveMoney(t.services, batch[0]!)).written).toBe(false);
    expect((await walletEvents(u)).length).toBe(stored);
    expect((await t.services.store.readStream(`ticket-${u}-a`)).currentVersion).toBe(1);
  });

  it('optimistic batch (decision 0196): known wallets unread, a stale one loses the race and is read again, a stake is always read', async () => {
    // This "process": its own services (own wallet and protection caches), its grouped reads recorded.
    const reads: string[] = [];
    const inner = t.services.store;
    const store: EventStore = {
      ...inner,
      readStream: (streamName, options) => {
        reads.push(streamName);
        return inner.readStream(streamName, options);
      },
      ...(inner.readStreams
        ? {
            readStreams: (requests: Parameters<NonNullable<EventStore['readStreams']>>[0]) => {
              reads.push(...requests.map((r) => r.streamName));
              return inner.readStreams!(requests);
            },
          }
        : {}),
    };
    const here = { ...t.services, store };
    const optimistic = { optimistic: true, fallback: 'none' } as const;
    // Players of this attempt's own (a retry would find its first attempt's wallets known and moved).
    const [one, two] = [own('mbo-1'), own('mbo-2')];
    const players = [one, two];
    // Unknown wallets are read (and then known).
    await moveMoneyBatchWith(
      here,
      players.map((u) => creditMovement(at, u, 1_000, `${u}-c1`)),
      optimistic,
    );
    expect(reads).toEqual(expect.arrayContaining(players.map((u) => walletStream(u))));
    // Known wallets, no limits: decided unread, written at the known versions.
    reads.length = 0;
    const second = await moveMoneyBatchWith(
      here,
      players.map((u) => creditMovement(at, u, 100, `${u}-c2`)),
      optimistic,
    );
    expect(second.lost).toBe(false);
    expect(reads).toEqual([]);
    expect(await balance(one)).toBe(1_100);
    // Another process moves mbo-1: this process's state of it is stale. The optimistic batch loses the
    // race and writes nothing (not even mbo-2's credit); the next attempt reads and pays each once.
    await credit(one, 5, `${one}-elsewhere`);
    const third = players.map((u) => creditMovement(at, u, 10, `${u}-c3`));
    const lost = await moveMoneyBatchWith(here, third, optimistic);
    expect(lost).toMatchObject({ lost: true, results: [] });
    expect(await balance(one)).toBe(1_105);
    expect(await balance(two)).toBe(1_100);
    reads.length = 0;
    const retried = await moveMoneyBatchWith(here, third, optimistic);
    expect(retried.lost).toBe(false);
    expect(retried.results.map((r) => r.written)).toEqual([true, true]);
    expect(reads).toEqual(expect.arrayContaining(players.map((u) => walletStream(u))));
    expect(await balance(one)).toBe(1_115);
    expect(await balance(two)).toBe(1_110);
    // Run again: nothing twice (the recent window answers with no events).
    const repeated = await moveMoneyBatchWith(here, third, optimistic);
    expect(repeated.results.map((r) => r.written)).toEqual([false, false]);
    expect((await walletEvents(one)).length).toBe(4);
    // A stake is never paid on an unread protection state: the batch reads the player's streams first.
    reads.length = 0;
    const bought = await moveMoneyBatchWith(
      here,
      [buyMovement(at, two, `${two}-t`, `${two}-t`, 300)],
      optimistic,
    );
    expect(bought.results.map((r) => r.answer)).toEqual([`bought ${two}-t`]);
    expect(reads).toEqual(expect.arrayContaining([walletStream(two), protectionStream(two)]));
    expect(await balance(two)).toBe(810);
  });

  it('answers and writes what one moveMoney per movement, in order, does (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20 }).map((n) => n * 100),
        fc.array(
          fc.record({ player: fc.integer({ min: 0, max: 2 }), stake: fc.integer({ min: 1, max: 9 }) }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (funds, buys) => {
          run++;
          const players = [0, 1, 2];
          const movements = (side: string) => {
            const user = (p: number) => `mbp-${run}-${side}-${p}`;
            return {
              user,
              credits: players.map((p) => creditMovement(at, user(p), funds, `${user(p)}-credit`)),
              buys: buys.map((b, k) =>
                buyMovement(at, user(b.player), `${user(b.player)}-${k}`, `q${k}`, b.stake * 100),
              ),
            };
          };
          const batched = movements('batch');
          const single = movements('single');
          if (funds > 0) await moveMoneyBatch(t.services, batched.credits);
          for (const c of single.credits) if (funds > 0) await moveMoney(t.services, c);
          const fromBatch = await moveMoneyBatch(t.services, batched.buys);
          const fromSingle = [];
          for (const m of single.buys) fromSingle.push(await moveMoney(t.services, m));
          expect(fromBatch.map((r) => [r.answer, r.written, r.wallet.balance])).toEqual(
            fromSingle.map((r) => [r.answer, r.written, r.wallet.balance]),
          );
          for (const p of players) {
            expect(await balance(batched.user(p))).toBe(await balance(single.user(p)));
            expect((await walletEvents(batched.user(p))).length).toBe(
              (await walletEvents(single.user(p))).length,
            );
          }
        },
      ),
      { numRuns: 10 },
    );
  });
});
