/**
 * The provably fair draw of a racing round (issue 19; betting-rules §6; documented step by step in
 * docs/racing.md "The draw" so that anyone can re-implement it):
 *
 * 1. The server seed is 32 random bytes (`crypto.randomBytes(32)` at the edge), written as 64 lowercase
 *    hex characters. Its hash, published before betting opens, is `SHA-256(seed text as ASCII)` in hex.
 * 2. After the draw the seed is revealed. The byte stream of round `roundId` is
 *    `HMAC-SHA256(key = seed text, message = "<roundId>:0") ‖ HMAC-SHA256(seed text, "<roundId>:1") ‖ …`.
 * 3. Fisher–Yates on `[1, 2, …, 10]`: for `i` from 9 down to 1, take stream bytes until one is below
 *    `256 − (256 mod (i + 1))` (rejection sampling: no modulo bias), let `j = byte mod (i + 1)`, swap the
 *    cars at indexes `i` and `j`. The array is the finishing order: index 0 is the champion.
 *
 * Pure: the seed's bytes come in as an argument. Hashing uses @noble/hashes (the same code runs on the
 * server and in the browser's Results page).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { domainError, DomainFailure } from '../errors.ts';
import { CAR_COUNT } from './rules.ts';

/** A server seed: 64 lowercase hex characters (32 bytes). */
export type ServerSeed = string;

/** Bytes of a server seed. */
export const SEED_BYTES = 32;

const SEED_TEXT = /^[0-9a-f]{64}$/;

/** True when `text` is a well-formed {@link ServerSeed}. */
export const isServerSeed = (text: string): boolean => SEED_TEXT.test(text);

/**
 * The seed text of 32 random bytes (`crypto.randomBytes(32)`). Throws {@link DomainFailure}
 * `RACING_INVALID_SEED` on another length.
 */
export const serverSeedFromBytes = (bytes: Uint8Array): ServerSeed => {
  if (bytes.length !== SEED_BYTES)
    throw new DomainFailure(
      domainError('RACING_INVALID_SEED', `a server seed is ${SEED_BYTES} bytes`, {
        details: { length: bytes.length },
      }),
    );
  return bytesToHex(bytes);
};

/** The published hash of a seed: SHA-256 of the seed text (ASCII), 64 lowercase hex characters. */
export const seedHash = (seed: ServerSeed): string => bytesToHex(sha256(utf8ToBytes(seed)));

/** Block `index` of the byte stream of a round: HMAC-SHA256(key = seed text, message = `<roundId>:<index>`). */
export const streamBlock = (seed: ServerSeed, roundId: string, index: number): Uint8Array =>
  hmac(sha256, utf8ToBytes(seed), utf8ToBytes(`${roundId}:${index}`));

/** The endless byte stream of a round (32 bytes per HMAC block), as a function returning the next byte. */
export const roundStream = (seed: ServerSeed, roundId: string): (() => number) => {
  let block = streamBlock(seed, roundId, 0);
  let blockIndex = 0;
  let offset = 0;
  return () => {
    if (offset === block.length) {
      blockIndex += 1;
      block = streamBlock(seed, roundId, blockIndex);
      offset = 0;
    }
    const byte = block[offset] as number;
    offset += 1;
    return byte;
  };
};

/** A uniform integer in `[0, n)` from a byte stream, `n` ≤ 256, rejecting the bytes that would bias it. */
export const uniformBelow = (n: number, nextByte: () => number): number => {
  const limit = 256 - (256 % n);
  for (;;) {
    const byte = nextByte();
    if (byte < limit) return byte % n;
  }
};

/** Fisher–Yates shuffle of cars 1..`cars` driven by a byte stream; index 0 of the result is the champion. */
export const shuffleCars = (nextByte: () => number, cars: number = CAR_COUNT): number[] => {
  const order = Array.from({ length: cars }, (_, i) => i + 1);
  for (let i = cars - 1; i >= 1; i -= 1) {
    const j = uniformBelow(i + 1, nextByte);
    const car = order[i] as number;
    order[i] = order[j] as number;
    order[j] = car;
  }
  return order;
};

/**
 * The finishing order of round `roundId` drawn from `seed` (the `lottery_combination` of spec §3
 * "Racing period", as an array: champion first). Throws `RACING_INVALID_SEED` on a malformed seed.
 */
export const drawOrder = (seed: ServerSeed, roundId: string): number[] => {
  if (!isServerSeed(seed))
    throw new DomainFailure(
      domainError('RACING_INVALID_SEED', 'a server seed is 64 lowercase hex characters'),
    );
  return shuffleCars(roundStream(seed, roundId));
};

/** `lottery_combination` text of an order (spec §3: comma-separated car numbers), e.g. `"3,7,1,…"`. */
export const lotteryCombination = (order: readonly number[]): string => order.join(',');

/** What {@link verifyRound} found. */
export interface RoundVerification {
  /** True when the hash and the order both match. */
  readonly ok: boolean;
  readonly hashMatches: boolean;
  readonly orderMatches: boolean;
  /** SHA-256 of the given seed. */
  readonly expectedHash: string;
  /** The order the seed and round id give (empty when the seed is malformed). */
  readonly expectedOrder: readonly number[];
}

/**
 * Checks a round a player saw: the revealed `seed` hashes to the `hash` published before the round, and
 * the drawn `order` is the one the seed and `roundId` give. Never throws: a malformed seed fails both.
 */
export const verifyRound = (
  seed: string,
  hash: string,
  roundId: string,
  order: readonly number[],
): RoundVerification => {
  if (!isServerSeed(seed))
    return { ok: false, hashMatches: false, orderMatches: false, expectedHash: '', expectedOrder: [] };
  const expectedHash = seedHash(seed);
  const expectedOrder = drawOrder(seed, roundId);
  const hashMatches = expectedHash === hash.trim().toLowerCase();
  const orderMatches =
    order.length === expectedOrder.length && expectedOrder.every((car, i) => order[i] === car);
  return { ok: hashMatches && orderMatches, hashMatches, orderMatches, expectedHash, expectedOrder };
};
