/**
 * The state of a list screen kept in the URL (issue 8: server-side paging, sorting and filters; a reload
 * or a shared link shows the same page): `page`, `size`, `sort=<field>.<asc|desc>` and one `f.<name>` per
 * filter. A `prefix` keeps two lists on one screen apart (`bills.page`, …).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Sort order of a column. */
export type SortOrder = 'asc' | 'desc';

/** A list's paging, sorting and filters. */
export interface TableParams {
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly sort: { readonly field: string; readonly order: SortOrder } | null;
  /** Filter values as text (a date range is `from~to`, several values `a,b`). */
  readonly filters: Readonly<Record<string, string>>;
}

/** Page sizes offered (spec §9: 10 by default). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

const positive = (text: string | null, fallback: number): number => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Reads the params of `prefix` from a query string. */
export const readTableParams = (search: URLSearchParams, prefix = '', defaultPageSize = 10): TableParams => {
  const sortText = search.get(`${prefix}sort`);
  const match = sortText ? /^(.+)\.(asc|desc)$/.exec(sortText) : null;
  const filters: Record<string, string> = {};
  for (const [key, value] of search)
    if (key.startsWith(`${prefix}f.`) && value !== '') filters[key.slice(prefix.length + 2)] = value;
  return {
    page: positive(search.get(`${prefix}page`), 1),
    pageSize: Math.min(100, positive(search.get(`${prefix}size`), defaultPageSize)),
    sort: match ? { field: match[1] ?? '', order: match[2] as SortOrder } : null,
    filters,
  };
};

/** Writes `params` of `prefix` into a copy of `search` (defaults are left out). */
export const writeTableParams = (
  search: URLSearchParams,
  params: TableParams,
  prefix = '',
): URLSearchParams => {
  const next = new URLSearchParams(search);
  const own = (key: string) =>
    key === `${prefix}page` ||
    key === `${prefix}size` ||
    key === `${prefix}sort` ||
    key.startsWith(`${prefix}f.`);
  for (const key of [...next.keys()]) if (own(key)) next.delete(key);
  if (params.page !== 1) next.set(`${prefix}page`, String(params.page));
  if (params.pageSize !== 10) next.set(`${prefix}size`, String(params.pageSize));
  if (params.sort) next.set(`${prefix}sort`, `${params.sort.field}.${params.sort.order}`);
  for (const [name, value] of Object.entries(params.filters))
    if (value !== '') next.set(`${prefix}f.${name}`, value);
  return next;
};

/** The params of `prefix` in the URL and a setter that merges a change into them. */
export const useTableParams = (
  prefix = '',
  defaultPageSize = 10,
): [TableParams, (change: Partial<TableParams>) => void] => {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(
    () => readTableParams(search, prefix, defaultPageSize),
    [search, prefix, defaultPageSize],
  );
  const update = useCallback(
    (change: Partial<TableParams>) =>
      setSearch(
        (current) =>
          writeTableParams(
            current,
            { ...readTableParams(current, prefix, defaultPageSize), ...change },
            prefix,
          ),
        {
          replace: false,
        },
      ),
    [setSearch, prefix, defaultPageSize],
  );
  return [params, update];
};

/** The two dates of a `from~to` range filter (`yyyy-MM-dd`), or nulls. */
export const rangeOf = (value: string | undefined): { from: string | null; to: string | null } => {
  const [from, to] = (value ?? '').split('~');
  return { from: from || null, to: to || null };
};

/** A boolean filter (`true`/`false`), or undefined when unset. */
export const booleanOf = (value: string | undefined): boolean | undefined =>
  value === 'true' ? true : value === 'false' ? false : undefined;
