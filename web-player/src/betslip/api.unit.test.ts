/**
 * The betslip's GraphQL actors (spec §4, §5): the machine, connected to a fake urql client, sends
 * `placeBet` with the attempt's requestId, pay type, stake, selections with the odds seen and the
 * odds-change policy; maps a refusal's `nobetList` onto the slip; refreshes the wallet after success;
 * loads booking codes and shares the slip; a GraphQL error counts as a network failure.
 */
import type { Client } from '@urql/core';
import type { DocumentNode } from 'graphql';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@bashiri/web-shared';
import { connectedBetslipMachine } from './api.ts';
import { offer, PLAYER, settle } from './testing.ts';

type Answer = { data?: unknown; error?: unknown };
interface Call {
  readonly operation: string;
  readonly variables: Record<string, unknown>;
}

/** A client that answers operations by name and records the calls. */
const fakeClient = (answers: Record<string, (variables: Record<string, unknown>) => Answer>) => {
  const calls: Call[] = [];
  const run = (document: DocumentNode, variables: Record<string, unknown>) => {
    const def = document.definitions.find((d) => d.kind === 'OperationDefinition');
    const operation = def && 'name' in def ? (def.name?.value ?? '') : '';
    calls.push({ operation, variables });
    const answer = answers[operation];
    return {
      toPromise: () => Promise.resolve(answer ? answer(variables) : { error: new Error(`no ${operation}`) }),
    };
  };
  return { client: { query: run, mutation: run } as unknown as Client, calls };
};

const start = (client: Client) =>
  createActor(connectedBetslipMachine(client), {
    input: {
      storage: memoryStorage(),
      newRequestId: () => 'req-1',
      account: PLAYER,
      origin: 'https://b.test',
    },
  }).start();

describe('placeBet over GraphQL', () => {
  it('sends the slip, empties it on PLACED and re-reads the wallet', async () => {
    const { client, calls } = fakeClient({
      BetslipPlaceBet: () => ({
        data: {
          placeBet: {
            status: 'PLACED',
            code: null,
            message: null,
            nobetList: [],
            order: { id: 'o1', serial: 'S1' },
          },
        },
      }),
      MyWallet: () => ({ data: { myWallet: { balance: 7_000, creditMoney: 50 } } }),
    });
    const actor = start(client);
    actor.send({ type: 'TOGGLE', offer: offer(1, 1, { odds: '1.95' }) });
    actor.send({ type: 'SET_AMOUNT', amount: 1_000 });
    actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    actor.send({ type: 'SUBMIT' });
    await settle();
    await settle();
    expect(calls[0]).toEqual({
      operation: 'BetslipPlaceBet',
      variables: {
        input: {
          requestId: 'req-1',
          payType: 'BALANCE',
          amount: 1_000,
          selections: [{ selectionId: 's1-1', odds: '1.95' }],
          oddsChange: 'ACCEPT_ANY',
          channel: 'DESKTOP',
        },
      },
    });
    const c = actor.getSnapshot().context;
    expect(c.items).toEqual([]);
    expect(c.notice?.code).toBe('PLACED');
    expect(calls.map((x) => x.operation)).toContain('MyWallet');
    expect(c.account).toEqual({ loggedIn: true, balance: 7_000, credit: 50 });
  });

  it('marks the selections of a refusal and keeps the slip', async () => {
    const { client } = fakeClient({
      BetslipPlaceBet: () => ({
        data: {
          placeBet: {
            status: 'REJECTED',
            code: 'SELECTIONS_UNAVAILABLE',
            message: null,
            nobetList: [{ selectionId: 's2-1', code: 'MATCH_NOT_OPEN', currentOdds: null }],
            order: null,
          },
        },
      }),
    });
    const actor = start(client);
    actor.send({ type: 'TOGGLE', offer: offer(1) });
    actor.send({ type: 'TOGGLE', offer: offer(2) });
    actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    actor.send({ type: 'SUBMIT' });
    await settle();
    const c = actor.getSnapshot().context;
    expect(c.items.map((i) => [i.selectionId, i.errorCode, i.available])).toEqual([
      ['s1-1', null, true],
      ['s2-1', 'MATCH_NOT_OPEN', false],
    ]);
    expect(c.notice?.code).toBe('SELECTIONS_UNAVAILABLE');
  });

  it('treats a GraphQL error as a lost answer (retry keeps the requestId)', async () => {
    const { client } = fakeClient({ BetslipPlaceBet: () => ({ error: new Error('boom') }) });
    const actor = start(client);
    actor.send({ type: 'TOGGLE', offer: offer(1) });
    actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.notice?.code).toBe('NETWORK_ERROR');
  });
});

describe('booking codes and sharing', () => {
  it('loads a code into the slip and shares the slip as a link', async () => {
    const { client, calls } = fakeClient({
      BetslipBookingCode: ({ code }) => ({
        data: {
          bookingCode: {
            code,
            selections: [
              {
                selectionId: '99',
                available: true,
                code: null,
                odds: '2.50',
                matchId: '9',
                home: 'Azam FC',
                away: 'Simba SC',
                marketName: 'Home Draw Away',
                selectionName: 'Azam FC',
                matchStatus: 1,
              },
            ],
          },
        },
      }),
      BetslipShare: () => ({ data: { shareSlip: { code: 'XY12' } } }),
    });
    const actor = start(client);
    actor.send({ type: 'LOAD_CODE', code: ' AB34 ' });
    await settle();
    expect(calls[0]).toEqual({ operation: 'BetslipBookingCode', variables: { code: 'AB34' } });
    expect(actor.getSnapshot().context.items.map((i) => [i.selectionId, i.selectionName])).toEqual([
      ['99', 'Home'],
    ]);
    actor.send({ type: 'SHARE' });
    await settle();
    expect(calls[1]).toEqual({
      operation: 'BetslipShare',
      variables: { selections: [{ selectionId: '99', odds: '2.50' }] },
    });
    expect(actor.getSnapshot().context.shared).toEqual({ code: 'XY12', link: 'https://b.test/?code=XY12' });
  });

  it('reports an unknown code', async () => {
    const { client } = fakeClient({ BetslipBookingCode: () => ({ data: { bookingCode: null } }) });
    const actor = start(client);
    actor.send({ type: 'LOAD_CODE', code: 'NOPE' });
    await settle();
    expect(actor.getSnapshot().context.notice?.code).toBe('BOOKING_CODE_NOT_FOUND');
  });
});
