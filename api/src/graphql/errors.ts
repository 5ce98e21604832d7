/**
 * Coded GraphQL errors (architecture.md §5): every refusal carries `extensions.code`, a stable
 * SCREAMING_SNAKE_CASE code the clients translate (spec §8); anything else reaches the client as
 * `INTERNAL` with no details, and is logged with the request id.
 */
import mercurius from 'mercurius';
import type { DomainError } from '@bashiri/domain';

const { ErrorWithProps } = mercurius;

/** Codes the API itself raises (domain codes pass through unchanged). */
export type ApiErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_INPUT'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'IP_BLOCKED'
  | 'CONFLICT'
  | 'TIMEOUT'
  | 'INTERNAL';

/** A client-facing error: `message` is English for logs and staff; players see the translation of `code`. */
export const codedError = (
  code: ApiErrorCode | (string & {}),
  message: string,
  extra: { field?: string; details?: Record<string, unknown> } = {},
): Error => new ErrorWithProps(message, { code, ...extra });

/** A domain refusal as a GraphQL error with the same code, field and details. */
export const fromDomainError = (error: DomainError): Error =>
  codedError(error.code, error.message, {
    ...(error.field ? { field: error.field } : {}),
    ...(error.details ? { details: { ...error.details } } : {}),
  });

/** True when an error was raised on purpose with a code (and so may be shown as it is). */
export const isCodedError = (error: unknown): boolean =>
  error instanceof ErrorWithProps &&
  typeof (error as { extensions?: { code?: unknown } }).extensions?.code === 'string';
