/**
 * The analysts' commands as pure functions from parsed JSON to output JSON or one error line, so that
 * they are testable without spawning a process (bashiri.ts does the IO).
 */
import {
  BETTING_TYPE_ID,
  describeLeg,
  quote,
  resolveBetConfig,
  settleBet,
  settleLeg,
  taxRateAt,
  validateSlip,
  type BetConfig,
  type DomainError,
  type Leg,
  type Quote,
  type Settlement,
} from '@bashiri/domain';
import type { z } from 'zod';
import { quoteInputSchema, settleInputSchema, TAX_RULES, type QuoteInput } from './schemas.ts';

/** What a command answers: JSON to print, or the one line to write on stderr. */
export type CommandResult =
  { readonly ok: true; readonly output: unknown } | { readonly ok: false; readonly error: string };

const fail = (error: string): CommandResult => ({ ok: false, error: `error: ${error}` });

/** `legs[1].odds` from zod's path `['legs', 1, 'odds']`, without the wrapping `bet`/`slip` object. */
export const fieldPath = (path: readonly PropertyKey[]): string =>
  path
    .filter((key, i) => !(i === 0 && path.length > 1 && (key === 'bet' || key === 'slip')))
    .reduce<string>(
      (text, key) =>
        typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
      '',
    );

const firstIssue = (error: z.ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return 'invalid input';
  const field = fieldPath(issue.path);
  const message = /received undefined$/.test(issue.message) ? 'required' : issue.message;
  return field ? `${field}: ${message}` : message;
};

const domainErrorLine = (error: DomainError): string =>
  error.field && !error.message.startsWith(`${error.field}:`)
    ? `${error.field}: ${error.message}`
    : error.message;

const configOf = (input: Pick<QuoteInput, 'config' | 'placedAt' | 'product'>): BetConfig | string => {
  const config = resolveBetConfig(input.config);
  if (input.placedAt === undefined) return config;
  try {
    const rate = taxRateAt(TAX_RULES, input.product ?? 'sports', input.placedAt);
    return rate === undefined ? config : { ...config, taxRatePercent: rate };
  } catch {
    return 'placedAt: must be epoch ms or ISO-8601 with a zone';
  }
};

/** Reads the text of stdin as JSON; one error line when it is not JSON. */
export const parseJson = (text: string): { ok: true; value: unknown } | { ok: false; error: string } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: `error: input: not valid JSON (${(e as Error).message})` };
  }
};

/** `quote`: validates the slip (spec §5) and prices it. Output: the domain `Quote`. */
export const runQuote = (raw: unknown): CommandResult => {
  const parsed = quoteInputSchema.safeParse(raw);
  if (!parsed.success) return fail(firstIssue(parsed.error));
  const config = configOf(parsed.data);
  if (typeof config === 'string') return fail(config);
  const slip = parsed.data.slip;
  const errors = validateSlip(slip, config);
  if (errors[0]) return fail(domainErrorLine(errors[0]));
  const output: Quote = quote(slip, config);
  return { ok: true, output };
};

/** `settle`: settles every leg on its match facts, then the bet. Output: the domain `Settlement` with leg descriptions. */
export const runSettle = (raw: unknown): CommandResult => {
  const parsed = settleInputSchema.safeParse(raw);
  if (!parsed.success) return fail(firstIssue(parsed.error));
  const config = configOf(parsed.data);
  if (typeof config === 'string') return fail(config);
  const { bet } = parsed.data;
  const legs = bet.legs.map(({ match, matchId: _matchId, ...leg }) => ({
    leg: leg as Leg,
    result: settleLeg(leg as Leg, match),
  }));
  const settlement: Settlement = settleBet({
    stake: bet.stake,
    payType: bet.payType,
    terms: config,
    legs: legs.map(({ leg, result }) => ({ odds: leg.odds, result })),
  });
  const { state, stake, payType, effectiveOdds, legs: settledLegs, ...amounts } = settlement;
  const output = {
    state,
    stake,
    payType,
    effectiveOdds,
    ...amounts,
    legs: settledLegs.map((settled, i) => {
      const leg = legs[i]?.leg;
      return leg
        ? {
            leg: describeLeg(leg),
            market: leg.market,
            bettingTypeId: BETTING_TYPE_ID[leg.market] ?? null,
            ...settled,
          }
        : settled;
    }),
  };
  return { ok: true, output };
};
