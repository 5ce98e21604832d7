/**
 * Routes of the pool games (spec §2): `/string_ball` (→ `/string_ball/jackpot`), its children jackpot,
 * results and rules, and `/guess_score` (Lucky Six). Mounted with the account routes (account/routes.tsx),
 * each page loaded on its first visit.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../account/lazy.tsx';

const pages = () => import('./PoolPages.tsx');

export const POOL_ROUTES: RouteObject[] = [
  lazyPage('string_ball', 'any', 'pool.titles.jackpot', () => pages().then((m) => m.StringBallPage)),
  lazyPage('string_ball/jackpot', 'any', 'pool.titles.jackpot', () => pages().then((m) => m.JackpotPage)),
  lazyPage('string_ball/results', 'any', 'pool.titles.results', () =>
    pages().then((m) => m.JackpotResultsPage),
  ),
  lazyPage('string_ball/rules', 'any', 'pool.titles.rules', () => pages().then((m) => m.JackpotRulesPage)),
  lazyPage('guess_score', 'any', 'pool.titles.luckySix', () => pages().then((m) => m.LuckySixPage)),
];
