/**
 * Shared input handling of the back-office lists: paging, East Africa Time day ranges, phones.
 * Every list filter is turned into a parameterised SQL `WHERE` by a {@link Where} builder.
 */
import { codedError } from '../../graphql/errors.ts';
import { eatDayStart, isDate } from '@bashiri/domain';
import { phoneOrThrow } from '../identity/index.ts';

/** A page request: `page` ≥ 1, `pageSize` 1–`max`. */
export interface Paging {
  readonly page: number;
  readonly pageSize: number;
  readonly offset: number;
}

export const paging = (
  page: number | null | undefined,
  pageSize: number | null | undefined,
  fallback = 10,
  max = 100,
): Paging => {
  const p = Math.max(1, Math.floor(page ?? 1));
  const n = Math.min(max, Math.max(1, Math.floor(pageSize ?? fallback)));
  return { page: p, pageSize: n, offset: (p - 1) * n };
};

/** Builds `WHERE a AND b …` with numbered parameters. */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  /** Adds `clause` where every `?` is replaced by the next parameter number, in order. */
  add(clause: string, ...values: unknown[]): this {
    let i = 0;
    this.parts.push(
      clause.replace(/\?/g, () => {
        this.params.push(values[i++]);
        return `$${this.params.length}`;
      }),
    );
    return this;
  }

  /** The next parameter number placeholder for `value` (LIMIT / OFFSET). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  toString(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/**
 * Adds `column >= start of fromDate (EAT)` and `column < start of the day after toDate (EAT)`.
 * Errors: BAD_INPUT for a date that is not `yyyy-MM-dd` or a range that ends before it starts.
 */
export const addEatDayRange = (
  where: Where,
  column: string,
  fromDate: string | null | undefined,
  toDate: string | null | undefined,
  field = 'fromDate',
): void => {
  for (const [name, value] of [
    ['fromDate', fromDate],
    ['toDate', toDate],
  ] as const) {
    if (value && !isDate(value))
      throw codedError('BAD_INPUT', `${name}: a date yyyy-MM-dd (East Africa Time)`, { field: name });
  }
  if (fromDate && toDate && toDate < fromDate)
    throw codedError('BAD_INPUT', 'toDate is before fromDate', { field });
  if (fromDate) where.add(`${column} >= ?::timestamptz`, new Date(eatDayStart(fromDate)).toISOString());
  if (toDate)
    where.add(`${column} < ?::timestamptz`, new Date(eatDayStart(toDate) + 86_400_000).toISOString());
};

/** `+255…` of a phone filter (0…, 255…, +255…). Errors: INVALID_PHONE. */
export const phoneFilter = (input: string): string => phoneOrThrow(input.trim());

/** Rows of `count(*)` as a number. */
export const total = (rows: readonly { total: number | string }[]): number => Number(rows[0]?.total ?? 0);
