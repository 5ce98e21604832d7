/**
 * Provably fair draws of the sandbox provider's games (issue 22 §4; docs/casino.md "Fairness"). One byte
 * stream for every game: the racing draw's HMAC-SHA256 stream (domain/src/racing/draw.ts, docs/racing.md
 * "The draw"), reused, not copied:
 *
 *   stream(serverSeed, clientSeed, nonce) = HMAC-SHA256(serverSeed, "<clientSeed>:<nonce>:0")
 *                                         ‖ HMAC-SHA256(serverSeed, "<clientSeed>:<nonce>:1") ‖ …
 *
 * The server seed (32 random bytes as 64 hex characters) is committed by its SHA-256 before the round
 * (the player sees the hash), the player may set the client seed, the nonce counts the player's rounds;
 * after the round the seed is revealed and anyone can recompute the outcome.
 *
 * The sandbox is a separate provider that talks to our wallet only over HTTP: it imports from
 * `@bashiri/domain` only the fairness helpers and the wallet protocol (checked by
 * `imports.unit.test.ts`), never the wallet.
 */
import { isServerSeed, roundStream, seedHash } from '@bashiri/domain';

export { isServerSeed, seedHash };

/** The inputs that fix a round's outcome. */
export interface FairInputs {
  /** 64 lowercase hex characters; its SHA-256 is shown before the round. */
  readonly serverSeed: string;
  /** Chosen by the player (or a default); any text without a colon. */
  readonly clientSeed: string;
  /** The player's round counter under this server seed, a non-negative integer. */
  readonly nonce: number;
}

/** Thrown on malformed fairness inputs (the sandbox's own code, never a player's money). */
export class FairInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FairInputError';
  }
}

/** The byte stream of a round; throws {@link FairInputError} on a malformed seed, client seed or nonce. */
export const fairStream = (inputs: FairInputs): (() => number) => {
  if (!isServerSeed(inputs.serverSeed)) throw new FairInputError('server seed: 64 lowercase hex characters');
  if (inputs.clientSeed.includes(':') || inputs.clientSeed.length === 0 || inputs.clientSeed.length > 64)
    throw new FairInputError('client seed: 1 to 64 characters, no colon');
  if (!Number.isSafeInteger(inputs.nonce) || inputs.nonce < 0)
    throw new FairInputError('nonce: a non-negative integer');
  return roundStream(inputs.serverSeed, `${inputs.clientSeed}:${inputs.nonce}`);
};

/** The first `bits` (≤ 53) bits of the stream as an integer, most significant first. */
export const streamBits = (next: () => number, bits: number): bigint => {
  let value = 0n;
  const bytes = Math.ceil(bits / 8);
  for (let i = 0; i < bytes; i += 1) value = (value << 8n) | BigInt(next());
  return value >> BigInt(bytes * 8 - bits);
};

/** A uniform integer in `[0, n)` for `n` ≤ 65,536, from two stream bytes at a time, rejecting biased pairs. */
export const uniformBelow16 = (n: number, next: () => number): number => {
  const limit = 65_536 - (65_536 % n);
  for (;;) {
    const value = next() * 256 + next();
    if (value < limit) return value % n;
  }
};
