/**
 * The cash-out machine's IO over GraphQL (spec §7 `order_list/early_settlement_preparation` →
 * `earlySettlementPreparation`, `early_settlements` → `earlySettlements`; api cashout/schema.graphql).
 * A transport failure or a GraphQL error rejects, which the machine shows as `NETWORK`.
 */
import type { Client, CombinedError } from '@urql/core';
import { fromPromise } from 'xstate';
import type {
  CashOutAcceptMutation,
  CashOutAcceptMutationVariables,
  CashOutClearAutoMutation,
  CashOutClearAutoMutationVariables,
  CashOutOfferPushedSubscription,
  CashOutOfferPushedSubscriptionVariables,
  CashOutOfferFieldsFragment,
  CashOutPrepareQuery,
  CashOutPrepareQueryVariables,
  CashOutSetAutoMutation,
  CashOutSetAutoMutationVariables,
} from '../graphql/generated.ts';
import operations from './cashout.graphql?raw';
import {
  cashOutMachine,
  type AcceptAnswerView,
  type AcceptRequest,
  type CashOutOfferView,
} from './machine.ts';

/**
 * The text of operation `name` of cashout.graphql, with the fragment it spreads. The documents are sent
 * as text (typed by the generated types) rather than the generated document nodes: those live in the
 * shared generated module, which is on the site's first load (npm run bench:web, budget 150 kB).
 */
export const operationText = (name: string): string => {
  const definitions = operations
    .split(/\n(?=(?:query|mutation|subscription|fragment) )/)
    .map((d) => d.trim());
  const op = definitions.find((d) => new RegExp(`^(query|mutation|subscription) ${name}\\b`).test(d));
  if (!op) throw new Error(`no operation ${name} in cashout.graphql`);
  const fragments = definitions.filter((d) => {
    const m = /^fragment (\w+)/.exec(d);
    return m !== null && op.includes(`...${m[1]}`);
  });
  return [op, ...fragments].join('\n\n');
};

const PREPARE = operationText('CashOutPrepare');
const ACCEPT = operationText('CashOutAccept');
const PUSHED = operationText('CashOutOfferPushed');
/** `setAutoCashOut(betId, target)`. */
export const SET_AUTO = operationText('CashOutSetAuto');
/** `clearAutoCashOut(betId)`. */
export const CLEAR_AUTO = operationText('CashOutClearAuto');

/** `setAutoCashOut`: the GraphQL error code of a refusal, 'NETWORK' on a transport failure, else null. */
export const setAutoCall = async (client: Client, betId: string, target: number): Promise<string | null> => {
  const r = await client
    .mutation<CashOutSetAutoMutation, CashOutSetAutoMutationVariables>(SET_AUTO, { betId, target })
    .toPromise();
  if (!r.error) return null;
  const code = r.error.graphQLErrors[0]?.extensions?.['code'];
  return typeof code === 'string' ? code : 'NETWORK';
};

/** `clearAutoCashOut(betId)`. */
export const clearAutoCall = async (client: Client, betId: string): Promise<void> => {
  await client
    .mutation<CashOutClearAutoMutation, CashOutClearAutoMutationVariables>(CLEAR_AUTO, { betId })
    .toPromise();
};

const dataOf = <T>(result: { data?: T | undefined; error?: CombinedError | undefined }): T => {
  if (result.error) throw result.error;
  if (result.data === undefined) throw new Error('no data');
  return result.data;
};

/** The machine's view of a GraphQL offer. */
export const offerView = (o: CashOutOfferFieldsFragment): CashOutOfferView => ({
  available: o.available,
  reason: o.reason ?? null,
  runningStake: o.runningStake,
  fullValue: o.fullValue ?? null,
  taxRate: o.taxRate ?? null,
  minimumPart: o.minimumPart,
  delaySeconds: o.delaySeconds,
  autoTarget: o.autoCashOut && !o.autoCashOut.firedAt ? o.autoCashOut.target : null,
  autoFired: Boolean(o.autoCashOut?.firedAt),
  potentialPayout: o.potentialPayout ?? null,
});

/** `earlySettlementPreparation(betId)`: the offer of the whole running stake now. */
export const quoteCall = async (client: Client, betId: string): Promise<CashOutOfferView> =>
  offerView(
    dataOf(
      await client
        .query<CashOutPrepareQuery, CashOutPrepareQueryVariables>(
          PREPARE,
          { betId },
          { requestPolicy: 'network-only' },
        )
        .toPromise(),
    ).earlySettlementPreparation,
  );

/**
 * Subscribes to `cashOutOffer(betId)`: `onOffer` gets each offer the server pushes (the offer now, then
 * one each time the bet's matches change it). Returns the unsubscribe function.
 */
export const offerPushes = (
  client: Client,
  betId: string,
  onOffer: (offer: CashOutOfferView) => void,
): (() => void) =>
  client
    .subscription<CashOutOfferPushedSubscription, CashOutOfferPushedSubscriptionVariables>(PUSHED, { betId })
    .subscribe((result) => {
      if (result.data) onOffer(offerView(result.data.cashOutOffer));
    }).unsubscribe;

/** `earlySettlements(input)`: answers after the server's early-settlement hold. */
export const acceptCall = async (client: Client, request: AcceptRequest): Promise<AcceptAnswerView> => {
  const r = dataOf(
    await client
      .mutation<CashOutAcceptMutation, CashOutAcceptMutationVariables>(ACCEPT, {
        input: {
          requestId: request.requestId,
          betId: request.betId,
          offered: request.offered,
          ...(request.part === null ? {} : { part: request.part }),
        },
      })
      .toPromise(),
  ).earlySettlements;
  return {
    status: r.status,
    code: r.code ?? null,
    reason: r.reason ?? null,
    gross: r.gross ?? null,
    tax: r.tax ?? null,
    net: r.net ?? null,
    remainingStake: r.remainingStake ?? null,
    offer: r.offer ? offerView(r.offer) : null,
  };
};

/** The machine with its GraphQL actors. */
export const connectedCashOutMachine = (client: Client) =>
  cashOutMachine.provide({
    actors: {
      quote: fromPromise<CashOutOfferView, { betId: string }>(({ input }) => quoteCall(client, input.betId)),
      accept: fromPromise<AcceptAnswerView, AcceptRequest>(({ input }) => acceptCall(client, input)),
    },
  });
