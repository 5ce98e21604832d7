/**
 * Test helpers of the betslip: offers, and a started machine with in-memory storage and fake actors.
 */
import { createActor, fromPromise } from 'xstate';
import { memoryStorage, type StoragePort } from '@bashiri/web-shared';
import { betslipMachine, type BetslipInput } from './machine.ts';
import type { Account, BookingCode, PlaceBetAnswer, PlaceBetRequest, SelectionOffer } from './types.ts';

/** An open pre-match offer: selection `s<match>-<pick>` of match `m<match>` (Simba v Yanga style teams). */
export const offer = (match: number, pick = 1, patch: Partial<SelectionOffer> = {}): SelectionOffer => ({
  selectionId: `s${match}-${pick}`,
  matchId: `m${match}`,
  odds: '2.00',
  home: `Home ${match}`,
  away: `Away ${match}`,
  marketName: 'Home Draw Away',
  selectionName: pick === 1 ? `Home ${match}` : pick === 3 ? `Away ${match}` : 'Draw',
  eventStatus: 1,
  isLive: false,
  statusId: 1,
  ...patch,
});

/** A logged-in player with money. */
export const PLAYER: Account = { loggedIn: true, balance: 1_000_000, credit: 5_000 };

/** The answer of a placed bet. */
export const PLACED: PlaceBetAnswer = { status: 'PLACED', nobetList: [], order: { id: 'b1', serial: 'S1' } };

/** The fakes a test can swap; calls are recorded. */
export interface Fakes {
  placeBet?: (request: PlaceBetRequest) => Promise<PlaceBetAnswer>;
  refreshAccount?: () => Promise<Account>;
  loadBookingCode?: (input: { code: string }) => Promise<BookingCode | null>;
  shareSlip?: (input: { selections: PlaceBetRequest['selections'] }) => Promise<{ code: string }>;
}

/** Starts the machine with fakes; returns the actor, the storage and the placeBet calls. */
export const startSlip = (
  fakes: Fakes = {},
  input: Partial<BetslipInput> = {},
  storage: StoragePort = memoryStorage(),
) => {
  const sent: PlaceBetRequest[] = [];
  let ids = 0;
  const machine = betslipMachine.provide({
    actors: {
      placeBet: fromPromise<PlaceBetAnswer, PlaceBetRequest>(({ input: request }) => {
        sent.push(request);
        return (fakes.placeBet ?? (() => Promise.resolve(PLACED)))(request);
      }),
      refreshAccount: fromPromise<Account, void>(() =>
        (fakes.refreshAccount ?? (() => Promise.resolve(PLAYER)))(),
      ),
      loadBookingCode: fromPromise<BookingCode | null, { code: string }>(({ input: code }) =>
        (fakes.loadBookingCode ?? (() => Promise.resolve(null)))(code),
      ),
      shareSlip: fromPromise<{ code: string }, { selections: PlaceBetRequest['selections'] }>(
        ({ input: s }) => (fakes.shareSlip ?? (() => Promise.resolve({ code: 'ABC123' })))(s),
      ),
    },
  });
  const actor = createActor(machine, {
    input: {
      storage,
      now: () => 1_700_000_000_000,
      newRequestId: () => `req-${++ids}`,
      origin: 'https://bashiri.test',
      account: PLAYER,
      ...input,
    },
  }).start();
  return { actor, storage, sent, context: () => actor.getSnapshot().context };
};

/** Lets pending promise actors settle. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
