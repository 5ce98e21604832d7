/**
 * Password hashing (architecture.md §5; docs/auth.md "Passwords"): argon2id through @node-rs/argon2
 * with its defaults (19 MiB memory, 2 passes, 1 lane: the OWASP minimum for argon2id).
 * Players and staff share it.
 */
import { hash, verify } from '@node-rs/argon2';
import { codedError } from '../graphql/errors.ts';

/** Spec §9: a password has at least 4 characters. Upper bound keeps hashing cheap for abusers. */
export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 128;

/** An argon2id PHC string (`$argon2id$v=19$…`) for `password`. */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** True when `password` matches the PHC string `hashed`; false (never throws) for a malformed hash. */
export const verifyPassword = async (hashed: string, password: string): Promise<boolean> => {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
};

/** A hash to verify against when the account does not exist, so the answer takes as long either way. */
let decoy: Promise<string> | null = null;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword('decoy-password-never-valid'));

/**
 * Checks a new password and its repeat (spec §5): `PASSWORD_REQUIRED`, `PASSWORD_TOO_SHORT`,
 * `PASSWORD_TOO_LONG` (field `password`), `PASSWORD_MISMATCH` (field `confirmPassword`).
 */
export const checkNewPassword = (
  password: string,
  confirm: string,
  fields: { password: string; confirm: string } = { password: 'password', confirm: 'confirmPassword' },
): void => {
  if (password.length === 0)
    throw codedError('PASSWORD_REQUIRED', 'enter a password', { field: fields.password });
  if (password.length < PASSWORD_MIN_LENGTH)
    throw codedError('PASSWORD_TOO_SHORT', `a password has at least ${PASSWORD_MIN_LENGTH} characters`, {
      field: fields.password,
    });
  if (password.length > PASSWORD_MAX_LENGTH)
    throw codedError('PASSWORD_TOO_LONG', `a password has at most ${PASSWORD_MAX_LENGTH} characters`, {
      field: fields.password,
    });
  if (password !== confirm)
    throw codedError('PASSWORD_MISMATCH', 'the passwords differ', { field: fields.confirm });
};
