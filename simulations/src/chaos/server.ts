/**
 * The server under test for `npm run chaos` (issue 15 "The standing suite"): the real `api/src/main.ts`
 * as a child process (`node --import tsx`, one process, so `kill -9` kills the server and the
 * in-process payment sandboxes together, as a crash would), on a PostgreSQL database of its own,
 * listening on 127.0.0.1 only. Its stdout is read for the SMS sandbox's codes
 * (`[sms sandbox] code for <phone>: <code>`, docs/auth.md "SMS"); with `CHAOS_SERVER_LOG=<file>` every
 * line the server writes is appended there too.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '@bashiri/api/node-flags';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A free TCP port on 127.0.0.1 (kept for every restart, so the sandboxes' callbacks find the server). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server child: start, `kill -9`, restart, and the SMS codes it logged. */
export class ServerUnderTest {
  readonly url: string;
  private child: ChildProcess | null = null;
  /** Last 9 digits of a phone → the codes logged for it, newest last. */
  private readonly codes = new Map<string, string[]>();
  /** Exits the suite did not cause (a crash under load or abuse). */
  unexpectedExits = 0;
  starts = 0;
  private expectingExit = false;
  /** The server's output lines that look like errors (first few, for the report). */
  readonly errors: string[] = [];
  /** The last lines the server wrote (stdout and stderr), for the report of an unexpected exit. */
  readonly tail: string[] = [];
  /** Why the server exited by itself: the last lines before each such exit. */
  readonly crashes: string[][] = [];

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the server and waits (at most `timeoutMs`) until `/healthz` answers. */
  async start(timeoutMs = 120_000): Promise<void> {
    this.starts++;
    this.expectingExit = false;
    // The Node.js flags `npm start` gives the server (decision 0207).
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'api/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const onLine = (line: string) => {
      if (process.env.CHAOS_SERVER_LOG) appendFileSync(process.env.CHAOS_SERVER_LOG, `${line}\n`);
      this.tail.push(line.slice(0, 6_000));
      if (this.tail.length > 80) this.tail.shift();
      const m = /\[sms sandbox\] code for (\S+): (\d+)/.exec(line);
      if (m) {
        const key = m[1]!.replace(/\D/g, '').slice(-9);
        this.codes.set(key, [...(this.codes.get(key) ?? []), m[2]!]);
      } else if (/"level":(50|60)|Error|error/.test(line) && this.errors.length < 20)
        this.errors.push(line.slice(0, 500));
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffer = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffer += chunk;
        let i;
        while ((i = buffer.indexOf('\n')) >= 0) {
          onLine(buffer.slice(0, i));
          buffer = buffer.slice(i + 1);
        }
      });
    }
    child.on('exit', () => {
      if (this.expectingExit) return;
      this.unexpectedExits++;
      this.crashes.push([...this.tail]);
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`the server exited while starting: ${this.errors.join('\n')}`);
      if (await this.healthy(1_000)) return;
      await sleep(250);
    }
    throw new Error(`the server did not answer /healthz within ${timeoutMs} ms`);
  }

  /** True when `/healthz` answers 200 within `timeoutMs`. */
  async healthy(timeoutMs = 2_000): Promise<boolean> {
    try {
      const res = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.text();
      return res.ok;
    } catch {
      return false;
    }
  }

  /** `kill -9` of the server (and with it the in-process payment sandboxes); resolves when it is gone. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    this.expectingExit = true;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  }

  /** A graceful stop (SIGTERM, then SIGKILL after `graceMs`). */
  async stop(graceMs = 15_000): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    this.expectingExit = true;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }

  /** The newest SMS code logged for `phone` (any format), waiting at most `timeoutMs`. */
  async smsCode(phone: string, after = 0, timeoutMs = 10_000): Promise<string | null> {
    const key = phone.replace(/\D/g, '').slice(-9);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const list = this.codes.get(key) ?? [];
      if (list.length > after) return list[list.length - 1]!;
      await sleep(50);
    }
    return null;
  }
  /** How many codes were logged for `phone` so far. */
  codeCount(phone: string): number {
    return (this.codes.get(phone.replace(/\D/g, '').slice(-9)) ?? []).length;
  }
}
