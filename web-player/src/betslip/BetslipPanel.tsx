/**
 * The betslip panel (spec §2 "Betslip panel"): selections, totals, pay type, stake with its limits on
 * this channel (spec §9), accept box, submit, remove all, booking-code entry when empty. Small and dumb:
 * it shows the machine's snapshot and sends its events; every rule is in `machine.ts`.
 */
import { EVENT_STATUS, PAY_TYPE_BALANCE } from '@bashiri/domain';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatTzs } from '@bashiri/web-shared';
import { useMarketNames } from '../matches/market-names.ts';
import type { betslipMachine } from './machine.ts';
import {
  selectAwaitingLiveAcceptance,
  selectCanSubmit,
  selectStakeLimits,
  selectTotals,
} from './selectors.ts';
import './betslip.css';

/** The running betslip actor. */
export type BetslipActor = ActorRefFrom<typeof betslipMachine>;

/** Copies text to the clipboard; answers the message key to show (spec §8 copy success / unsupported). */
const copy = async (text: string): Promise<string> => {
  try {
    await navigator.clipboard.writeText(text);
    return 'messages.copySuccess';
  } catch {
    return 'messages.copyUnsupported';
  }
};

/**
 * The panel of one betslip actor. `onLoginNeeded` is called instead of submitting while the player is
 * a visitor (the layout sends them to `/login`).
 */
export function BetslipPanel({
  actor,
  onLoginNeeded,
}: {
  readonly actor: BetslipActor;
  readonly onLoginNeeded?: () => void;
}) {
  const { t } = useTranslation();
  // Home and Away (spec §4), the catalogue's Draw, Yes/No, Over/Under and market names translated
  const names = useMarketNames();
  const snapshot = useSelector(actor, (s) => s);
  const [code, setCode] = useState('');
  const [copied, setCopied] = useState<string | null>(null);
  const c = snapshot.context;
  const totals = selectTotals(c);
  const busy = snapshot.matches('submitting');
  // A live bet is held by the server for the rolling-bet delay (spec §9) before it is accepted.
  const awaitingLive = selectAwaitingLiveAcceptance(c, busy);
  // The limits of this pay type on this layout's channel (spec §9 min and max bet for mobile and desktop).
  const limits = selectStakeLimits(c);

  return (
    <section className="betslip" aria-label={t('betslip.title')}>
      <header className="betslip__head">
        <h2>{t('betslip.title')}</h2>
        <span className="betslip__count">{t('betslip.count', { count: c.items.length })}</span>
        {c.items.length > 0 && (
          <button type="button" onClick={() => actor.send({ type: 'SHARE' })}>
            {t('betslip.share')}
          </button>
        )}
      </header>
      {c.shared && (
        <div className="betslip__shared" role="dialog" aria-label={t('betslip.share')}>
          <p>
            {t('betslip.bookingCode')}: <strong data-testid="booking-code">{c.shared.code}</strong>
          </p>
          <p className="betslip__link">{c.shared.link}</p>
          <button type="button" onClick={() => void copy(c.shared?.link ?? '').then(setCopied)}>
            {t('betslip.copyLink')}
          </button>
          <button type="button" onClick={() => void copy(c.shared?.code ?? '').then(setCopied)}>
            {t('betslip.copyCode')}
          </button>
          {copied && <span className="betslip__copied">{t(copied)}</span>}
        </div>
      )}
      {c.notice && (
        <p className={`betslip__notice betslip__notice--${c.notice.kind}`} role="status">
          {t(`codes.${c.notice.code}`, c.notice.values)}
        </p>
      )}
      {awaitingLive && (
        <p className="betslip__awaiting" role="status" aria-live="polite">
          {t('betslip.awaitingLive')}
        </p>
      )}

      {c.items.length === 0 ? (
        <form
          className="betslip__code"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'LOAD_CODE', code });
          }}
        >
          <p>{t('betslip.empty')}</p>
          <input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={t('betslip.bookingCodePlaceholder')}
            aria-label={t('betslip.bookingCode')}
          />
          <button type="submit">{t('betslip.loadCode')}</button>
        </form>
      ) : (
        <ul className="betslip__items">
          {c.items.map((item) => (
            <li
              key={item.selectionId}
              className={item.available ? 'betslip__item' : 'betslip__item is-paused'}
            >
              <div className="betslip__teams">
                {item.home} – {item.away}
                {item.eventStatus === EVENT_STATUS.LIVE && (
                  <span className="betslip__live">{t('betslip.live')}</span>
                )}
              </div>
              <div className="betslip__market">{names.market(item.marketName)}</div>
              <div className="betslip__pick">
                <span>{names.outcome(item.selectionName)}</span>
                <strong>{item.odds}</strong>
                <button
                  type="button"
                  aria-label={t('betslip.remove')}
                  onClick={() => actor.send({ type: 'REMOVE', selectionId: item.selectionId })}
                >
                  ×
                </button>
              </div>
              {!item.available && <div className="betslip__pause">{t('betslip.paused')}</div>}
              {item.errorCode && <div className="betslip__tip">{t(`codes.${item.errorCode}`)}</div>}
            </li>
          ))}
        </ul>
      )}

      {/* No totals for an empty slip: "payout after tax 1,000" with nothing on it would mislead. */}
      {c.items.length > 0 && (
        <dl className="betslip__totals">
          <dt>{t('betslip.totalOdds')}</dt>
          <dd>{totals.totalOdds}</dd>
          <dt>{t('betslip.amount')}</dt>
          <dd>{formatTzs(totals.stake)}</dd>
          <dt>{t('betslip.profit')}</dt>
          <dd>{formatTzs(totals.profit)}</dd>
          {/* The acca bonus (string reward, spec §2, §5) as soon as a tier applies, the tier named. */}
          {totals.rewardPercent > 0 && (
            <>
              <dt className="betslip__reward">
                {t('betslip.rewardTier', {
                  count: totals.qualifyingSelections,
                  percent: totals.rewardPercent,
                })}
              </dt>
              <dd>{formatTzs(totals.reward)}</dd>
            </>
          )}
          <dt>{t('betslip.tax')}</dt>
          <dd>{formatTzs(totals.tax)}</dd>
          <dt>{t('betslip.afterTax')}</dt>
          <dd>{formatTzs(totals.afterTaxAmount)}</dd>
        </dl>
      )}

      <fieldset className="betslip__pay">
        <legend>{t('betslip.payWith')}</legend>
        {([1, 2] as const).map((payType) => (
          <label key={payType}>
            <input
              type="radio"
              name="payType"
              checked={c.payType === payType}
              onChange={() => actor.send({ type: 'SET_PAY_TYPE', payType })}
            />
            {payType === PAY_TYPE_BALANCE ? t('betslip.payBalance') : t('betslip.payCredit')}
          </label>
        ))}
      </fieldset>

      <div className="betslip__amount">
        <button
          type="button"
          aria-label={t('betslip.decrease')}
          onClick={() => actor.send({ type: 'STEP_AMOUNT', direction: -1 })}
        >
          −
        </button>
        <input
          inputMode="numeric"
          aria-label={t('betslip.amount')}
          value={c.amount}
          onChange={(e) =>
            actor.send({ type: 'SET_AMOUNT', amount: Number(e.target.value.replace(/\D/g, '')) })
          }
        />
        <button
          type="button"
          aria-label={t('betslip.increase')}
          onClick={() => actor.send({ type: 'STEP_AMOUNT', direction: 1 })}
        >
          +
        </button>
      </div>
      <p className="betslip__limits" data-testid="stake-limits">
        {t('betslip.stakeLimits', { min: formatTzs(limits.minimum), max: formatTzs(limits.maximum) })}
      </p>
      {/* "You can stake X more today" (issue 23): filled on demand by protection/StakeLeft.tsx */}
      <div id="betslip-room" />

      <label className="betslip__accept">
        <input
          type="checkbox"
          checked={c.acceptOddsChanges}
          onChange={(e) => actor.send({ type: 'SET_ACCEPT_ODDS', accept: e.target.checked })}
        />
        {t('betslip.acceptOdds')}
      </label>

      {/* The duplicate-bet question as a dialog over the slip (spec §5, §8; issue 16 item 5): it says
          what it waits for; a change of the slip behind it cancels it (machine.ts). */}
      {snapshot.matches('confirmingDuplicate') && (
        <div className="betslip__backdrop">
          <div
            className="betslip__confirm"
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="betslip-duplicate-title"
            aria-describedby="betslip-duplicate-text"
          >
            <h3 id="betslip-duplicate-title">{t('betslip.duplicateTitle')}</h3>
            <p id="betslip-duplicate-text">{t('betslip.duplicateConfirm')}</p>
            <p className="betslip__confirm-hint">{t('betslip.duplicateHint')}</p>
            <div className="betslip__confirm-actions">
              <button type="button" onClick={() => actor.send({ type: 'CANCEL_DUPLICATE' })}>
                {t('betslip.cancel')}
              </button>
              <button
                type="button"
                className="betslip__submit"
                autoFocus
                onClick={() => actor.send({ type: 'CONFIRM_DUPLICATE' })}
              >
                {t('betslip.confirm')}
              </button>
            </div>
          </div>
        </div>
      )}

      <div className="betslip__actions">
        <button
          type="button"
          onClick={() => actor.send({ type: 'CLEAR' })}
          disabled={c.items.length === 0 || busy}
        >
          {t('betslip.removeAll')}
        </button>
        {snapshot.matches({ ready: 'failed' }) && c.notice?.code === 'NETWORK_ERROR' ? (
          <button type="button" className="betslip__submit" onClick={() => actor.send({ type: 'RETRY' })}>
            {t('betslip.retry')}
          </button>
        ) : (
          <button
            type="button"
            className="betslip__submit"
            onClick={() =>
              !c.account.loggedIn && onLoginNeeded ? onLoginNeeded() : actor.send({ type: 'SUBMIT' })
            }
            disabled={!selectCanSubmit(c) || busy}
          >
            {busy ? t('betslip.submitting') : t('betslip.submit')}
          </button>
        )}
      </div>
    </section>
  );
}
