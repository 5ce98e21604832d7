/**
 * The same routes as `routes.tsx` with the pages imported up front, for tests and stories (which render
 * synchronously). The site uses the lazy `ACCOUNT_ROUTES`.
 */
import type { RouteObject } from 'react-router';
import { CONTENT_ROUTES_EAGER } from '../content/eager-routes.tsx';
import { SITE_ROUTES_EAGER } from '../site/eager-routes.tsx';
import { PROMOTION_ROUTES_EAGER } from '../promotion/eager-routes.tsx';
import { LoginPage, RegisterPage, RetrievePasswordPage } from './AuthPages.tsx';
import { BillsPage } from './BillsPage.tsx';
import { OrdersPage } from './OrdersPage.tsx';
import { DepositPage, WithdrawPage } from './PaymentPages.tsx';
import { ProfilePage } from './ProfilePage.tsx';
import { guarded } from './lazy.tsx';
import { ProtectionPage } from '../protection/ProtectionPage.tsx';
import { CasinoGamePage, CasinoLobbyPage } from '../casino/pages.tsx';
import { RacingExchangePage, RacingPage, RacingResultsPage, RacingRulesPage } from '../racing/pages.tsx';
import {
  JackpotPage,
  JackpotResultsPage,
  JackpotRulesPage,
  LuckySixPage,
  StringBallPage,
} from '../pool/PoolPages.tsx';

export const ACCOUNT_ROUTES_EAGER: RouteObject[] = [
  { path: 'register', handle: { titleKey: 'titles.register' }, element: guarded('visitor', RegisterPage) },
  { path: 'login', handle: { titleKey: 'titles.login' }, element: guarded('visitor', LoginPage) },
  {
    path: 'min_retrieve_password',
    handle: { titleKey: 'titles.retrieve_password' },
    element: guarded('visitor', RetrievePasswordPage),
  },
  {
    path: 'reset_password',
    handle: { titleKey: 'titles.retrieve_password' },
    element: guarded('visitor', RetrievePasswordPage),
  },
  { path: 'user_info', handle: { titleKey: 'titles.user_info' }, element: guarded('player', ProfilePage) },
  { path: 'order', handle: { titleKey: 'titles.order' }, element: guarded('player', OrdersPage) },
  { path: 'user_bill', handle: { titleKey: 'titles.user_bill' }, element: guarded('player', BillsPage) },
  {
    path: 'pay_recharge',
    handle: { titleKey: 'titles.pay_recharge' },
    element: guarded('player', DepositPage),
  },
  {
    path: 'user_withdraw',
    handle: { titleKey: 'titles.user_withdraw' },
    element: guarded('player', WithdrawPage),
  },
  ...CONTENT_ROUTES_EAGER,
  { path: 'casino', handle: { titleKey: 'casino.title' }, element: guarded('any', CasinoLobbyPage) },
  { path: 'casino/game', handle: { titleKey: 'casino.title' }, element: guarded('any', CasinoGamePage) },
  ...SITE_ROUTES_EAGER,
  {
    path: 'responsible_gambling',
    handle: { titleKey: 'protection.title' },
    element: guarded('player', ProtectionPage),
  },
  { path: 'racing_car/racing', handle: { titleKey: 'racing.title' }, element: guarded('any', RacingPage) },
  {
    path: 'racing_car/results',
    handle: { titleKey: 'racing.tabs.results' },
    element: guarded('any', RacingResultsPage),
  },
  {
    path: 'racing_car/rules',
    handle: { titleKey: 'racing.tabs.rules' },
    element: guarded('any', RacingRulesPage),
  },
  {
    path: 'racing_car/exchange',
    handle: { titleKey: 'racing.tabs.exchange' },
    element: guarded('player', RacingExchangePage),
  },
  ...PROMOTION_ROUTES_EAGER,
  {
    path: 'string_ball',
    handle: { titleKey: 'pool.titles.jackpot' },
    element: guarded('any', StringBallPage),
  },
  {
    path: 'string_ball/jackpot',
    handle: { titleKey: 'pool.titles.jackpot' },
    element: guarded('any', JackpotPage),
  },
  {
    path: 'string_ball/results',
    handle: { titleKey: 'pool.titles.results' },
    element: guarded('any', JackpotResultsPage),
  },
  {
    path: 'string_ball/rules',
    handle: { titleKey: 'pool.titles.rules' },
    element: guarded('any', JackpotRulesPage),
  },
  {
    path: 'guess_score',
    handle: { titleKey: 'pool.titles.luckySix' },
    element: guarded('any', LuckySixPage),
  },
];
