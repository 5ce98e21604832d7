/**
 * The betslip machine's IO over GraphQL (spec §4 "Betslip", §5 "Betslip submit"; api betting/schema.graphql):
 * `placeBet` (requestId, pay type, stake, selections with the odds seen, odds-change policy; a refusal
 * is an answer with `nobetList`), `refreshAccount` (`myWallet` after a bet), `loadBookingCode`
 * (`bookingCode`), `shareSlip`. A transport failure or a GraphQL error rejects the promise, which the
 * machine shows as a network error (and keeps the attempt for a retry with the same requestId).
 */
import type { Client, CombinedError } from '@urql/core';
import { fromPromise } from 'xstate';
import {
  BetslipBookingCodeDocument,
  BetslipPlaceBetDocument,
  BetslipShareDocument,
  MyWalletDocument,
} from '../graphql/generated.ts';
import { betslipMachine } from './machine.ts';
import type { Account, BookingCode, PlaceBetAnswer, PlaceBetRequest } from './types.ts';

/** Rejects with the GraphQL error of a failed call; answers its data otherwise. */
const dataOf = <T>(result: { data?: T | undefined; error?: CombinedError | undefined }): T => {
  if (result.error) throw result.error;
  if (result.data === undefined) throw new Error('no data');
  return result.data;
};

/** `placeBet(input)` of the slip's attempt. */
export const placeBetCall = async (client: Client, input: PlaceBetRequest): Promise<PlaceBetAnswer> => {
  const data = dataOf(
    await client
      .mutation(BetslipPlaceBetDocument, {
        input: {
          requestId: input.requestId,
          payType: input.payType,
          amount: input.amount,
          selections: input.selections.map(({ selectionId, odds }) => ({ selectionId, odds })),
          oddsChange: input.oddsChange,
          // The server holds a live bet for this channel's rolling-bet delay: the answer takes that much
          // longer (no client timeout: spec §9 allows 600,000 ms).
          channel: input.channel,
        },
      })
      .toPromise(),
  );
  return data.placeBet;
};

/** The player's wallet as the slip knows it (logged in). */
export const accountCall = async (client: Client): Promise<Account> => {
  const data = dataOf(
    await client.query(MyWalletDocument, {}, { requestPolicy: 'network-only' }).toPromise(),
  );
  return { loggedIn: true, balance: data.myWallet.balance, credit: data.myWallet.creditMoney };
};

/** `bookingCode(code)`: null for an unknown code. */
export const bookingCodeCall = async (client: Client, code: string): Promise<BookingCode | null> => {
  const data = dataOf(
    await client.query(BetslipBookingCodeDocument, { code }, { requestPolicy: 'network-only' }).toPromise(),
  );
  return data.bookingCode ?? null;
};

/** `shareSlip(selections)`: the new booking code. */
export const shareCall = async (
  client: Client,
  selections: PlaceBetRequest['selections'],
): Promise<{ code: string }> => {
  const data = dataOf(
    await client
      .mutation(BetslipShareDocument, {
        selections: selections.map(({ selectionId, odds }) => ({ selectionId, odds })),
      })
      .toPromise(),
  );
  return { code: data.shareSlip.code };
};

/** The betslip machine with its actors calling the API through `client`. */
export const connectedBetslipMachine = (client: Client) =>
  betslipMachine.provide({
    actors: {
      placeBet: fromPromise<PlaceBetAnswer, PlaceBetRequest>(({ input }) => placeBetCall(client, input)),
      refreshAccount: fromPromise<Account, void>(() => accountCall(client)),
      loadBookingCode: fromPromise<BookingCode | null, { code: string }>(({ input }) =>
        bookingCodeCall(client, input.code),
      ),
      shareSlip: fromPromise<{ code: string }, Pick<PlaceBetRequest, 'selections'>>(({ input }) =>
        shareCall(client, input.selections),
      ),
    },
  });
