/**
 * The footer (spec §2 Layout): licence text, 18+ notice, responsible-gambling link and nav links, then
 * the app download, social icons and build time passed in by the layout.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from './icons.tsx';

/** Rich-text page of responsible gambling (spec §2 /rich_text, "titled Responsible Gambling"). */
export const RESPONSIBLE_GAMBLING_PATH = '/rich_text?type=9';

/** `children`: the app-download link, social icons and build time (site/SiteExtras.tsx `FooterExtras`). */
export function Footer({ children }: { readonly children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <nav className="footer__links">
        <Link to={RESPONSIBLE_GAMBLING_PATH}>{t('layout.footer.responsible')}</Link>
        <Link to="/artcol?type=14">{t('layout.footer.rules')}</Link>
        <Link to="/help">{t('layout.footer.help')}</Link>
        <Link to="/privacy_policy">{t('layout.footer.privacy')}</Link>
      </nav>
      {children}
      <p>
        <span className="footer__18">18+</span> {t('layout.footer.adults')}
      </p>
      <p className="footer__licence">{t('layout.footer.licence')}</p>
      <p className="footer__copy">© Bashiri</p>
    </footer>
  );
}

/** The no-bet view (spec §4 "Betting pause"): the pause prompt instead of the content. */
export function NoBetView({ prompt }: { readonly prompt: string }) {
  const { t } = useTranslation();
  return (
    <section className="nobet" role="alert">
      <div className="nobet__icon">
        <Icon name="pause" size={48} />
      </div>
      <h1>{t('layout.paused.title')}</h1>
      <p>{prompt.trim() || t('layout.paused.fallback')}</p>
    </section>
  );
}
