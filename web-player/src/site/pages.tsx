/**
 * Pages of the layout's extras, loaded on demand (their own chunk):
 *
 * - `/app_download.html` (spec §2 "App download"): the installable web app (PWA: manifest, icons,
 *   offline shell by the service worker of vite.config.ts) — the install button where the browser
 *   offers it, and the steps for Android, iPhone and computers;
 * - `/support_chat` (spec §2 "support chat", "customer-service message dialog"): the player's thread
 *   with customer service (`supportThread`): their message-board posts and the answers sent to them;
 *   opening it marks the answers read (`markMessageRead`, which also moves the header badge).
 */
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { errorCodeOf } from '@bashiri/web-shared';
import {
  SiteSupportPostDocument,
  SiteSupportReadDocument,
  SiteSupportThreadDocument,
  type SiteSupportThreadQuery,
} from '../graphql/generated.ts';
import { installPrompt, onInstallPromptChange, promptInstall, runningInstalled } from './pwa.ts';
import { eatStamp } from './SiteExtras.tsx';
import './pages.css';

/** `/app_download.html`. */
export function AppDownloadPage() {
  const { t } = useTranslation();
  const offer = useSyncExternalStore(onInstallPromptChange, installPrompt, () => null);
  const [done, setDone] = useState(false);
  const installed = runningInstalled();
  return (
    <section className="page app-page">
      <div className="app-page__hero">
        <img src="/icons/icon-192.png" alt="" width={72} height={72} />
        <div>
          <h1>{t('sitePages.app.title')}</h1>
          <p>{t('sitePages.app.intro')}</p>
        </div>
      </div>
      {installed ? (
        <p role="status">{t('sitePages.app.installed')}</p>
      ) : done ? (
        <p role="status">{t('sitePages.app.ready')}</p>
      ) : (
        offer && (
          <button
            type="button"
            className="app-page__install"
            onClick={() => void promptInstall().then(setDone)}
          >
            {t('sitePages.app.install')}
          </button>
        )
      )}
      <h2>{t('sitePages.app.howTitle')}</h2>
      <ul className="app-page__steps">
        <li>{t('sitePages.app.android')}</li>
        <li>{t('sitePages.app.ios')}</li>
        <li>{t('sitePages.app.desktop')}</li>
      </ul>
      <p>{t('sitePages.app.offline')}</p>
    </section>
  );
}

type Entry = SiteSupportThreadQuery['supportThread']['entries'][number];

/** The thread over loaded entries (tests render it directly). */
export function SupportThreadView({
  entries,
  onSend,
}: {
  readonly entries: readonly Entry[];
  /** Sends a message; answers an error code, or null when sent. */
  readonly onSend: (text: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    const code = await onSend(content);
    setSending(false);
    if (code) setError(code === 'RATE_LIMITED' ? t('sitePages.chat.tooMany') : t('sitePages.chat.failed'));
    else {
      setError(null);
      setText('');
    }
  };
  return (
    <section className="page chat">
      <h1>{t('sitePages.chat.title')}</h1>
      <p className="chat__meta">{t('sitePages.chat.intro')}</p>
      {entries.length === 0 ? (
        <p>{t('sitePages.chat.empty')}</p>
      ) : (
        <ol className="chat__list">
          {entries.map((e) => (
            <li
              key={`${e.from}-${e.id}`}
              className={`chat__line chat__line--${e.from === 'PLAYER' ? 'player' : 'support'}${e.read ? '' : ' chat__line--unread'}`}
            >
              <div className="chat__meta">
                {e.from === 'PLAYER' ? t('sitePages.chat.you') : e.title || t('sitePages.chat.support')} ·{' '}
                {eatStamp(e.at)}
              </div>
              <p className="chat__text">{e.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="chat__form" onSubmit={(e) => void submit(e)}>
        <textarea
          aria-label={t('sitePages.chat.placeholder')}
          placeholder={t('sitePages.chat.placeholder')}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" disabled={sending || text.trim() === ''}>
          {sending ? t('sitePages.chat.sending') : t('sitePages.chat.send')}
        </button>
      </form>
      {error && (
        <p className="chat__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** `/support_chat` (players). */
export function SupportChatPage() {
  const [result, reexecute] = useQuery({
    query: SiteSupportThreadDocument,
    requestPolicy: 'cache-and-network',
  });
  const [, post] = useMutation(SiteSupportPostDocument);
  const [, markRead] = useMutation(SiteSupportReadDocument);
  const entries = result.data?.supportThread.entries ?? [];
  const unreadIds = entries.filter((e) => e.from === 'SUPPORT' && !e.read).map((e) => e.id);
  const unreadKey = unreadIds.join(',');
  useEffect(() => {
    if (!unreadKey) return;
    void Promise.all(unreadKey.split(',').map((id) => markRead({ id }))).then(() =>
      reexecute({ requestPolicy: 'network-only' }),
    );
  }, [unreadKey, markRead, reexecute]);
  return (
    <SupportThreadView
      entries={entries}
      onSend={async (content) => {
        const r = await post({ content });
        if (r.error) return errorCodeOf(r.error) ?? 'INTERNAL';
        reexecute({ requestPolicy: 'network-only' });
        return null;
      }}
    />
  );
}
