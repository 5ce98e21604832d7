/**
 * The scenario of a season simulation (docs/simulations.md "Scenario"): which seasons and leagues to
 * replay, how many bettors and which behaviours, the margins per market type, the bet configuration in
 * force (domain `BetConfig`: tax rate, caps, string-reward tiers), the operator's GGR tax and the seed.
 * Read from YAML or JSON; every problem is reported as one line naming the field.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import {
  DEFAULT_JACKPOT_TERMS,
  DEFAULT_LUCKY_SIX_TERMS,
  MARKETS,
  termsError,
  type Market,
  type PoolGame,
  type PoolTerms,
} from '@bashiri/domain';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { configSchema } from '../cli/schemas.ts';
import { fieldPath } from '../cli/commands.ts';

/** The behaviours of the population model (docs/simulations.md "Bettors"). */
export const BEHAVIOURS = ['favourite', 'longshot_acca', 'value', 'casual', 'pool_player'] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

const percent = z
  .number({ error: 'must be a percentage' })
  .min(0, { error: 'must be a percentage from 0 to 100' })
  .max(100, { error: 'must be a percentage from 0 to 100' });
const seasonText = z.string().regex(/^\d{4}-\d{2}$/, { error: 'must be a season like "2023-24"' });
const leagueCode = z
  .string()
  .regex(/^[A-Z0-9]{1,4}$/, { error: 'must be a football-data division, e.g. "E0"' });

const marginSchema = z.record(z.string(), percent).superRefine((margins, ctx) => {
  for (const key of Object.keys(margins)) {
    if (key !== 'default' && !MARKETS.includes(key as Market))
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `unknown market type; one of default, ${MARKETS.join(', ')}`,
      });
  }
});

/** Stake distribution of one behaviour: log-normal with this median (TZS) and σ of the log. */
const stakeSchema = z.strictObject({
  medianTzs: z.number().int().positive({ error: 'must be whole TZS > 0' }),
  sigma: z.number().min(0).max(3),
});

/**
 * Changes to a pool game's terms (domain `PoolTerms`, docs/pool-games.md "Types"); each field absent
 * keeps the seeded type's value (`DEFAULT_JACKPOT_TERMS`, `DEFAULT_LUCKY_SIX_TERMS`).
 */
const poolTermsSchema = z
  .strictObject({
    guessNumber: z.number().int().positive(),
    maxChoose: z.number().int().min(0),
    betAmount: z.number().int().positive({ error: 'must be whole TZS > 0' }),
    increment: z.string(),
    initJackpot: z.number().int().min(0),
    maxAddBalance: z.number().int().min(0),
    maxRangeOdds: z.string(),
    identifierPrefix: z.string().min(1),
    maxVoid: z.number().int().min(0),
    creditAllowed: z.boolean(),
    tiers: z
      .array(
        z.strictObject({
          hits: z.number().int().positive(),
          rewardType: z.enum(['fixed', 'poolPercent']),
          proportion: z.string(),
        }),
      )
      .min(1),
  })
  .partial();

const POOL_DEFAULTS: Readonly<Record<'jackpot' | 'luckySix', PoolTerms>> = {
  jackpot: DEFAULT_JACKPOT_TERMS,
  luckySix: DEFAULT_LUCKY_SIX_TERMS,
};

const poolsSchema = z
  .strictObject({
    jackpot: poolTermsSchema.default({}),
    luckySix: poolTermsSchema.default({}),
  })
  .superRefine((pools, ctx) => {
    for (const key of ['jackpot', 'luckySix'] as const) {
      const problem = termsError({ ...POOL_DEFAULTS[key], ...pools[key] });
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: [key, ...(problem.field ?? '').split(/[.[\]]+/).filter((p) => p !== '')],
          message: `not a valid pool type: ${problem.message}`,
        });
    }
  });

export const scenarioSchema = z.strictObject({
  name: z.string().min(1).default('scenario'),
  /** Folder of football-data CSVs named `<DIV>-<yyyy-yy>.csv`; relative to the scenario file. */
  dataDir: z.string().min(1).optional(),
  leagues: z.array(leagueCode).min(1, { error: 'must name at least one league' }),
  seasons: z.array(seasonText).min(1, { error: 'must name at least one season' }),
  /** Use the previous season of each league (when its file exists) as history for the first matchdays. */
  warmUp: z.boolean().default(true),
  /** Replay only the first N matchdays of each season (tests, quick looks). */
  maxMatchdays: z.number().int().positive().optional(),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1, { error: 'must be an integer from 0 to 2147483647' }),
  bettors: z.strictObject({
    count: z.number().int().min(1).max(1_000_000),
    /** Share of each behaviour; normalised to 1. */
    mix: z
      .partialRecord(z.enum(BEHAVIOURS), z.number().min(0))
      .refine((mix) => Object.values(mix).some((w) => (w ?? 0) > 0), {
        error: 'at least one behaviour must have a share > 0',
      }),
    /** Probability that a bettor is active on a matchday (before the behaviour's own factor). */
    activity: z.number().min(0).max(1).default(0.25),
    /** Log-normal stakes per behaviour (defaults in docs/simulations.md). */
    stakes: z.partialRecord(z.enum(BEHAVIOURS), stakeSchema).default({}),
    /** First deposit: log-normal median TZS and σ. */
    deposit: stakeSchema.default({ medianTzs: 20_000, sigma: 0.8 }),
    /** Chance that a single bet winning at half-time is cashed out then (0 = no cash-out). */
    cashOutShare: z.number().min(0).max(1).default(0),
  }),
  /** Margin (overround percent) per market type; `default` for the rest. */
  marginPercent: marginSchema.default({ default: 6 }),
  /** The bet configuration in force (docs/cli.md "config"); absent = the spec §9 defaults. */
  config: configSchema.optional(),
  /** Operator's tax on gross gaming revenue (percent of positive GGR per month); an assumption, see docs. */
  ggrTaxPercent: percent.default(25),
  /** Cash-out margin: percent taken off the fair value of an offer (domain `CashOutConfig.marginPercent`). */
  cashOutMarginPercent: percent
    .refine((v) => v < 100 && /^\d+(\.\d{1,2})?$/.test(String(v)), {
      error: 'must be below 100 with at most 2 decimals',
    })
    .default(5),
  /** The pool games' terms (played by `pool_player` bettors); absent fields = the seeded types. */
  pools: poolsSchema.default({ jackpot: {}, luckySix: {} }),
});

export type Scenario = z.output<typeof scenarioSchema>;

/** The terms of each pool game a scenario runs: the seeded type's, with the scenario's `pools` changes. */
export const poolTermsOf = (scenario: Pick<Scenario, 'pools'>): Record<PoolGame, PoolTerms> => ({
  jackpot: { ...DEFAULT_JACKPOT_TERMS, ...scenario.pools.jackpot, game: 'jackpot' },
  luckysix: { ...DEFAULT_LUCKY_SIX_TERMS, ...scenario.pools.luckySix, game: 'luckysix' },
});

/** A scenario that could not be read: `message` is one line naming the file and field. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  /**
   * @param field the bad field's dotted path (`bettors.count`), when one field is at fault
   */
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

/** Validates parsed scenario data; throws {@link ScenarioError} naming the first bad field. */
export const parseScenario = (raw: unknown, source = 'scenario'): Scenario => {
  const parsed = scenarioSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue ? fieldPath(issue.path) : '';
  const message = issue
    ? /received undefined$/.test(issue.message)
      ? 'required'
      : issue.message
    : 'invalid';
  throw new ScenarioError(`${source}: ${field ? `${field}: ` : ''}${message}`, field || null);
};

/**
 * Parses a scenario's text, YAML or JSON (JSON is YAML), and validates it as {@link parseScenario}
 * does; throws {@link ScenarioError}. `source` names it in messages.
 */
export const parseScenarioText = (text: string, source = 'scenario'): Scenario => {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (e) {
    throw new ScenarioError(`${source}: not valid YAML or JSON (${(e as Error).message.split('\n')[0]})`);
  }
  return parseScenario(raw, source);
};

/** Reads a `.yaml`/`.yml`/`.json` scenario file; throws {@link ScenarioError} on unreadable or invalid input. */
export const loadScenario = (path: string): Scenario => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ScenarioError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let raw: unknown;
  try {
    raw = extname(path) === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new ScenarioError(
      `${path}: not valid ${extname(path) === '.json' ? 'JSON' : 'YAML'} (${(e as Error).message.split('\n')[0]})`,
    );
  }
  return parseScenario(raw, path);
};
