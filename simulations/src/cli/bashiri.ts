/**
 * `npm run --silent bashiri -- <quote|settle|racing|casino|simulate>`: analysts' commands (docs/cli.md).
 * `quote` and `settle` read JSON on stdin and print JSON on stdout; `racing verify|rtp` and
 * `casino rtp|verify` take their arguments on the command line; `simulate` replays real seasons
 * (docs/simulations.md). On bad input: exit 1 with one line on stderr; on a wrong command line: exit 2.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { simulateCommand } from '../season/simulate.ts';
import { parseJson, runQuote, runSettle, type CommandResult } from './commands.ts';
import { CASINO_USAGE, runCasino } from './casino.ts';
import { RACING_USAGE, runRacing } from './racing.ts';

const COMMANDS: Readonly<Record<string, (raw: unknown) => CommandResult>> = {
  quote: runQuote,
  settle: runSettle,
};
const USAGE =
  'usage: npm run --silent bashiri -- <quote|settle> < input.json | racing <verify|rtp> … | casino <rtp|verify> …, or simulate <scenario.yaml>   (see docs/cli.md)';

const racing = (words: readonly string[]): number =>
  report(
    runRacing(words, () => randomBytes(32)),
    'racing',
    RACING_USAGE,
  );

const casino = (words: readonly string[]): number =>
  report(
    runCasino(words, () => randomBytes(32)),
    'casino',
    CASINO_USAGE,
  );

/** Prints a racing or casino answer: usage (exit 2), one error line (exit 1) or the text (exit 0). */
function report(
  result: { ok: true; text: string } | { ok: false; error: string } | 'usage',
  name: string,
  usage: string,
): number {
  if (result === 'usage') {
    process.stderr.write(`error: wrong ${name} command line; ${usage}\n`);
    return 2;
  }
  if (!result.ok) {
    process.stderr.write(`${result.error}\n`);
    return 1;
  }
  process.stdout.write(result.text);
  return 0;
}

const main = (): number => {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'racing') return racing(rest);
  if (command === 'casino') return casino(rest);
  const run = command === undefined ? undefined : COMMANDS[command];
  if (run === undefined || rest.length > 0) {
    process.stderr.write(
      `error: ${command === undefined ? 'no command' : `unknown command ${[command, ...rest].join(' ')}`}; ${USAGE}\n`,
    );
    return 2;
  }
  const json = parseJson(readFileSync(0, 'utf8'));
  const result = json.ok ? run(json.value) : json;
  if (!result.ok) {
    process.stderr.write(`${result.error.replaceAll('\n', ' ')}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(result.output, null, 2)}\n`);
  return 0;
};

if (process.argv[2] === 'simulate') process.exitCode = await simulateCommand(process.argv.slice(3));
else process.exitCode = main();
