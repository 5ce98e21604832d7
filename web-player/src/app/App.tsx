/**
 * The shell of the player site: hash router (spec §2), a placeholder page per route with its title, and
 * the betslip panel. The screens themselves are the next session's work (README.md).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { BetslipPanel, type BetslipActor } from '../betslip/BetslipPanel.tsx';
import { documentTitle, ROUTES } from './routes.ts';
import './app.css';

/** Sets the document title of the current route. */
function Page({ titleKey }: { readonly titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useEffect(() => {
    document.title = documentTitle(t('titles.default'), title);
  }, [t, title]);
  return (
    <main className="page">
      <h1>{title}</h1>
    </main>
  );
}

/** The hash router of the site (`/#/home`). */
export const createAppRouter = (betslip: BetslipActor) =>
  createHashRouter([
    {
      path: '/',
      element: (
        <div className="layout">
          <Outlet />
          <aside className="layout__slip">
            <BetslipPanel actor={betslip} />
          </aside>
        </div>
      ),
      children: [
        { index: true, element: <Navigate to="/home" replace /> },
        ...ROUTES.map((route) => ({
          path: route.path.slice(1),
          element: <Page titleKey={route.titleKey} />,
        })),
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ]);

/** The app: a router over the given betslip actor. */
export function App({ router }: { readonly router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
