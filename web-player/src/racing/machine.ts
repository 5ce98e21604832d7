/**
 * The racing slip (issue 19 item 3 "XState machine for the racing slip"; spec §5 racing validation, §8
 * messages, §9 bet types; docs/racing.md "Bet types, picks and tickets"), headless. The player picks a
 * bet type, cars per position (types 1–3 and 6) or options (types 4 odd/even, 5 big/small) and the
 * amount per ticket; tickets and the amount payable come from the domain (`racingStake`, the same code
 * the server's decider runs). Placing checks the slip first (the domain's code, nothing sent), then
 * calls the page's `place` actor (GraphQL) with a request id kept across a network error, so a retry
 * is charged once. Amounts are whole TZS of racing coin.
 *
 * States: editing → placing → editing (with the placed order or the refusal's code).
 */
import { racingStake, type RacingConfig, type RacingSelection, type RacingStake } from '@bashiri/domain';
import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** Bet types by their GraphQL name (spec §9 order; codes 1–6). */
export const SLIP_BET_TYPES = {
  CHAMPION: 1,
  CHAMPION_AND_RUNNER_UP: 2,
  TOP_THREE: 3,
  ODD_EVEN: 4,
  BIG_SMALL: 5,
  LUCK_RACING: 6,
} as const;
export type SlipBetType = keyof typeof SLIP_BET_TYPES;

/** Positions a bet type picks cars for (0: it picks options instead). */
export const POSITIONS: Record<SlipBetType, number> = {
  CHAMPION: 1,
  CHAMPION_AND_RUNNER_UP: 2,
  TOP_THREE: 3,
  ODD_EVEN: 0,
  BIG_SMALL: 0,
  LUCK_RACING: 10,
};
/** The options of types 4 and 5. */
export const OPTIONS: Partial<Record<SlipBetType, readonly string[]>> = {
  ODD_EVEN: ['odd', 'even'],
  BIG_SMALL: ['small', 'big'],
};

/** What the slip is set up with: the racing configuration in force and the starting amount per ticket. */
export interface RacingSlipInput {
  readonly config: RacingConfig;
  /** Amount per ticket to start with, TZS (default the configured minimum). */
  readonly single?: number;
}

export interface RacingSlipContext {
  readonly config: RacingConfig;
  readonly betType: SlipBetType;
  /** Cars picked per position (types 1–3, 6), sorted. */
  readonly picks: readonly (readonly number[])[];
  /** Options picked (types 4, 5). */
  readonly options: readonly string[];
  /** Amount per ticket, TZS (Luck Racing: fixed at `jackpotBetAmount`). */
  readonly single: number;
  /** The round the next bet goes on (null: no round open). */
  readonly roundId: string | null;
  /** The last refusal (a spec §8 / domain code), or null. */
  readonly error: string | null;
  /** The last order placed: its tickets and amount. */
  readonly placed: { readonly tickets: number; readonly amount: number } | null;
  /** The request id of the bet in progress (a retry after a network error reuses it). */
  readonly requestId: string | null;
}

export type RacingSlipEvent =
  | { readonly type: 'CHOOSE_TYPE'; readonly betType: SlipBetType }
  | { readonly type: 'TOGGLE_CAR'; readonly position: number; readonly car: number }
  | { readonly type: 'TOGGLE_OPTION'; readonly option: string }
  | { readonly type: 'SET_AMOUNT'; readonly amount: number }
  | { readonly type: 'ROUND'; readonly roundId: string | null }
  | { readonly type: 'CLEAR' }
  | { readonly type: 'PLACE' };

/** What the page's `place` actor receives. */
export interface PlaceRequest {
  readonly requestId: string;
  readonly roundId: string;
  readonly betType: SlipBetType;
  /** Cars per position (types 1–3, 6) or options (4, 5); the other is absent. */
  readonly positions?: readonly (readonly number[])[];
  readonly options?: readonly string[];
  readonly singleAmount: number;
}

/** The domain selection of the slip. */
export const selectionOf = (c: Pick<RacingSlipContext, 'betType' | 'picks' | 'options'>): RacingSelection =>
  (POSITIONS[c.betType] === 0
    ? { betType: SLIP_BET_TYPES[c.betType], options: [...c.options] }
    : { betType: SLIP_BET_TYPES[c.betType], positions: c.picks.map((p) => [...p]) }) as RacingSelection;

/** Tickets and amount payable of the slip, or the domain's refusal code. */
export const stakeOf = (c: RacingSlipContext): { stake: RacingStake } | { error: string } => {
  const staked = racingStake(selectionOf(c), c.single, c.config);
  return staked.ok ? { stake: staked.stake } : { error: staked.error.code };
};

/** The picks after tapping `car` in `position` (a second tap takes it off). Pure. */
export const toggleCar = (
  picks: readonly (readonly number[])[],
  position: number,
  car: number,
): (readonly number[])[] =>
  picks.map((cars, i) =>
    i !== position
      ? cars
      : cars.includes(car)
        ? cars.filter((c) => c !== car)
        : [...cars, car].sort((a, b) => a - b),
  );

const emptyPicks = (betType: SlipBetType) => Array.from({ length: POSITIONS[betType] }, () => []);

const newRequestId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `r-${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const racingSlipMachine = setup({
  types: {
    context: {} as RacingSlipContext,
    events: {} as RacingSlipEvent,
    input: {} as RacingSlipInput,
  },
  actors: {
    place: fromPromise<{ tickets: number; amount: number }, PlaceRequest>(async () => {
      throw new Error('place is provided by the page');
    }),
  },
  guards: {
    placeable: ({ context }) => context.roundId !== null && 'stake' in stakeOf(context),
  },
  actions: {
    chooseType: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_TYPE');
      return {
        betType: event.betType,
        picks: emptyPicks(event.betType),
        options: [],
        error: null,
        placed: null,
        single: event.betType === 'LUCK_RACING' ? context.config.jackpotBetAmount : context.single,
      };
    }),
    toggleCar: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_CAR');
      return { picks: toggleCar(context.picks, event.position, event.car), error: null, placed: null };
    }),
    toggleOption: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_OPTION');
      const options = context.options.includes(event.option)
        ? context.options.filter((o) => o !== event.option)
        : [...context.options, event.option];
      return { options, error: null, placed: null };
    }),
    setAmount: assign(({ context, event }) => {
      assertEvent(event, 'SET_AMOUNT');
      if (context.betType === 'LUCK_RACING') return {};
      return { single: Number.isFinite(event.amount) ? Math.floor(event.amount) : 0, error: null };
    }),
    setRound: assign(({ context, event }) => {
      assertEvent(event, 'ROUND');
      // Another round: a pending request id belonged to the old one.
      return event.roundId === context.roundId ? {} : { roundId: event.roundId, requestId: null };
    }),
    clear: assign(({ context }) => ({
      picks: emptyPicks(context.betType),
      options: [],
      error: null,
      placed: null,
    })),
    refuse: assign(({ context }) => {
      if (context.roundId === null) return { error: 'RACING_BETTING_CLOSED' };
      const staked = stakeOf(context);
      return { error: 'error' in staked ? staked.error : null };
    }),
  },
}).createMachine({
  id: 'racingSlip',
  context: ({ input }) => ({
    config: input.config,
    betType: 'CHAMPION',
    picks: emptyPicks('CHAMPION'),
    options: [],
    single: input.single ?? input.config.minimumBetAmount,
    roundId: null,
    error: null,
    placed: null,
    requestId: null,
  }),
  on: { ROUND: { actions: 'setRound' } },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHOOSE_TYPE: { actions: 'chooseType' },
        TOGGLE_CAR: { actions: 'toggleCar' },
        TOGGLE_OPTION: { actions: 'toggleOption' },
        SET_AMOUNT: { actions: 'setAmount' },
        CLEAR: { actions: 'clear' },
        PLACE: [
          {
            guard: 'placeable',
            target: 'placing',
            actions: assign(({ context }) => ({
              requestId: context.requestId ?? newRequestId(),
              error: null,
              placed: null,
            })),
          },
          { actions: 'refuse' },
        ],
      },
    },
    placing: {
      invoke: {
        src: 'place',
        input: ({ context }) => ({
          requestId: context.requestId ?? '',
          roundId: context.roundId ?? '',
          betType: context.betType,
          ...(POSITIONS[context.betType] === 0
            ? { options: [...context.options] }
            : { positions: context.picks.map((p) => [...p]) }),
          singleAmount: context.single,
        }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ placed: event.output, requestId: null, error: null })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const code = (event.error as { code?: string } | null)?.code;
            // A refusal is final for that request: the next bet gets a new id. A network error keeps it.
            return code ? { error: code, requestId: null } : { error: 'NETWORK' };
          }),
        },
      },
    },
  },
});
