/**
 * A PostgreSQL cluster of the chaos suite's own (issue 15 "Database faults: PostgreSQL restarted
 * mid-load"; docs/reliability.md): `initdb` into a temporary directory, started with `pg_ctl` on a free
 * port of 127.0.0.1, so that the full `npm run chaos` can restart PostgreSQL for real — `pg_ctl restart
 * -m fast` and `-m immediate` (a crash of the database: every backend killed, WAL recovery at the next
 * start) — without touching the machine's shared PostgreSQL on 5432.
 *
 * Crash-safe like a production cluster: `fsync`, `full_page_writes` and `synchronous_commit` on. Trust
 * authentication, listening on 127.0.0.1 only, its Unix socket in the temporary directory. Run as the
 * `postgres` user through `runuser` when this process is root (initdb refuses root).
 *
 * `destroy()` stops it (`-m immediate`) and deletes the directory; it is synchronous so that it can run
 * from a process `exit` handler (the watchdog, an abort) and from SIGINT/SIGTERM.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, appendFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server.ts';

/** Where the PostgreSQL server binaries are (`CHAOS_PG_BIN`, default Debian's PostgreSQL 15). */
export const PG_BIN = process.env.CHAOS_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** How `pg_ctl restart` stops the server: `fast` (clean shutdown) or `immediate` (a crash, WAL recovery). */
export type RestartMode = 'fast' | 'immediate';

const isRoot = (): boolean => process.getuid?.() === 0;

/** The `postgres` user's uid and gid, or null when there is none. */
const postgresUser = (): { uid: number; gid: number } | null => {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
};

/**
 * Why an own cluster cannot run here (missing binaries, root without a `postgres` user or `runuser`),
 * or null when it can.
 */
export const ownClusterUnavailable = (): string | null => {
  for (const bin of ['initdb', 'pg_ctl'])
    if (!existsSync(join(PG_BIN, bin))) return `${join(PG_BIN, bin)} not found (set CHAOS_PG_BIN)`;
  if (isRoot()) {
    if (!postgresUser()) return 'running as root and there is no postgres user for initdb';
    if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser'))
      return 'running as root and runuser is missing';
  }
  return null;
};

/** The command line for a PostgreSQL binary, as the `postgres` user when this process is root. */
const command = (bin: string, args: string[]): [string, string[]] =>
  isRoot() ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args]] : [join(PG_BIN, bin), args];

const run = (bin: string, args: string[], timeoutMs: number): Promise<string> => {
  const [file, argv] = command(bin, args);
  return new Promise((resolve, reject) =>
    execFile(file, argv, { timeout: timeoutMs, encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(new Error(`${bin} ${args.join(' ')}: ${String(error)}\n${stderr}`)) : resolve(stdout),
    ),
  );
};

/** The suite's own PostgreSQL cluster: created and started by `OwnCluster.start()`. */
export class OwnCluster {
  /** Superuser URL of the cluster's `postgres` database (trust authentication). */
  readonly url: string;
  /** Restarts so far. */
  restarts = 0;
  private destroyed = false;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  private get data(): string {
    return join(this.dir, 'data');
  }

  private get logFile(): string {
    return join(this.dir, 'postgres.log');
  }

  /** `initdb` into a new temporary directory, then `pg_ctl start` on a free port; destroyed on failure. */
  static async start(): Promise<OwnCluster> {
    const dir = mkdtempSync(join(tmpdir(), 'chaos-pg-'));
    const cluster = new OwnCluster(dir, await freePort());
    try {
      if (isRoot()) {
        const user = postgresUser()!;
        chownSync(dir, user.uid, user.gid);
      }
      await run('initdb', ['-D', cluster.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8'], 120_000);
      appendFileSync(
        join(cluster.data, 'postgresql.conf'),
        [
          '',
          '# npm run chaos: its own cluster (simulations/src/chaos/own-postgres.ts)',
          `port = ${cluster.port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${dir}'`,
          'fsync = on',
          'full_page_writes = on',
          'synchronous_commit = on',
          'max_connections = 100',
          '',
        ].join('\n'),
      );
      await run('pg_ctl', ['-D', cluster.data, '-l', cluster.logFile, '-w', '-t', '120', 'start'], 130_000);
      return cluster;
    } catch (error) {
      cluster.destroy();
      throw error;
    }
  }

  /**
   * `pg_ctl restart -m <mode>`, waiting until the cluster accepts connections again; resolves with the
   * milliseconds that took (the database's own downtime).
   */
  async restart(mode: RestartMode): Promise<number> {
    const t0 = Date.now();
    await run(
      'pg_ctl',
      ['-D', this.data, '-l', this.logFile, '-m', mode, '-w', '-t', '120', 'restart'],
      130_000,
    );
    this.restarts++;
    return Date.now() - t0;
  }

  /** Whether the cluster's log says it ran crash recovery (after an `immediate` restart). */
  recoveredFromCrash(): number {
    try {
      return readFileSync(this.logFile, 'utf8').split('automatic recovery in progress').length - 1;
    } catch {
      return 0;
    }
  }

  /** Stops the cluster (`-m immediate`) and deletes its directory; synchronous, safe to call twice. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    try {
      if (existsSync(join(this.data, 'postmaster.pid'))) {
        const [file, argv] = command('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
        execFileSync(file, argv, { stdio: 'ignore', timeout: 60_000 });
      }
    } catch {
      // Already stopped, or it will die with its directory; the directory goes either way.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
