/**
 * Content routes (spec §2): `/message` (logged-in only: a visitor goes to /register), `/rich_text`,
 * `/artcol`, `/help`, `/SMS`, `/promotion`, `/privacy_policy`. Mounted by `ACCOUNT_ROUTES`; the pages
 * load on first visit.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../account/lazy.tsx';

const pages = () => import('./pages.tsx');

export const CONTENT_ROUTES: RouteObject[] = [
  lazyPage('message', 'player', 'titles.message', () => pages().then((m) => m.MessagesPage)),
  lazyPage('rich_text', 'any', 'titles.rich_text', () => pages().then((m) => m.RichTextPage)),
  lazyPage('artcol', 'any', 'titles.artcol', () => pages().then((m) => m.DocumentsPage)),
  lazyPage('help', 'any', 'titles.help', () => pages().then((m) => m.HelpPage)),
  lazyPage('SMS', 'any', 'content.sms.title', () => pages().then((m) => m.SmsPage)),
  lazyPage('promotion', 'any', 'titles.promotion', () => pages().then((m) => m.PromotionsPage)),
  lazyPage('privacy_policy', 'any', 'titles.privacy_policy', () => pages().then((m) => m.PrivacyPolicyPage)),
];
