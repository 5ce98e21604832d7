/** The keyword search's address (spec §2 route table `/search_result?key_word=`; §5 trimmed). */
/** The query key of `/search_result` (spec §2 route table: `key_word`). */
export const SEARCH_KEY = 'key_word';

/** The path of a search for what the player typed, trimmed (spec §5); null when nothing is left. */
export const searchPath = (typed: string): string | null => {
  const keyword = typed.trim();
  return keyword ? `/search_result?${SEARCH_KEY}=${encodeURIComponent(keyword)}` : null;
};

/** The trimmed keyword of a `/search_result` address (`key_word`; the older `keyword` still read). */
export const searchKeyword = (params: URLSearchParams): string =>
  (params.get(SEARCH_KEY) ?? params.get('keyword') ?? '').trim();
