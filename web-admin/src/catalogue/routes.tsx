/** Matches, leagues and countries, bookmakers, market types (issue 8 "matches, leagues, …"). */
import type { AdminRoute } from '../app/registry.tsx';
import { CataloguePage } from './CataloguePage.tsx';

export const catalogueRoutes: readonly AdminRoute[] = [
  {
    path: 'catalogue',
    titleKey: 'catalogue.title',
    permission: 'matches.view',
    menu: 'content',
    element: <CataloguePage />,
  },
];
