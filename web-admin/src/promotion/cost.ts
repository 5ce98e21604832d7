/**
 * The bonus-cost chart's rows (issue 21 item 4, "statistics with charts"): the server's cost per promotion
 * kind per East Africa Time day pivoted to one row per day with a column per kind and the day's total
 * (TZS). Pure, so it is unit tested.
 */

/** Promotion kinds in the chart's stacking order. */
export const COST_KINDS = ['WELCOME', 'REFERRAL', 'ORDER', 'ACTIVITY'] as const;
export type CostKind = (typeof COST_KINDS)[number];

/** One day of the chart: `day` yyyy-MM-dd (EAT), TZS per kind and in total. */
export type CostRow = { readonly day: string; readonly total: number } & Record<CostKind, number>;

/** Rows per day (ascending), every kind present (0 when none); a day listed twice adds up. */
export const costRows = (
  items: readonly { readonly day: string; readonly kind: string; readonly amount: number }[],
): CostRow[] => {
  const byDay = new Map<string, Record<CostKind, number>>();
  for (const item of items) {
    if (!(COST_KINDS as readonly string[]).includes(item.kind)) continue;
    const row = byDay.get(item.day) ?? { WELCOME: 0, REFERRAL: 0, ORDER: 0, ACTIVITY: 0 };
    row[item.kind as CostKind] += item.amount;
    byDay.set(item.day, row);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, row]) => ({ day, ...row, total: COST_KINDS.reduce((sum, k) => sum + row[k], 0) }));
};

/** One day of `bonusCostShare`: the bonus cost, the GGR (TZS) and the cost as a percent of the GGR. */
export interface ShareDay {
  readonly day: string;
  readonly bonusCost: number;
  readonly ggr: number;
  readonly percentOfGgr: number | null;
}

/** A chart and table row: the cost per kind, its total, and the same day's GGR and share of it. */
export type ShareRow = CostRow & { readonly ggr: number; readonly percentOfGgr: number | null };

/**
 * The days of the bonus-cost tab (decision 0083): every day with a reward or a GGR other than 0,
 * ascending, the cost per kind from `promotionCostByDay` beside the GGR and share of `bonusCostShare`.
 */
export const shareRows = (
  items: readonly { readonly day: string; readonly kind: string; readonly amount: number }[],
  days: readonly ShareDay[],
): ShareRow[] => {
  const costs = new Map(costRows(items).map((r) => [r.day, r]));
  const share = new Map(days.map((d) => [d.day, d]));
  const all = [...new Set([...costs.keys(), ...days.filter((d) => d.ggr !== 0).map((d) => d.day)])].sort();
  return all.map((day) => ({
    ...(costs.get(day) ?? { day, WELCOME: 0, REFERRAL: 0, ORDER: 0, ACTIVITY: 0, total: 0 }),
    ggr: share.get(day)?.ggr ?? 0,
    percentOfGgr: share.get(day)?.percentOfGgr ?? null,
  }));
};

/** A share of GGR as text: `12.5 %`, or `—` when there is none (GGR ≤ 0). */
export const formatShare = (percent: number | null): string =>
  percent === null ? '—' : `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/** The EAT date (yyyy-MM-dd) `days` days before the instant `now` (epoch ms). */
export const eatDate = (now: number, days = 0): string =>
  new Date(now + 3 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
