/**
 * Turns for the runner's background batches (decision 0211, issue 22 "Speed"): at most `slots` of them
 * run at once, first come first served, so that the projections' batch transactions follow one another
 * instead of bunching (every loop is woken by the same appends, and those with the same interval start
 * together: four or five transactions writing read models at once took PostgreSQL's CPU from the wallet
 * calls' appends in `bench:casino`). A turn is held until its work ends or for `maxHoldMs`, whichever
 * comes first: a batch that runs longer (a large catch-up, a lock wait, a projection stuck in its
 * transaction) lets the next one start beside it, so one projection can never hold the others back
 * (runner.int.test.ts "does not starve the others").
 */

/** Runs work in turns; see the module comment. */
export interface Turns {
  /** Waits for a turn (FIFO), runs `work`, and gives the turn up when it ends or after `maxHoldMs`. */
  take<T>(work: () => Promise<T>): Promise<T>;
  /** Works waiting for a turn now (tests). */
  readonly waiting: number;
}

/**
 * Turns of at most `slots` works at once (≥ 1), each holding its turn at most `maxHoldMs` ms (wall time).
 * `slots` = Infinity gives every work a turn at once (no turns).
 */
export const createTurns = (slots: number, maxHoldMs: number): Turns => {
  let free = slots;
  const queue: (() => void)[] = [];
  const giveUp = () => {
    const next = queue.shift();
    if (next) next();
    else free += 1;
  };
  return {
    async take<T>(work: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        giveUp();
      };
      const timer = setTimeout(release, maxHoldMs);
      try {
        return await work();
      } finally {
        release();
      }
    },
    get waiting() {
      return queue.length;
    },
  };
};
