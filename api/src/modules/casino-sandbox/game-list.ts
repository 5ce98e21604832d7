/**
 * The sandbox provider's game list (issue 22 item 1 "providers' game lists can be imported"; docs/
 * casino.md "Importing a provider's game list"): what a real aggregator publishes for its operators,
 * served at `GET /casino-sandbox/games` and fetched by our back office's import. The operator signs the
 * request as providers sign wallet calls, the other way round: headers `x-casino-provider` (the
 * operator's id of the provider), `x-casino-timestamp` (Unix ms) and `x-casino-signature`
 * (HMAC-SHA256 over the empty body and the timestamp, `casinoSignature(secret, timestamp, '')`, with the
 * secret both sides hold). Answers 200 `{ games: [...] }` (the shape of our `CasinoGameInput` without the
 * provider id, the fields of `SandboxListedGame`), or 401 `{ error: { code: 'SANDBOX_SIGNATURE_INVALID' } }` when the signature is missing,
 * wrong or its timestamp further than {@link GAME_LIST_SIGNATURE_WINDOW_MS} from the sandbox's clock.
 */
import { timingSafeEqual } from 'node:crypto';
import { CASINO_HEADERS, casinoSignature } from '@bashiri/domain';

/** How far the request's timestamp may be from the sandbox's clock, ms (as the wallet API's window). */
export const GAME_LIST_SIGNATURE_WINDOW_MS = 30_000;

/**
 * One game of the list, in the fields of our import (`CasinoGameInput` without `providerId`): names in
 * Swahili, English, Chinese; RTP percent as text (at most 2 decimals); stakes whole TZS.
 */
export interface SandboxListedGame {
  readonly gameId: string;
  readonly category: 'crash' | 'instant' | 'slots' | 'table' | 'live';
  readonly nameSw: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly thumbnail: string;
  readonly rtpPercent: string;
  readonly volatility: 'low' | 'medium' | 'high';
  readonly minStake: number;
  readonly maxStake: number;
  readonly sortOrder: number;
  readonly visible: boolean;
  readonly popular: boolean;
  readonly isNew: boolean;
}

/** The sandbox's games as it publishes them (RTP 99 %, docs/casino.md "Crash", "Dice"). */
export const SANDBOX_GAME_LIST: readonly SandboxListedGame[] = [
  {
    gameId: 'crash',
    category: 'crash',
    nameSw: 'Ndege Angani',
    nameEn: 'Sky Plane',
    nameZh: '天空飞机',
    thumbnail: '/casino-sandbox/thumbs/crash.svg',
    rtpPercent: '99',
    volatility: 'high',
    minStake: 100,
    maxStake: 1_000_000,
    sortOrder: 1,
    visible: true,
    popular: true,
    isNew: true,
  },
  {
    gameId: 'dice',
    category: 'instant',
    nameSw: 'Kete',
    nameEn: 'Dice',
    nameZh: '骰子',
    thumbnail: '/casino-sandbox/thumbs/dice.svg',
    rtpPercent: '99',
    volatility: 'low',
    minStake: 100,
    maxStake: 1_000_000,
    sortOrder: 2,
    visible: true,
    popular: false,
    isNew: true,
  },
];

/**
 * Whether a game-list request carries a valid signature of `providerId` with `secret` at `nowMs`
 * (headers as in the module comment; the body is empty).
 */
export const gameListRequestSigned = (
  headers: Readonly<Record<string, string | string[] | undefined>>,
  providerId: string,
  secret: string,
  nowMs: number,
): boolean => {
  const one = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  const timestamp = one(CASINO_HEADERS.timestamp);
  const signature = one(CASINO_HEADERS.signature);
  if (one(CASINO_HEADERS.provider) !== providerId || !timestamp || !signature) return false;
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(Number(timestamp) - nowMs) > GAME_LIST_SIGNATURE_WINDOW_MS)
    return false;
  const expected = Buffer.from(casinoSignature(secret, timestamp, ''), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
};
