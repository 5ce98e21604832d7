/** Matches, leagues and countries, bookmakers, market types (issue 8 "matches, leagues, …"). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const CataloguePage = lazyScreen(() => import('./CataloguePage.tsx'), 'CataloguePage');

export const catalogueRoutes: readonly AdminRoute[] = [
  {
    path: 'catalogue',
    titleKey: 'catalogue.title',
    permission: 'matches.view',
    menu: 'content',
    element: <CataloguePage />,
  },
];
