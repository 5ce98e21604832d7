import type { Decider } from '../decider.ts';
import type { PaymentCommand } from './commands.ts';
import { decidePayment } from './decide.ts';
import { evolvePayment, initialPaymentState, type PaymentEvent, type PaymentState } from './events.ts';

export * from './events.ts';
export type * from './commands.ts';
export { decidePayment } from './decide.ts';

/** The payment aggregate (stream `payment-<paymentId>`): one deposit or withdrawal from request to final state. */
export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: initialPaymentState,
  evolve: evolvePayment,
  decide: decidePayment,
};

export const paymentStream = (paymentId: string): string => `payment-${paymentId}`;
