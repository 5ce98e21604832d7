/**
 * Cancelling a bet (spec §7 cancel_order; betting-rules.md "cancellation"): `CancelBet` on the bet
 * stream and the wallet commands its `BetCancelled` event implies (refund of the stake once, reversal
 * of an earlier settlement), on the money path: bet and wallet appended together or not at all. A
 * cancelled bet again changes nothing (its event ids derive from `cancel`).
 */
import { betDecider, betStream, walletCommandsFor } from '@bashiri/domain';
import type { BetCommand, BetEvent, BetPlaced, BetState, DomainError } from '@bashiri/domain';
import { aggregateStream } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { moveMoney } from '../wallet/index.ts';

/** Who cancels and why. */
export interface CancelBetInput {
  readonly betId: string;
  readonly staffId: string;
  /** Required, trimmed by the caller. */
  readonly reason: string;
  /** The staff request's id, kept as the events' correlation id. */
  readonly requestId: string | null;
}

/**
 * What {@link cancelBet} did: `NOT_FOUND` (no such bet), `REFUSED` with the domain's refusal, or
 * `CANCELLED` with the bet before (its status), the refund in whole TZS and whether this call wrote the
 * cancellation (false: it was cancelled before).
 */
export type CancelBetResult =
  | { readonly status: 'NOT_FOUND' }
  | { readonly status: 'REFUSED'; readonly error: DomainError }
  | {
      readonly status: 'CANCELLED';
      readonly placed: BetPlaced['data'];
      readonly statusBefore: string;
      readonly refund: number;
      readonly written: boolean;
    };

/** Cancels a bet by staff (see the module comment). Wallet refusals come back as `REFUSED`. */
export const cancelBet = async (services: AppServices, input: CancelBetInput): Promise<CancelBetResult> => {
  const stream = betStream(input.betId);
  const before = await aggregateStream<BetState, BetEvent>(services.store, stream, betDecider);
  if (before.state.status === 'none') return { status: 'NOT_FOUND' };
  const placed = before.state.placed;
  const staff = { kind: 'staff' as const, id: input.staffId };
  const command: BetCommand = {
    type: 'CancelBet',
    betId: input.betId,
    at: new Date(services.now()).toISOString(),
    actor: staff,
    reason: input.reason,
  };
  const { answer, written } = await moveMoney<BetState, BetEvent, undefined, CancelBetResult>(services, {
    userId: placed.userId,
    product: { streamName: stream, evolver: betDecider, from: before },
    idempotencyKey: 'cancel',
    metadata: {
      actor: `staff:${input.staffId}`,
      ...(input.requestId ? { correlationId: input.requestId } : {}),
      causationId: `cancel_order:${input.betId}`,
      reason: input.reason,
    },
    decide: ({ product, wallet }) => {
      const decision = betDecider.decide(command, product.state);
      if (!decision.ok) return { answer: { status: 'REFUSED', error: decision.error } };
      const state = decision.events.reduce(betDecider.evolve, product.state);
      const cancelled = decision.events.find((e) => e.type === 'BetCancelled');
      const answer: CancelBetResult = {
        status: 'CANCELLED',
        placed,
        statusBefore: product.state.status,
        refund: cancelled?.type === 'BetCancelled' ? cancelled.data.refund : 0,
        written: decision.events.length > 0,
      };
      if (state.status === 'none') return { answer };
      for (const event of decision.events)
        for (const payment of walletCommandsFor(state.placed, event)) {
          const paid = wallet.pay({ ...payment, actor: staff });
          if (!paid.ok) return { answer: { status: 'REFUSED', error: paid.error } };
        }
      return { answer, productEvents: decision.events };
    },
  });
  return answer.status === 'CANCELLED' ? { ...answer, written } : answer;
};
