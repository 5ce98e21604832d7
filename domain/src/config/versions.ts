/**
 * Configuration as data with effective dates (architecture.md §3: configuration is versioned so that any
 * bet is priced and settled with the rules in force when it was placed). No clock: the instant is passed in.
 */
import { domainError, DomainFailure } from '../errors.ts';

/**
 * An instant: epoch milliseconds, or ISO-8601 text WITH a zone (`2022-07-01T00:00:00+03:00`, `...Z`) or a
 * bare date (`2022-07-01`, read as UTC midnight). Zone-less date-times are refused: they would depend on
 * the machine's zone.
 */
export type Instant = string | number;

/** Something that takes effect at `effectiveFrom` and stays in force until the next version. */
export interface Versioned {
  readonly effectiveFrom: Instant;
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Epoch milliseconds of an {@link Instant}. Throws {@link DomainFailure} `INVALID_INSTANT` otherwise. */
export const instantMs = (instant: Instant, field = 'instant'): number => {
  const ms =
    typeof instant === 'number' ? instant : ISO_WITH_ZONE.test(instant) ? Date.parse(instant) : Number.NaN;
  if (!Number.isSafeInteger(ms))
    throw new DomainFailure(
      domainError('INVALID_INSTANT', `${field}: must be epoch ms or ISO-8601 with a zone`, {
        field,
        details: { instant },
      }),
    );
  return ms;
};

/**
 * The version in force at `instant`: the one with the latest `effectiveFrom` not after `instant` (ties: the
 * one listed last wins, so a same-instant correction can be appended). `undefined` when none had started.
 * `versions` need not be sorted. Throws `INVALID_INSTANT` (DomainFailure) on a malformed instant.
 */
export const configAt = <V extends Versioned>(versions: readonly V[], instant: Instant): V | undefined => {
  const at = instantMs(instant);
  let best: V | undefined;
  let bestMs = Number.NEGATIVE_INFINITY;
  for (const version of versions) {
    const from = instantMs(version.effectiveFrom, 'effectiveFrom');
    if (from <= at && from >= bestMs) {
      best = version;
      bestMs = from;
    }
  }
  return best;
};
