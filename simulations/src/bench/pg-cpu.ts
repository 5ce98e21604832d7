/**
 * CPU seconds PostgreSQL spends for one bench: the bench connects with its own `application_name`
 * (`withApplicationName`), and `pgBackendCpu` sums the CPU (user + system, Linux /proc) of the server
 * processes serving those connections. Works when the server runs on this machine (the benches' local
 * PostgreSQL); elsewhere it answers null. Background processes (WAL writer, checkpointer) are not counted.
 */
import { readFile } from 'node:fs/promises';
import type { SqlClient } from '@bashiri/eventstore';

/** `url` with `application_name=name` added (node-postgres reads it from the connection string). */
export const withApplicationName = (url: string, name: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}application_name=${encodeURIComponent(name)}`;

const cpuOfPid = async (pid: number): Promise<number> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
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
    const seconds = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        seconds.set(pid, await cpuOfPid(pid));
      } catch {
        return null; // not on this machine
      }
    }
    return seconds;
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
