/**
 * Validation of a slip before pricing or placement (spec §5 "Betslip submit", "Amount input",
 * "Accumulator"; betting-rules §1). Returns DomainErrors, never throws.
 */
import {
  BET_AMOUNT_STEP,
  MAX_SELECTIONS,
  PAY_TYPE_BALANCE,
  PAY_TYPE_CREDIT,
  stakeLimits,
  type BetConfig,
} from '../config/bet-config.ts';
import { domainError, type DomainError } from '../errors.ts';
import { oddsError } from '../money/odds.ts';
import { amountError } from '../money/tzs.ts';
import { isAvailable, type Betslip } from './slip.ts';

/** Stable codes of slip refusals (clients translate them; never rename). */
export const SLIP_ERROR_CODES = [
  'EMPTY_SLIP',
  'NO_AVAILABLE_SELECTIONS',
  'TOO_MANY_SELECTIONS',
  'DUPLICATE_MATCH',
  'DUPLICATE_SELECTION',
  'INVALID_ODDS',
  'INVALID_PAY_TYPE',
  'INVALID_AMOUNT',
  'NEGATIVE_AMOUNT',
  'STAKE_NOT_MULTIPLE_OF_STEP',
  'STAKE_BELOW_MINIMUM',
  'STAKE_ABOVE_MAXIMUM',
] as const;
export type SlipErrorCode = (typeof SLIP_ERROR_CODES)[number];

/**
 * Every reason the slip cannot be priced or placed, in field order (empty = valid):
 * `EMPTY_SLIP`; `NO_AVAILABLE_SELECTIONS` (spec §5: nothing is sent when none are available);
 * `TOO_MANY_SELECTIONS` (> 60); `DUPLICATE_MATCH` / `DUPLICATE_SELECTION` (one selection per match);
 * `INVALID_ODDS` (`selections[i].odds`, a decimal >= 1.01); `INVALID_PAY_TYPE` (1 or 2);
 * `INVALID_AMOUNT` / `NEGATIVE_AMOUNT` (stake not whole TZS); `STAKE_NOT_MULTIPLE_OF_STEP` (pay type 1:
 * step 100; a credit stake is the whole credit and may be any amount); `STAKE_BELOW_MINIMUM` (minimum of
 * the pay type, raised to the minimum of the slip's channel when it has one); `STAKE_ABOVE_MAXIMUM`
 * (`max_bet_amount`, lowered to the maximum of the slip's channel): the limits are `stakeLimits` (spec §9
 * "min and max bet for mobile and desktop"), `details` carry them and the channel. Funds are checked by
 * the wallet, not here.
 */
export const validateSlip = (slip: Betslip, config: BetConfig): DomainError[] => {
  const errors: DomainError[] = [];
  const { selections, stake, payType, channel } = slip;
  if (selections.length === 0)
    errors.push(domainError('EMPTY_SLIP', 'No betting content added', { field: 'selections' }));
  else if (!selections.some(isAvailable))
    errors.push(
      domainError('NO_AVAILABLE_SELECTIONS', 'No selection can be bet any more', { field: 'selections' }),
    );
  if (selections.length > MAX_SELECTIONS)
    errors.push(
      domainError('TOO_MANY_SELECTIONS', `selections: at most ${MAX_SELECTIONS} in an accumulator`, {
        field: 'selections',
        details: { count: selections.length, max: MAX_SELECTIONS },
      }),
    );
  const firstOfMatch = new Map<string, number>();
  const seenSelection = new Set<string>();
  selections.forEach((selection, i) => {
    const oddsProblem = oddsError(selection.odds, `selections[${i}].odds`);
    if (oddsProblem) errors.push(oddsProblem);
    if (seenSelection.has(selection.selectionId))
      errors.push(
        domainError('DUPLICATE_SELECTION', `selections[${i}].selectionId: already on the slip`, {
          field: `selections[${i}].selectionId`,
        }),
      );
    else if (firstOfMatch.has(selection.matchId))
      errors.push(
        domainError('DUPLICATE_MATCH', `selections[${i}].matchId: one selection per match`, {
          field: `selections[${i}].matchId`,
          details: { matchId: selection.matchId, first: firstOfMatch.get(selection.matchId) },
        }),
      );
    seenSelection.add(selection.selectionId);
    if (!firstOfMatch.has(selection.matchId)) firstOfMatch.set(selection.matchId, i);
  });
  if (payType !== PAY_TYPE_BALANCE && payType !== PAY_TYPE_CREDIT) {
    errors.push(
      domainError('INVALID_PAY_TYPE', 'payType: must be 1 (balance) or 2 (credit)', { field: 'payType' }),
    );
    return errors;
  }
  const stakeProblem = amountError(stake, 'stake');
  if (stakeProblem) return [...errors, stakeProblem];
  const { minimum, maximum } = stakeLimits(config, payType, channel);
  const where = channel === undefined ? {} : { channel };
  if (payType === PAY_TYPE_BALANCE && stake % BET_AMOUNT_STEP !== 0)
    errors.push(
      domainError('STAKE_NOT_MULTIPLE_OF_STEP', `stake: must be a multiple of ${BET_AMOUNT_STEP}`, {
        field: 'stake',
        details: { stake, step: BET_AMOUNT_STEP },
      }),
    );
  if (stake < minimum)
    errors.push(
      domainError('STAKE_BELOW_MINIMUM', `stake: must be at least ${minimum}`, {
        field: 'stake',
        details: { stake, minimum, ...where },
      }),
    );
  if (stake > maximum)
    errors.push(
      domainError('STAKE_ABOVE_MAXIMUM', `stake: must be at most ${maximum}`, {
        field: 'stake',
        details: { stake, maximum, ...where },
      }),
    );
  return errors;
};
