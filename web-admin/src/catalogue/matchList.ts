/**
 * The URL state of the catalogue's match list (MatchesTab.tsx) as `staffMatches` variables, and the spec
 * §4 match statuses it filters on. Pure, so that a unit test covers it.
 */
import { eatDaysBefore, eatMidnight } from '../components/format.ts';
import { booleanOf, rangeOf, type TableParams } from '../components/tableParams.ts';
import type { CatalogueStaffMatchesQueryVariables } from '../graphql/generated.ts';

/** Spec §4 match statuses 1–8. */
export const MATCH_STATUSES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** Statuses without a decided outcome: a result can be entered, the match cancelled (spec §4). */
export const UNDECIDED: readonly number[] = [1, 2, 4];

/** Match status label key of spec §4 (1 not started, 2 in progress, …). */
export const statusKey = (statusId: number): string =>
  statusId >= 1 && statusId <= 8 ? `catalogue.status.s${statusId}` : 'catalogue.status.other';

/**
 * The `staffMatches` variables of the URL's params: `f.q` keyword, `f.status` statuses `1,3`, `f.visible`
 * true/false, `f.league` a competition id, `f.awaiting` true, `f.kickoff` EAT days `from~to` (the whole `to` day included); sorting
 * the kick-off column ascending asks for the earliest first.
 */
export const staffMatchVariables = (p: TableParams): CatalogueStaffMatchesQueryVariables => {
  const { from, to } = rangeOf(p.filters['kickoff']);
  const statusIds = (p.filters['status'] ?? '')
    .split(',')
    .map(Number)
    .filter((s) => Number.isInteger(s) && s >= 1 && s <= 8);
  return {
    page: p.page,
    pageSize: p.pageSize,
    order: p.sort?.field === 'start' && p.sort.order === 'asc' ? 'KICK_OFF_ASC' : 'KICK_OFF_DESC',
    filter: {
      keyword: p.filters['q'] ?? null,
      competitionId: /^\d{1,18}$/.test(p.filters['league'] ?? '') ? p.filters['league']! : null,
      statusIds: statusIds.length > 0 ? statusIds : null,
      visible: booleanOf(p.filters['visible']) ?? null,
      awaitingResult: booleanOf(p.filters['awaiting']) ?? null,
      from: from ? eatMidnight(from) : null,
      to: to ? eatMidnight(eatDaysBefore(to, -1)) : null,
    },
  };
};
