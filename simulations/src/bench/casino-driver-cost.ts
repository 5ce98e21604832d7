/**
 * The bench:casino driver's own CPU per call, without the server (docs/benchmarks.md "Casino wallet API:
 * CPU per call (seventh session)"): `npx tsx simulations/src/bench/casino-driver-cost.ts` forks a stub
 * HTTP server (this file with argument `stub`, answering every call `RS_OK` without checking it) and
 * drives it from 32 connections for BENCH_SECONDS (8) per transport in BENCH_DRIVERS order (default
 * `http,fetch,http,fetch`; the first of each warms the JIT), with the real bodies and signatures of
 * casino-driver.ts. One JSON line per transport: calls, calls/s, driver CPU ms per call (process.cpuUsage).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { betBody, fetchTransport, httpTransport, winBody } from './casino-driver.ts';

const SECRET = 'sandbox-secret-do-not-use';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;

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
  for (const kind of (process.env.BENCH_DRIVERS ?? 'http,fetch,http,fetch').split(',')) {
    const transport =
      kind === 'fetch'
        ? fetchTransport(`http://127.0.0.1:${port}`, 'sandbox', SECRET)
        : httpTransport(port, 'sandbox', SECRET, CONNECTIONS);
    let calls = 0;
    const end = Date.now() + SECONDS * 1000;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < end) {
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
        }
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
