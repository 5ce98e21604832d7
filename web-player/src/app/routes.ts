/**
 * Player routes (spec §2 "Screens and routes"): hash-based, `/` → `/home`, unmatched → `/404`, a title
 * per route (`titles.*` keys, carried as the route's `handle.titleKey`) and the default title elsewhere.
 * Jackpot, Lucky Six, racing, casino, cash-out and referrals are left out until their issues (issue 7).
 */

/** A route's handle: the i18n key of its page title (read by the layout). */
export interface RouteHandle {
  readonly titleKey: string;
}

/** The document title of a page: `<page> | Bashiri`, or the default title alone. */
export const documentTitle = (defaultTitle: string, pageTitle?: string): string =>
  pageTitle ? `${pageTitle} | Bashiri` : defaultTitle;
