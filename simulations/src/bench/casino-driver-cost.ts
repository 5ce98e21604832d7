/**
 * The bench:casino driver's own CPU per call, without the server (docs/benchmarks.md "Casino wallet API:
 * CPU per call (seventh session)", "Casino bench: the driver's and the instrumentation's CPU (helper,
 * session 18)"): `npx tsx simulations/src/bench/casino-driver-cost.ts` forks a stub HTTP server (this file
 * with argument `stub`, answering every call `RS_OK` without checking it) and drives it from 32
 * connections for BENCH_SECONDS (8) per transport in BENCH_DRIVERS order (default
 * `socket,http,socket,http`; the first of each warms the JIT), with the real bodies and signatures of
 * casino-driver.ts. BENCH_RATE=<calls/s> offers the calls as bench:casino's paced phase does (a pair due
 * every 2000 / RATE ms, paced.ts) instead of the closed loop (each connection's next pair when the last
 * one answered): at a fixed rate every call pays its own wake-ups, which the closed loop shares among the
 * answers that arrive together, so that is the figure to compare with the bench's paced
 * `driverCpuMsPerCall`. One JSON line per transport: calls, calls/s, driver CPU ms per call
 * (process.cpuUsage).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DRIVER_KINDS, betBody, driverTransport, winBody } from './casino-driver.ts';
import type { DriverKind } from './casino-driver.ts';
import { runPaced } from './paced.ts';

const SECRET = 'sandbox-secret-do-not-use';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;
/** Calls per second offered as bench:casino's paced phase offers them (see the header); `0`: the closed loop. */
const RATE = Number(process.env.BENCH_RATE ?? 0);

const runStub = () => {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end('{"status":"RS_OK","balance":1000,"currency":"TZS","transactionId":"stub"}');
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
};

const runDrivers = async () => {
  const child = fork(fileURLToPath(import.meta.url), ['stub']);
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
  for (const kind of (process.env.BENCH_DRIVERS ?? 'socket,http,socket,http').split(',')) {
    if (!(DRIVER_KINDS as readonly string[]).includes(kind)) throw new Error(`unknown driver ${kind}`);
    const transport = driverTransport(kind as DriverKind, port, 'sandbox', SECRET, CONNECTIONS);
    let calls = 0;
    const pair = async () => {
      const roundId = randomUUID();
      const token = `cst_bench_${randomUUID().replaceAll('-', '')}`;
      for (const [method, body] of [
        ['bet', betBody(token, roundId, 100)],
        ['win', winBody(token, roundId, 190)],
      ] as const) {
        const res = await transport.post(method, body);
        if ((JSON.parse(res.answer) as { status?: string }).status !== 'RS_OK')
          throw new Error('stub refused');
        calls += 1;
      }
    };
    const end = Date.now() + SECONDS * 1000;
    const cpu = process.cpuUsage();
    const started = performance.now();
    if (RATE > 0)
      await runPaced({
        intervalMs: 2000 / RATE,
        count: Math.floor((SECONDS * RATE) / 2),
        connections: CONNECTIONS,
        now: () => performance.now(),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        run: () => pair(),
      });
    else
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < end) await pair();
        }),
      );
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started) / 1000;
    transport.close();
    console.log(
      JSON.stringify({
        driver: kind,
        calls,
        callsPerSecond: Math.round(calls / seconds),
        driverCpuMsPerCall: Number(((used.user + used.system) / 1000 / calls).toFixed(3)),
        load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      }),
    );
  }
  child.kill();
};

if (process.argv[2] === 'stub') runStub();
else await runDrivers();
