/**
 * `bashiri racing verify` and `bashiri racing rtp` (docs/cli.md "racing"; docs/racing.md): pure functions
 * from the command line's words to the text to print, so they are testable without a process.
 * Randomness (the simulation's seeds) comes in as a function; bashiri.ts passes `crypto.randomBytes`.
 */
import {
  DEFAULT_RACING_CONFIG,
  drawOrder,
  exactRtp,
  isServerSeed,
  lotteryCombination,
  rtpPercent,
  seedHash,
  simulateRtp,
  verifyRound,
  type RacingBetType,
} from '@bashiri/domain';
import { readOptions } from './options.ts';

/** What a racing command answers: text for stdout, or one error line for stderr (exit 1). */
export type RacingCommandResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/** Usage of the racing commands, printed on a wrong command line (exit 2). */
export const RACING_USAGE =
  'usage: npm run --silent bashiri -- racing verify <seed> --round <roundId> [--hash <sha256>] [--order <c1,c2,…>]' +
  ' | racing rtp [--rounds N] [--json]   (see docs/cli.md)';

/** Default number of simulated rounds of `racing rtp` (issue 19: 1,000,000). */
export const DEFAULT_RTP_ROUNDS = 1_000_000;

const NAMES: Record<RacingBetType, string> = {
  1: 'champion',
  2: 'champion and runner-up',
  3: 'top three',
  4: 'odd/even',
  5: 'big/small',
  6: 'Luck Racing (ten of ten)',
};

const fail = (error: string): RacingCommandResult => ({ ok: false, error: `error: ${error}` });

/**
 * `racing verify <seed> --round <roundId> [--hash <h>] [--order <c1,…,c10>]`: prints the seed's SHA-256 and
 * the finishing order the seed gives for the round; with `--hash` and `--order` also whether the round as
 * published checks out. A round id alone (no seed) answers how to get its seed.
 */
export const runRacingVerify = (words: readonly string[]): RacingCommandResult | 'usage' => {
  const parsed = readOptions(words, ['round', 'hash', 'order']);
  if (!parsed || parsed.positional.length !== 1) return 'usage';
  const [first] = parsed.positional as [string];
  const { round, hash, order } = parsed.options;
  if (!isServerSeed(first)) {
    const roundId = round ?? first;
    return fail(
      `round ${roundId}: its seed is revealed only after the draw — read it on the Results page ` +
        "(racing_car/racing, Results: seed and seed hash of each round) or from the API's racing round query, " +
        `then run: npm run --silent bashiri -- racing verify <seed> --round ${roundId}` +
        (isServerSeed(first.toLowerCase()) ? ' (seeds are lowercase hex)' : ''),
    );
  }
  if (round === undefined) return fail('--round <roundId> is required: the order depends on the round id');
  const drawn = drawOrder(first, round);
  const lines = [
    `round        ${round}`,
    `seed         ${first}`,
    `seed hash    ${seedHash(first)}   (SHA-256 of the seed text; compare with the hash published before betting)`,
    `order        ${lotteryCombination(drawn)}   (champion first)`,
  ];
  if (hash !== undefined || order !== undefined) {
    const claimed = (order ?? '').split(',').map((car) => Number(car.trim()));
    const result = verifyRound(first, hash ?? seedHash(first), round, order === undefined ? drawn : claimed);
    lines.push(
      `hash         ${hash === undefined ? 'not given' : result.hashMatches ? 'matches' : 'DOES NOT MATCH'}`,
      `order        ${order === undefined ? 'not given' : result.orderMatches ? 'matches' : 'DOES NOT MATCH'}`,
      `verified     ${result.ok && hash !== undefined && order !== undefined ? 'yes' : 'no'}`,
    );
  }
  return { ok: true, text: `${lines.join('\n')}\n` };
};

/** One row of the `racing rtp` table (percent values as numbers). */
export interface RtpReportRow {
  readonly betType: RacingBetType;
  readonly name: string;
  readonly odds: string | null;
  /** Exact RTP, percent text with 4 decimals (Luck Racing: fixed prizes plus the pool won alone). */
  readonly exactPercent: string;
  readonly simulatedPercent: number;
  readonly standardErrorPoints: number;
  readonly differencePoints: number;
  readonly withinHalfPoint: boolean;
}

/** The exact and simulated RTP table of the default racing configuration. */
export const rtpReport = (rounds: number, seedBytes: (round: number) => Uint8Array): RtpReportRow[] =>
  simulateRtp({ rounds, seedBytes, config: DEFAULT_RACING_CONFIG }).map((row) => {
    const exact = exactRtp(row.betType, DEFAULT_RACING_CONFIG);
    const total = {
      num: exact.rtp.num.times(exact.poolRtp.den).plus(exact.poolRtp.num.times(exact.rtp.den)),
      den: exact.rtp.den.times(exact.poolRtp.den),
    };
    const exactPercent = rtpPercent(total, 4);
    const simulatedPercent = row.rtp * 100;
    const differencePoints = simulatedPercent - Number(exactPercent);
    return {
      betType: row.betType,
      name: NAMES[row.betType],
      odds: exact.odds,
      exactPercent,
      simulatedPercent,
      standardErrorPoints: row.standardError * 100,
      differencePoints,
      withinHalfPoint: Math.abs(differencePoints) <= 0.5,
    };
  });

const pad = (text: string, width: number): string => text.padEnd(width);

/** `racing rtp [--rounds N] [--json]`: the RTP table, exact and simulated over N rounds (default 1,000,000). */
export const runRacingRtp = (
  words: readonly string[],
  seedBytes: (round: number) => Uint8Array,
): RacingCommandResult | 'usage' => {
  const parsed = readOptions(words, ['rounds'], ['json']);
  if (!parsed || parsed.positional.length > 0) return 'usage';
  const text = parsed.options.rounds ?? String(DEFAULT_RTP_ROUNDS);
  if (!/^\d+$/.test(text) || Number(text) < 2 || Number(text) > 100_000_000)
    return fail('--rounds: a whole number from 2 to 100000000');
  const rounds = Number(text);
  const rows = rtpReport(rounds, seedBytes);
  if (parsed.options.json) return { ok: true, text: `${JSON.stringify({ rounds, rows }, null, 2)}\n` };
  const header = `${pad('bet type', 29)}${pad('odds', 7)}${pad('exact RTP', 11)}${pad('simulated', 11)}${pad('± SE', 8)}${pad('diff', 8)}within 0.5`;
  const body = rows.map(
    (r) =>
      `${pad(`${r.betType} ${r.name}`, 29)}${pad(r.odds ?? 'table', 7)}${pad(`${r.exactPercent}%`, 11)}` +
      `${pad(`${r.simulatedPercent.toFixed(4)}%`, 11)}${pad(r.standardErrorPoints.toFixed(3), 8)}` +
      `${pad(r.differencePoints.toFixed(3), 8)}${r.withinHalfPoint ? 'yes' : 'no'}`,
  );
  const note =
    `${rounds.toLocaleString('en')} rounds through the real draw and payout code (seeds from crypto.randomBytes); ` +
    'RTP before tax; Luck Racing includes the prize pool won alone. See docs/racing.md.';
  return { ok: true, text: `${[header, ...body, '', note].join('\n')}\n` };
};

/** Dispatches `racing <verify|rtp> …`; `'usage'` on a wrong command line. */
export const runRacing = (
  words: readonly string[],
  seedBytes: (round: number) => Uint8Array,
): RacingCommandResult | 'usage' => {
  const [sub, ...rest] = words;
  if (sub === 'verify') return runRacingVerify(rest);
  if (sub === 'rtp') return runRacingRtp(rest, seedBytes);
  return 'usage';
};
