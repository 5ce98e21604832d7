/** Page loaders of the match lists (spec §2 screens → catalogue queries; docs/api-map.md). */
import {
  MatchesCountryDocument,
  MatchesHomeDocument,
  MatchesLeagueDocument,
  MatchesLiveDocument,
  MatchesSearchDocument,
  MatchesUpcomingDocument,
} from '../graphql/generated.ts';
import { dataOf, type PageLoader } from './hooks.ts';

const NET = { requestPolicy: 'network-only' } as const;

/** `/home`: `homeMatches`. */
export const homeLoader: PageLoader = async (client, page) =>
  dataOf(await client.query(MatchesHomeDocument, { page }, NET).toPromise()).homeMatches;

/** `/ready_start`: `upcomingMatches(date)`; null date = the whole 7 days. */
export const upcomingLoader =
  (date: string | null): PageLoader =>
  async (client, page) =>
    dataOf(await client.query(MatchesUpcomingDocument, { date, page }, NET).toPromise()).upcomingMatches;

/** `/rolling_ball`: `liveMatches`. */
export const liveLoader: PageLoader = async (client, page) =>
  dataOf(await client.query(MatchesLiveDocument, { page }, NET).toPromise()).liveMatches;

/**
 * `/search_result?key_word=`: `searchMatches` (trimmed, spec §5). A page other than 1 that comes back
 * empty (the list shrank while it was read) resets to page 1 and retries (spec §4); the answer's `page`
 * then says 1, and the list starts over.
 */
export const searchLoader =
  (keyword: string): PageLoader =>
  async (client, page) => {
    const ask = async (p: number) =>
      dataOf(await client.query(MatchesSearchDocument, { keyword: keyword.trim(), page: p }, NET).toPromise())
        .searchMatches;
    const answer = await ask(page);
    return page > 1 && answer.content.length === 0 ? ask(1) : answer;
  };

/** `/league_search?competition_id=`: `leagueMatches`. */
export const leagueLoader =
  (competitionId: string): PageLoader =>
  async (client, page) =>
    dataOf(await client.query(MatchesLeagueDocument, { competitionId, page }, NET).toPromise()).leagueMatches;

/** `/national_competition?national_id=`: `countryMatches`. */
export const countryLoader =
  (countryId: string): PageLoader =>
  async (client, page) =>
    dataOf(await client.query(MatchesCountryDocument, { countryId, page }, NET).toPromise()).countryMatches;
