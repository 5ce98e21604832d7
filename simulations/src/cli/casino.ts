/**
 * `bashiri casino rtp` and `bashiri casino verify` (docs/cli.md "casino"; docs/casino.md "Fairness"):
 * pure functions from the command line's words to the text to print. The games are the provider
 * sandbox's (api/src/modules/casino-sandbox/games); randomness comes in as a function (bashiri.ts passes
 * `crypto.randomBytes`).
 */
import {
  crashPoint,
  diceRoll,
  fractionPercent,
  isServerSeed,
  seedHash,
  simulateCrashManualRtp,
  simulateCrashRtp,
  simulateDiceRtp,
  CRASH_HOUSE_EDGE_PERCENT,
  DICE_HOUSE_EDGE_PERCENT,
  type GameRtpRow,
} from '@bashiri/api/casino-games';
import { readOptions } from './options.ts';

/** What a casino command answers: text for stdout, or one error line for stderr (exit 1). */
export type CasinoCommandResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/** Usage of the casino commands, printed on a wrong command line (exit 2). */
export const CASINO_USAGE =
  'usage: npm run --silent bashiri -- casino rtp [--rounds N] [--json]' +
  ' | casino verify <crash|dice> <seed> --client <clientSeed> --nonce <n>   (see docs/cli.md)';

/** Default number of simulated rounds of `casino rtp` per game. */
export const DEFAULT_CASINO_RTP_ROUNDS = 200_000;

const fail = (error: string): CasinoCommandResult => ({ ok: false, error: `error: ${error}` });

/** One row of the `casino rtp` table. */
export interface CasinoRtpRow {
  readonly game: 'crash' | 'dice';
  readonly bet: string;
  /** Exact RTP, percent text with 4 decimals (with the whole-TZS rounding of the simulated stake). */
  readonly exactPercent: string;
  readonly simulatedPercent: number;
  readonly standardErrorPoints: number;
  readonly differencePoints: number;
  /** |difference| ≤ 4 standard errors. */
  readonly withinFourSe: boolean;
}

const rowOf = (r: GameRtpRow): CasinoRtpRow => {
  const exactPercent = fractionPercent(r.exact, 4);
  const simulatedPercent = r.rtp * 100;
  const differencePoints = simulatedPercent - Number(exactPercent);
  const standardErrorPoints = r.standardError * 100;
  return {
    game: r.game,
    bet: r.label,
    exactPercent,
    simulatedPercent,
    standardErrorPoints,
    differencePoints,
    withinFourSe: Math.abs(differencePoints) <= 4 * standardErrorPoints + 1e-4,
  };
};

/** The exact and simulated RTP rows of crash and dice over `rounds` rounds each. */
export const casinoRtpReport = (rounds: number, seedBytes: (round: number) => Uint8Array): CasinoRtpRow[] => [
  ...simulateCrashRtp(rounds, seedBytes).map(rowOf),
  ...simulateCrashManualRtp(rounds, seedBytes).map(rowOf),
  ...simulateDiceRtp(rounds, seedBytes).map(rowOf),
];

const pad = (text: string, width: number): string => text.padEnd(width);

/** `casino rtp [--rounds N] [--json]`: exact and simulated RTP of the sandbox games. */
export const runCasinoRtp = (
  words: readonly string[],
  seedBytes: (round: number) => Uint8Array,
): CasinoCommandResult | 'usage' => {
  const parsed = readOptions(words, ['rounds'], ['json']);
  if (!parsed || parsed.positional.length > 0) return 'usage';
  const text = parsed.options.rounds ?? String(DEFAULT_CASINO_RTP_ROUNDS);
  if (!/^\d+$/.test(text) || Number(text) < 2 || Number(text) > 100_000_000)
    return fail('--rounds: a whole number from 2 to 100000000');
  const rounds = Number(text);
  const rows = casinoRtpReport(rounds, seedBytes);
  if (parsed.options.json) return { ok: true, text: `${JSON.stringify({ rounds, rows }, null, 2)}\n` };
  const header = `${pad('game', 7)}${pad('bet', 34)}${pad('exact RTP', 11)}${pad('simulated', 11)}${pad('± SE', 8)}${pad('diff', 8)}within 4 SE`;
  const body = rows.map(
    (r) =>
      `${pad(r.game, 7)}${pad(r.bet, 34)}${pad(`${r.exactPercent}%`, 11)}${pad(`${r.simulatedPercent.toFixed(4)}%`, 11)}` +
      `${pad(r.standardErrorPoints.toFixed(3), 8)}${pad(r.differencePoints.toFixed(3), 8)}${r.withinFourSe ? 'yes' : 'no'}`,
  );
  const note =
    `${rounds.toLocaleString('en')} rounds per game through the real draw and settlement code (seeds from crypto.randomBytes); ` +
    `house edge ${CRASH_HOUSE_EDGE_PERCENT}% (crash) and ${DICE_HOUSE_EDGE_PERCENT}% (dice); stake 10,000 TZS. See docs/casino.md.`;
  return { ok: true, text: `${[header, ...body, '', note].join('\n')}\n` };
};

/**
 * `casino verify <crash|dice> <seed> --client <clientSeed> --nonce <n>`: the seed's SHA-256 (to compare
 * with the hash shown before the round) and the crash point or roll the inputs give.
 */
export const runCasinoVerify = (words: readonly string[]): CasinoCommandResult | 'usage' => {
  const parsed = readOptions(words, ['client', 'nonce']);
  if (!parsed || parsed.positional.length !== 2) return 'usage';
  const [game, seed] = parsed.positional as [string, string];
  if (game !== 'crash' && game !== 'dice') return 'usage';
  if (!isServerSeed(seed)) return fail('the seed is 64 lowercase hex characters');
  const clientSeed = parsed.options.client;
  const nonceText = parsed.options.nonce;
  if (clientSeed === undefined || nonceText === undefined) return fail('--client and --nonce are required');
  if (!/^\d{1,15}$/.test(nonceText)) return fail('--nonce: a whole number');
  const inputs = { serverSeed: seed, clientSeed, nonce: Number(nonceText) };
  try {
    const outcome =
      game === 'crash'
        ? `crash point ${(crashPoint(inputs) / 100).toFixed(2)}x`
        : `roll ${(diceRoll(inputs) / 100).toFixed(2)}`;
    return { ok: true, text: `seed hash ${seedHash(seed)}\n${outcome}\n` };
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
};

/** Dispatches `casino <rtp|verify> …`; `'usage'` on a wrong command line. */
export const runCasino = (
  words: readonly string[],
  seedBytes: (round: number) => Uint8Array,
): CasinoCommandResult | 'usage' => {
  const [sub, ...rest] = words;
  if (sub === 'rtp') return runCasinoRtp(rest, seedBytes);
  if (sub === 'verify') return runCasinoVerify(rest);
  return 'usage';
};
