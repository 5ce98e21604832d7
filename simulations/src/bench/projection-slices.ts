/**
 * Synchronous CPU of the read-model batches a provider's calls set off (issue 22 "Speed"), measured
 * without PostgreSQL so that a loaded machine's queueing does not enter: the `statistics` and
 * `wallet_read_models` projections apply `n` casino wallet events (a stake of 100 TZS and a win, each
 * of one of 500 players) against an executor that answers every statement at once; the longest slice
 * between two awaits and the batch's whole CPU, ms (process.cpuUsage), median of `runs`.
 *
 * Usage: `npx tsx simulations/src/bench/projection-slices.ts [n=700] [runs=30]`.
 */
import { modules } from '@bashiri/api';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';

const N = Number(process.argv[2] ?? 700);
const RUNS = Number(process.argv[3] ?? 30);

const eventsOf = (n: number): RecordedEvent[] =>
  Array.from({ length: n }, (_, i) => {
    const userId = `casino-bench-${i % 500}`;
    const stake = i % 2 === 0;
    const at = new Date(Date.UTC(2026, 10, 28, 4, 0, 0, i)).toISOString();
    return {
      eventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      type: stake ? 'StakeDebited' : 'WinningsCredited',
      data: {
        userId,
        movementId: `casino:sandbox:tx-${i}`,
        at,
        billType: stake ? 22 : 23,
        reference: `sandbox:round-${i >> 1}`,
        reason: 'casino',
        actor: { kind: 'system', id: 'casino' },
        lines: [
          { pocket: 'balance', amount: stake ? -100 : 190, before: 10_000_000, after: 10_000_000 - 100 },
        ],
        ...(stake ? {} : { tax: 0, gross: 190 }),
      },
      metadata: {},
      streamName: `wallet-${userId}`,
      streamPosition: i + 2,
      logPosition: `1000:${i}`,
      recordedAt: at,
    } as unknown as RecordedEvent;
  });

/** An executor that answers at once and times the slices between statements. */
const slicing = () => {
  let sliceStart = process.cpuUsage();
  let longest = 0;
  const cut = () => {
    const used = process.cpuUsage(sliceStart);
    longest = Math.max(longest, (used.user + used.system) / 1000);
  };
  const tx = {
    query: async () => {
      cut();
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = process.cpuUsage();
      return { rows: [], rowCount: 0 };
    },
  } as unknown as SqlExecutor;
  return { tx, done: () => (cut(), longest) };
};

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const projectionNamed = (name: string) => {
  const found = modules.flatMap((m) => m.projections ?? []).find((p) => p.name === name);
  if (!found) throw new Error(`no projection ${name}`);
  return found;
};

for (const projection of [projectionNamed('statistics'), projectionNamed('wallet_read_models')]) {
  const longest: number[] = [];
  const whole: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const events = eventsOf(N);
    const s = slicing();
    const started = process.cpuUsage();
    await projection.applyBatch!(events, s.tx);
    const used = process.cpuUsage(started);
    longest.push(s.done());
    whole.push((used.user + used.system) / 1000);
  }
  console.log(
    JSON.stringify({
      projection: projection.name,
      events: N,
      longestSliceMs: Number(median(longest).toFixed(2)),
      batchCpuMs: Number(median(whole).toFixed(2)),
    }),
  );
}
