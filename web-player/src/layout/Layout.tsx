/**
 * The page frame of every route (spec §2 Layout): header and nav (fixed after 99 px), left menu, the
 * routed page, the betslip, footer; above 960 px three columns, below it drawers for the menu (70%) and
 * the betslip (80% under 600 px, else 500 px) and a bottom bar. `/home` is kept alive (spec §2): it is
 * rendered here inside an `<Activity>` that hides it, state and all, while another route shows. When
 * betting is paused the no-bet view replaces the content (spec §4). The page title follows the route's
 * `handle.titleKey` (app/routes.ts).
 */
import { useSelector } from '@xstate/react';
import { Activity, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useServices, useSessionToken } from '../app/services.tsx';
import { documentTitle } from '../app/routes.ts';
import { useRouteTitleKey } from '../app/router.tsx';
import { BetslipPanel } from '../betslip/BetslipPanel.tsx';
import { errorCodeOf } from '@bashiri/web-shared';
import { LayoutLoginDocument, LayoutLogoutDocument } from '../graphql/generated.ts';
import { HomePage } from '../matches/HomePage.tsx';
import { Footer, NoBetView } from './Footer.tsx';
import { BottomBar, Header } from './Header.tsx';
import { LeftMenu } from './LeftMenu.tsx';
import {
  LazyContactList,
  LazyFloats,
  LazyFooterExtras,
  LazyJackpotBanner,
  NoticeBar,
  useSiteExtras,
} from '../site/SiteExtras.tsx';
import {
  useAccountSync,
  useBetConfigSync,
  useBettingPause,
  useSlipLiveSync,
  useUnreadMessages,
} from './sync.ts';
import './layout.css';

/** Spec §2/§9: the nav bar becomes fixed after scrolling past 99 px. */
export const NAV_FIXED_AFTER_PX = 99;

/** Sets `document.title` from the route's `handle.titleKey` (app/router.tsx). */
const useRouteTitle = () => {
  const { t } = useTranslation();
  const key = useRouteTitleKey(useLocation());
  const title = key ? t(key) : undefined;
  useEffect(() => {
    document.title = documentTitle(t('titles.default'), title);
  }, [t, title]);
};

const useScrolledPast = (px: number): boolean => {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
};

/** The layout route's element. */
export function Layout() {
  const { api, betslip, session } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSessionToken();
  useAccountSync();
  useBetConfigSync();
  useSlipLiveSync();
  useRouteTitle();
  const pause = useBettingPause();
  const unread = useUnreadMessages();
  const extras = useSiteExtras();
  const navFixed = useScrolledPast(NAV_FIXED_AFTER_PX);
  const account = useSelector(betslip, (s) => s.context.account);
  const slipCount = useSelector(betslip, (s) => s.context.items.length);
  const [menuOpen, setMenuOpen] = useState(false);
  const [slipOpen, setSlipOpen] = useState(false);
  const isHome = location.pathname === '/home';
  const [homeVisited, setHomeVisited] = useState(isHome);
  useEffect(() => {
    if (isHome) setHomeVisited(true);
    setMenuOpen(false);
  }, [isHome, location.pathname, location.search]);

  const onLogin = useCallback(
    async (phone: string, password: string) => {
      const r = await api.client.mutation(LayoutLoginDocument, { phone, password }).toPromise();
      if (r.data) {
        session.start({ token: r.data.login.token, expiresAt: r.data.login.expiresAt });
        return null;
      }
      return errorCodeOf(r.error) ?? 'INTERNAL';
    },
    [api.client, session],
  );
  const onLogout = useCallback(() => {
    void api.client
      .mutation(LayoutLogoutDocument, {})
      .toPromise()
      .finally(() => {
        session.clear();
        void navigate('/login');
      });
  }, [api.client, navigate, session]);

  const paused = pause?.paused === true;
  return (
    <div className={`app${menuOpen ? ' menu-open' : ''}${slipOpen ? ' slip-open' : ''}`}>
      <Header
        loggedIn={token !== null && account.loggedIn}
        balance={account.balance}
        credit={account.credit}
        reserved={account.reserved ?? 0}
        slipCount={slipCount}
        unread={unread}
        onOpenMenu={() => setMenuOpen(true)}
        onOpenSlip={() => setSlipOpen(true)}
        onLogin={onLogin}
        onLogout={onLogout}
        navFixed={navFixed}
      />
      <div className="body">
        <aside className="drawer drawer--left" aria-hidden={undefined}>
          <LeftMenu onNavigate={() => setMenuOpen(false)} />
          <LazyContactList contacts={extras?.contactList} social={extras?.socialLinks} />
        </aside>
        <main className="content">
          <NoticeBar notices={extras?.noticeBar} />
          <LazyJackpotBanner />
          {paused ? (
            <NoBetView prompt={pause.prompt} />
          ) : (
            <>
              {homeVisited && (
                <Activity mode={isHome ? 'visible' : 'hidden'}>
                  <HomePage />
                </Activity>
              )}
              <Outlet />
            </>
          )}
          <Footer>
            <LazyFooterExtras social={extras?.socialLinks} />
          </Footer>
        </main>
        <aside className="drawer drawer--right">
          <button type="button" className="drawer__close narrow-only" onClick={() => setSlipOpen(false)}>
            ×
          </button>
          <BetslipPanel
            actor={betslip}
            onLoginNeeded={() => {
              setSlipOpen(false);
              void navigate('/login');
            }}
          />
        </aside>
      </div>
      <div
        className="scrim"
        onClick={() => {
          setMenuOpen(false);
          setSlipOpen(false);
        }}
      />
      <BottomBar
        loggedIn={token !== null}
        slipCount={slipCount}
        onOpenMenu={() => setMenuOpen(true)}
        onOpenSlip={() => setSlipOpen(true)}
      />
      <LazyFloats loggedIn={token !== null && account.loggedIn} inboxUnread={unread} />
    </div>
  );
}
