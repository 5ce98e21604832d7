/**
 * Everything a back-office component needs around it, with fakes, for stories and unit tests: i18n in a
 * chosen language, antd's config and App, a memory router at `path`, a logged-in staff member with
 * `permissions`, and an urql client whose every operation is answered by `answer(operationName,
 * variables)` (no server).
 */
import { Client, makeErrorResult, makeResult, type Exchange, type Operation } from '@urql/core';
import { App as AntApp, ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { filter, map, pipe } from 'wonka';
import { ServicesProvider, type AdminServices } from '../app/services.tsx';
import { StaffProvider, type StaffInfo } from '../app/staff.tsx';
import { ANTD_LOCALES } from '../i18n/antdLocales.ts';
import { createI18n } from '../i18n/index.ts';
import { createSessionStore, memoryStorage, type Language } from '../shared.ts';

/** Answers an operation: its data, an Error (network failure), or a {@link refusal}. */
export type StoryAnswer = (operationName: string, variables: Record<string, unknown>) => unknown;

const REFUSAL = Symbol('refusal');

/** A GraphQL error answer with `extensions.code` (e.g. FORBIDDEN). */
export const refusal = (code: string) => ({
  [REFUSAL]: true,
  errors: [{ message: code, extensions: { code } }],
});

const operationName = (operation: Operation): string => {
  for (const definition of operation.query.definitions)
    if (definition.kind === 'OperationDefinition') return definition.name?.value ?? '';
  return '';
};

/** An urql client answering from `answer`. */
export const storyClient = (answer: StoryAnswer): Client => {
  const exchange: Exchange = () => (operations$) =>
    pipe(
      operations$,
      filter((operation) => operation.kind !== 'teardown'),
      map((operation) => {
        const data = answer(operationName(operation), (operation.variables ?? {}) as Record<string, unknown>);
        if (data instanceof Error) return makeErrorResult(operation, data);
        if (typeof data === 'object' && data !== null && REFUSAL in data)
          return makeResult(operation, { errors: (data as ReturnType<typeof refusal>).errors });
        return makeResult(operation, { data: data as Record<string, unknown> | null });
      }),
    );
  return new Client({ url: 'http://stories.invalid/graphql', exchanges: [exchange] });
};

const NO_ANSWER: StoryAnswer = () => null;

/** Every permission code (the super administrator's view). */
export const ALL_PERMISSIONS = [
  'users.view',
  'users.edit',
  'users.adjust_money',
  'payments.view',
  'payments.approve',
  'config.edit',
  'roles.edit',
  'staff.view',
  'staff.edit',
  'stats.view',
  'agents.view',
  'audit.view',
];

/** The frame. */
export function StoryFrame({
  children,
  answer = NO_ANSWER,
  language = 'en-US',
  permissions = ALL_PERMISSIONS,
  setupRequired = [],
  path = '/',
}: {
  readonly children: ReactNode;
  readonly answer?: StoryAnswer;
  readonly language?: Language;
  readonly permissions?: readonly string[];
  /** The staff member's remaining setup steps (issue 15 item 5), none by default. */
  readonly setupRequired?: readonly string[];
  readonly path?: string;
}) {
  const value = useMemo(() => {
    const storage = memoryStorage();
    const i18n = createI18n(storage);
    void i18n.changeLanguage(language);
    const services: AdminServices = {
      api: { client: storyClient(answer) },
      session: createSessionStore(storage),
      storage,
    };
    const staff: StaffInfo = {
      id: 'staff-1',
      account: 'admin',
      name: 'Administrator',
      totpBound: false,
      roleName: 'super administrator',
      permissions: new Set(permissions),
      setupRequired,
      reload: () => undefined,
    };
    return { i18n, services, staff };
  }, [answer, language, permissions, setupRequired]);
  return (
    <I18nextProvider i18n={value.i18n}>
      <ConfigProvider locale={ANTD_LOCALES[language]} theme={{ token: { colorPrimary: '#0b6e4f' } }}>
        <AntApp>
          <ServicesProvider services={value.services}>
            <StaffProvider staff={value.staff}>
              <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
            </StaffProvider>
          </ServicesProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
