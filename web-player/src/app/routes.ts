/**
 * Player routes (spec §2 "Screens and routes"): hash-based, `/` → `/home`, unmatched → `/404`, a title
 * per route (`titles.*` keys) and the default title elsewhere.
 */

/** A route of the shell: its path and the i18n key of its page title. */
export interface RouteEntry {
  readonly path: string;
  readonly titleKey: string;
}

/** Every routed screen of spec §2 the next session fills in. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/home', titleKey: 'titles.home' },
  { path: '/ready_start', titleKey: 'titles.ready_start' },
  { path: '/rolling_ball', titleKey: 'titles.rolling_ball' },
  { path: '/search_result', titleKey: 'titles.search_result' },
  { path: '/markets', titleKey: 'titles.markets' },
  { path: '/order', titleKey: 'titles.order' },
  { path: '/string_ball/*', titleKey: 'titles.string_ball' },
  { path: '/guess_score', titleKey: 'titles.guess_score' },
  { path: '/register', titleKey: 'titles.register' },
  { path: '/login', titleKey: 'titles.login' },
  { path: '/min_retrieve_password', titleKey: 'titles.retrieve_password' },
  { path: '/reset_password', titleKey: 'titles.retrieve_password' },
  { path: '/pay_recharge', titleKey: 'titles.pay_recharge' },
  { path: '/user_bill', titleKey: 'titles.user_bill' },
  { path: '/user_withdraw', titleKey: 'titles.user_withdraw' },
  { path: '/user_info', titleKey: 'titles.user_info' },
  { path: '/league_search', titleKey: 'titles.league_search' },
  { path: '/competition_search', titleKey: 'titles.competition_search' },
  { path: '/national_competition', titleKey: 'titles.national_competition' },
  { path: '/message', titleKey: 'titles.message' },
  { path: '/rich_text', titleKey: 'titles.rich_text' },
  { path: '/artcol', titleKey: 'titles.artcol' },
  { path: '/help', titleKey: 'titles.help' },
  { path: '/promotion', titleKey: 'titles.promotion' },
  { path: '/event_page', titleKey: 'titles.event_page' },
  { path: '/my_referrals', titleKey: 'titles.my_referrals' },
  { path: '/super', titleKey: 'titles.super' },
  { path: '/purse', titleKey: 'titles.purse' },
  { path: '/privacy_policy', titleKey: 'titles.privacy_policy' },
  { path: '/casino', titleKey: 'titles.casino' },
  { path: '/404', titleKey: 'titles.notFound' },
];

/** The document title of a page: `<page> | Bashiri`, or the default title alone. */
export const documentTitle = (defaultTitle: string, pageTitle?: string): string =>
  pageTitle ? `${pageTitle} | Bashiri` : defaultTitle;
