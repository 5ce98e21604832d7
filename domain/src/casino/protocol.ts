/**
 * The seamless-wallet protocol game providers use to call our wallet (issue 22 §2; docs/casino.md), as
 * pure code: request and answer shapes, parsing with stable codes, the request signature and the
 * mapping from domain refusal codes to protocol statuses. The HTTP route (api) and the provider sandbox
 * (api/src/modules/casino-sandbox) both use these functions, so signer and verifier cannot drift.
 *
 * Modelled on the Hub88-family "RS_*" operator wallet APIs (status names as published by Niropa's
 * operator API and Oppi Games' wallet API; signature `HMAC-SHA256(body + "|" + timestamp)` as Oppi Games
 * publishes it): see docs/casino.md "Protocol" for the sources and where we differ.
 *
 * Why here and not in the api: the signature needs only HMAC-SHA256, which @noble/hashes (already a
 * domain dependency, used by the racing draw) gives in pure code that also runs in a browser; signing is
 * a function of (secret, timestamp, body), so it is tested without a server. The comparison is constant
 * time ({@link timingSafeEqualHex}), the same guarantee as node's `crypto.timingSafeEqual`.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { domainError, type DomainError } from '../errors.ts';
import type { CasinoRoundCommand } from './round.ts';
import { ownOf } from './own.ts';
import { casinoAmountError } from './round.ts';

/** The only currency of the wallet (whole TZS). */
export const CASINO_CURRENCY = 'TZS';

/** How far (ms) a request's timestamp may be from our clock, either way, before it is refused. */
export const CASINO_SIGNATURE_WINDOW_MS = 30_000;

/** Request headers: the provider id, the signing instant (Unix ms, decimal) and the signature (hex). */
export const CASINO_HEADERS = {
  provider: 'x-casino-provider',
  timestamp: 'x-casino-timestamp',
  signature: 'x-casino-signature',
} as const;

/** The wallet API's methods, one route each: `POST /casino/wallet/<method>`. */
export const CASINO_METHODS = ['balance', 'bet', 'win', 'rollback', 'reward'] as const;
export type CasinoMethod = (typeof CASINO_METHODS)[number];

/** Fields of every request: the player's session token (from the game launch) and the provider's game id. */
interface CasinoRequestBase {
  readonly sessionToken: string;
  readonly gameId: string;
}

/** `balance`: the player's balance; moves nothing. */
export type CasinoBalanceRequest = CasinoRequestBase;

/** Fields of every money call: round id, the provider's transaction id (idempotency key) and currency. */
interface CasinoMoneyRequest extends CasinoRequestBase {
  readonly roundId: string;
  readonly transactionId: string;
  readonly currency: typeof CASINO_CURRENCY;
}

/** `bet`: debit `amount` whole TZS. */
export interface CasinoBetRequest extends CasinoMoneyRequest {
  readonly amount: number;
}
/** `win`: credit `amount` whole TZS (0: the bet lost) for the bet `betTransactionId`. */
export interface CasinoWinRequest extends CasinoMoneyRequest {
  readonly betTransactionId: string;
  readonly amount: number;
}
/** `rollback`: cancel the bet `betTransactionId`. */
export interface CasinoRollbackRequest extends CasinoMoneyRequest {
  readonly betTransactionId: string;
}
/** `reward`: a prize not tied to a bet (tournament, promotion). */
export interface CasinoRewardRequest extends CasinoMoneyRequest {
  readonly amount: number;
  readonly reason: string;
}

/** A parsed request, tagged by method. */
export type CasinoRequest =
  | { readonly method: 'balance'; readonly body: CasinoBalanceRequest }
  | { readonly method: 'bet'; readonly body: CasinoBetRequest }
  | { readonly method: 'win'; readonly body: CasinoWinRequest }
  | { readonly method: 'rollback'; readonly body: CasinoRollbackRequest }
  | { readonly method: 'reward'; readonly body: CasinoRewardRequest };

/** Protocol statuses (the `status` of every answer). Those marked "ours" are not in the published lists. */
export const CasinoStatus = {
  Ok: 'RS_OK',
  Unknown: 'RS_ERROR_UNKNOWN',
  InvalidPartner: 'RS_ERROR_INVALID_PARTNER',
  InvalidToken: 'RS_ERROR_INVALID_TOKEN',
  TokenExpired: 'RS_ERROR_TOKEN_EXPIRED',
  InvalidGame: 'RS_ERROR_INVALID_GAME',
  WrongCurrency: 'RS_ERROR_WRONG_CURRENCY',
  NotEnoughMoney: 'RS_ERROR_NOT_ENOUGH_MONEY',
  UserDisabled: 'RS_ERROR_USER_DISABLED',
  LimitReached: 'RS_ERROR_LIMIT_REACHED',
  InvalidSignature: 'RS_ERROR_INVALID_SIGNATURE',
  WrongSyntax: 'RS_ERROR_WRONG_SYNTAX',
  WrongTypes: 'RS_ERROR_WRONG_TYPES',
  DuplicateTransaction: 'RS_ERROR_DUPLICATE_TRANSACTION',
  TransactionDoesNotExist: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  TransactionRolledBack: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  /** Ours: a rollback or second win of a bet that already has its win. */
  TransactionSettled: 'RS_ERROR_TRANSACTION_SETTLED',
} as const;
export type CasinoStatus = (typeof CasinoStatus)[keyof typeof CasinoStatus];

/**
 * Every answer: `status`, and on `RS_OK` (and `RS_ERROR_NOT_ENOUGH_MONEY`) the player's `balance` in
 * whole TZS; `transactionId` echoes a money call's id.
 */
export interface CasinoAnswer {
  readonly status: CasinoStatus;
  readonly balance?: number;
  readonly currency?: typeof CASINO_CURRENCY;
  readonly transactionId?: string;
}

/**
 * Protocol status of a domain refusal code (round, wallet, protection, protocol). `CASINO_PLAYER_NO_BET`
 * (the account's no-bet flag, spec §6), `SELF_EXCLUDED` and `COOL_OFF` answer `RS_ERROR_USER_DISABLED`;
 * every responsible-gambling limit (`LIMIT_*`, docs/responsible-gambling.md) `RS_ERROR_LIMIT_REACHED`.
 * Codes it does not know answer `RS_ERROR_UNKNOWN` (the provider retries or rolls back).
 */
export const casinoStatusOf = (code: string): CasinoStatus =>
  ownOf(STATUS_OF, code) ?? (code.startsWith('LIMIT_') ? CasinoStatus.LimitReached : CasinoStatus.Unknown);

const STATUS_OF: Readonly<Record<string, CasinoStatus>> = {
  CASINO_WRONG_SYNTAX: CasinoStatus.WrongSyntax,
  CASINO_WRONG_TYPES: CasinoStatus.WrongTypes,
  CASINO_AMOUNT_NEGATIVE: CasinoStatus.WrongTypes,
  CASINO_AMOUNT_NOT_WHOLE_TZS: CasinoStatus.WrongTypes,
  CASINO_AMOUNT_ZERO: CasinoStatus.WrongTypes,
  CASINO_REASON_REQUIRED: CasinoStatus.WrongSyntax,
  CASINO_WRONG_CURRENCY: CasinoStatus.WrongCurrency,
  CASINO_SIGNATURE_MISSING: CasinoStatus.InvalidSignature,
  CASINO_SIGNATURE_INVALID: CasinoStatus.InvalidSignature,
  CASINO_TIMESTAMP_INVALID: CasinoStatus.InvalidSignature,
  CASINO_TIMESTAMP_OUT_OF_WINDOW: CasinoStatus.InvalidSignature,
  CASINO_PROVIDER_UNKNOWN: CasinoStatus.InvalidPartner,
  CASINO_PROVIDER_DISABLED: CasinoStatus.InvalidPartner,
  CASINO_GAME_UNKNOWN: CasinoStatus.InvalidGame,
  CASINO_SESSION_INVALID: CasinoStatus.InvalidToken,
  CASINO_SESSION_EXPIRED: CasinoStatus.TokenExpired,
  CASINO_TRANSACTION_CONFLICT: CasinoStatus.DuplicateTransaction,
  CASINO_BET_NOT_FOUND: CasinoStatus.TransactionDoesNotExist,
  CASINO_ROLLBACK_NOT_A_BET: CasinoStatus.TransactionDoesNotExist,
  CASINO_BET_ROLLED_BACK: CasinoStatus.TransactionRolledBack,
  CASINO_BET_SETTLED: CasinoStatus.TransactionSettled,
  CASINO_ROUND_PLAYER_MISMATCH: CasinoStatus.InvalidToken,
  CASINO_ROUND_GAME_MISMATCH: CasinoStatus.InvalidGame,
  INSUFFICIENT_FUNDS: CasinoStatus.NotEnoughMoney,
  CASINO_PLAYER_NO_BET: CasinoStatus.UserDisabled,
  /** A bet outside the game's minimum and maximum stake (catalogue). */
  CASINO_STAKE_OUT_OF_RANGE: CasinoStatus.LimitReached,
  ACCOUNT_NOT_FOUND: CasinoStatus.InvalidToken,
  SELF_EXCLUDED: CasinoStatus.UserDisabled,
  COOL_OFF: CasinoStatus.UserDisabled,
};

// ---------------------------------------------------------------- signature

/**
 * The signature of a request: lowercase hex of `HMAC-SHA256(key = secret, message = body + "|" +
 * timestamp)`, where `body` is the exact JSON text sent (not re-serialised) and `timestamp` the decimal
 * Unix milliseconds sent in {@link CASINO_HEADERS}.timestamp. `secret` is the provider's (back office).
 */
export const casinoSignature = (secret: string, timestamp: string, body: string): string =>
  hmacSha256Hex(secret, casinoSignedMessage(timestamp, body));

/** The message a signature covers: the exact body text, `|`, the decimal Unix-ms timestamp. */
export const casinoSignedMessage = (timestamp: string, body: string): string => `${body}|${timestamp}`;

/** Lowercase hex of HMAC-SHA256 of the UTF-8 `message` under the UTF-8 `key` (pure code, @noble/hashes). */
export const hmacSha256Hex = (key: string, message: string): string =>
  bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));

/** The three headers a provider sends with `body` signed at `nowMs` (Unix ms). */
export const signCasinoRequest = (
  providerId: string,
  secret: string,
  body: string,
  nowMs: number,
): Record<(typeof CASINO_HEADERS)[keyof typeof CASINO_HEADERS], string> => {
  const timestamp = String(Math.trunc(nowMs));
  return {
    [CASINO_HEADERS.provider]: providerId,
    [CASINO_HEADERS.timestamp]: timestamp,
    [CASINO_HEADERS.signature]: casinoSignature(secret, timestamp, body),
  };
};

/**
 * Compares the `expected` hex signature with the `given` one in time that depends only on the lengths
 * (never on where they differ), so that a forger learns nothing from response times. Case-insensitive.
 * False on different lengths.
 */
export const timingSafeEqualHex = (expected: string, given: string): boolean => {
  const x = expected.toLowerCase();
  const y = given.toLowerCase();
  // Walks the whole of `expected` whatever `given` is; only the lengths can show in the timing.
  let diff = x.length ^ y.length;
  for (let i = 0; i < x.length; i += 1) diff |= x.charCodeAt(i) ^ (i < y.length ? y.charCodeAt(i) : 0);
  return diff === 0;
};

/** What {@link verifyCasinoSignature} checks. */
export interface SignedRequest {
  readonly secret: string;
  /** The raw body text exactly as received. */
  readonly body: string;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
  /** Our clock, Unix ms. */
  readonly nowMs: number;
  /** Default {@link CASINO_SIGNATURE_WINDOW_MS}. */
  readonly windowMs?: number;
  /**
   * The HMAC-SHA256 to use, same contract as {@link hmacSha256Hex} (the default): the server passes
   * node's native one, several times faster than pure code on thousands of calls a second.
   */
  readonly hmac?: (key: string, message: string) => string;
}

/**
 * `undefined` when the request is authentic and fresh, else the refusal: `CASINO_SIGNATURE_MISSING`,
 * `CASINO_TIMESTAMP_INVALID` (not decimal ms), `CASINO_TIMESTAMP_OUT_OF_WINDOW` (further than the window
 * from `nowMs`, either way: a replay of an old signed request), `CASINO_SIGNATURE_INVALID`. All answer
 * `RS_ERROR_INVALID_SIGNATURE`. A replay inside the window is harmless: money calls are idempotent.
 */
export const verifyCasinoSignature = (r: SignedRequest): DomainError | undefined => {
  if (!r.signature || !r.timestamp)
    return domainError('CASINO_SIGNATURE_MISSING', 'the signature and timestamp headers are required');
  if (!/^\d{1,15}$/.test(r.timestamp))
    return domainError('CASINO_TIMESTAMP_INVALID', 'timestamp: Unix milliseconds', {
      details: { timestamp: r.timestamp },
    });
  const skew = Math.abs(r.nowMs - Number(r.timestamp));
  const windowMs = r.windowMs ?? CASINO_SIGNATURE_WINDOW_MS;
  if (skew > windowMs)
    return domainError(
      'CASINO_TIMESTAMP_OUT_OF_WINDOW',
      `timestamp more than ${windowMs} ms from our clock`,
      {
        details: { skewMs: skew, windowMs },
      },
    );
  const expected = (r.hmac ?? hmacSha256Hex)(r.secret, casinoSignedMessage(r.timestamp, r.body));
  if (!timingSafeEqualHex(expected, r.signature))
    return domainError('CASINO_SIGNATURE_INVALID', 'the signature does not match the body');
  return undefined;
};

// ---------------------------------------------------------------- parsing

type Parsed =
  | { readonly ok: true; readonly request: CasinoRequest }
  | { readonly ok: false; readonly error: DomainError };

const syntax = (message: string, field?: string): Parsed => ({
  ok: false,
  error: domainError('CASINO_WRONG_SYNTAX', message, field === undefined ? {} : { field }),
});
const types = (field: string, expected: string): Parsed => ({
  ok: false,
  error: domainError('CASINO_WRONG_TYPES', `${field}: ${expected}`, { field }),
});

const FIELDS: Record<CasinoMethod, readonly string[]> = {
  balance: ['sessionToken', 'gameId'],
  bet: ['sessionToken', 'gameId', 'roundId', 'transactionId', 'currency', 'amount'],
  win: ['sessionToken', 'gameId', 'roundId', 'transactionId', 'currency', 'betTransactionId', 'amount'],
  rollback: ['sessionToken', 'gameId', 'roundId', 'transactionId', 'currency', 'betTransactionId'],
  reward: ['sessionToken', 'gameId', 'roundId', 'transactionId', 'currency', 'amount', 'reason'],
};

/** Longest id or token we accept (characters). */
export const CASINO_MAX_ID_LENGTH = 128;

/**
 * Parses the JSON body of `method` (already `JSON.parse`d). Refusals: `CASINO_WRONG_SYNTAX` (not an
 * object, unknown method, a required field missing), `CASINO_WRONG_TYPES` (a field of the wrong type, an
 * empty or over-long id), `CASINO_WRONG_CURRENCY`, and the whole-TZS amount codes of the round
 * (`CASINO_AMOUNT_NEGATIVE`, `CASINO_AMOUNT_NOT_WHOLE_TZS`, `CASINO_AMOUNT_ZERO`; a `win` may be 0).
 * Unknown extra fields are ignored (providers add fields over time).
 */
export const parseCasinoRequest = (method: string, body: unknown): Parsed => {
  if (!(CASINO_METHODS as readonly string[]).includes(method)) return syntax(`unknown method ${method}`);
  const m = method as CasinoMethod;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return syntax('the body is a JSON object');
  const o = body as Record<string, unknown>;
  for (const field of FIELDS[m]) {
    if (!Object.hasOwn(o, field) || o[field] === null || o[field] === undefined)
      return syntax(`${field} is required`, field);
    if (field === 'amount') {
      if (typeof o.amount !== 'number') return types('amount', 'a number of whole TZS');
      const bad = casinoAmountError(o.amount, m === 'win');
      if (bad) return { ok: false, error: bad };
    } else if (typeof o[field] !== 'string') return types(field, 'a string');
    else if (
      field !== 'reason' &&
      ((o[field] as string).length === 0 || (o[field] as string).length > CASINO_MAX_ID_LENGTH)
    )
      return types(field, `1 to ${CASINO_MAX_ID_LENGTH} characters`);
  }
  if ('currency' in o && o.currency !== CASINO_CURRENCY && FIELDS[m].includes('currency'))
    return {
      ok: false,
      error: domainError('CASINO_WRONG_CURRENCY', `currency: only ${CASINO_CURRENCY}`, {
        field: 'currency',
        details: { currency: o.currency },
      }),
    };
  const pick = Object.fromEntries(FIELDS[m].map((f) => [f, o[f]]));
  return { ok: true, request: { method: m, body: pick } as unknown as CasinoRequest };
};

/** Who is calling, resolved at the edge: the provider (from the header), the player (from the session). */
export interface CasinoCallContext {
  readonly providerId: string;
  readonly userId: string;
  /** ISO-8601 instant of arrival. */
  readonly at: string;
}

/** The round command of a money request (`undefined` for `balance`, which reads the wallet only). */
export const casinoRoundCommandOf = (
  request: CasinoRequest,
  ctx: CasinoCallContext,
): CasinoRoundCommand | undefined => {
  if (request.method === 'balance') return undefined;
  const b = request.body;
  const common = {
    providerId: ctx.providerId,
    userId: ctx.userId,
    at: ctx.at,
    roundId: b.roundId,
    gameId: b.gameId,
    transactionId: b.transactionId,
  };
  switch (request.method) {
    case 'bet':
      return { type: 'PlaceCasinoBet', ...common, amount: request.body.amount };
    case 'win':
      return {
        type: 'CreditCasinoWin',
        ...common,
        betTransactionId: request.body.betTransactionId,
        amount: request.body.amount,
      };
    case 'rollback':
      return { type: 'RollbackCasinoBet', ...common, betTransactionId: request.body.betTransactionId };
    case 'reward':
      return {
        type: 'CreditCasinoReward',
        ...common,
        amount: request.body.amount,
        reason: request.body.reason,
      };
  }
};

/**
 * Whether a method checks that the player's session token is still live. `bet` and `balance` do; `win`,
 * `rollback` and `reward` do not (they may arrive after the session ended: the round's bet proves the
 * player, as the Hub88-family protocols require), but the token must still name the round's player.
 */
export const casinoChecksSessionExpiry = (method: CasinoMethod): boolean =>
  method === 'bet' || method === 'balance';

/** The `RS_OK` answer with the player's balance after the call (whole TZS). */
export const casinoOk = (balance: number, transactionId?: string): CasinoAnswer => ({
  status: CasinoStatus.Ok,
  balance,
  currency: CASINO_CURRENCY,
  ...(transactionId === undefined ? {} : { transactionId }),
});

/**
 * The answer to a refusal: its status, plus the balance when the protocol wants it
 * (`RS_ERROR_NOT_ENOUGH_MONEY` carries the actual balance so the game can show it).
 */
export const casinoRefusal = (error: DomainError, balance?: number, transactionId?: string): CasinoAnswer => {
  const status = casinoStatusOf(error.code);
  return {
    status,
    ...(status === CasinoStatus.NotEnoughMoney && balance !== undefined
      ? { balance, currency: CASINO_CURRENCY }
      : {}),
    ...(transactionId === undefined ? {} : { transactionId }),
  };
};
