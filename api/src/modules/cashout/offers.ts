/**
 * Cash-out offers pushed to the player (issue 20 item 2, "pushed by subscription whenever a leg's price
 * or state changes"; docs/cash-out.md §8): the subscription `cashOutOffer(betId)` sends the offer now,
 * then a new offer each time one of the bet's matches changes — its odds or market states
 * (`ODDS_CHANGED`) or its clock, score or status (`MATCH_UPDATED`), the catalogue's topics the feed
 * publishes on every tick — and the offer differs from the last one sent. The player site shows it
 * instead of polling.
 */

/** A catalogue message: every one of `MATCH_UPDATED` and `ODDS_CHANGED` names its match. */
interface MatchMessage {
  readonly matchId?: unknown;
}

/** What makes two offers the same for the player (everything but the instant it was quoted). */
const sameAs = (offer: Record<string, unknown>): string => JSON.stringify({ ...offer, quotedAt: null });

/**
 * `first`, then `quote()` after each message of `source` about one of `matchIds`, when it differs from
 * the last offer sent. Ends when the subscriber leaves (the source is closed then).
 */
export async function* offerUpdates<Offer extends Record<string, unknown>>(
  first: Offer,
  source: AsyncIterable<unknown>,
  matchIds: ReadonlySet<string>,
  quote: () => Promise<Offer>,
): AsyncGenerator<Offer> {
  yield first;
  let last = sameAs(first);
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const message = await iterator.next();
      if (message.done) return;
      const matchId = (message.value as MatchMessage | null)?.matchId;
      if (typeof matchId !== 'string' || !matchIds.has(matchId)) continue;
      const offer = await quote();
      const key = sameAs(offer);
      if (key === last) continue;
      last = key;
      yield offer;
    }
  } finally {
    await iterator.return?.();
  }
}
