/**
 * Display formats (spec §9 "Money is shown with thousands separators and 2 decimals, with a trailing
 * .00 removed"). Money formatting is the domain's `formatTzs`, the one the server's texts use.
 */
import { formatTzs, type Tzs } from '@bashiri/domain';

export { formatTzs };

/** An amount with its currency, e.g. `TZS 1,234,567` (the unit is the same in every language). */
export const formatMoney = (amount: Tzs): string => `TZS ${formatTzs(amount)}`;
