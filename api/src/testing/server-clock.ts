/**
 * The clock an end-to-end server runs on (`services.now()`, e2e.ts): the real time plus an offset the
 * test moves forward. Always whole epoch milliseconds: the server's instants are integers, and a
 * fractional one is refused with `INVALID_INSTANT` (domain/src/config/versions.ts `instantMs`, e.g. the
 * cash-out quote's configuration lookup). CI's cash-out file failed so once, its test having advanced
 * the clock by `deadline - now` of a fractional deadline (session 15).
 */
export interface ServerClock {
  /** Epoch ms (an integer): the real time plus every advance so far. */
  now(): number;
  /** Moves the clock forward by `ms` (rounded up to whole ms). Throws on a negative or non-finite `ms`. */
  advance(ms: number): void;
}

/** A {@link ServerClock} on `realNow` (default `Date.now`). */
export const createServerClock = (realNow: () => number = Date.now): ServerClock => {
  let offset = 0;
  return {
    now: () => Math.floor(realNow()) + offset,
    advance: (ms) => {
      if (!Number.isFinite(ms) || ms < 0) throw new Error(`e2e: the clock only moves forward (${ms})`);
      offset += Math.ceil(ms);
    },
  };
};
