/**
 * The cash-out panel of one running bet in "my bets" and the bet detail (issue 20 item 3; spec §7
 * `early_settlement_preparation` / `early_settlements`; docs/cash-out.md): the live offer with its tax
 * and net before accepting, presets and a field for a partial cash-out, confirmation, the server's
 * early-settlement hold, the answer, and the automatic cash-out target. Driven by `cashOutMachine`;
 * new offers are pushed by the server (subscription `cashOutOffer`) whenever the bet's matches change
 * them. On demand: not on the site's first load.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createActor } from 'xstate';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { formatMoney } from '@bashiri/web-shared';
import { clearAutoCall, connectedCashOutMachine, offerPushes, setAutoCall } from './api.ts';
import { partError, previewPart, type CashOutStateName } from './machine.ts';
import './cashout.css';

const PRESETS = [25, 50, 75, 100] as const;

/** A part of the running stake: `percent` of it, down to the 100 TZS stake step; 100% = all (null). */
const presetPart = (running: number, percent: number): number | null =>
  percent === 100 ? null : Math.floor((running * percent) / 100 / 100) * 100;

/** The panel; `onPaid` refreshes the page's bet after a cash-out. */
export function CashOutPanel({ betId, onPaid }: { readonly betId: string; readonly onPaid?: () => void }) {
  const { t } = useTranslation();
  const client = useClient();
  // One actor per panel, started with it (useSelector reads it; @xstate/react's useMachine is not on
  // the first load, useSelector is).
  const [actor] = useState(() => createActor(connectedCashOutMachine(client), { input: { betId } }));
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;
  const state = snapshot.value as CashOutStateName;
  const { offer, part, answer, code } = snapshot.context;
  const preview = previewPart(offer, part);
  const [partText, setPartText] = useState('');
  const [targetText, setTargetText] = useState('');
  const [autoNote, setAutoNote] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  // The field follows the machine's part: a re-quote after a partial cash-out resets it to everything.
  useEffect(() => setPartText(part === null ? '' : String(part)), [part]);

  useEffect(() => send({ type: 'QUOTE' }), [send]);
  // Offers pushed by the server when the bet's matches change (subscription cashOutOffer), no polling.
  useEffect(
    () => offerPushes(client, betId, (pushed) => send({ type: 'OFFER', offer: pushed })),
    [client, betId, send],
  );
  // The automatic cash-out fired (server side, decision 0040): the next offer says so.
  const autoFired = offer?.autoFired === true;
  useEffect(() => {
    if (state === 'accepted' || autoFired) onPaid?.();
  }, [state, autoFired, onPaid]);
  useEffect(() => {
    // The visible countdown of an offer being confirmed, and of the server's hold.
    const start = state === 'held' ? (offer?.delaySeconds ?? 0) : state === 'confirming' ? 10 : 0;
    setSeconds(start);
    if (start === 0) return;
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1_000);
    return () => clearInterval(timer);
  }, [state, offer?.delaySeconds]);

  const setPart = (value: number | null) => {
    setPartText(value === null ? '' : String(value));
    send({ type: 'SET_PART', part: value });
  };
  const codeText = (c: string | null) =>
    c ? t(`cashout.codes.${c}`, { defaultValue: t('cashout.unavailable') }) : '';
  const invalidPart = offer?.available ? partError(offer, part) : null;

  const setAuto = async () => {
    const refusal = await setAutoCall(client, betId, Number(targetText));
    setAutoNote(refusal ? codeText(refusal) : null);
    send({ type: 'REFRESH' });
  };
  const clearAuto = async () => {
    await clearAutoCall(client, betId);
    setAutoNote(null);
    send({ type: 'REFRESH' });
  };

  return (
    <section className="co-panel" aria-label={t('cashout.title')} data-state={state}>
      {state === 'quoting' && !offer ? <p className="co-muted">{t('cashout.quoting')}</p> : null}
      {(state === 'offered' || (state === 'quoting' && offer?.available)) && offer?.available ? (
        <>
          <div className="co-parts" role="group" aria-label={t('cashout.part')}>
            {PRESETS.map((p) => {
              const value = presetPart(offer.runningStake, p);
              const disabled = value !== null && partError(offer, value) !== null;
              return (
                <button
                  key={p}
                  type="button"
                  disabled={disabled}
                  aria-pressed={part === value}
                  onClick={() => setPart(value)}
                >
                  {t(`cashout.presets.${p}`)}
                </button>
              );
            })}
            <label className="co-part">
              <span>{t('cashout.part')}</span>
              <input
                inputMode="numeric"
                value={partText}
                placeholder={String(offer.runningStake)}
                onChange={(e) => {
                  setPartText(e.target.value);
                  const n = e.target.value.trim() === '' ? null : Number(e.target.value);
                  send({ type: 'SET_PART', part: n === null || Number.isNaN(n) ? null : n });
                }}
              />
            </label>
          </div>
          {invalidPart ? <p className="co-error">{codeText(invalidPart)}</p> : null}
          {preview ? (
            <div className="co-money">
              <strong className="co-value" data-testid="cashout-value">
                {t('cashout.offer', { value: formatMoney(preview.value) })}
              </strong>
              <span>{t('cashout.tax', { tax: formatMoney(preview.tax) })}</span>
              <span data-testid="cashout-net">{t('cashout.net', { net: formatMoney(preview.net) })}</span>
            </div>
          ) : null}
          <button
            type="button"
            className="co-primary"
            disabled={!preview || state !== 'offered'}
            onClick={() => send({ type: 'CASH_OUT' })}
          >
            {t('cashout.cashOut')}
          </button>
        </>
      ) : null}
      {state === 'confirming' && preview ? (
        <div className="co-confirm">
          <p>{t('cashout.tax', { tax: formatMoney(preview.tax) })}</p>
          <p>{t('cashout.net', { net: formatMoney(preview.net) })}</p>
          <p className="co-muted">{t('cashout.countdown', { seconds })}</p>
          <button type="button" className="co-primary" onClick={() => send({ type: 'CONFIRM' })}>
            {t('cashout.confirm', { value: formatMoney(preview.value) })}
          </button>
          <button type="button" onClick={() => send({ type: 'CANCEL' })}>
            {t('cashout.cancel')}
          </button>
        </div>
      ) : null}
      {state === 'held' ? (
        <p className="co-muted" role="status">
          {t('cashout.held', { seconds })}
        </p>
      ) : null}
      {state === 'accepted' && answer ? (
        <p className="co-ok" role="status" data-testid="cashout-paid">
          {t('cashout.accepted', { net: formatMoney(answer.net ?? 0), tax: formatMoney(answer.tax ?? 0) })}
        </p>
      ) : null}
      {state === 'refused' ? (
        <div className="co-refused" role="alert">
          <p>{codeText(answer?.reason ?? code)}</p>
          {answer?.offer?.available ? (
            <button type="button" className="co-primary" onClick={() => send({ type: 'CASH_OUT' })}>
              {t('cashout.acceptNew')}
            </button>
          ) : null}
          <button type="button" onClick={() => send({ type: 'QUOTE' })}>
            {t('cashout.refresh')}
          </button>
        </div>
      ) : null}
      {state === 'expired' ? (
        <p>
          {t('cashout.expired')}{' '}
          <button type="button" onClick={() => send({ type: 'QUOTE' })}>
            {t('cashout.refresh')}
          </button>
        </p>
      ) : null}
      {autoFired ? (
        <p className="co-ok" role="status" data-testid="cashout-auto-fired">
          {t('cashout.auto.fired')}
        </p>
      ) : null}
      {state === 'unavailable' && !autoFired ? (
        <p className="co-muted" data-testid="cashout-unavailable">
          {t('cashout.unavailable')}: {codeText(code)}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="co-error">
          {codeText(code)}{' '}
          <button
            type="button"
            onClick={() => send({ type: snapshot.context.request ? 'CONFIRM' : 'QUOTE' })}
          >
            {t('cashout.retry')}
          </button>
        </p>
      ) : null}
      {offer?.available ? (
        <div className="co-auto">
          <span className="co-auto__title">{t('cashout.auto.title')}</span>
          {offer.autoTarget !== null ? (
            <span>
              {t('cashout.auto.armed', { target: formatMoney(offer.autoTarget) })}{' '}
              <button type="button" onClick={() => void clearAuto()}>
                {t('cashout.auto.clear')}
              </button>
            </span>
          ) : (
            <label>
              <span>{t('cashout.auto.target')}</span>
              <input inputMode="numeric" value={targetText} onChange={(e) => setTargetText(e.target.value)} />
              <button type="button" disabled={!/^\d+$/.test(targetText)} onClick={() => void setAuto()}>
                {t('cashout.auto.set')}
              </button>
            </label>
          )}
          {autoNote ? <span className="co-error">{autoNote}</span> : null}
        </div>
      ) : null}
    </section>
  );
}
