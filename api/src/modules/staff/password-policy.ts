/**
 * The staff password policy (issue 15 item 5; docs/auth.md "Staff passwords"): at least
 * {@link STAFF_PASSWORD_MIN_LENGTH} characters, and not guessable — zxcvbn-ts (`@zxcvbn-ts/core` with
 * its common-password and diceware dictionaries) must score it at least {@link STAFF_PASSWORD_MIN_SCORE}
 * of 4, with the account name and "bashiri" counted as known words. Players keep the spec's
 * 4-character minimum (spec §9).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { codedError } from '../../graphql/errors.ts';

/** Shortest staff password. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/** Lowest zxcvbn score (0–4) a staff password may have: 3 = "safely unguessable" online. */
export const STAFF_PASSWORD_MIN_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;
const zxcvbn = (): ZxcvbnFactory =>
  (estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs }));

/**
 * Refuses a staff password shorter than 12 characters (`PASSWORD_TOO_SHORT`, details `min`) or common or
 * easily guessed (`PASSWORD_TOO_COMMON`), on `field`. `account` counts as a known word.
 */
export const checkStaffPassword = (password: string, account: string | null, field = 'password'): void => {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH)
    throw codedError(
      'PASSWORD_TOO_SHORT',
      `a staff password has at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
      {
        field,
        details: { min: STAFF_PASSWORD_MIN_LENGTH },
      },
    );
  const result = zxcvbn().check(password, ['bashiri', ...(account ? [account] : [])]);
  if (result.score < STAFF_PASSWORD_MIN_SCORE)
    throw codedError('PASSWORD_TOO_COMMON', 'this password is common or easy to guess; choose another', {
      field,
    });
};
