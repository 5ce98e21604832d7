import type { Tzs } from '../money/tzs.ts';
import { settleRacingOrder, type RacingPayout, type RacingTerms } from './payout.ts';
import type { RacingSelection } from './selection.ts';

/**
 * A drawn round's settlement progress (issue 19 "Speed"; decision 0184; docs/racing.md "Settlement in
 * chunks"): the settlement worker walks the round's orders in bet-id order, in lanes of players, and
 * records each chunk it settled as one {@link RacingSettlementAdvanced} on the lane's stream
 * (`racingsettle-<roundId>-<lane>of<lanes>`), appended at the stream's version together with the
 * chunk's winners' `RacingBetSettled` and racing-coin credits (all or nothing). The event is the lane's
 * cursor (the last bet id walked) and the record of the chunk's **losing** orders: an order that returns
 * nothing ({@link racingOrderLoses}) moves no money and gets no event of its own — its settlement
 * (result 3 lose, gross 0, profit −amount, tax 0, payout 0) is its id in `lost`. Since decision 0194 the
 * chunk's **winning** orders whose terms the read model holds are listed too (`won`, with their figures);
 * only their racing-coin credits are appended beside it, on their players' wallet streams.
 */
export type RacingSettlementAdvanced = {
  readonly type: 'RacingSettlementAdvanced';
  readonly data: {
    readonly roundId: string;
    /** The lane of players (0-based) of `lanes` this stream walks. */
    readonly lane: number;
    readonly lanes: number;
    /** The cursor before this chunk (`null`: the lane's first chunk) and after it (the last bet id walked). */
    readonly after: string | null;
    readonly through: string;
    /** The round's finishing order the chunk was settled on (champion first). */
    readonly order: readonly number[];
    readonly at: string;
    /** The orders of the chunk that returned nothing, settled by this event (bet ids, ascending). */
    readonly lost: readonly string[];
    /** The orders of the chunk settled on their own streams (their `RacingBetSettled` is in the same append). */
    readonly settled: number;
    /**
     * The orders of the chunk that returned something, settled by this event (decision 0194; absent in
     * events written before it): each with its player and exactly the figures its own `RacingBetSettled`
     * would carry ({@link settleWalkedOrder}). Its racing-coin credit (`racing-result:<betId>`, bill type
     * 14) is on its player's wallet stream, in the same append.
     */
    readonly won?: readonly RacingWalkWinner[];
  };
};

/** A winning order settled by its round's walk (decision 0194): the order, its player and its settlement. */
export type RacingWalkWinner = { readonly betId: string; readonly userId: string } & RacingPayout;

/** A pending order as the walk reads it from the read model: its terms exactly as placed (TZS). */
export interface RacingWalkedOrder {
  readonly betId: string;
  readonly userId: string;
  readonly selection: RacingSelection;
  readonly singleAmount: Tzs;
  readonly amount: Tzs;
  readonly terms: RacingTerms;
}

/**
 * Settles one order of a drawn round as the walk does (decision 0194; docs/racing.md "Settlement in
 * chunks"): `null` when it returns nothing (listed in `lost`), else the winner with the figures of
 * `settleRacingOrder` on the order's copied terms — exactly what the order's own `RacingBetSettled`
 * would carry (`racingBetDecider` settles with the same function on the same terms), held by a
 * fast-check property in `settlement.unit.test.ts`.
 */
export const settleWalkedOrder = (
  order: RacingWalkedOrder,
  round: { readonly order: readonly number[]; readonly poolPerTicket: Tzs },
): RacingWalkWinner | null => {
  const payout = settleRacingOrder({
    selection: order.selection,
    singleAmount: order.singleAmount,
    amount: order.amount,
    terms: order.terms,
    order: round.order,
    poolPerTicket: round.poolPerTicket,
  });
  return payout.gross === 0 ? null : { betId: order.betId, userId: order.userId, ...payout };
};

/** Where a lane of a round's settlement stands: the last bet id walked (`null`: none yet) and the stream's version. */
export interface RacingSettlementCursor {
  readonly through: string | null;
  readonly version: number;
}

/** The cursor after the lane's last event (`null`: the stream is empty). */
export const settlementCursorOf = (
  last: RacingSettlementAdvanced | null,
  version: number,
): RacingSettlementCursor => ({ through: last ? last.data.through : null, version });
