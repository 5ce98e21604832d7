import { describe, expect, it } from 'vitest';
import { readTableParams, type TableParams } from '../components/tableParams.ts';
import { orderFilterOf, orderSortOf } from './filters.ts';

const paramsOf = (query: string): TableParams => readTableParams(new URLSearchParams(query));

describe('orders list: URL → GraphQL variables', () => {
  it('maps every URL filter to its OrderFilter field; unset ones are null', () => {
    expect(orderFilterOf(paramsOf(''))).toEqual({
      toBeCounted: null,
      statusCode: null,
      orderType: null,
      phone: null,
      serial: null,
      userId: null,
      fromDate: null,
      toDate: null,
      largeBet: null,
      cashedOut: null,
    });
    expect(
      orderFilterOf(paramsOf('f.status=3&f.type=admin&f.phone=0781000001&f.serial=S1&f.userId=u1')),
    ).toMatchObject({
      toBeCounted: null,
      statusCode: 3,
      orderType: 'admin',
      phone: '0781000001',
      serial: 'S1',
      userId: 'u1',
    });
    expect(orderFilterOf(paramsOf('f.status=tbc'))).toMatchObject({ toBeCounted: true, statusCode: null });
    expect(orderFilterOf(paramsOf('f.status=9')).statusCode).toBeNull();
  });

  it('asks only for large bets when the "large bets only" switch is on (spec §9 order warning amount)', () => {
    expect(orderFilterOf(paramsOf('f.large=true')).largeBet).toBe(true);
    // Off (unset) or anything else: every order, not "only the small ones".
    expect(orderFilterOf(paramsOf('f.large=false')).largeBet).toBeNull();
    expect(orderFilterOf(paramsOf('f.large=')).largeBet).toBeNull();
  });

  it('asks only for cashed-out bets when the "cashed out only" switch is on (issue 20)', () => {
    expect(orderFilterOf(paramsOf('f.cashedOut=true')).cashedOut).toBe(true);
    expect(orderFilterOf(paramsOf('f.cashedOut=false')).cashedOut).toBeNull();
  });

  it('maps the column sort to the server sort, newest first by default', () => {
    expect(orderSortOf(paramsOf(''))).toBe('PLACED_DESC');
    expect(orderSortOf(paramsOf('sort=stake.desc'))).toBe('STAKE_DESC');
    expect(orderSortOf(paramsOf('sort=nothing.asc'))).toBe('PLACED_DESC');
  });
});
