/**
 * The account and content pages of the player site (spec §2), registered into the router
 * (app/router.tsx) as `ACCOUNT_ROUTES`. Each route carries its page title as `handle.titleKey`.
 * Placeholders until the account pages land (owned by the account helper, who replaces this file).
 */
import { useTranslation } from 'react-i18next';
import { useMatches, type RouteObject } from 'react-router';

/** A page that shows only its title. */
function Placeholder() {
  const { t } = useTranslation();
  const key =
    (useMatches().at(-1)?.handle as { titleKey?: string } | undefined)?.titleKey ?? 'titles.default';
  return (
    <section className="page">
      <h1>{t(key)}</h1>
    </section>
  );
}

const page = (path: string, titleKey: string): RouteObject => ({
  path,
  element: <Placeholder />,
  handle: { titleKey },
});

/** The account and content routes. */
export const ACCOUNT_ROUTES: RouteObject[] = [
  page('/order', 'titles.order'),
  page('/register', 'titles.register'),
  page('/login', 'titles.login'),
  page('/min_retrieve_password', 'titles.retrieve_password'),
  page('/reset_password', 'titles.retrieve_password'),
  page('/pay_recharge', 'titles.pay_recharge'),
  page('/user_bill', 'titles.user_bill'),
  page('/user_withdraw', 'titles.user_withdraw'),
  page('/user_info', 'titles.user_info'),
  page('/message', 'titles.message'),
  page('/rich_text', 'titles.rich_text'),
  page('/artcol', 'titles.artcol'),
  page('/help', 'titles.help'),
  page('/SMS', 'titles.message'),
  page('/promotion', 'titles.promotion'),
  page('/privacy_policy', 'titles.privacy_policy'),
];
