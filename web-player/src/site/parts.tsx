/**
 * The layout's extra pieces that need not be in the first paint (issue 16 point 3; loaded by
 * SiteExtras.tsx `Lazy*`): the left menu's contact list (rotation type 1) and social links (type 20),
 * the footer's app link, social icons and build time, and the floating app-download and support-chat
 * buttons, the chat's unread badge re-read whenever the inbox's pushed unread count moves.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useQuery } from 'urql';
import { SiteSupportThreadDocument, type SiteExtrasQuery } from '../graphql/generated.ts';
import { isSiteIcon, SiteIcon } from './icons.tsx';
import './parts.css';
import {
  APP_DOWNLOAD_PATH,
  BUILD_TIME,
  eatStamp,
  SUPPORT_CHAT_PATH,
  VISITOR_SUPPORT_PATH,
} from './SiteExtras.tsx';
import { RealityCheckHost } from '../protection/RealityCheckHost.tsx';

type Contacts = SiteExtrasQuery['contactList'];
type Socials = SiteExtrasQuery['socialLinks'];

/** Social icons linking out (new tab, no referrer). */
export function SocialLinks({ links }: { readonly links: Socials | undefined }) {
  const { t } = useTranslation();
  if (!links?.length) return null;
  return (
    <ul className="social" aria-label={t('site.social')}>
      {links.map((s) => (
        <li key={s.id}>
          <a
            href={s.link ?? '#'}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={s.title}
            title={s.title}
          >
            {isSiteIcon(s.note) ? <SiteIcon name={s.note} /> : s.title.slice(0, 2)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The end of the left menu: contact numbers (tap to call) and social links. */
export function ContactList({
  contacts,
  social,
}: {
  readonly contacts: Contacts | undefined;
  readonly social: Socials | undefined;
}) {
  const { t } = useTranslation();
  if (!contacts?.length && !social?.length) return null;
  return (
    <section className="contacts">
      <h3 className="leftmenu__title">{t('site.contacts')}</h3>
      {contacts?.map((c) => (
        <a
          key={c.id}
          className="leftmenu__item contacts__phone"
          href={`tel:${c.note.replace(/[^+\d]/g, '')}`}
          aria-label={t('site.call', { number: c.note })}
        >
          <SiteIcon name="phone" size={18} /> <span className="leftmenu__name">{c.note}</span>
        </a>
      ))}
      <SocialLinks links={social} />
    </section>
  );
}

/** The footer's pieces: app download, social icons, build time. */
export function FooterExtras({
  social,
  buildTime = BUILD_TIME,
}: {
  readonly social: Socials | undefined;
  readonly buildTime?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="footer-extras">
      <Link to={APP_DOWNLOAD_PATH} className="footer-extras__app">
        <SiteIcon name="download" size={18} /> {t('site.appLink')}
      </Link>
      <SocialLinks links={social} />
      {buildTime && (
        <p className="footer-extras__build">
          {t('site.buildTime', { time: eatStamp(buildTime), interpolation: { escapeValue: false } })}
        </p>
      )}
    </div>
  );
}

/** The floating buttons over a view's data: app download and the support chat with its badge. */
export function FloatButtons({ loggedIn, unread }: { readonly loggedIn: boolean; readonly unread: number }) {
  const { t } = useTranslation();
  // Neither button on the page it opens.
  const { pathname } = useLocation();
  const chatPath = loggedIn ? SUPPORT_CHAT_PATH : VISITOR_SUPPORT_PATH;
  return (
    <div className="floats">
      {pathname !== chatPath && (
        <Link to={chatPath} className="float float--chat">
          <SiteIcon name="chat" size={22} />
          <span className="float__label">{t('site.float.chat')}</span>
          <span className="sr-only">{t('site.float.chatLabel')}</span>
          {unread > 0 && (
            <span className="badge float__badge" aria-label={t('site.float.unread', { count: unread })}>
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Link>
      )}
      {pathname !== APP_DOWNLOAD_PATH && (
        <Link to={APP_DOWNLOAD_PATH} className="float float--app">
          <SiteIcon name="download" size={22} />
          <span className="float__label">{t('site.float.app')}</span>
          <span className="sr-only">{t('site.float.appLabel')}</span>
        </Link>
      )}
    </div>
  );
}

/**
 * The support answers the player has not read: `supportThread.unread`, read again whenever `inboxUnread`
 * (the header badge's pushed count) changes. 0 for visitors.
 */
export const useSupportUnread = (loggedIn: boolean, inboxUnread: number): number => {
  const [result, reexecute] = useQuery({ query: SiteSupportThreadDocument, pause: !loggedIn });
  useEffect(() => {
    if (loggedIn) reexecute({ requestPolicy: 'network-only' });
  }, [loggedIn, inboxUnread, reexecute]);
  return loggedIn ? (result.data?.supportThread.unread ?? 0) : 0;
};

/** The floating buttons with their data. */
export function Floats({
  loggedIn,
  inboxUnread,
}: {
  readonly loggedIn: boolean;
  readonly inboxUnread: number;
}) {
  return (
    <>
      <FloatButtons loggedIn={loggedIn} unread={useSupportUnread(loggedIn, inboxUnread)} />
      {/* The reality check (issue 23) rides in this on-demand module: the first load has no room. */}
      <RealityCheckHost loggedIn={loggedIn} />
    </>
  );
}

const PoolBanner = lazy(() =>
  import('../pool/JackpotBanner.tsx').then((m) => ({ default: m.JackpotBanner })),
);

/**
 * The live jackpot banner (pool/JackpotBanner.tsx), drawn by `LazyJackpotBanner`. A chunk of its own
 * loaded from here, so the first load names none of the pool's chunks.
 */
export function JackpotBanner() {
  return (
    <Suspense fallback={null}>
      <PoolBanner />
    </Suspense>
  );
}
