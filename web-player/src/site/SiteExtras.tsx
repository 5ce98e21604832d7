/**
 * The layout's extra pieces (spec §2 Layout; issue 16 point 3), on the first screen:
 *
 * - the scrolling notice bar (rotation type 18, `noticeBar`), still when the player asks for reduced
 *   motion;
 * - the contact list (type 1, `contactList`) and social links (type 20, `socialLinks`) at the end of
 *   the left menu;
 * - the footer's app-download link, social icons and the build time (East Africa Time);
 * - the floating buttons: download the app (`/app_download.html`) and the support chat with its unread
 *   badge (`supportThread.unread`, re-read whenever the inbox's pushed unread count moves; visitors go
 *   to the `/SMS` message form).
 *
 * Views take loaded data (tests render them directly); `useSiteExtras` loads it in the site's language.
 * Only the notice bar and the data hook are in the first load; the other pieces are drawn by
 * `parts.tsx`, a chunk of its own loaded right after (`Lazy*` below): the first paint does not wait
 * for them (docs/benchmarks.md "bench:web").
 */
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { SiteExtrasDocument, type SiteExtrasQuery } from '../graphql/generated.ts';
import './pwa.ts';
import './site.css';

/** The page of the installable app (spec §2 /app_download.html). */
export const APP_DOWNLOAD_PATH = '/app_download.html';
/** The support chat of a logged-in player (issue 16 point 3). */
export const SUPPORT_CHAT_PATH = '/support_chat';
/** Visitors write to customer service on the message form (spec §2 /SMS). */
export const VISITOR_SUPPORT_PATH = '/SMS';

declare const __BUILD_TIME__: string | undefined;
/** When the bundle was built (ISO 8601), set by vite.config.ts; null in tests and stories. */
export const BUILD_TIME: string | null = typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : null;

/** `YYYY-MM-DD HH:mm` of an instant in East Africa Time (UTC+3, no daylight saving). */
export const eatStamp = (iso: string): string =>
  new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The notice bar, contact list and social links in the site's language (one query). */
export const useSiteExtras = (): SiteExtrasQuery | undefined => {
  const { i18n } = useTranslation();
  const [result] = useQuery({ query: SiteExtrasDocument, variables: { language: i18n.language } });
  return result.data;
};

type Notices = SiteExtrasQuery['noticeBar'];

/** The scrolling notice bar; nothing when there is no notice. */
export function NoticeBar({ notices }: { readonly notices: Notices | undefined }) {
  const { t } = useTranslation();
  const text = (notices ?? []).map((n) => n.note.trim()).filter(Boolean);
  if (text.length === 0) return null;
  return (
    <section className="noticebar" aria-label={t('site.notice')}>
      <span className="noticebar__icon">
        <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M3 10v4h3l6 4.5v-13L6 10zm12.5-2.5a6 6 0 0 1 0 9l-1.4-1.4a4 4 0 0 0 0-6.2z" />
        </svg>
      </span>
      <div className="noticebar__track">
        <p className="noticebar__text">
          <span className="noticebar__copy">
            {text.map((note, i) => (
              <span key={i}>{note}</span>
            ))}
          </span>
          <span className="noticebar__copy" aria-hidden="true">
            {text.map((note, i) => (
              <span key={i}>{note}</span>
            ))}
          </span>
        </p>
      </div>
    </section>
  );
}

const parts = () => import('./parts.tsx');
type Parts = Awaited<ReturnType<typeof parts>>;
type PartName = 'ContactList' | 'FooterExtras' | 'Floats' | 'JackpotBanner';

/** A component of parts.tsx drawn once its chunk is in (nothing before): one wrapper for every part. */
const lazyPart = <K extends PartName>(name: K) => {
  type Props = ComponentProps<Parts[K]> & object;
  const Part = lazy(() => parts().then((m) => ({ default: m[name] as unknown as ComponentType<Props> })));
  return function LazyPart(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
};

/** The left menu's contact list and social links (parts.tsx `ContactList`), once its chunk is in. */
export const LazyContactList = lazyPart('ContactList');

/** The footer's app link, social icons and build time (parts.tsx `FooterExtras`). */
export const LazyFooterExtras = lazyPart('FooterExtras');

/** The floating app-download and support-chat buttons (parts.tsx `Floats`). */
export const LazyFloats = lazyPart('Floats');

/** The live jackpot banner (spec §2; pool/JackpotBanner.tsx through parts.tsx), once its chunk is in. */
export const LazyJackpotBanner = lazyPart('JackpotBanner');
