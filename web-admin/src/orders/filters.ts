/** The order and bill list filters read from the URL's params (shared by the lists and their exports). */
import { rangeOf, type TableParams } from '../components/tableParams.ts';
import type { BillFilter, OrderFilter, OrderSort } from '../graphql/generated.ts';

/**
 * The `OrderFilter` of the URL: `status` is a spec status code 1–6 or `tbc` ("to be counted": not yet
 * settled), `type` user/admin/random, `dates` an EAT day range, `phone`, `serial`, `userId`, `large`
 * (`true` = only large bets, stake ≥ the order warning amount in force, spec §9; otherwise every order).
 */
export const orderFilterOf = (params: TableParams): OrderFilter => {
  const { from, to } = rangeOf(params.filters['dates']);
  const status = params.filters['status'];
  const code = Number(status);
  return {
    toBeCounted: status === 'tbc' ? true : null,
    statusCode: status && Number.isInteger(code) && code >= 1 && code <= 6 ? code : null,
    orderType: params.filters['type'] ?? null,
    phone: params.filters['phone'] ?? null,
    serial: params.filters['serial'] ?? null,
    userId: params.filters['userId'] ?? null,
    fromDate: from,
    toDate: to,
    largeBet: params.filters['large'] === 'true' ? true : null,
    cashedOut: params.filters['cashedOut'] === 'true' ? true : null,
  };
};

const SORTS: Record<string, OrderSort> = {
  'placedAt.asc': 'PLACED_ASC',
  'placedAt.desc': 'PLACED_DESC',
  'stake.asc': 'STAKE_ASC',
  'stake.desc': 'STAKE_DESC',
  'settledAt.desc': 'SETTLED_DESC',
  'settledAt.asc': 'SETTLED_DESC',
  'credited.desc': 'CREDITED_DESC',
  'credited.asc': 'CREDITED_DESC',
};

/** The server sort of the URL's column sort (newest first by default). */
export const orderSortOf = (params: TableParams): OrderSort =>
  (params.sort && SORTS[`${params.sort.field}.${params.sort.order}`]) || 'PLACED_DESC';

/** The `BillFilter` of the URL. */
export const billFilterOf = (params: TableParams): BillFilter => {
  const { from, to } = rangeOf(params.filters['dates']);
  const types = (params.filters['billType'] ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return {
    phone: params.filters['phone'] ?? null,
    userId: params.filters['userId'] ?? null,
    pocket: params.filters['pocket'] ?? null,
    reference: params.filters['reference'] ?? null,
    billTypes: types.length > 0 ? types : null,
    fromDate: from,
    toDate: to,
  };
};
