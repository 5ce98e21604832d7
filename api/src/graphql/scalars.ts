/**
 * The money, odds and time scalars of the schema (architecture.md §4: integer TZS, exact decimal odds).
 */
import { GraphQLScalarType, Kind } from 'graphql';
import type { ValueNode } from 'graphql';
import { codedError } from './errors.ts';

/**
 * A refused value as text for the error message, never throwing: `String()` throws on objects such as
 * `{ "toString": [] }` that a client can send as JSON variables.
 */
const shown = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  try {
    return (JSON.stringify(value) ?? typeof value).slice(0, 40);
  } catch {
    return typeof value;
  }
};

const toTzs = (value: unknown): number => {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n))
    throw codedError('BAD_INPUT', `Tzs must be a whole number of shillings, got ${shown(value)}`);
  return n;
};

const ODDS = /^\d{1,7}(\.\d{1,4})?$/;
const toOdds = (value: unknown): string => {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  if (typeof text !== 'string' || !ODDS.test(text))
    throw codedError('BAD_INPUT', `Odds must be decimal text such as "1.95", got ${shown(value)}`);
  return text;
};

/** `value` as a valid Date; BAD_INPUT otherwise. */
const toDate = (value: unknown): Date => {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' || typeof value === 'number'
        ? new Date(value)
        : null;
  if (!date || Number.isNaN(date.getTime()))
    throw codedError('BAD_INPUT', `DateTime must be an ISO 8601 instant, got ${shown(value)}`);
  return date;
};

const toDateTime = (value: unknown): string => toDate(value).toISOString();

/**
 * A DateTime argument: as {@link toDateTime}, and within the years 0001–9999 of ISO 8601's common
 * form. Instants outside it (e.g. `-004713-11-23T…`, before PostgreSQL's first timestamp) are refused
 * as BAD_INPUT here rather than failing in the database.
 */
const parseDateTime = (value: unknown): string => {
  const date = toDate(value);
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999)
    throw codedError('BAD_INPUT', `DateTime must be within the years 0001 to 9999, got ${shown(value)}`);
  return date.toISOString();
};

const literal = (parse: (v: unknown) => unknown) => (ast: ValueNode) =>
  ast.kind === Kind.INT
    ? parse(Number(ast.value))
    : ast.kind === Kind.STRING || ast.kind === Kind.FLOAT
      ? parse(ast.value)
      : parse(undefined);

export const scalarResolvers = {
  Tzs: new GraphQLScalarType({
    name: 'Tzs',
    serialize: toTzs,
    parseValue: toTzs,
    parseLiteral: literal(toTzs),
  }),
  Odds: new GraphQLScalarType({
    name: 'Odds',
    serialize: toOdds,
    parseValue: toOdds,
    parseLiteral: literal(toOdds),
  }),
  DateTime: new GraphQLScalarType({
    name: 'DateTime',
    serialize: toDateTime,
    parseValue: parseDateTime,
    parseLiteral: literal(parseDateTime),
  }),
};
