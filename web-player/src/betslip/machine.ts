/**
 * The betslip machine (spec §2 "Betslip panel", §4 "Betslip", §5 "Betslip submit", "Amount input",
 * "Duplicate", "Accumulator"; architecture.md §6), headless. Guards, actions and actors are declared by
 * name in `setup` (style.md, XState flight-booker); the IO actors `placeBet`, `refreshAccount`,
 * `loadBookingCode` and `shareSlip` are swapped with `betslipMachine.provide({ actors })` — the defaults
 * here fail, the app provides GraphQL ones. Storage and clock come in through `input`.
 *
 * Decision: selections are plain data in the context rather than one child actor per row (the
 * friends-list shape): every rule spans rows (one per match, 60 at most, the price of the whole slip)
 * and a row's own state is two fields (paused, error tip).
 */
import {
  PAY_TYPE_BALANCE,
  resolveBetConfig,
  stepAmount,
  type BetConfig,
  type PayType,
  type Tzs,
} from '@bashiri/domain';
import { assertEvent, assign, fromPromise, setup, spawnChild, type DoneActorEvent } from 'xstate';
import type { StoragePort } from '@bashiri/web-shared';
import { restoreSlip, saveSlip } from './persistence.ts';
import {
  applyLiveUpdate,
  applyNoBetList,
  availableItems,
  itemsOfBookingCode,
  placeBetRequest,
  screenChannel,
  selectionSetKey,
  slipAmount,
  submitRefusal,
  toggleItem,
} from './rules.ts';
import type {
  Account,
  BetChannel,
  BookingCode,
  LiveUpdate,
  Notice,
  PlaceBetAnswer,
  PlaceBetRequest,
  SelectionOffer,
  SharedSlip,
  SlipItem,
} from './types.ts';

/** What the machine is started with. */
export interface BetslipInput {
  readonly storage: StoragePort;
  /** Clock, ms since epoch (persistence expiry). Default `Date.now`. */
  readonly now?: () => number;
  /** A fresh uuid per submission attempt. Default `crypto.randomUUID`. */
  readonly newRequestId?: () => string;
  /** Site origin for share links, e.g. `https://bashiri.co.tz`. */
  readonly origin?: string;
  /**
   * The layout a bet is placed from, asked whenever the stake is normalised or checked (its stake
   * limits) and at each submission (sent with the bet). Default `screenChannel` (the 960 px media query).
   */
  readonly channel?: () => BetChannel;
  /** The bet configuration if already loaded (`betConfig` query; partial values fall back per spec §9). */
  readonly config?: Partial<Record<keyof BetConfig, unknown>>;
  readonly account?: Account;
  /** The player's default bet amount (spec §2 "a default bet amount setting"). */
  readonly defaultAmount?: Tzs;
}

/** The machine's context. The totals are derived (`selectTotals`), never stored. */
export interface BetslipContext {
  readonly storage: StoragePort;
  readonly now: () => number;
  readonly newRequestId: () => string;
  readonly channel: () => BetChannel;
  readonly origin: string;
  readonly config: BetConfig;
  readonly account: Account;
  readonly bettingPaused: boolean;
  readonly items: readonly SlipItem[];
  /** The stake, always `normaliseAmount` of what was asked (spec §5 "Amount input"). */
  readonly amount: Tzs;
  /** What the player asked for, re-normalised when balance, pay type or config change. */
  readonly requestedAmount: Tzs;
  readonly payType: PayType;
  /** Spec §2/§5: the accept-automatic-odds-changes box. */
  readonly acceptOddsChanges: boolean;
  /** The attempt being sent or last failed; its requestId is reused by RETRY. */
  readonly attempt: PlaceBetRequest | null;
  /** Key of the selections last placed (or sent without an answer), for the duplicate check. */
  readonly lastSubmittedKey: string | null;
  readonly notice: Notice | null;
  readonly shared: SharedSlip | null;
}

/** Everything the slip reacts to. */
export type BetslipEvent =
  | { readonly type: 'TOGGLE'; readonly offer: SelectionOffer }
  | { readonly type: 'REMOVE'; readonly selectionId: string }
  | { readonly type: 'CLEAR' }
  | { readonly type: 'LIVE_UPDATE'; readonly update: LiveUpdate }
  | { readonly type: 'SET_AMOUNT'; readonly amount: Tzs }
  | { readonly type: 'STEP_AMOUNT'; readonly direction: 1 | -1 }
  | { readonly type: 'SET_PAY_TYPE'; readonly payType: PayType }
  | { readonly type: 'SET_ACCEPT_ODDS'; readonly accept: boolean }
  | { readonly type: 'SET_ACCOUNT'; readonly account: Account }
  | { readonly type: 'SET_CONFIG'; readonly config: Partial<Record<keyof BetConfig, unknown>> | undefined }
  | { readonly type: 'SET_BETTING_PAUSE'; readonly paused: boolean }
  | { readonly type: 'SUBMIT' }
  | { readonly type: 'CONFIRM_DUPLICATE' }
  | { readonly type: 'CANCEL_DUPLICATE' }
  | { readonly type: 'RETRY' }
  | { readonly type: 'DISMISS' }
  | { readonly type: 'LOAD_CODE'; readonly code: string }
  | { readonly type: 'SHARE' };

const VISITOR: Account = { loggedIn: false, balance: 0, credit: 0 };

const notYetProvided = (name: string) =>
  fromPromise<never, unknown>(() => Promise.reject(new Error(`betslip actor ${name} not provided`)));

/**
 * The amount after a change of what was asked, pay type, balance or configuration, within the stake
 * limits of the channel the slip is on now (spec §9 "min and max bet for mobile and desktop").
 */
const renormalised = (c: BetslipContext, patch: Partial<BetslipContext>): Partial<BetslipContext> => {
  const next = { ...c, ...patch };
  return {
    ...patch,
    amount: slipAmount(next.requestedAmount, next.payType, next.account, next.config, next.channel()),
  };
};

const initialContext = ({ input }: { input: BetslipInput }): BetslipContext => {
  const now = input.now ?? (() => Date.now());
  const config = resolveBetConfig(input.config);
  const account = input.account ?? VISITOR;
  const saved = restoreSlip(input.storage, now());
  const payType = saved?.payType ?? PAY_TYPE_BALANCE;
  const requestedAmount = saved?.amount || input.defaultAmount || config.minimumBetAmount;
  const channel = input.channel ?? screenChannel;
  return {
    storage: input.storage,
    now,
    newRequestId: input.newRequestId ?? (() => crypto.randomUUID()),
    channel,
    origin: input.origin ?? globalThis.location?.origin ?? '',
    config,
    account,
    bettingPaused: false,
    items: saved?.items ?? [],
    requestedAmount,
    amount: slipAmount(requestedAmount, payType, account, config, channel()),
    payType,
    acceptOddsChanges: saved?.acceptOddsChanges ?? false,
    attempt: null,
    lastSubmittedKey: null,
    notice: null,
    shared: null,
  };
};

/** The betslip machine. Provide `placeBet`, `refreshAccount`, `loadBookingCode`, `shareSlip`. */
export const betslipMachine = setup({
  types: {
    context: {} as BetslipContext,
    events: {} as BetslipEvent,
    input: {} as BetslipInput,
  },
  actors: {
    /** GraphQL `placeBet(input)`: rejects on a network failure, resolves with the answer otherwise. */
    placeBet: notYetProvided('placeBet') as unknown as ReturnType<
      typeof fromPromise<PlaceBetAnswer, PlaceBetRequest>
    >,
    /** Re-reads the wallet after a bet (spec §4: user info refreshed). */
    refreshAccount: notYetProvided('refreshAccount') as unknown as ReturnType<
      typeof fromPromise<Account, void>
    >,
    /** GraphQL `bookingCode(code)`: null for an unknown code. */
    loadBookingCode: notYetProvided('loadBookingCode') as unknown as ReturnType<
      typeof fromPromise<BookingCode | null, { code: string }>
    >,
    /** GraphQL `shareSlip(selections)`: the new code. */
    shareSlip: notYetProvided('shareSlip') as unknown as ReturnType<
      typeof fromPromise<{ code: string }, Pick<PlaceBetRequest, 'selections'>>
    >,
  },
  guards: {
    isVisitor: ({ context }) => !context.account.loggedIn,
    isBettingPaused: ({ context }) => context.bettingPaused,
    isEmpty: ({ context }) => context.items.length === 0,
    oddsChangesNotAccepted: ({ context }) => !context.acceptOddsChanges,
    hasSlipRefusal: ({ context: c }) =>
      submitRefusal(c.items, c.amount, c.payType, c.account, c.config, c.channel()) !== null,
    isDuplicate: ({ context }) =>
      context.lastSubmittedKey === selectionSetKey(availableItems(context.items).map((i) => i.selectionId)),
    isPlaced: (_, answer: PlaceBetAnswer) => answer.status === 'PLACED',
    hasNoBetList: (_, answer: PlaceBetAnswer) => answer.nobetList.length > 0,
    canRetry: ({ context }) =>
      context.attempt !== null && context.attempt.selections.some((s) => isStillAvailable(context.items, s)),
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return { items: toggleItem(context.items, event.offer), notice: null, shared: null };
    }),
    remove: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE');
      return { items: context.items.filter((i) => i.selectionId !== event.selectionId), shared: null };
    }),
    clear: assign({ items: [], notice: null, shared: null }),
    applyLiveUpdate: assign(({ context, event }) => {
      assertEvent(event, 'LIVE_UPDATE');
      return { items: applyLiveUpdate(context.items, event.update) };
    }),
    setAmount: assign(({ context, event }) => {
      assertEvent(event, ['SET_AMOUNT', 'STEP_AMOUNT']);
      const asked =
        event.type === 'SET_AMOUNT'
          ? Number.isFinite(event.amount)
            ? event.amount
            : 0
          : stepAmount(context.amount, event.direction);
      return renormalised(context, { requestedAmount: asked });
    }),
    setPayType: assign(({ context, event }) => {
      assertEvent(event, 'SET_PAY_TYPE');
      return renormalised(context, { payType: event.payType });
    }),
    setAcceptOdds: assign(({ event }) => {
      assertEvent(event, 'SET_ACCEPT_ODDS');
      return { acceptOddsChanges: event.accept };
    }),
    setAccount: assign(({ context, event }) => {
      assertEvent(event, 'SET_ACCOUNT');
      return renormalised(context, { account: event.account });
    }),
    setConfig: assign(({ context, event }) => {
      assertEvent(event, 'SET_CONFIG');
      return renormalised(context, { config: resolveBetConfig(event.config) });
    }),
    setBettingPause: assign(({ event }) => {
      assertEvent(event, 'SET_BETTING_PAUSE');
      return { bettingPaused: event.paused };
    }),
    setAccountFrom: assign(({ context }, account: Account) => renormalised(context, { account })),
    /** A refusal before anything is sent: the stable code shown as a notice. */
    refuse: assign(({ context: c }, code: string | null) => ({
      notice: {
        kind: 'error',
        code:
          code ?? submitRefusal(c.items, c.amount, c.payType, c.account, c.config, c.channel()) ?? 'INTERNAL',
      } satisfies Notice,
    })),
    startAttempt: assign(({ context: c }) => ({
      attempt: placeBetRequest(c.newRequestId(), c.items, c.amount, c.payType, c.channel()),
      notice: null,
    })),
    /** Retry of the same attempt: same requestId, without selections that became unavailable. */
    restartAttempt: assign(({ context: c }) => ({
      attempt: c.attempt && {
        ...c.attempt,
        selections: c.attempt.selections.filter((s) => isStillAvailable(c.items, s)),
      },
      notice: null,
    })),
    emptyAfterPlaced: assign(({ context: c }) => ({
      items: [],
      lastSubmittedKey: c.attempt && selectionSetKey(c.attempt.selections.map((s) => s.selectionId)),
      attempt: null,
      notice: { kind: 'success', code: 'PLACED' } satisfies Notice,
      shared: null,
    })),
    flagNoBetList: assign(({ context }, answer: PlaceBetAnswer) => ({
      items: applyNoBetList(context.items, answer.nobetList),
      attempt: null,
      notice: { kind: 'error', code: answer.code || 'SELECTIONS_UNAVAILABLE' } satisfies Notice,
    })),
    failRejected: assign((_, answer: PlaceBetAnswer) => ({
      attempt: null,
      notice: { kind: 'error', code: answer.code || 'INTERNAL' } satisfies Notice,
    })),
    /** The answer was lost: the bet may exist, so the same set counts as just submitted. */
    failNetwork: assign(({ context: c }) => ({
      lastSubmittedKey: c.attempt && selectionSetKey(c.attempt.selections.map((s) => s.selectionId)),
      notice: { kind: 'error', code: 'NETWORK_ERROR' } satisfies Notice,
    })),
    replaceWithBookingCode: assign(({ context }, answer: BookingCode | null) => {
      if (answer === null)
        return { notice: { kind: 'error', code: 'BOOKING_CODE_NOT_FOUND' } satisfies Notice };
      const { items, skipped } = itemsOfBookingCode(answer.selections);
      return {
        items,
        shared: null,
        notice: (skipped.length > 0
          ? { kind: 'info', code: 'BOOKING_CODE_PARTIAL', values: { count: skipped.length } }
          : { kind: 'success', code: 'BOOKING_CODE_LOADED' }) satisfies Notice,
        ...(items.length === 0 && answer.selections.length > 0 ? { items: context.items } : {}),
      };
    }),
    setShared: assign(({ context }, answer: { code: string }) => ({
      shared: { code: answer.code, link: `${context.origin}/?code=${encodeURIComponent(answer.code)}` },
    })),
    noticeNetworkError: assign({ notice: { kind: 'error', code: 'NETWORK_ERROR' } satisfies Notice }),
    dismiss: assign({ notice: null }),
    persist: ({ context: c }) =>
      saveSlip(
        c.storage,
        {
          items: c.items,
          amount: c.requestedAmount,
          payType: c.payType,
          acceptOddsChanges: c.acceptOddsChanges,
        },
        c.now(),
      ),
  },
}).createMachine({
  id: 'betslip',
  context: initialContext,
  initial: 'ready',
  on: {
    LIVE_UPDATE: { actions: ['applyLiveUpdate', 'persist'] },
    SET_ACCOUNT: { actions: 'setAccount' },
    SET_CONFIG: { actions: 'setConfig' },
    SET_BETTING_PAUSE: { actions: 'setBettingPause' },
    'xstate.done.actor.refreshAccount': {
      actions: {
        type: 'setAccountFrom',
        params: ({ event }: { event: unknown }) => (event as DoneActorEvent<Account>).output,
      },
    },
  },
  states: {
    ready: {
      initial: 'idle',
      on: {
        TOGGLE: { target: '.idle', actions: ['toggle', 'persist'] },
        REMOVE: { target: '.idle', actions: ['remove', 'persist'] },
        CLEAR: { target: '.idle', actions: ['clear', 'persist'] },
        SET_AMOUNT: { actions: ['setAmount', 'persist'] },
        STEP_AMOUNT: { actions: ['setAmount', 'persist'] },
        SET_PAY_TYPE: { actions: ['setPayType', 'persist'] },
        SET_ACCEPT_ODDS: { actions: ['setAcceptOdds', 'persist'] },
        DISMISS: { target: '.idle', actions: 'dismiss' },
        LOAD_CODE: { target: 'loadingCode' },
        SHARE: { target: 'sharing' },
        SUBMIT: [
          { guard: 'isVisitor', target: '.idle', actions: { type: 'refuse', params: 'UNAUTHENTICATED' } },
          {
            guard: 'isBettingPaused',
            target: '.idle',
            actions: { type: 'refuse', params: 'BETTING_PAUSED' },
          },
          { guard: 'isEmpty', target: '.idle', actions: { type: 'refuse', params: 'EMPTY_SLIP' } },
          {
            guard: 'oddsChangesNotAccepted',
            target: '.idle',
            actions: { type: 'refuse', params: 'ACCEPT_ODDS_CHANGES' },
          },
          { guard: 'hasSlipRefusal', target: '.idle', actions: { type: 'refuse', params: null } },
          { guard: 'isDuplicate', target: 'confirmingDuplicate' },
          { target: 'submitting', actions: 'startAttempt' },
        ],
      },
      states: {
        idle: {},
        placed: {
          // spawned, not invoked: tapping the next selection at once must not cancel the wallet re-read
          entry: spawnChild('refreshAccount', { id: 'refreshAccount' }),
        },
        failed: {
          on: {
            RETRY: [
              { guard: 'canRetry', target: '#betslip.submitting', actions: 'restartAttempt' },
              { target: 'idle', actions: { type: 'refuse', params: 'NO_AVAILABLE_SELECTIONS' } },
            ],
          },
        },
      },
    },
    // The duplicate-bet question (spec §5 "Duplicate"): confirm or cancel; any change of the slip
    // (selections, amount, pay type, accept box) cancels it and applies, rather than being ignored while
    // the question waits (issue 16 item 5).
    confirmingDuplicate: {
      on: {
        CONFIRM_DUPLICATE: { target: 'submitting', actions: 'startAttempt' },
        CANCEL_DUPLICATE: { target: 'ready' },
        TOGGLE: { target: 'ready.idle', actions: ['toggle', 'persist'] },
        REMOVE: { target: 'ready.idle', actions: ['remove', 'persist'] },
        CLEAR: { target: 'ready.idle', actions: ['clear', 'persist'] },
        SET_AMOUNT: { target: 'ready.idle', actions: ['setAmount', 'persist'] },
        STEP_AMOUNT: { target: 'ready.idle', actions: ['setAmount', 'persist'] },
        SET_PAY_TYPE: { target: 'ready.idle', actions: ['setPayType', 'persist'] },
        SET_ACCEPT_ODDS: { target: 'ready.idle', actions: ['setAcceptOdds', 'persist'] },
      },
    },
    submitting: {
      invoke: {
        src: 'placeBet',
        input: ({ context }) => context.attempt as PlaceBetRequest,
        onDone: [
          {
            guard: { type: 'isPlaced', params: ({ event }) => event.output },
            target: 'ready.placed',
            actions: ['emptyAfterPlaced', 'persist'],
          },
          {
            guard: { type: 'hasNoBetList', params: ({ event }) => event.output },
            target: 'ready.idle',
            actions: [{ type: 'flagNoBetList', params: ({ event }) => event.output }, 'persist'],
          },
          { target: 'ready.failed', actions: { type: 'failRejected', params: ({ event }) => event.output } },
        ],
        onError: { target: 'ready.failed', actions: 'failNetwork' },
      },
    },
    loadingCode: {
      invoke: {
        src: 'loadBookingCode',
        input: ({ event }) => {
          assertEvent(event, 'LOAD_CODE');
          return { code: event.code.trim() };
        },
        onDone: {
          target: 'ready',
          actions: [{ type: 'replaceWithBookingCode', params: ({ event }) => event.output }, 'persist'],
        },
        onError: { target: 'ready', actions: 'noticeNetworkError' },
      },
    },
    sharing: {
      invoke: {
        src: 'shareSlip',
        input: ({ context }) => ({
          selections: availableItems(context.items).map(({ selectionId, odds }) => ({ selectionId, odds })),
        }),
        onDone: { target: 'ready', actions: { type: 'setShared', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'noticeNetworkError' },
      },
    },
  },
});

const isStillAvailable = (items: readonly SlipItem[], sent: { readonly selectionId: string }): boolean =>
  items.some((i) => i.selectionId === sent.selectionId && i.available);
