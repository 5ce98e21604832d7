/**
 * The player site's GraphQL client (architecture.md §5–§6; docs/live.md): urql over HTTP for queries and
 * mutations and graphql-ws over the same `/graphql` path for subscriptions. The bearer token comes from
 * the session; the `locale` header asks the server for texts in the player's language. When the token
 * changes (login, logout) the websocket is restarted so that subscriptions authenticate again. The
 * graphql-ws library is its own chunk, loaded when the first subscription starts (issue 7 item 8).
 */
import { Client, cacheExchange, fetchExchange, subscriptionExchange, type CombinedError } from '@urql/core';
import type { Client as WsClient, ClientOptions as WsOptions } from 'graphql-ws';
import type { SessionStore } from './session.ts';

/** What the client needs from its surroundings. */
export interface ClientOptions {
  /** The page origin, e.g. `https://bashiri.co.tz` (the API serves the site, so same origin). */
  readonly origin: string;
  readonly session: SessionStore;
  /** The current i18n language (`sw`, `en-US`, `zh-CN`), sent as the `locale` header. */
  readonly language: () => string;
}

/** The urql client and its websocket (for tests and shutdown). */
export interface ApiClient {
  readonly client: Client;
  readonly ws: WsClient;
  dispose(): void;
}

/**
 * A graphql-ws client that loads the library on first use (`subscribe`, `iterate`, `on`), so that the
 * site's first load does not carry it. `terminate` before that is a no-op (no socket to restart).
 */
export const lazyWsClient = (options: WsOptions): WsClient => {
  let real: WsClient | null = null;
  let loading: Promise<WsClient> | null = null;
  const load = () =>
    (loading ??= import('graphql-ws').then(({ createClient }) => (real = createClient(options))));
  /** Runs `attach` on the real client once loaded; the returned function undoes it (or cancels it). */
  const later = (attach: (client: WsClient) => () => void): (() => void) => {
    if (real) return attach(real);
    let detach: (() => void) | null = null;
    let cancelled = false;
    void load().then((client) => {
      if (!cancelled) detach = attach(client);
    });
    return () => {
      cancelled = true;
      detach?.();
    };
  };
  return {
    on: (event, listener) => later((client) => client.on(event, listener)),
    subscribe: (payload, sink) => later((client) => client.subscribe(payload, sink)),
    iterate: <Data, Extensions>(payload: Parameters<WsClient['iterate']>[0]) =>
      (async function* () {
        yield* (await load()).iterate<Data, Extensions>(payload);
      })(),
    terminate: () => real?.terminate(),
    dispose: () => real?.dispose(),
  };
};

/** Builds the client; spec §9: reconnect after 1 s, up to 99,999 tries; the server pings every 5 s. */
export const createApiClient = ({ origin, session, language }: ClientOptions): ApiClient => {
  const wsUrl = `${origin.replace(/^http/, 'ws')}/graphql`;
  const ws = lazyWsClient({
    url: wsUrl,
    lazy: true,
    keepAlive: 0,
    retryAttempts: 99_999,
    retryWait: () => new Promise((resolve) => setTimeout(resolve, 1_000)),
    shouldRetry: () => true,
    connectionParams: () => {
      const token = session.token();
      return token ? { authorization: `Bearer ${token}`, locale: language() } : { locale: language() };
    },
  });
  const client = new Client({
    url: `${origin}/graphql`,
    preferGetMethod: false,
    requestPolicy: 'cache-and-network',
    exchanges: [
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({
            unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink),
          }),
        }),
      }),
    ],
    fetchOptions: () => {
      const token = session.token();
      const headers: Record<string, string> = { locale: language() };
      if (token) headers.authorization = `Bearer ${token}`;
      return { headers };
    },
  });
  // A new token means a new identity on the socket: terminate it; graphql-ws reconnects and
  // re-subscribes with the fresh connectionParams.
  const stop = session.subscribe(() => ws.terminate());
  return {
    client,
    ws,
    dispose: () => {
      stop();
      void ws.dispose();
    },
  };
};

/**
 * The stable code of a failed operation (`extensions.code` of the first GraphQL error, spec §8), or
 * `NETWORK` when the server could not be reached. Screens translate it with `t('codes.<code>')`.
 */
export const errorCodeOf = (error: CombinedError | undefined | null): string | null => {
  if (!error) return null;
  const code = error.graphQLErrors[0]?.extensions?.code;
  if (typeof code === 'string') return code;
  return error.networkError ? 'NETWORK' : 'INTERNAL';
};

/** The field a refusal names (`extensions.field`, e.g. `password`), for showing the error under it. */
export const errorFieldOf = (error: CombinedError | undefined | null): string | null => {
  const field = error?.graphQLErrors[0]?.extensions?.field;
  return typeof field === 'string' ? field : null;
};
