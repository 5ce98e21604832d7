/**
 * Google Authenticator codes (RFC 6238 TOTP: SHA-1, 6 digits, 30 s; spec §5 Admin login, §6; docs/auth.md
 * "TOTP") through `otpauth`. A code is accepted one step early or late (clock drift), and never twice.
 */
import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;

const totpOf = (secret: string, account: string): TOTP =>
  new TOTP({
    issuer: 'Bashiri',
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (base32, 160 bits) and its `otpauth://totp/…` URI for a QR code. */
export const newTotpSecret = (account: string): { secret: string; uri: string } => {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, account).toString() };
};

/**
 * The time step `code` is valid for at `now` (epoch ms), or null. Callers refuse a step not greater than
 * the last one accepted, so a code cannot be replayed.
 */
export const totpStep = (secret: string, account: string, code: string, now: number): number | null => {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, account).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
};

/** The current code of `secret` at `now` (tests and the sandbox only). */
export const totpCode = (secret: string, account: string, now: number): string =>
  totpOf(secret, account).generate({ timestamp: now });
