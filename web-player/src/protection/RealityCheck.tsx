/**
 * The reality check (issue 23; docs/responsible-gambling.md "Reality check"): every N minutes of play
 * (the player's choice, default 60) a dialog shows the time played, the stakes and the net result of the
 * session, with "continue" and "log out". The server says when the next one is due (`myRealityCheck`,
 * counted from the session's start or the last one acknowledged, kept in this tab's sessionStorage).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { useLogout } from '../account/common.tsx';
import type { ProtectionRealityCheckQuery } from '../graphql/generated.ts';
import { loadFeatureTexts } from '../i18n/site.ts';
import { formatTzs } from '@bashiri/web-shared';
import { REALITY_CHECK } from './documents.ts';
import './protection.css';

const LAST_SHOWN = 'bashiri.realityCheck.lastShownAt';
/** Longest single wait (setTimeout's limit is ~24.8 days; re-asked well before). */
const MAX_WAIT_MS = 3_600_000;

type Figures = ProtectionRealityCheckQuery['myRealityCheck'];

const lastShown = (): string | null => {
  try {
    return sessionStorage.getItem(LAST_SHOWN);
  } catch {
    return null;
  }
};

/** The timer and, when due, the dialog. */
export default function RealityCheck() {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const { logout } = useLogout();
  const [figures, setFigures] = useState<Figures | null>(null);
  const [tick, setTick] = useState(0);

  const ask = useCallback(async () => {
    const result = await client
      .query(REALITY_CHECK, { lastShownAt: lastShown() }, { requestPolicy: 'network-only' })
      .toPromise();
    return result.data?.myRealityCheck ?? null;
  }, [client]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    void ask().then((f) => {
      if (!f || stopped) return;
      const wait = Date.parse(f.nextAt) - Date.now();
      timer = setTimeout(
        () =>
          void (wait > MAX_WAIT_MS
            ? setTick((n) => n + 1)
            : Promise.all([ask(), loadFeatureTexts(i18n)]).then(([now]) => !stopped && setFigures(now))),
        Math.max(0, Math.min(wait, MAX_WAIT_MS)),
      );
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [ask, i18n, tick]);

  if (!figures) return null;
  const carryOn = () => {
    try {
      sessionStorage.setItem(LAST_SHOWN, new Date().toISOString());
    } catch {
      /* private mode: the next check counts from the session start */
    }
    setFigures(null);
    setTick((n) => n + 1);
  };
  return (
    <div className="rg-dialog-backdrop">
      <div className="rg-dialog" role="dialog" aria-modal="true" aria-labelledby="rg-dialog-title">
        <h2 id="rg-dialog-title">{t('protection.dialog.title')}</h2>
        <p>{t('protection.dialog.played', { minutes: figures.minutesPlayed })}</p>
        <p>{t('protection.dialog.stakes', { amount: formatTzs(figures.stakes) })}</p>
        <p>
          {t('protection.dialog.net', {
            amount: `${figures.net < 0 ? '−' : ''}${formatTzs(Math.abs(figures.net))}`,
          })}
        </p>
        <div className="rg-dialog__actions">
          <button type="button" className="acc-button" onClick={carryOn}>
            {t('protection.dialog.continue')}
          </button>
          <button
            type="button"
            className="acc-button acc-button--secondary"
            onClick={() => {
              setFigures(null);
              void logout();
            }}
          >
            {t('protection.dialog.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
