/**
 * The pool ticket builder (issue 18 item 4; spec §5 "Jackpot": not above max choose, a result per
 * match, at most 2 results per match, no triples; §8 messages), headless. A tap on an outcome toggles
 * it: a third result on a match is refused (`JACKPOT_TRIPLE_NOT_ALLOWED`), a double beyond `max_choose`
 * too (`JACKPOT_TOO_MANY_DOUBLES`); where the type allows no doubles (Lucky Six) a tap replaces the
 * pick. Lines = 2^doubles and stake = lines × bet amount, computed by the domain (`ticketShape`).
 * The IO actor `buy` is provided by the page (GraphQL); the default fails.
 *
 * States: editing → buying → bought | editing (with the refusal's code).
 */
import { ticketShape, type Pick as PoolPick, type TicketShape } from '@bashiri/domain';
import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** What the builder is set up with: the issue's matches and terms. */
export interface TicketBuilderInput {
  readonly issueId: string;
  readonly matchIds: readonly string[];
  /** spec max_choose: most doubles (0: one result per match). */
  readonly maxChoose: number;
  /** spec bet_amount, TZS. */
  readonly betAmount: number;
}

export interface TicketBuilderContext extends TicketBuilderInput {
  /** Chosen outcomes by match id. */
  readonly picks: Readonly<Record<string, readonly string[]>>;
  /** The last refusal (a spec §8 code), or null. */
  readonly error: string | null;
  /**
   * The server's details of that refusal (e.g. `left`, TZS, of a player's own limit; issue 23), empty
   * for the builder's own refusals.
   */
  readonly errorDetails: Readonly<Record<string, unknown>>;
  /** The bought ticket's id. */
  readonly ticketId: string | null;
  /** The request id of the purchase in progress (a retry after a network error reuses it). */
  readonly requestId: string | null;
}

export type TicketBuilderEvent =
  | { readonly type: 'TOGGLE'; readonly matchId: string; readonly outcome: string }
  | { readonly type: 'CLEAR' }
  | { readonly type: 'BUY' }
  | { readonly type: 'NEW_TICKET' };

/** What the page's `buy` actor receives. */
export interface BuyRequest {
  readonly requestId: string;
  readonly issueId: string;
  readonly picks: readonly PoolPick[];
  readonly stake: number;
}

/** The picks of a context, in the issue's match order. */
export const picksOf = (c: Pick<TicketBuilderContext, 'matchIds' | 'picks'>): PoolPick[] =>
  c.matchIds.flatMap((matchId) => {
    const outcomes = c.picks[matchId];
    return outcomes && outcomes.length > 0 ? [{ matchId, outcomes: [...outcomes] }] : [];
  });

/** Doubles, lines and stake of the picks so far. */
export const shapeOf = (c: TicketBuilderContext): TicketShape => ticketShape(picksOf(c), c.betAmount);

/** True when every match has a pick. */
export const complete = (c: TicketBuilderContext): boolean =>
  c.matchIds.every((id) => (c.picks[id]?.length ?? 0) > 0);

/** The picks after tapping `outcome` on `matchId`, or the refusal code. Pure. */
export const toggle = (
  c: TicketBuilderContext,
  matchId: string,
  outcome: string,
): { picks: Record<string, readonly string[]> } | { error: string } => {
  if (!c.matchIds.includes(matchId)) return { error: 'JACKPOT_UNKNOWN_MATCH' };
  const now = c.picks[matchId] ?? [];
  if (now.includes(outcome)) return { picks: { ...c.picks, [matchId]: now.filter((o) => o !== outcome) } };
  if (c.maxChoose === 0) return { picks: { ...c.picks, [matchId]: [outcome] } };
  if (now.length >= 2) return { error: 'JACKPOT_TRIPLE_NOT_ALLOWED' };
  if (now.length === 1 && shapeOf(c).doubles >= c.maxChoose) return { error: 'JACKPOT_TOO_MANY_DOUBLES' };
  return { picks: { ...c.picks, [matchId]: [...now, outcome] } };
};

const newRequestId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `r-${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const ticketBuilderMachine = setup({
  types: {
    context: {} as TicketBuilderContext,
    events: {} as TicketBuilderEvent,
    input: {} as TicketBuilderInput,
  },
  actors: {
    buy: fromPromise<{ ticketId: string }, BuyRequest>(async () => {
      throw new Error('buy is provided by the page');
    }),
  },
  guards: {
    complete: ({ context }) => complete(context),
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      const next = toggle(context, event.matchId, event.outcome);
      return 'error' in next
        ? { error: next.error, errorDetails: {} }
        : { picks: next.picks, error: null, errorDetails: {} };
    }),
    clear: assign({ picks: {}, error: null, errorDetails: {} }),
    pickRequired: assign({ error: 'JACKPOT_PICK_REQUIRED', errorDetails: {} }),
  },
}).createMachine({
  id: 'poolTicket',
  context: ({ input }) => ({
    ...input,
    picks: {},
    error: null,
    errorDetails: {},
    ticketId: null,
    requestId: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        TOGGLE: { actions: 'toggle' },
        CLEAR: { actions: 'clear' },
        BUY: [
          {
            guard: 'complete',
            target: 'buying',
            actions: assign(({ context }) => ({
              requestId: context.requestId ?? newRequestId(),
              error: null,
            })),
          },
          { actions: 'pickRequired' },
        ],
      },
    },
    buying: {
      invoke: {
        src: 'buy',
        input: ({ context }) => ({
          requestId: context.requestId ?? '',
          issueId: context.issueId,
          picks: picksOf(context),
          stake: shapeOf(context).stake,
        }),
        onDone: {
          target: 'bought',
          actions: assign(({ event }) => ({ ticketId: event.output.ticketId, requestId: null })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const refusal = event.error as { code?: string; details?: Record<string, unknown> } | null;
            const code = refusal?.code;
            // A refusal is final for that request: the next purchase gets a new id. A network error keeps it.
            return code
              ? { error: code, errorDetails: refusal?.details ?? {}, requestId: null }
              : { error: 'NETWORK', errorDetails: {} };
          }),
        },
      },
    },
    bought: {
      on: {
        NEW_TICKET: {
          target: 'editing',
          actions: assign({ picks: {}, ticketId: null, error: null, errorDetails: {} }),
        },
      },
    },
  },
});
