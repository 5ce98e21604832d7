/**
 * Casino routes (issue 22 §5; spec §2 `/casino`): the lobby and the game page. Mounted by
 * `ACCOUNT_ROUTES`; the pages load on first visit (ON_DEMAND in vite.config.ts).
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../account/lazy.tsx';

const pages = () => import('./pages.tsx');

export const CASINO_ROUTES: RouteObject[] = [
  lazyPage('casino', 'any', 'casino.title', () => pages().then((m) => m.CasinoLobbyPage)),
  lazyPage('casino/game', 'any', 'casino.title', () => pages().then((m) => m.CasinoGamePage)),
];
