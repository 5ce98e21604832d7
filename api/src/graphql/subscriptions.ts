/**
 * Helpers of the GraphQL subscriptions (architecture.md §5; Mercurius subscriptions over the pub/sub
 * emitter, api/src/pubsub.ts).
 */

/**
 * `source` preceded by one `first` item, so a new subscriber gets the current value at once (a count, an
 * amount, the wallet). Subscribe to the topic *before* reading `first`: a change committed after the
 * read is then published to `source`, and one committed before it is in `first` (decision 0213). Ending
 * the subscription ends `source` too (`yield*` forwards the client's return to it).
 */
export async function* withInitial<T>(source: AsyncIterable<T>, first: T): AsyncGenerator<T> {
  yield first;
  yield* source;
}
