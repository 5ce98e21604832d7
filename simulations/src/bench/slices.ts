/**
 * The longest synchronous slices of a V8 CPU profile (issue 22 "Speed", `bench:casino`'s p99): a
 * slice is a run of samples without an `(idle)` one between them, i.e. the event loop busy from one
 * wait for I/O to the next — what delays every request that arrives meanwhile. For each slice: its
 * wall time (ms, the samples' time deltas: on a loaded machine this includes the process being
 * descheduled), its samples (≈ ms of CPU at the default 1 ms interval) and the functions most of its
 * samples were inside (inclusive: a function counts once per sample wherever it is on the stack).
 *
 * Usage: `npx tsx simulations/src/bench/slices.ts <file.cpuprofile> [top=15] [minMs=10]`. Prints the
 * distribution of slice lengths, the `top` longest slices, and which functions the slices of at least
 * `minMs` spent their samples in, summed over those slices.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly children?: readonly number[];
}

/** The JSON of a `.cpuprofile` (Profiler.stop's `profile`). */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** One slice: wall ms, samples, and samples per function (inclusive). */
export interface Slice {
  readonly wallMs: number;
  readonly samples: number;
  readonly inside: ReadonlyMap<string, number>;
}

/** A frame's short name: `function file:line` (the file's last two path parts). */
const frameName = (node: ProfileNode): string => {
  const { functionName, url, lineNumber } = node.callFrame;
  if (!url) return functionName || '(anonymous)';
  const file = url.split('/').slice(-2).join('/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
};

/** Cuts `profile` into slices between `(idle)` samples (see the module comment). */
export const slicesOf = (profile: CpuProfile): Slice[] => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stackCache = new Map<number, readonly string[]>();
  const stackOf = (id: number): readonly string[] => {
    const cached = stackCache.get(id);
    if (cached) return cached;
    const names = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      if (node.callFrame.functionName !== '(root)') names.add(frameName(node));
    }
    const stack = [...names];
    stackCache.set(id, stack);
    return stack;
  };
  const slices: Slice[] = [];
  let current: { wallMs: number; samples: number; inside: Map<string, number> } | null = null;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    const idle = byId.get(id)!.callFrame.functionName === '(idle)';
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (idle) {
      if (current) slices.push(current);
      current = null;
      continue;
    }
    current ??= { wallMs: 0, samples: 0, inside: new Map() };
    current.wallMs += ms;
    current.samples += 1;
    for (const name of stackOf(id)) current.inside.set(name, (current.inside.get(name) ?? 0) + 1);
  }
  if (current) slices.push(current);
  return slices;
};

const main = async () => {
  const [file, topArg, minArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: slices.ts <file.cpuprofile> [top] [minMs]');
  const top = Number(topArg ?? 15);
  const minMs = Number(minArg ?? 10);
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const slices = slicesOf(profile).sort((a, b) => b.wallMs - a.wallMs);
  const walls = slices.map((s) => s.wallMs).sort((a, b) => a - b);
  const at = (p: number) => walls[Math.min(walls.length - 1, Math.floor((p / 100) * walls.length))] ?? 0;
  const busy = walls.reduce((a, b) => a + b, 0);
  const long = slices.filter((s) => s.wallMs >= minMs);
  console.log(
    JSON.stringify({
      slices: slices.length,
      busyMs: Math.round(busy),
      p50: +at(50).toFixed(1),
      p90: +at(90).toFixed(1),
      p99: +at(99).toFixed(1),
      max: +at(100).toFixed(1),
      [`atLeast${minMs}ms`]: long.length,
      [`msInSlicesOfAtLeast${minMs}ms`]: Math.round(long.reduce((a, s) => a + s.wallMs, 0)),
    }),
  );
  const print = (inside: ReadonlyMap<string, number>, of: number, n: number) =>
    [...inside]
      .filter(([name]) => !name.startsWith('processTicksAndRejections') && !name.startsWith('(program)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, k]) => `    ${((100 * k) / of).toFixed(0).padStart(3)}%  ${name}`)
      .join('\n');
  for (const s of slices.slice(0, top)) {
    console.log(`slice ${s.wallMs.toFixed(1)} ms wall, ${s.samples} samples`);
    console.log(print(s.inside, s.samples, 12));
  }
  const summed = new Map<string, number>();
  let samples = 0;
  for (const s of long) {
    samples += s.samples;
    for (const [name, k] of s.inside) summed.set(name, (summed.get(name) ?? 0) + k);
  }
  console.log(`\nslices of at least ${minMs} ms: ${long.length}, ${samples} samples; inside:`);
  console.log(print(summed, Math.max(1, samples), 40));
};

if (import.meta.url === `file://${process.argv[1]}`) await main();
