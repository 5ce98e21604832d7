/**
 * Selcom request and webhook signing (mobile-money.md §6 "Request authentication"): headers
 * `Authorization: SELCOM base64(api_key)`, `Timestamp` (ISO-8601, +03:00), `Digest-Method: HS256`,
 * `Digest` = base64 HMAC-SHA256(api_secret, "timestamp=<ts>&k1=v1&k2=v2…") with the keys in
 * `Signed-Fields` order (the timestamp is signed, not listed). Used by the HaloPesa adapter and, on the
 * other side, by the Selcom-shaped sandbox.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eatTimestamp } from '@bashiri/domain';

export type SelcomHeaders = {
  authorization: string;
  timestamp: string;
  'digest-method': 'HS256';
  digest: string;
  'signed-fields': string;
};

const value = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The digest over `fields` of `data` in that order. */
export const selcomDigest = (
  secret: string,
  timestamp: string,
  data: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): string =>
  createHmac('sha256', secret)
    .update([`timestamp=${timestamp}`, ...fields.map((k) => `${k}=${value(data[k])}`)].join('&'))
    .digest('base64');

/** Signing headers for `data` (every key, in insertion order unless `fields` is given). */
export const selcomSign = (
  apiKey: string,
  secret: string,
  epochMs: number,
  data: Readonly<Record<string, unknown>>,
  fields: readonly string[] = Object.keys(data),
): SelcomHeaders => {
  const timestamp = eatTimestamp(epochMs);
  return {
    authorization: `SELCOM ${Buffer.from(apiKey).toString('base64')}`,
    timestamp,
    'digest-method': 'HS256',
    digest: selcomDigest(secret, timestamp, data, fields),
    'signed-fields': fields.join(','),
  };
};

const header = (
  h: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Checks signed headers against `data`: HS256 only, the API key when given, the digest, and the
 * timestamp within `maxSkewMs` of `now` (replays of old messages fail). `false` on anything missing.
 */
export const selcomVerify = (
  headers: Readonly<Record<string, string | string[] | undefined>>,
  data: Readonly<Record<string, unknown>>,
  options: { secret: string; apiKey?: string; now?: number; maxSkewMs?: number },
): boolean => {
  const timestamp = header(headers, 'timestamp');
  const digest = header(headers, 'digest');
  const fields = header(headers, 'signed-fields');
  if (!timestamp || !digest || fields === undefined || header(headers, 'digest-method') !== 'HS256')
    return false;
  if (
    options.apiKey &&
    header(headers, 'authorization') !== `SELCOM ${Buffer.from(options.apiKey).toString('base64')}`
  )
    return false;
  if (options.now !== undefined) {
    const at = Date.parse(timestamp);
    if (!Number.isFinite(at) || Math.abs(options.now - at) > (options.maxSkewMs ?? 15 * 60_000)) return false;
  }
  const list = fields
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const expected = Buffer.from(selcomDigest(options.secret, timestamp, data, list));
  const given = Buffer.from(digest);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
