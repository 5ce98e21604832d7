/**
 * Buying a pool-game ticket (issue 18 "Ticket"; spec §5 "Jackpot"; decision 0003: bill type 5): one
 * call of the money path — the ticket's `TicketBought` and the wallet's stake debit are appended
 * together, or nothing is. The ticket id derives from the player and the request id, so the same
 * request twice returns the same ticket and charges once. Entries close at the first kick-off.
 */
import { createHash } from 'node:crypto';
import {
  TANZANIA_TAX_RULES,
  issueView,
  poolTicketDecider,
  taxRateAt,
  ticketStream,
  ticketWalletCommands,
} from '@bashiri/domain';
import type {
  DomainError,
  IssueView,
  PayType,
  Pick,
  PoolGame,
  TicketEvent,
  TicketState,
} from '@bashiri/domain';
import type { AppServices } from '../../services.ts';
import { moveMoney } from '../wallet/index.ts';
import { loadIssue, readIssue } from './issues.ts';

/** What the player sends. */
export interface BuyTicketInput {
  readonly requestId: string;
  readonly issueId: string;
  readonly picks: readonly Pick[];
  /** The stake the player saw: lines × bet_amount, TZS. */
  readonly stake: number;
  readonly payType: PayType;
}

/** A purchase's answer: the ticket id, or the coded refusal (nothing charged). */
export type BuyTicketAnswer =
  | {
      readonly ok: true;
      readonly ticketId: string;
      /** The ticket as bought (from its own stream); absent only if the stream holds no purchase. */
      readonly bought?: TicketBoughtData;
      /** True when the request was answered before (a repeat): nothing was bought or charged now. */
      readonly repeated: boolean;
    }
  | { readonly ok: false; readonly error: DomainError };

/** The data of a `TicketBought` event (what a ticket is when bought). */
export type TicketBoughtData = NonNullable<TicketState['bought']>;

/** The ticket id of `userId`'s request `requestId` (a UUID-shaped hash). */
export const ticketIdOf = (userId: string, requestId: string): string => {
  const h = createHash('sha256').update(`poolticket|${userId}|${requestId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/** The game of issue `issueId`, from the read model (immutable once known: cached). */
const games = new Map<string, PoolGame>();
const gameOf = async (services: AppServices, issueId: string): Promise<PoolGame | null> => {
  const known = games.get(issueId);
  if (known) return known;
  const { rows } = await services.sql.query<{ game: PoolGame }>(
    'SELECT game FROM pool_issues WHERE issue_id = $1',
    [issueId],
  );
  let game = rows[0]?.game ?? null;
  // Just created and not yet projected: the issue's own stream says.
  if (!game && /^[A-Z0-9]{1,6}\d{4,}$/.test(issueId))
    for (const g of ['jackpot', 'luckysix'] as const)
      if ((await loadIssue(services, g, issueId)).state.created) game = g;
  if (game) games.set(issueId, game);
  return game;
};

const notFound = (): BuyTicketAnswer => ({
  ok: false,
  error: { code: 'JACKPOT_NOT_FOUND', message: 'No such jackpot', field: 'issueId' } as DomainError,
});

/**
 * Buys a ticket for `userId`. Refusals (nothing charged): the ticket decider's codes
 * (`JACKPOT_CLOSED`, `JACKPOT_PICK_REQUIRED`, `JACKPOT_TRIPLE_NOT_ALLOWED`, `JACKPOT_TOO_MANY_DOUBLES`,
 * `JACKPOT_TOO_MANY_CHOICES`, `JACKPOT_INVALID_PICK`, `JACKPOT_UNKNOWN_MATCH`, `JACKPOT_STAKE_MISMATCH`,
 * `JACKPOT_CREDIT_NOT_ALLOWED`, `JACKPOT_NOT_FOUND`) and the wallet's (`INSUFFICIENT_FUNDS`).
 */
export const buyPoolTicket = async (
  services: AppServices,
  userId: string,
  input: BuyTicketInput,
): Promise<BuyTicketAnswer> => {
  const game = await gameOf(services, input.issueId);
  if (!game) return notFound();
  const ticketId = ticketIdOf(userId, input.requestId);
  const { answer } = await moveMoney<TicketState, TicketEvent, IssueView | null, BuyTicketAnswer>(services, {
    userId,
    product: { streamName: ticketStream(ticketId), evolver: poolTicketDecider },
    idempotencyKey: `buy:${input.requestId}`,
    metadata: { actor: `player:${userId}` },
    read: async () => issueView((await readIssue(services, game, input.issueId)).state),
    decide: ({ product, wallet, read: issue }) => {
      const at = new Date(services.now()).toISOString();
      const decision = poolTicketDecider.decide(
        {
          type: 'BuyTicket',
          ticketId,
          at,
          requestId: input.requestId,
          userId,
          payType: input.payType,
          picks: input.picks,
          stake: input.stake,
          issue,
          taxRatePercent: taxRateAt(TANZANIA_TAX_RULES, 'sports', at) ?? 0,
        },
        product.state,
      );
      if (!decision.ok) return { answer: { ok: false, error: decision.error } };
      let before = product.state;
      for (const event of decision.events) {
        for (const command of ticketWalletCommands(before, event)) {
          const paid = wallet.pay(command);
          if (!paid.ok) return { answer: { ok: false, error: paid.error } };
        }
        before = poolTicketDecider.evolve(before, event);
      }
      return {
        answer: {
          ok: true,
          ticketId,
          repeated: decision.events.length === 0,
          ...(before.bought ? { bought: before.bought } : {}),
        },
        productEvents: decision.events,
      };
    },
  });
  return answer;
};
