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
  DEFAULT_RACING_CONFIG,
  oddsError,
  DEFAULT_LUCKY_SIX_TERMS,
  MARKETS,
  termsError,
  type Market,
  type PoolGame,
  type PoolTerms,
  type RacingConfig,
} from '@bashiri/domain';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { configSchema } from '../cli/schemas.ts';
import { fieldPath } from '../cli/commands.ts';

/** The behaviours of the population model (docs/simulations.md "Bettors"). */
export const BEHAVIOURS = [
  'favourite',
  'longshot_acca',
  'value',
  'casual',
  'pool_player',
  'racing_player',
] as const;
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

/** Racing odds: decimal text or a number, above 1 (the racing configuration screen's rule). */
const racingOdds = z
  .union([z.string(), z.number()])
  .superRefine((v, ctx) => {
    if (oddsError(v, 'odds', '1.01') || !/^\d+(\.\d{1,2})?$/.test(String(v)))
      ctx.addIssue({ code: 'custom', message: 'must be decimal odds ≥ 1.01 with at most 2 decimals' });
  })
  .transform((v) => String(v));

/** A racing tax rate: percent 0–100 with at most 2 decimals, kept as the domain's decimal text. */
const racingRate = percent
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), { error: 'at most 2 decimals' })
  .transform((v) => String(v));

/** The racing bet types by name, in spec order (codes 1–6; docs/racing.md "Bet types"). */
export const RACING_BET_TYPE_NAMES = [
  'champion',
  'championAndRunnerUp',
  'topThree',
  'oddEven',
  'bigSmall',
  'luckRacing',
] as const;
export type RacingBetTypeName = (typeof RACING_BET_TYPE_NAMES)[number];

/**
 * Most racing rounds per simulated day: at the default schedule (a round every 3 minutes from 08:00 EAT)
 * 100 rounds end at 13:00 EAT, before the earliest kick-offs of the data.
 */
export const MAX_RACING_ROUNDS_PER_DAY = 100;

/** Virtual racing in the replay (docs/simulations.md "Virtual racing"); played by `racing_player` bettors. */
const racingSchema = z.strictObject({
  /** Racing rounds on each matchday (0 = none), from 08:00 EAT on the real schedule (a round every 3 min). */
  roundsPerDay: z.number().int().min(0).max(MAX_RACING_ROUNDS_PER_DAY).default(10),
  /** Odds of the fixed-odds bet types; absent = the spec's (`DEFAULT_RACING_CONFIG`). */
  odds: z
    .strictObject({
      champion: racingOdds,
      championAndRunnerUp: racingOdds,
      topThree: racingOdds,
      oddEven: racingOdds,
      bigSmall: racingOdds,
    })
    .partial()
    .default({}),
  /** Tax on racing winnings (percent of a positive profit), the racing config's `tax_rate`. */
  taxRatePercent: racingRate.default(DEFAULT_RACING_CONFIG.taxRate),
  /** Tax on racing coin → balance, the racing config's `convert_tax_rate`. */
  convertTaxRatePercent: racingRate.default(DEFAULT_RACING_CONFIG.convertTaxRate),
  /** Fixed price of a Luck Racing ticket, TZS (`jackpot_bet_amount`; a multiple of 100). */
  luckRacingStake: z
    .number()
    .int()
    .positive()
    .refine((v) => v % 100 === 0, { error: 'must be a multiple of 100 TZS' })
    .default(DEFAULT_RACING_CONFIG.jackpotBetAmount),
  /** Prize pool shared by a round's ten-of-ten tickets, TZS (`prize_pool`). */
  prizePool: z.number().int().min(0).default(DEFAULT_RACING_CONFIG.prizePool),
  /** Weights of the bet types a racing player picks (normalised; defaults in docs/simulations.md). */
  betTypeMix: z
    .partialRecord(z.enum(RACING_BET_TYPE_NAMES), z.number().min(0))
    .refine((mix) => Object.keys(mix).length === 0 || Object.values(mix).some((w) => (w ?? 0) > 0), {
      error: 'at least one bet type must have a share > 0',
    })
    .default({}),
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
  /** Virtual racing (played by `racing_player` bettors); absent fields = the spec's racing config. */
  racing: racingSchema.default({
    roundsPerDay: 10,
    odds: {},
    taxRatePercent: DEFAULT_RACING_CONFIG.taxRate,
    convertTaxRatePercent: DEFAULT_RACING_CONFIG.convertTaxRate,
    luckRacingStake: DEFAULT_RACING_CONFIG.jackpotBetAmount,
    prizePool: DEFAULT_RACING_CONFIG.prizePool,
    betTypeMix: {},
  }),
});

export type Scenario = z.output<typeof scenarioSchema>;

/** The terms of each pool game a scenario runs: the seeded type's, with the scenario's `pools` changes. */
export const poolTermsOf = (scenario: Pick<Scenario, 'pools'>): Record<PoolGame, PoolTerms> => ({
  jackpot: { ...DEFAULT_JACKPOT_TERMS, ...scenario.pools.jackpot, game: 'jackpot' },
  luckysix: { ...DEFAULT_LUCKY_SIX_TERMS, ...scenario.pools.luckySix, game: 'luckysix' },
});

/** The racing configuration a scenario runs: the spec's (`DEFAULT_RACING_CONFIG`) with its `racing` changes. */
export const racingConfigOf = (scenario: Pick<Scenario, 'racing'>): RacingConfig => {
  const r = scenario.racing;
  return {
    ...DEFAULT_RACING_CONFIG,
    champion: r.odds.champion ?? DEFAULT_RACING_CONFIG.champion,
    championAndRunnerUp: r.odds.championAndRunnerUp ?? DEFAULT_RACING_CONFIG.championAndRunnerUp,
    championAndRunnerUpAndThird: r.odds.topThree ?? DEFAULT_RACING_CONFIG.championAndRunnerUpAndThird,
    singleOrDouble: r.odds.oddEven ?? DEFAULT_RACING_CONFIG.singleOrDouble,
    bigOrSmall: r.odds.bigSmall ?? DEFAULT_RACING_CONFIG.bigOrSmall,
    taxRate: r.taxRatePercent,
    convertTaxRate: r.convertTaxRatePercent,
    jackpotBetAmount: r.luckRacingStake,
    prizePool: r.prizePool,
  };
};

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
