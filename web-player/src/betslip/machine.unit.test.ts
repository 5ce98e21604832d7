import { DEFAULT_BET_CONFIG, quote } from '@bashiri/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@bashiri/web-shared';
import { SLIP_EXPIRY_MS, SLIP_STORAGE_KEY } from './persistence.ts';
import { MOBILE_MAX_WIDTH_PX, screenChannel } from './rules.ts';
import {
  selectAwaitingLiveAcceptance,
  selectCanSubmit,
  selectStakeLimits,
  selectTotals,
} from './selectors.ts';
import { offer, PLACED, PLAYER, settle, startSlip } from './testing.ts';
import type { PlaceBetAnswer } from './types.ts';

const ids = (slip: ReturnType<typeof startSlip>) => slip.context().items.map((i) => i.selectionId);

/** A slip with the accept box ticked and the given offers tapped. */
const readySlip = (...offers: Parameters<typeof offer>[]) => {
  const slip = startSlip();
  slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
  for (const args of offers) slip.actor.send({ type: 'TOGGLE', offer: offer(...args) });
  return slip;
};

describe('betslip: selections (spec §4 Betslip)', () => {
  it('given an empty slip, when a selection is tapped, then it is on the slip; tapped again, it is removed', () => {
    const slip = startSlip();
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    expect(ids(slip)).toEqual(['s1-1']);
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    expect(ids(slip)).toEqual([]);
  });

  it('given a selection of a match, when another of the same match is tapped, then it replaces it in place', () => {
    const slip = readySlip([1], [2], [3]);
    slip.actor.send({ type: 'TOGGLE', offer: offer(2, 3) });
    expect(ids(slip)).toEqual(['s1-1', 's2-3', 's3-1']);
  });

  it('ignores a selection without an id, and one of a match in play that is not live', () => {
    const slip = startSlip();
    slip.actor.send({ type: 'TOGGLE', offer: offer(1, 1, { selectionId: null }) });
    slip.actor.send({ type: 'TOGGLE', offer: offer(2, 1, { selectionId: '' }) });
    slip.actor.send({ type: 'TOGGLE', offer: offer(3, 1, { eventStatus: 2, isLive: false }) });
    expect(ids(slip)).toEqual([]);
    slip.actor.send({ type: 'TOGGLE', offer: offer(4, 1, { eventStatus: 2, isLive: true }) });
    expect(ids(slip)).toEqual(['s4-1']);
  });

  it('shows a selection named like the home or away team as Home or Away', () => {
    const slip = readySlip([1, 1], [2, 3], [3, 2]);
    expect(slip.context().items.map((i) => i.selectionName)).toEqual(['Home', 'Away', 'Draw']);
  });

  it('given 60 selections, when a 61st match is tapped, then it is refused, but replacing one still works', () => {
    const slip = startSlip();
    for (let m = 1; m <= 61; m++) slip.actor.send({ type: 'TOGGLE', offer: offer(m) });
    expect(slip.context().items).toHaveLength(60);
    slip.actor.send({ type: 'TOGGLE', offer: offer(60, 3) });
    expect(slip.context().items).toHaveLength(60);
    expect(ids(slip)).toContain('s60-3');
  });

  it('REMOVE drops one selection and CLEAR all', () => {
    const slip = readySlip([1], [2]);
    slip.actor.send({ type: 'REMOVE', selectionId: 's1-1' });
    expect(ids(slip)).toEqual(['s2-1']);
    slip.actor.send({ type: 'CLEAR' });
    expect(ids(slip)).toEqual([]);
  });
});

describe('betslip: persistence (spec §4, §9: 2-day expiry)', () => {
  it('given a saved slip, when the site starts within 2 days, then the slip is restored', () => {
    const storage = memoryStorage();
    const first = startSlip({}, {}, storage);
    first.actor.send({ type: 'TOGGLE', offer: offer(1) });
    first.actor.send({ type: 'SET_PAY_TYPE', payType: 1 });
    first.actor.send({ type: 'SET_AMOUNT', amount: 2_500 });
    const again = startSlip({}, { now: () => 1_700_000_000_000 + SLIP_EXPIRY_MS }, storage);
    expect(ids(again)).toEqual(['s1-1']);
    expect(again.context().amount).toBe(2_500);
  });

  it('given a slip saved more than 2 days ago, when the site starts, then the slip is empty and forgotten', () => {
    const storage = memoryStorage();
    startSlip({}, {}, storage).actor.send({ type: 'TOGGLE', offer: offer(1) });
    const later = startSlip({}, { now: () => 1_700_000_000_001 + SLIP_EXPIRY_MS }, storage);
    expect(ids(later)).toEqual([]);
    expect(storage.getItem(SLIP_STORAGE_KEY)).toBeNull();
  });

  it('given unreadable storage, when the site starts, then the slip is empty', () => {
    const storage = memoryStorage([[SLIP_STORAGE_KEY, '{not json']]);
    expect(ids(startSlip({}, {}, storage))).toEqual([]);
  });
});

describe('betslip: live updates (spec §4 monitoring; docs/live.md)', () => {
  it('updates odds, status and live flag of listed selections; status 4 pauses it and it is not priced', () => {
    const slip = readySlip([1], [2]);
    slip.actor.send({
      type: 'LIVE_UPDATE',
      update: {
        selections: [
          { selectionId: 's1-1', matchId: 'm1', odds: '2.50', statusId: 1, isLive: true },
          { selectionId: 's2-1', matchId: 'm2', odds: '1.90', statusId: 4, isLive: false },
          { selectionId: 'other', matchId: 'm9', odds: '9.00', statusId: 1, isLive: false },
        ],
        matches: [],
      },
    });
    const [one, two] = slip.context().items;
    expect(one).toMatchObject({ odds: '2.50', isLive: true, available: true });
    expect(two).toMatchObject({ statusId: 4, available: false });
    expect(selectTotals(slip.context()).totalOdds).toBe('2.50');
  });

  it('given a paused selection, when it opens again with odds, then it is available', () => {
    const slip = readySlip([1]);
    const update = (statusId: number, odds: string | null) =>
      slip.actor.send({
        type: 'LIVE_UPDATE',
        update: {
          selections: [{ selectionId: 's1-1', matchId: 'm1', odds, statusId, isLive: false }],
          matches: [],
        },
      });
    update(2, null);
    expect(slip.context().items[0]?.available).toBe(false);
    update(1, '3.10');
    expect(slip.context().items[0]).toMatchObject({ available: true, odds: '3.10' });
  });

  it('a newer match update that ends or suspends the match pauses its selections; an older one is dropped', () => {
    const slip = readySlip([1]);
    const match = (status: number, objectVersion: number, suspended = false) =>
      slip.actor.send({
        type: 'LIVE_UPDATE',
        update: {
          selections: [],
          matches: [{ matchId: 'm1', status, objectVersion, visible: true, suspended }],
        },
      });
    match(2, 5, true);
    expect(slip.context().items[0]?.available).toBe(false);
    match(2, 6);
    expect(slip.context().items[0]?.available).toBe(true);
    match(3, 4);
    expect(slip.context().items[0]?.available).toBe(true);
    match(3, 7);
    expect(slip.context().items[0]?.available).toBe(false);
  });
});

describe('betslip: amount and pay type (spec §5 Amount input)', () => {
  it('rounds down to the step of 100, raises to the minimum, lowers to the balance and the maximum', () => {
    const slip = startSlip({}, { account: { loggedIn: true, balance: 50_000, credit: 0 } });
    const amount = (a: number) => {
      slip.actor.send({ type: 'SET_AMOUNT', amount: a });
      return slip.context().amount;
    };
    expect(amount(1_250)).toBe(1_200);
    expect(amount(30)).toBe(100);
    expect(amount(80_000)).toBe(50_000);
    slip.actor.send({ type: 'SET_ACCOUNT', account: { loggedIn: true, balance: 9_000_000, credit: 0 } });
    expect(amount(5_000_000)).toBe(3_000_000);
  });

  it('given a balance of 1,250, when asking 5,000, then the stake is 1,200 (a multiple of the step the domain accepts)', () => {
    const slip = startSlip({}, { account: { loggedIn: true, balance: 1_250, credit: 0 } });
    slip.actor.send({ type: 'SET_AMOUNT', amount: 5_000 });
    expect(slip.context().amount).toBe(1_200);
  });

  it('plus and minus change the stake by 100', () => {
    const slip = startSlip();
    slip.actor.send({ type: 'SET_AMOUNT', amount: 1_000 });
    slip.actor.send({ type: 'STEP_AMOUNT', direction: 1 });
    expect(slip.context().amount).toBe(1_100);
    slip.actor.send({ type: 'STEP_AMOUNT', direction: -1 });
    slip.actor.send({ type: 'STEP_AMOUNT', direction: -1 });
    expect(slip.context().amount).toBe(900);
  });

  it('credit payment stakes the whole credit balance', () => {
    const slip = startSlip({}, { account: { loggedIn: true, balance: 10_000, credit: 750 } });
    slip.actor.send({ type: 'SET_PAY_TYPE', payType: 2 });
    expect(slip.context().amount).toBe(750);
    slip.actor.send({ type: 'SET_AMOUNT', amount: 5_000 });
    expect(slip.context().amount).toBe(750);
  });

  it('a loaded configuration with missing values falls back to 300 and 900,000 (spec §9)', () => {
    const slip = startSlip({}, { config: { taxRatePercent: 10 } });
    slip.actor.send({ type: 'SET_AMOUNT', amount: 100 });
    expect(slip.context().amount).toBe(300);
    slip.actor.send({ type: 'SET_AMOUNT', amount: 950_000 });
    expect(slip.context().amount).toBe(900_000);
  });

  it('a visitor can price a slip up to the maximum, and submit is disabled while empty', () => {
    const slip = startSlip({}, { account: { loggedIn: false, balance: 0, credit: 0 } });
    expect(selectCanSubmit(slip.context())).toBe(false);
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'SET_AMOUNT', amount: 20_000 });
    expect(slip.context().amount).toBe(20_000);
    expect(selectCanSubmit(slip.context())).toBe(true);
  });
});

describe('betslip: stake limits of its channel (spec §9 min and max bet for mobile and desktop)', () => {
  /** Mobile 1,000 – 20,000; desktop 500 – general maximum; credit minimum 1,500. */
  const config = {
    ...DEFAULT_BET_CONFIG,
    minimumBetAmountVirtual: 1_500,
    minimumBetAmountMobile: 1_000,
    maximumBetAmountMobile: 20_000,
    minimumBetAmountDesktop: 500,
    maximumBetAmountDesktop: null,
  };
  const slipOn = (channel: () => 'MOBILE' | 'DESKTOP', account = PLAYER) => {
    const slip = startSlip({}, { config, channel, account });
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    return slip;
  };
  const amount = (slip: ReturnType<typeof startSlip>, asked: number) => {
    slip.actor.send({ type: 'SET_AMOUNT', amount: asked });
    return slip.context().amount;
  };

  it("keeps the stake within its own channel's limits: the larger minimum, the smaller maximum", () => {
    const mobile = slipOn(() => 'MOBILE');
    expect(selectStakeLimits(mobile.context())).toEqual({ minimum: 1_000, maximum: 20_000 });
    expect(amount(mobile, 100)).toBe(1_000);
    expect(amount(mobile, 50_000)).toBe(20_000);
    mobile.actor.send({ type: 'SET_PAY_TYPE', payType: 2 });
    expect(selectStakeLimits(mobile.context())).toEqual({ minimum: 1_500, maximum: 20_000 });

    const desktop = slipOn(() => 'DESKTOP');
    expect(selectStakeLimits(desktop.context())).toEqual({ minimum: 500, maximum: 3_000_000 });
    expect(amount(desktop, 100)).toBe(500);
    expect(amount(desktop, 50_000)).toBe(50_000);
  });

  it('reads the limits from the loaded configuration, and none of a channel means the general ones', () => {
    const slip = startSlip({}, { channel: () => 'MOBILE' });
    expect(selectStakeLimits(slip.context())).toEqual({ minimum: 100, maximum: 3_000_000 });
    slip.actor.send({ type: 'SET_CONFIG', config: { ...config, maximumBetAmountMobile: 5_000 } });
    expect(selectStakeLimits(slip.context())).toEqual({ minimum: 1_000, maximum: 5_000 });
  });

  it('checks a stake left over from the other layout against the channel now, and sends nothing', async () => {
    let channel: 'MOBILE' | 'DESKTOP' = 'DESKTOP';
    const slip = slipOn(() => channel);
    expect(amount(slip, 50_000)).toBe(50_000);
    channel = 'MOBILE';
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.context().notice?.code).toBe('STAKE_ABOVE_MAXIMUM');
    expect(amount(slip, 900)).toBe(1_000);
    expect(selectCanSubmit(slip.context())).toBe(true);
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(slip.sent.map((r) => [r.amount, r.channel])).toEqual([[1_000, 'MOBILE']]);
  });

  it("given a balance below the channel's minimum, when submitting, then INSUFFICIENT_FUNDS and nothing is sent", () => {
    const slip = slipOn(() => 'MOBILE', { loggedIn: true, balance: 800, credit: 0 });
    expect(slip.context().amount).toBe(800);
    expect(selectCanSubmit(slip.context())).toBe(false);
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.context().notice?.code).toBe('INSUFFICIENT_FUNDS');
    expect(slip.sent).toEqual([]);
  });
});

describe('betslip: totals (spec §5 formulas, from the domain quote)', () => {
  it('equal the domain quote of the available selections with the loaded configuration', () => {
    const slip = readySlip([1, 1, { odds: '1.95' }], [2, 1, { odds: '3.00' }]);
    slip.actor.send({
      type: 'SET_CONFIG',
      config: { ...DEFAULT_BET_CONFIG, stringRewards: [{ strings: 2, cashBackPercent: 5 }] },
    });
    slip.actor.send({ type: 'SET_AMOUNT', amount: 1_000 });
    const totals = selectTotals(slip.context());
    expect(totals).toMatchObject({
      totalOdds: '5.85',
      profit: 4_850,
      rewardPercent: 5,
      reward: 242,
      tax: 509,
    });
    expect(totals.afterTaxAmount).toBe(1_000 + 4_850 + 242 - 509);
    expect(totals).toEqual(
      quote(
        {
          selections: [
            { selectionId: 's1-1', matchId: 'm1', odds: '1.95' },
            { selectionId: 's2-1', matchId: 'm2', odds: '3.00' },
          ],
          stake: 1_000,
          payType: 1,
        },
        { ...DEFAULT_BET_CONFIG, stringRewards: [{ strings: 2, cashBackPercent: 5 }] },
      ),
    );
  });
});

describe('betslip: submit (spec §5 Betslip submit, Duplicate)', () => {
  it('refuses a visitor, an empty slip, and a slip whose accept box is not ticked, sending nothing', () => {
    const visitor = startSlip({}, { account: { loggedIn: false, balance: 0, credit: 0 } });
    visitor.actor.send({ type: 'TOGGLE', offer: offer(1) });
    visitor.actor.send({ type: 'SUBMIT' });
    expect(visitor.context().notice?.code).toBe('UNAUTHENTICATED');

    const slip = startSlip();
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.context().notice?.code).toBe('EMPTY_SLIP');
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.context().notice?.code).toBe('ACCEPT_ODDS_CHANGES');
    expect([...visitor.sent, ...slip.sent]).toEqual([]);
  });

  it('refuses while betting is paused, and when no selection is available', () => {
    const slip = readySlip([1]);
    slip.actor.send({ type: 'SET_BETTING_PAUSE', paused: true });
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.context().notice?.code).toBe('BETTING_PAUSED');
    slip.actor.send({ type: 'SET_BETTING_PAUSE', paused: false });
    slip.actor.send({
      type: 'LIVE_UPDATE',
      update: {
        selections: [{ selectionId: 's1-1', matchId: 'm1', odds: null, statusId: 2, isLive: false }],
        matches: [],
      },
    });
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.context().notice?.code).toBe('NO_AVAILABLE_SELECTIONS');
    expect(slip.sent).toEqual([]);
  });

  it('given a balance below the minimum, when submitting, then INSUFFICIENT_FUNDS and nothing is sent', () => {
    const slip = startSlip({}, { account: { loggedIn: true, balance: 50, credit: 0 } });
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.context().notice?.code).toBe('INSUFFICIENT_FUNDS');
    expect(slip.sent).toEqual([]);
  });

  it('sends only available selections with a new requestId; when PLACED, the slip empties and the wallet is re-read', async () => {
    let refreshed = 0;
    const slip = startSlip({
      refreshAccount: () => {
        refreshed++;
        return Promise.resolve({ ...PLAYER, balance: 999_000 });
      },
    });
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'TOGGLE', offer: offer(2, 1, { statusId: 2 }) });
    slip.actor.send({ type: 'SET_AMOUNT', amount: 1_000 });
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(slip.sent).toEqual([
      {
        requestId: 'req-1',
        payType: 'BALANCE',
        amount: 1_000,
        selections: [{ selectionId: 's1-1', odds: '2.00' }],
        oddsChange: 'ACCEPT_ANY',
        channel: 'DESKTOP',
      },
    ]);
    expect(slip.actor.getSnapshot().matches({ ready: 'placed' })).toBe(true);
    expect(slip.context().items).toEqual([]);
    expect(slip.context().notice).toEqual({ kind: 'success', code: 'PLACED' });
    expect(refreshed).toBe(1);
    expect(slip.context().account.balance).toBe(999_000);
    expect(slip.storage.getItem(SLIP_STORAGE_KEY)).toBeNull();
  });

  it('given a bet just placed, when a selection is tapped at once, then the wallet re-read still lands', async () => {
    const slip = startSlip({
      refreshAccount: () =>
        new Promise((resolve) => setTimeout(() => resolve({ ...PLAYER, balance: 123_400 }), 5)),
    });
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(slip.actor.getSnapshot().matches({ ready: 'placed' })).toBe(true);
    expect(slip.context().account.balance).toBe(PLAYER.balance);
    slip.actor.send({ type: 'TOGGLE', offer: offer(2) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(slip.context().account.balance).toBe(123_400);
  });

  it('given the same selections were just placed, when submitted again, then a confirm step comes first', async () => {
    const slip = readySlip([1], [2]);
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    slip.actor.send({ type: 'TOGGLE', offer: offer(2) });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.actor.getSnapshot().value).toBe('confirmingDuplicate');
    slip.actor.send({ type: 'CANCEL_DUPLICATE' });
    expect(slip.sent).toHaveLength(1);
    slip.actor.send({ type: 'SUBMIT' });
    slip.actor.send({ type: 'CONFIRM_DUPLICATE' });
    await settle();
    expect(slip.sent.map((r) => r.requestId)).toEqual(['req-1', 'req-2']);
  });

  it('given the duplicate question waits, when the slip changes, then the change applies and the question is cancelled', async () => {
    const slip = readySlip([1], [2]);
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'TOGGLE', offer: offer(2) });
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.actor.getSnapshot().value).toBe('confirmingDuplicate');
    slip.actor.send({ type: 'SET_AMOUNT', amount: 2_500 });
    expect(slip.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(slip.context().amount).toBe(2_500);
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.actor.getSnapshot().value).toBe('confirmingDuplicate');
    slip.actor.send({ type: 'TOGGLE', offer: offer(3) });
    expect(slip.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(slip.context().items).toHaveLength(3);
    // Not a duplicate any more: it is sent at once.
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(slip.sent).toHaveLength(2);
  });

  it('given a REJECTED answer with a nobetList, then listed selections get the code and the slip is kept', async () => {
    const answer: PlaceBetAnswer = {
      status: 'REJECTED',
      code: 'SELECTIONS_UNAVAILABLE',
      nobetList: [
        { selectionId: 's1-1', code: 'MATCH_NOT_OPEN', currentOdds: null },
        { selectionId: 's2-1', code: 'ODDS_CHANGED', currentOdds: '2.40' },
      ],
    };
    const slip = startSlip({ placeBet: () => Promise.resolve(answer) });
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    for (const m of [1, 2, 3]) slip.actor.send({ type: 'TOGGLE', offer: offer(m) });
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    const [one, two, three] = slip.context().items;
    expect(one).toMatchObject({ errorCode: 'MATCH_NOT_OPEN', available: false });
    expect(two).toMatchObject({ errorCode: 'ODDS_CHANGED', odds: '2.40', available: true });
    expect(three).toMatchObject({ errorCode: null, available: true });
    expect(slip.context().notice?.code).toBe('SELECTIONS_UNAVAILABLE');
    expect(slip.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('given another REJECTED code, then the slip shows the error with the code and is kept', async () => {
    const slip = startSlip({
      placeBet: () => Promise.resolve({ status: 'REJECTED', code: 'INSUFFICIENT_FUNDS', nobetList: [] }),
    });
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(slip.actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    expect(slip.context().notice?.code).toBe('INSUFFICIENT_FUNDS');
    expect(ids(slip)).toEqual(['s1-1']);
  });

  it('given a network failure, when RETRY, then the same requestId is sent again', async () => {
    let calls = 0;
    const slip = startSlip({
      placeBet: () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(PLACED)),
    });
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'TOGGLE', offer: offer(2) });
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(slip.context().notice?.code).toBe('NETWORK_ERROR');
    slip.actor.send({
      type: 'LIVE_UPDATE',
      update: {
        selections: [{ selectionId: 's2-1', matchId: 'm2', odds: '2.00', statusId: 4, isLive: false }],
        matches: [],
      },
    });
    slip.actor.send({ type: 'RETRY' });
    await settle();
    expect(slip.sent.map((r) => r.requestId)).toEqual(['req-1', 'req-1']);
    expect(slip.sent[1]?.selections).toEqual([{ selectionId: 's1-1', odds: '2.00' }]);
    expect(slip.actor.getSnapshot().matches({ ready: 'placed' })).toBe(true);
  });
});

describe('betslip: booking codes and sharing (spec §2 share popover, §4)', () => {
  it('loading a code replaces the slip with its available selections and reports the others', async () => {
    const slip = startSlip({
      loadBookingCode: ({ code }) =>
        Promise.resolve({
          code,
          selections: [
            {
              selectionId: 'x1',
              available: true,
              odds: '1.50',
              matchId: 'm7',
              home: 'Simba',
              away: 'Yanga',
              selectionName: 'Simba',
            },
            { selectionId: 'x2', available: false, code: 'MATCH_NOT_OPEN', matchId: 'm8' },
            { selectionId: 'x3', available: true, odds: '2.10', matchId: 'm9', selectionName: 'Over 2.5' },
          ],
        }),
    });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'LOAD_CODE', code: ' K7Q2 ' });
    expect(slip.actor.getSnapshot().value).toBe('loadingCode');
    await settle();
    expect(ids(slip)).toEqual(['x1', 'x3']);
    expect(slip.context().items[0]?.selectionName).toBe('Home');
    expect(slip.context().notice).toEqual({
      kind: 'info',
      code: 'BOOKING_CODE_PARTIAL',
      values: { count: 1 },
    });
  });

  it('an unknown code leaves the slip and says so', async () => {
    const slip = readySlip([1]);
    slip.actor.send({ type: 'LOAD_CODE', code: 'NOPE' });
    await settle();
    expect(ids(slip)).toEqual(['s1-1']);
    expect(slip.context().notice?.code).toBe('BOOKING_CODE_NOT_FOUND');
  });

  it('sharing returns the code and the link <origin>/?code=', async () => {
    const shared: unknown[] = [];
    const slip = startSlip({
      shareSlip: (input) => {
        shared.push(input);
        return Promise.resolve({ code: 'K7Q2' });
      },
    });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'SHARE' });
    await settle();
    expect(shared).toEqual([{ selections: [{ selectionId: 's1-1', odds: '2.00' }] }]);
    expect(slip.context().shared).toEqual({ code: 'K7Q2', link: 'https://bashiri.test/?code=K7Q2' });
  });
});

describe('betslip: live bets held by the server (spec §9 rolling-bet delay)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the channel from the layout breakpoint: MOBILE up to 960 px wide, DESKTOP above or without a window', () => {
    expect(screenChannel()).toBe('DESKTOP');
    let width = 960;
    const queries: string[] = [];
    vi.stubGlobal('matchMedia', (query: string) => {
      queries.push(query);
      return { matches: width <= MOBILE_MAX_WIDTH_PX };
    });
    expect(screenChannel()).toBe('MOBILE');
    width = 961;
    expect(screenChannel()).toBe('DESKTOP');
    expect(queries).toEqual(['(max-width: 960px)', '(max-width: 960px)']);
  });

  it('sends the channel asked at submission: MOBILE from the phone layout, DESKTOP otherwise', async () => {
    let channel: 'MOBILE' | 'DESKTOP' = 'MOBILE';
    const slip = startSlip({}, { channel: () => channel });
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    channel = 'DESKTOP';
    slip.actor.send({ type: 'TOGGLE', offer: offer(2) });
    slip.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(slip.sent.map((r) => r.channel)).toEqual(['MOBILE', 'DESKTOP']);
  });

  it('says a bet with a selection in play awaits acceptance while it is being placed, and not after', async () => {
    let answer!: (value: PlaceBetAnswer) => void;
    const slip = startSlip({ placeBet: () => new Promise<PlaceBetAnswer>((resolve) => (answer = resolve)) });
    const awaiting = () =>
      selectAwaitingLiveAcceptance(slip.context(), slip.actor.getSnapshot().matches('submitting'));
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'TOGGLE', offer: offer(2, 1, { eventStatus: 2, isLive: true }) });
    expect(awaiting()).toBe(false);
    slip.actor.send({ type: 'SUBMIT' });
    expect(awaiting()).toBe(true);
    answer(PLACED);
    await settle();
    expect(awaiting()).toBe(false);
    expect(slip.context().notice).toEqual({ kind: 'success', code: 'PLACED' });
  });

  it('does not say so for a pre-match bet', () => {
    const slip = startSlip({ placeBet: () => new Promise<PlaceBetAnswer>(() => {}) });
    slip.actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
    slip.actor.send({ type: 'TOGGLE', offer: offer(1) });
    slip.actor.send({ type: 'TOGGLE', offer: offer(2, 1, { isLive: true }) });
    slip.actor.send({ type: 'SUBMIT' });
    expect(slip.actor.getSnapshot().matches('submitting')).toBe(true);
    expect(selectAwaitingLiveAcceptance(slip.context(), true)).toBe(false);
  });
});
