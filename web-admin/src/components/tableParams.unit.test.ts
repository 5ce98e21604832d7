import { describe, expect, it } from 'vitest';
import { booleanOf, rangeOf, readTableParams, writeTableParams } from './tableParams.ts';

describe('list state in the URL (DataTable, FilterBar)', () => {
  it('reads page, size, sort and filters, with defaults and bounds', () => {
    expect(readTableParams(new URLSearchParams(''))).toEqual({
      page: 1,
      pageSize: 10,
      sort: null,
      filters: {},
    });
    const params = readTableParams(
      new URLSearchParams('page=3&size=500&sort=balance.desc&f.phone=0712&f.empty='),
    );
    expect(params).toEqual({
      page: 3,
      pageSize: 100,
      sort: { field: 'balance', order: 'desc' },
      filters: { phone: '0712' },
    });
    expect(readTableParams(new URLSearchParams('page=-2&size=x&sort=bad')).page).toBe(1);
  });

  it('writes only its own keys: a second list and other params stay', () => {
    const search = new URLSearchParams('user=u1&bills.page=2&bills.f.type=2&page=4');
    const next = writeTableParams(search, {
      page: 1,
      pageSize: 20,
      sort: { field: 'createdAt', order: 'asc' },
      filters: { phone: '7' },
    });
    expect(Object.fromEntries(next)).toEqual({
      user: 'u1',
      'bills.page': '2',
      'bills.f.type': '2',
      size: '20',
      sort: 'createdAt.asc',
      'f.phone': '7',
    });
    const bills = writeTableParams(next, { page: 3, pageSize: 10, sort: null, filters: {} }, 'bills.');
    expect(bills.get('bills.page')).toBe('3');
    expect(bills.get('bills.f.type')).toBeNull();
    expect(bills.get('f.phone')).toBe('7');
    expect(readTableParams(bills, 'bills.').page).toBe(3);
  });

  it('splits date ranges and reads yes/no filters', () => {
    expect(rangeOf('2026-11-01~2026-11-22')).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(rangeOf('~2026-11-22')).toEqual({ from: null, to: '2026-11-22' });
    expect(rangeOf(undefined)).toEqual({ from: null, to: null });
    expect([booleanOf('true'), booleanOf('false'), booleanOf(undefined)]).toEqual([true, false, undefined]);
  });
});
