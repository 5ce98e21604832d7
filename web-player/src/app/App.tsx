/**
 * The app: the routes of `router.tsx` under react-router's `HashRouter` (`/#/home`, spec §2) and the
 * layout of every page.
 */
import { HashRouter } from 'react-router';
import { Layout } from '../layout/Layout.tsx';
import { AppRoutes } from './router.tsx';
import './app.css';

/** The whole site in its hash router. */
export function App() {
  return (
    <HashRouter>
      <AppRoutes layout={<Layout />} />
    </HashRouter>
  );
}
