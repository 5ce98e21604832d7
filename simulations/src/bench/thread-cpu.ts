/** Per-thread CPU seconds of this process, for the benches that run worker threads. */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) of each live thread of this process since it started, busiest first,
 * from Linux's /proc/self/task (empty elsewhere): the main thread, worker threads (a sink's inserts, a
 * season's simulation) and V8's helpers (GC). Threads that have ended are gone from the list.
 */
export const threadCpu = (): { name: string; seconds: number }[] => {
  try {
    const tick = 100; // USER_HZ on Linux
    return readdirSync('/proc/self/task')
      .map((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const name = Number(tid) === process.pid ? 'main' : `thread ${tid}`;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return { name, seconds: (Number(fields[11]) + Number(fields[12])) / tick };
      })
      .filter((t) => t.seconds >= 0.5)
      .sort((a, b) => b.seconds - a.seconds);
  } catch {
    return [];
  }
};
