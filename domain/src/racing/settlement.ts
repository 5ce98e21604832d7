/**
 * A drawn round's settlement progress (issue 19 "Speed"; decision 0184; docs/racing.md "Settlement in
 * chunks"): the settlement worker walks the round's orders in bet-id order, in lanes of players, and
 * records each chunk it settled as one {@link RacingSettlementAdvanced} on the lane's stream
 * (`racingsettle-<roundId>-<lane>of<lanes>`), appended at the stream's version together with the
 * chunk's winners' `RacingBetSettled` and racing-coin credits (all or nothing). The event is the lane's
 * cursor (the last bet id walked) and the record of the chunk's **losing** orders: an order that returns
 * nothing ({@link racingOrderLoses}) moves no money and gets no event of its own — its settlement
 * (result 3 lose, gross 0, profit −amount, tax 0, payout 0) is its id in `lost`.
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
  };
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
