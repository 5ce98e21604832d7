/** Promotions, referrals and awards (issue 21 item 4). */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const PromotionsPage = lazyScreen(() => import('./PromotionsPage.tsx'), 'PromotionsPage');

export const promotionRoutes: readonly AdminRoute[] = [
  {
    path: 'promotions',
    titleKey: 'promotion.title',
    permission: 'users.view',
    menu: 'users',
    element: <PromotionsPage />,
  },
];
