/**
 * The wallet's idempotency window, {@link WalletState.recentMovementIds} (decision 0004), with O(1)
 * membership (decision 0214). The window stays what it was — a plain array of the last
 * {@link RECENT_MOVEMENTS} movement ids, oldest first, its own snapshot — and every money call asks
 * whether a movement id is in it (the wallet decider; the casino wallet API before paying). Scanning 256
 * ids of one shape (`casino:<provider>:<transaction>`) twice per call was 3.5 % of the on-CPU samples of
 * the casino call path at 1,000 calls/s (docs/benchmarks.md "Wallet call path CPU (helper, session 18)").
 *
 * The index lives beside the arrays, never in them: a chain of windows, each made by
 * {@link rememberMovement} from the one before, shares one `Map` from id to the sequence number of its
 * latest entry. A window answers from the map only while it is the chain's newest (its sequence number
 * is the chain's head); any other window — an older state asked again, a branch made from one — is
 * indexed afresh as the head of a chain of its own the first time it is asked, so every answer equals
 * `ids.includes(id)`. Arrays are never mutated in place (the state is immutable), which is what makes
 * an array's identity a safe key.
 */

/** Size of the idempotency window kept in state; older repeats are caught by the event store's unique event id. */
export const RECENT_MOVEMENTS = 256;

/** Windows made one from another: each id's latest sequence number (1-based), and the newest window's. */
interface Chain {
  readonly latest: Map<string, number>;
  head: number;
}

/** A window's place in its chain: the sequence number of its newest id. */
interface Indexed {
  readonly chain: Chain;
  readonly seq: number;
}

const indexes = new WeakMap<readonly string[], Indexed>();

/** `ids` as the head of a new chain (ids earlier in the array get lower sequence numbers). */
const indexAfresh = (ids: readonly string[]): Indexed => {
  const latest = new Map<string, number>();
  for (let k = 0; k < ids.length; k++) latest.set(ids[k]!, k + 1);
  const indexed = { chain: { latest, head: ids.length }, seq: ids.length };
  indexes.set(ids, indexed);
  return indexed;
};

/** True when `id` is one of `ids` (a window made by {@link rememberMovement}, or any array): `ids.includes(id)`. */
export const isRecentMovement = (ids: readonly string[], id: string): boolean => {
  let indexed = indexes.get(ids);
  if (!indexed || indexed.seq !== indexed.chain.head) indexed = indexAfresh(ids);
  const at = indexed.chain.latest.get(id);
  return at !== undefined && at > indexed.seq - ids.length;
};

/**
 * The window after `id`: `ids` with `id` appended, the oldest dropped beyond {@link RECENT_MOVEMENTS}
 * (a new array; `ids` is left as it was). Extends `ids`' index when `ids` is its chain's newest window.
 */
export const rememberMovement = (ids: readonly string[], id: string): readonly string[] => {
  const dropped = Math.max(0, ids.length + 1 - RECENT_MOVEMENTS);
  const next = dropped === 0 ? [...ids, id] : [...ids.slice(dropped), id];
  const indexed = indexes.get(ids);
  if (indexed && indexed.seq === indexed.chain.head) {
    const { chain, seq } = indexed;
    // The ids leaving the window: forgotten unless a later entry of the same id stays in it.
    for (let k = 0; k < dropped; k++) {
      const leaving = seq - ids.length + 1 + k;
      if (chain.latest.get(ids[k]!) === leaving) chain.latest.delete(ids[k]!);
    }
    chain.head = seq + 1;
    chain.latest.set(id, chain.head);
    indexes.set(next, { chain, seq: chain.head });
  }
  return next;
};
