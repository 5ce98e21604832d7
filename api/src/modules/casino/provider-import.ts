/**
 * Importing a provider's game list from its endpoint (issue 22 item 1; docs/casino.md "Importing a
 * provider's game list"): a signed `GET` of the URL staff give, or else of the provider's configured
 * `games_url` (a path such as the sandbox's `/casino-sandbox/games` is on our own server: `PUBLIC_URL`,
 * else `http://127.0.0.1:<PORT>`). Signed as the provider signs its wallet calls, with the secret both
 * sides hold: `signCasinoRequest(providerId, secret, '', now)` (HMAC-SHA256 over the empty body and the
 * timestamp). Through Node's `fetch` (undici) with {@link GAME_LIST_TIMEOUT_MS} for the whole answer,
 * redirects refused, at most `GAME_LIST_MAX_CHARS` characters; the answer is read as the JSON game list
 * of the file import (`parseGameList`, `{ "games": [...] }` or an array) and saved all or nothing.
 *
 * Errors: `CASINO_GAME_LIST_URL_INVALID` (field `url`: none given nor configured, or not http(s)),
 * `CASINO_GAME_LIST_FETCH_FAILED` (field `url`; details `reason`: `timeout`, `network`, `http` with
 * `status`, `too_large`), then the file import's `CASINO_GAME_LIST_INVALID` and `CASINO_GAME_*`.
 */
import { signCasinoRequest } from '@bashiri/domain';
import type { AppServices } from '../../services.ts';
import { codedError } from '../../graphql/errors.ts';
import { GAME_LIST_MAX_CHARS, parseGameList } from './admin.ts';
import type { CasinoGameView } from './catalogue.ts';

/** How long the provider has to answer the whole list, ms. */
export const GAME_LIST_TIMEOUT_MS = 10_000;

const urlError = (message: string) => codedError('CASINO_GAME_LIST_URL_INVALID', message, { field: 'url' });
const fetchError = (message: string, details: Record<string, unknown>) =>
  codedError('CASINO_GAME_LIST_FETCH_FAILED', message, { field: 'url', details });

/** The absolute URL of `given` (or else `configured`); a path is resolved on our own server. */
export const gameListUrl = (
  services: Pick<AppServices, 'config'>,
  given: string | null | undefined,
  configured: string | null,
): URL => {
  const raw = (given ?? '').trim() || (configured ?? '').trim();
  if (!raw) throw urlError('no URL given and none configured for the provider');
  const own = services.config.PUBLIC_URL ?? `http://127.0.0.1:${services.config.PORT}`;
  let url: URL;
  try {
    url = raw.startsWith('/') ? new URL(raw, own) : new URL(raw);
  } catch {
    throw urlError('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw urlError('http or https only');
  return url;
};

/**
 * Fetches provider `providerId`'s game list from `url` (or its configured one) and reads it (see the
 * module comment). Throws the coded errors above; an unknown provider `CASINO_PROVIDER_UNKNOWN`.
 */
export const fetchProviderGameList = async (
  services: Pick<AppServices, 'config' | 'sql' | 'now'>,
  providerId: string,
  url: string | null | undefined,
  timeoutMs = GAME_LIST_TIMEOUT_MS,
): Promise<CasinoGameView[]> => {
  const { rows } = await services.sql.query<{ secret: string; games_url: string | null }>(
    'SELECT secret, games_url FROM casino_providers WHERE id = $1',
    [providerId],
  );
  const provider = rows[0];
  if (!provider) throw codedError('CASINO_PROVIDER_UNKNOWN', 'no such provider', { field: 'providerId' });
  const target = gameListUrl(services, url, provider.games_url);
  const signal = AbortSignal.timeout(timeoutMs);
  let text: string;
  try {
    const response = await fetch(target, {
      method: 'GET',
      redirect: 'error',
      signal,
      headers: {
        accept: 'application/json',
        ...signCasinoRequest(providerId, provider.secret, '', services.now()),
      },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw fetchError(`the provider answered HTTP ${response.status}`, {
        reason: 'http',
        status: response.status,
      });
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > GAME_LIST_MAX_CHARS * 4) {
      await response.body?.cancel();
      throw fetchError('the list is too large', { reason: 'too_large' });
    }
    text = await response.text();
  } catch (error) {
    if ((error as { extensions?: { code?: string } }).extensions?.code === 'CASINO_GAME_LIST_FETCH_FAILED')
      throw error;
    if (signal.aborted)
      throw fetchError(`no answer within ${timeoutMs / 1_000} s`, { reason: 'timeout', timeoutMs });
    throw fetchError(`could not reach the provider: ${(error as Error).message}`, { reason: 'network' });
  }
  if (text.length > GAME_LIST_MAX_CHARS) throw fetchError('the list is too large', { reason: 'too_large' });
  return parseGameList(providerId, 'json', text);
};
