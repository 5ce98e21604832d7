/**
 * Domain errors are plain objects with a stable `code` (architecture.md §3; house style: no exception
 * class trees). Codes are SCREAMING_SNAKE_CASE, never renamed once released: clients translate them.
 */
export interface DomainError {
  /** Stable machine code, e.g. `INSUFFICIENT_FUNDS`, `STAKE_BELOW_MINIMUM`. */
  readonly code: string;
  /** English text for logs and staff; players see the translation of `code`. */
  readonly message: string;
  /** The input field at fault, as a path (`legs[2].odds`), when one is. */
  readonly field?: string;
  /** Figures that explain the refusal (limits, balances), JSON-serialisable. */
  readonly details?: Readonly<Record<string, unknown>>;
}

export const domainError = (
  code: string,
  message: string,
  extra: { field?: string; details?: Record<string, unknown> } = {},
): DomainError => ({ code, message, ...extra });

export const isDomainError = (value: unknown): value is DomainError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { code?: unknown }).code === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';

/**
 * Thrown only where a pure function has no result type to carry a refusal (parsing helpers used at the
 * edges). Wraps a {@link DomainError}; catch with {@link isDomainFailure}.
 */
export class DomainFailure extends Error {
  constructor(readonly error: DomainError) {
    super(`${error.code}: ${error.message}`);
    this.name = 'DomainFailure';
  }
}

export const isDomainFailure = (value: unknown): value is DomainFailure => value instanceof DomainFailure;
