/**
 * CPU seconds of processes for the benches (Linux /proc; user + system): of a bench's server process, and
 * of the PostgreSQL backends serving one bench — the bench connects with its own `application_name`
 * (`withApplicationName`) and `pgBackendCpu` sums the CPU of the backends so named. Works when the server
 * runs on this machine (the benches' local PostgreSQL); elsewhere /proc has no such processes.
 * Background processes (WAL writer, checkpointer) are not counted.
 */
import { readFile } from 'node:fs/promises';
import type { SqlClient } from '@bashiri/eventstore';

/** `url` with `application_name=name` set (node-postgres reads it from the connection string). */
export const withApplicationName = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
};

/** CPU seconds (user + system) process `pid` has used so far; null when /proc cannot show it (gone, elsewhere). */
export const processCpuSeconds = async (pid: number): Promise<number | null> => {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return null;
  }
};

/** CPU seconds used so far by each of `pids` that /proc shows (a pid gone is left out). */
export const cpuSecondsByPid = async (pids: readonly number[]): Promise<Map<number, number>> => {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const seconds = await processCpuSeconds(pid);
    if (seconds !== null) out.set(pid, seconds);
  }
  return out;
};

/** CPU seconds used so far by `pids` together (a pid gone counts 0). */
export const totalCpuSeconds = async (pids: readonly number[]): Promise<number> => {
  let total = 0;
  for (const seconds of (await cpuSecondsByPid(pids)).values()) total += seconds;
  return total;
};

/**
 * A meter of the CPU seconds of the PostgreSQL backends named `name`: call it at the start, and the
 * function it answers at the end (backends opened meanwhile count from zero; backends closed meanwhile
 * are lost, so keep the pool's connections open while measuring). Null when /proc has no such processes.
 */
export const pgBackendCpu = async (sql: SqlClient, name: string): Promise<() => Promise<number | null>> => {
  const sample = async (): Promise<Map<number, number> | null> => {
    const { rows } = await sql.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [name],
    );
    const seconds = await cpuSecondsByPid(rows.map((r) => r.pid));
    return seconds.size === rows.length ? seconds : null; // not on this machine
  };
  const before = await sample();
  return async () => {
    const after = await sample();
    if (!before || !after) return null;
    let total = 0;
    for (const [pid, s] of after) total += s - (before.get(pid) ?? 0);
    return total;
  };
};
