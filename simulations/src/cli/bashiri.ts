/**
 * `npm run --silent bashiri -- <quote|settle>`: analysts' commands (docs/cli.md). Reads JSON on stdin,
 * prints JSON on stdout; on bad input exits 1 with one line on stderr naming the field; exits 2 on
 * a wrong command line.
 */
import { readFileSync } from 'node:fs';
import { parseJson, runQuote, runSettle, type CommandResult } from './commands.ts';

const COMMANDS: Readonly<Record<string, (raw: unknown) => CommandResult>> = {
  quote: runQuote,
  settle: runSettle,
};
const USAGE = 'usage: npm run --silent bashiri -- <quote|settle> < input.json   (see docs/cli.md)';

const main = (): number => {
  const [command, ...rest] = process.argv.slice(2);
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

process.exitCode = main();
