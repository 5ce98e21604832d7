/**
 * The back office: the login screen while logged out; once logged in, `staffMe` (the staff member and
 * their permission codes) and the hash router (`#/users`, `#/users/:id`, …; hash routes so that any
 * static server of `/admin/` serves every screen from `index.html`). Screens the staff member lacks the
 * permission for show "no permission" (the menu does not offer them; the server refuses anyway).
 */
import { App as AntApp, ConfigProvider, Result, Spin } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, RouterProvider } from 'react-router';
import { useQuery } from 'urql';
import { ShellStaffMeDocument } from '../graphql/generated.ts';
import { ANTD_LOCALES } from '../i18n/antdLocales.ts';
import { languageOf } from '../shared.ts';
import { AdminLayout } from '../shell/AdminLayout.tsx';
import { LoginPage } from '../shell/LoginPage.tsx';
import { SetupPage } from '../shell/SetupPage.tsx';
import { PersonalCentre } from '../shell/PersonalCentre.tsx';
import { errorCodeOf } from '../shared.ts';
import type { AdminRoute } from './registry.tsx';
import { useServices, useSessionToken } from './services.tsx';
import { StaffProvider, useCan, type StaffInfo } from './staff.tsx';

function Guard({ route }: { readonly route: AdminRoute }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can(route.permission)) return <Result status="403" title={t('app.forbidden')} />;
  // screens load lazily (registry.tsx `lazyScreen`): a spinner until the screen's chunk is in
  return (
    <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '64px auto' }} />}>
      {route.element}
    </Suspense>
  );
}

function ScreenError() {
  const { t } = useTranslation();
  return <Result status="error" title={t('codes.INTERNAL')} extra={<a href="#/">{t('app.title')}</a>} />;
}

function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('app.notFound')} />;
}

function Home({ routes }: { readonly routes: readonly AdminRoute[] }) {
  const can = useCan();
  const first = routes.find((route) => route.menu && can(route.permission));
  return <Navigate to={first ? `/${first.path}` : '/me'} replace />;
}

/** Builds the hash router of `routes` under the layout. */
export const createAdminRouter = (routes: readonly AdminRoute[]) =>
  createHashRouter([
    {
      path: '/',
      element: <AdminLayout routes={routes} />,
      errorElement: <ScreenError />,
      children: [
        { index: true, element: <Home routes={routes} /> },
        { path: 'me', element: <PersonalCentre /> },
        ...routes.map((route) => ({ path: route.path, element: <Guard route={route} /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);

function StaffGate({ routes }: { readonly routes: readonly AdminRoute[] }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const [result, reexecute] = useQuery({ query: ShellStaffMeDocument, requestPolicy: 'network-only' });
  const router = useMemo(() => createAdminRouter(routes), [routes]);
  const me = result.data?.staffMe;
  const lost = (result.data && !me) || errorCodeOf(result.error) === 'UNAUTHENTICATED';
  useEffect(() => {
    if (lost) session.clear();
  }, [lost, session]);

  const staff = useMemo<StaffInfo | null>(
    () =>
      me
        ? {
            id: me.staff.id,
            account: me.staff.account,
            name: me.staff.name,
            totpBound: me.staff.totpBound,
            roleName: me.staff.role?.name ?? null,
            permissions: new Set(me.permissions),
            setupRequired: me.setupRequired,
            reload: () => reexecute({ requestPolicy: 'network-only' }),
          }
        : null,
    [me, reexecute],
  );
  if (!staff) {
    if (result.error && !lost)
      return <Result status="error" title={t(`codes.${errorCodeOf(result.error)}`)} />;
    return <Spin fullscreen description={t('app.loading')} />;
  }
  return (
    <StaffProvider staff={staff}>
      {staff.setupRequired.length > 0 ? <SetupPage /> : <RouterProvider router={router} />}
    </StaffProvider>
  );
}

/** The whole back office over the given routes. */
export function AdminApp({ routes }: { readonly routes: readonly AdminRoute[] }) {
  const { i18n } = useTranslation();
  const token = useSessionToken();
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[languageOf(i18n.language)]}
      theme={{ token: { colorPrimary: '#0b6e4f' } }}
    >
      <AntApp>{token ? <StaffGate routes={routes} /> : <LoginPage />}</AntApp>
    </ConfigProvider>
  );
}
