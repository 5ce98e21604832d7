/**
 * Command-line options of the analysts' commands (`racing`, `casino`; docs/cli.md), read with Node's
 * own `util.parseArgs` in strict mode: `--name value` for the `known` options, bare `--flag`s, and the
 * positional words in order.
 */
import { parseArgs } from 'node:util';

/** The positional words and the options given (a flag's value is `'true'`); `undefined` on an unknown or valueless option. */
export const readOptions = (
  words: readonly string[],
  known: readonly string[],
  flags: readonly string[] = [],
): { positional: string[]; options: Record<string, string> } | undefined => {
  try {
    const { values, positionals } = parseArgs({
      args: [...words],
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries([
        ...known.map((name) => [name, { type: 'string' as const }]),
        ...flags.map((name) => [name, { type: 'boolean' as const }]),
      ]),
    });
    const options: Record<string, string> = {};
    for (const [name, value] of Object.entries(values))
      if (value !== undefined) options[name] = String(value);
    return { positional: positionals, options };
  } catch {
    return undefined;
  }
};
