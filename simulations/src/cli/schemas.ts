/**
 * Input schemas of the analysts' commands (docs/cli.md). Field names are the domain's camelCase; the
 * doc maps them to the spec's snake_case names. Validation here turns every impossible input into one
 * message naming the field; the domain functions then run on well-formed data only.
 */
import { MIN_ODDS, oddsError, percentError, splitLine, TANZANIA_TAX_RULES } from '@bashiri/domain';
import { z } from 'zod';

const odds = z
  .union([z.string(), z.number()])
  .transform(String)
  .refine((text) => oddsError(text) === undefined, { error: `must be a decimal >= ${MIN_ODDS}` });
const decimalAtLeastOne = z
  .union([z.string(), z.number()])
  .transform(String)
  .refine((text) => oddsError(text, 'x', '1') === undefined, { error: 'must be a decimal >= 1' });
const tzs = (what = 'whole TZS') => z.number({ error: `must be ${what}` }).int({ error: `must be ${what}` });
const positiveTzs = tzs('whole TZS > 0').positive({ error: 'must be whole TZS > 0' });
const nonNegativeTzs = tzs('whole TZS >= 0').nonnegative({ error: 'must be whole TZS >= 0' });
const percent = z.number({ error: 'must be a percentage' }).refine((p) => percentError(p) === undefined, {
  error: 'must be a percentage from 0 to 100 with at most 2 decimals',
});
const payType = z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (balance) or 2 (credit)' });
const instant = z.union([z.string(), z.number()]);

/** A partial bet configuration (domain `BetConfig`); missing values take the spec §9 fallbacks. */
export const configSchema = z.strictObject({
  minimumBetAmount: nonNegativeTzs.optional(),
  minimumBetAmountVirtual: nonNegativeTzs.optional(),
  maxBetAmount: nonNegativeTzs.optional(),
  minStringRewardOdds: decimalAtLeastOne.optional(),
  taxRatePercent: percent.optional(),
  singleGameHighestProfit: nonNegativeTzs.nullable().optional(),
  multipleGameHighestProfit: nonNegativeTzs.nullable().optional(),
  minimumBetAmountMobile: positiveTzs.nullable().optional(),
  maximumBetAmountMobile: positiveTzs.nullable().optional(),
  minimumBetAmountDesktop: positiveTzs.nullable().optional(),
  maximumBetAmountDesktop: positiveTzs.nullable().optional(),
  customerService: z.string().optional(),
  pausePrompt: z.string().optional(),
  noBet: z.number().int().optional(),
  stringRewards: z
    .array(
      z.strictObject({
        strings: z.number().int().positive({ error: 'must be a whole number > 0' }),
        cashBackPercent: percent,
      }),
    )
    .optional(),
});

/** When given, the tax rate comes from the Tanzanian tax table at `placedAt` (betting-rules §8). */
const taxContext = {
  placedAt: instant.optional(),
  product: z.enum(['sports', 'virtual', 'casino']).optional(),
};

export const quoteInputSchema = z.strictObject({
  slip: z.strictObject({
    stake: positiveTzs,
    payType,
    channel: z.enum(['MOBILE', 'DESKTOP'], { error: 'must be MOBILE or DESKTOP' }).optional(),
    selections: z.array(
      z.strictObject({
        selectionId: z.string().min(1),
        matchId: z.string().min(1),
        odds,
        available: z.boolean().optional(),
      }),
    ),
  }),
  config: configSchema.optional(),
  ...taxContext,
});

const goals = z
  .number()
  .int({ error: 'must be whole goals >= 0' })
  .nonnegative({ error: 'must be whole goals >= 0' });
const score = z.strictObject({ home: goals, away: goals });
const notBelow = (later: { home: number; away: number }, earlier: { home: number; away: number }) =>
  later.home >= earlier.home && later.away >= earlier.away;

export const matchFactsSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('not_started') }),
  z
    .strictObject({ status: z.literal('played'), halfTime: score, fullTime: score })
    .refine((f) => notBelow(f.fullTime, f.halfTime), {
      error: 'below the half-time score',
      path: ['fullTime'],
    }),
  z
    .strictObject({
      status: z.literal('abandoned'),
      minute: z.number().nonnegative({ error: 'must be a minute >= 0' }),
      score,
      halfTime: score.optional(),
    })
    .refine((f) => f.halfTime === undefined || notBelow(f.score, f.halfTime), {
      error: 'below the half-time score',
      path: ['score'],
    })
    .refine((f) => f.halfTime !== undefined || f.minute <= 45, {
      error: 'required when abandoned after minute 45',
      path: ['halfTime'],
    }),
  z.strictObject({ status: z.literal('postponed') }),
  z.strictObject({ status: z.literal('cancelled') }),
]);

const lineOf = (min?: number) =>
  z
    .union([z.string(), z.number()])
    .transform(String)
    .refine((line) => splitLine(line) !== undefined && (min === undefined || Number(line) >= min), {
      error: min === undefined ? 'must be a multiple of 0.25' : `must be a multiple of 0.25, >= ${min}`,
    });

const legCommon = {
  period: z.enum(['full_time', 'first_half']).optional(),
  odds,
  matchId: z.string().min(1).optional(),
  match: matchFactsSchema,
};
export const legSchema = z.discriminatedUnion('market', [
  z.strictObject({ market: z.literal('1x2'), pick: z.enum(['home', 'draw', 'away']), ...legCommon }),
  z.strictObject({ market: z.literal('double_chance'), pick: z.enum(['1X', 'X2', '12']), ...legCommon }),
  z.strictObject({ market: z.literal('both_teams_to_score'), pick: z.enum(['yes', 'no']), ...legCommon }),
  z.strictObject({
    market: z.literal('over_under'),
    pick: z.enum(['over', 'under']),
    line: lineOf(0),
    ...legCommon,
  }),
  z.strictObject({
    market: z.literal('asian_handicap'),
    pick: z.enum(['home', 'away']),
    line: lineOf(),
    ...legCommon,
  }),
  z.strictObject({
    market: z.literal('correct_score'),
    pick: z.string().regex(/^\d{1,2}-\d{1,2}$/, { error: 'must be a score "home-away", e.g. "2-1"' }),
    ...legCommon,
  }),
  z.strictObject({ market: z.literal('draw_no_bet'), pick: z.enum(['home', 'away']), ...legCommon }),
]);

export const settleInputSchema = z.strictObject({
  bet: z.strictObject({
    stake: positiveTzs,
    payType,
    legs: z
      .array(legSchema)
      .min(1, { error: 'must have at least one leg' })
      .max(60, { error: 'at most 60 legs' })
      .superRefine((legs, ctx) => {
        const seen = new Set<string>();
        legs.forEach((leg, i) => {
          if (leg.matchId === undefined) return;
          if (seen.has(leg.matchId))
            ctx.addIssue({ code: 'custom', path: [i, 'matchId'], message: 'one leg per match' });
          seen.add(leg.matchId);
        });
      }),
  }),
  config: configSchema.optional(),
  ...taxContext,
});

export type QuoteInput = z.infer<typeof quoteInputSchema>;
export type SettleInput = z.infer<typeof settleInputSchema>;

/** The tax table used with `placedAt`. */
export const TAX_RULES = TANZANIA_TAX_RULES;
