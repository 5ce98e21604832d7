/**
 * Test and story helpers of the account and content pages: a fake API (an urql `Client` whose only
 * exchange answers operations by name from handlers, records the calls, and pushes subscription events
 * on demand), and a render of a route of {@link ACCOUNT_ROUTES} inside the providers with a memory
 * router, in-memory storage and a session.
 */
import { Client, getOperationName, makeResult, type Exchange, type Operation } from '@urql/core';
import type { Client as WsClient } from 'graphql-ws';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { filter, fromPromise, makeSubject, mergeMap, never, pipe, type Source } from 'wonka';
import { ServicesProvider, type AppServices } from '../app/services.tsx';
import { startSlip } from '../betslip/testing.ts';
import { createI18n } from '../i18n/index.ts';
import { createSessionStore, type SessionStore } from '@bashiri/web-shared';
import { memoryStorage } from '@bashiri/web-shared';

/** What a handler answers: data, or a GraphQL error with its code (and field, details). */
export type FakeAnswer =
  | { readonly data: unknown }
  | { readonly error: { code: string; field?: string; details?: Record<string, unknown> } };

/** Handlers by operation name (e.g. `AccountLogin`); a missing one never answers (stays loading). */
export type FakeHandlers = Readonly<
  Record<string, (variables: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer>>
>;

/** A fake API: the urql client, the recorded calls, and `push` for subscription events. */
export interface FakeApi {
  readonly client: Client;
  readonly calls: { name: string; variables: Record<string, unknown> }[];
  /** Pushes `data` to every active subscription named `name`. */
  push(name: string, data: unknown): void;
}

const answerOf = (operation: Operation, answer: FakeAnswer) =>
  'data' in answer
    ? makeResult(operation, { data: answer.data as Record<string, unknown> })
    : makeResult(operation, {
        errors: [{ message: answer.error.code, extensions: { ...answer.error } }],
      });

/** Builds a fake API over `handlers`. */
export const fakeApi = (handlers: FakeHandlers): FakeApi => {
  const calls: FakeApi['calls'] = [];
  const events = makeSubject<{ name: string; data: unknown }>();
  const exchange: Exchange = () => (operations$) =>
    pipe(
      operations$,
      filter((operation) => operation.kind !== 'teardown'),
      mergeMap((operation): Source<ReturnType<typeof makeResult>> => {
        const name = getOperationName(operation.query) ?? '';
        const variables = (operation.variables ?? {}) as Record<string, unknown>;
        calls.push({ name, variables });
        if (operation.kind === 'subscription')
          return pipe(
            events.source,
            filter((event) => event.name === name),
            mergeMap((event) =>
              fromPromise(
                Promise.resolve(makeResult(operation, { data: event.data as Record<string, unknown> })),
              ),
            ),
          );
        const handler = handlers[name];
        if (!handler) return never;
        return fromPromise(Promise.resolve(handler(variables)).then((answer) => answerOf(operation, answer)));
      }),
    );
  const client = new Client({ url: 'http://test/graphql', exchanges: [exchange] });
  return { client, calls, push: (name, data) => events.next({ name, data }) };
};

/** Shows the current path and query (for navigation assertions). */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/** Options of {@link fakeServices} and {@link routeTree}. */
export interface RouteOptions {
  readonly handlers?: FakeHandlers;
  /** Starts a session with this token (logged-in player). */
  readonly token?: string;
  readonly language?: 'sw' | 'en-US' | 'zh-CN';
  readonly api?: FakeApi;
}

/** App services over a fake API, in-memory storage, a session (started when `token` is given) and i18n. */
export const fakeServices = (
  options: RouteOptions = {},
): { services: AppServices; api: FakeApi; session: SessionStore; i18n: ReturnType<typeof createI18n> } => {
  const storage = memoryStorage();
  const i18n = createI18n(storage);
  void i18n.changeLanguage(options.language ?? 'en-US');
  const session = createSessionStore(storage);
  if (options.token)
    session.start({ token: options.token, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
  const api = options.api ?? fakeApi(options.handlers ?? {});
  const services: AppServices = {
    api: { client: api.client, ws: {} as WsClient, dispose: () => undefined },
    session,
    storage,
    betslip: startSlip().actor,
  };
  return { services, api, session, i18n };
};

/** The element tree of `routes` at `path`, with every provider; also returns the fakes. */
export const routeTree = (
  routes: RouteObject[],
  path: string,
  options: RouteOptions = {},
): { element: ReactNode; api: FakeApi; session: SessionStore } => {
  const { services, api, session, i18n } = fakeServices(options);
  const router = createMemoryRouter(
    [
      ...routes.map((route) => ({ ...route, path: `/${route.path ?? ''}` })),
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  return {
    element: (
      <I18nextProvider i18n={i18n}>
        <ServicesProvider services={services}>
          <RouterProvider router={router} />
        </ServicesProvider>
      </I18nextProvider>
    ),
    api,
    session,
  };
};
