/**
 * `/responsible_gambling` (issue 23 item 3): the player's "Play responsibly" area — the limits in force
 * with their usage this period, setting a limit (a lower one applies at once; a higher one or a removal
 * waits 24 hours, shown with a countdown, then needs the player's confirmation), the reality-check
 * interval, a cool-off and a self-exclusion, each behind a clear confirmation. Every rule is the
 * server's (docs/responsible-gambling.md); this page only asks and shows. Loaded on demand.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import '../account/account.css';
import { Field, formatEat, Notice, refusalOf, useCodeText, usePageTitle } from '../account/common.tsx';
import type {
  CoolOffLength,
  ExclusionLength,
  ProtectionCancelLimitMutation,
  ProtectionCancelLimitMutationVariables,
  ProtectionConfirmLimitMutation,
  ProtectionConfirmLimitMutationVariables,
  ProtectionCoolOffMutation,
  ProtectionCoolOffMutationVariables,
  ProtectionLimitKind,
  ProtectionMineQuery,
  ProtectionMineQueryVariables,
  ProtectionSelfExcludeMutation,
  ProtectionSelfExcludeMutationVariables,
  ProtectionSetLimitMutation,
  ProtectionSetLimitMutationVariables,
  ProtectionSetRealityCheckMutation,
  ProtectionSetRealityCheckMutationVariables,
  ProtectionViewFragment,
} from '../graphql/generated.ts';
import {
  CANCEL_LIMIT,
  CONFIRM_LIMIT,
  COOL_OFF as COOL_OFF_DOC,
  MINE,
  SELF_EXCLUDE,
  SET_LIMIT,
  SET_REALITY_CHECK,
} from './documents.ts';
import { formatTzs } from '@bashiri/web-shared';
import { clockSkew, countdown } from './countdown.ts';
import './protection.css';

const KINDS: readonly ProtectionLimitKind[] = [
  'DEPOSIT_DAY',
  'DEPOSIT_WEEK',
  'DEPOSIT_MONTH',
  'LOSS_DAY',
  'LOSS_WEEK',
  'LOSS_MONTH',
  'STAKE_BET',
  'STAKE_DAY',
  'SESSION_MINUTES',
];
const COOL_OFF: readonly CoolOffLength[] = ['HOURS_24', 'DAYS_7', 'DAYS_30', 'WEEKS_6'];
const EXCLUSION: readonly ExclusionLength[] = ['MONTHS_6', 'YEAR_1', 'YEARS_5', 'PERMANENT'];

/** A limit's value as shown: minutes for the session limit, TZS otherwise. */
const valueText = (kind: ProtectionLimitKind, value: number) =>
  kind === 'SESSION_MINUTES' ? String(value) : `TZS ${formatTzs(value)}`;

const useNow = (everyMs: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
};

function LimitForm({
  onDone,
}: {
  readonly onDone: (view: ProtectionViewFragment, pending: boolean) => void;
}) {
  const { t } = useTranslation();
  const codeText = useCodeText();
  const [kind, setKind] = useState<ProtectionLimitKind>('DEPOSIT_DAY');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, setLimit] = useMutation<
    ProtectionSetLimitMutation,
    ProtectionSetLimitMutationVariables
  >(SET_LIMIT);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim().replace(/,/g, '');
    const amount = trimmed === '' ? null : Number(trimmed);
    if (amount !== null && (!Number.isInteger(amount) || amount < 0))
      return setError(codeText('INVALID_AMOUNT'));
    setError(null);
    const result = await setLimit({ kind, value: amount });
    const refusal = refusalOf(result.error);
    if (refusal) return setError(codeText(refusal.code, refusal.details));
    const view = result.data!.setProtectionLimit;
    onDone(
      view,
      view.pending.some((p) => p.kind === kind),
    );
    setValue('');
  };
  return (
    <form className="acc-form acc-card" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('protection.setLimit')}</h2>
      <Field id="rg-kind" label={t('protection.kind')}>
        <select id="rg-kind" value={kind} onChange={(e) => setKind(e.target.value as ProtectionLimitKind)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`protection.kinds.${k}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="rg-value" label={t('protection.amount')} error={error}>
        <input
          id="rg-value"
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="5000"
        />
      </Field>
      <button type="submit" className="acc-button" disabled={fetching}>
        {t('protection.save')}
      </button>
    </form>
  );
}

/** A choice of lengths behind an "are you sure" step (cool-off, self-exclusion). */
function Drastic<L extends string>({
  id,
  title,
  note,
  lengths,
  labelOf,
  run,
}: {
  readonly id: string;
  readonly title: string;
  readonly note: string;
  readonly lengths: readonly L[];
  readonly labelOf: (length: L) => string;
  readonly run: (length: L) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [length, setLength] = useState<L>(lengths[0]!);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="acc-card rg-drastic" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      <p>{note}</p>
      <div className="rg-lengths" role="radiogroup" aria-label={title}>
        {lengths.map((l) => (
          <label key={l}>
            <input type="radio" name={id} checked={l === length} onChange={() => setLength(l)} /> {labelOf(l)}
          </label>
        ))}
      </div>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {asking ? (
        <div className="rg-confirm" role="alertdialog" aria-labelledby={`${id}-q`}>
          <p id={`${id}-q`}>{t('protection.areYouSure', { what: `${title}: ${labelOf(length)}` })}</p>
          <button
            type="button"
            className="acc-button"
            onClick={() =>
              void run(length).then((e) => {
                setError(e);
                setAsking(false);
              })
            }
          >
            {t('protection.yes')}
          </button>
          <button type="button" className="acc-button acc-button--secondary" onClick={() => setAsking(false)}>
            {t('protection.no')}
          </button>
        </div>
      ) : (
        <button type="button" className="acc-button" onClick={() => setAsking(true)}>
          {t('protection.start')}
        </button>
      )}
    </section>
  );
}

/** The page. */
export function ProtectionPage() {
  const { t } = useTranslation();
  const title = usePageTitle('protection.title');
  const codeText = useCodeText();
  const now = useNow(1000);
  const [{ data, error: loadError }, reload] = useQuery<ProtectionMineQuery, ProtectionMineQueryVariables>({
    query: MINE,
    requestPolicy: 'network-only',
  });
  const [view, setView] = useState<ProtectionViewFragment | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [minutes, setMinutes] = useState('');
  const [, confirm] = useMutation<ProtectionConfirmLimitMutation, ProtectionConfirmLimitMutationVariables>(
    CONFIRM_LIMIT,
  );
  const [, cancel] = useMutation<ProtectionCancelLimitMutation, ProtectionCancelLimitMutationVariables>(
    CANCEL_LIMIT,
  );
  const [, setReality] = useMutation<
    ProtectionSetRealityCheckMutation,
    ProtectionSetRealityCheckMutationVariables
  >(SET_REALITY_CHECK);
  const [, coolOff] = useMutation<ProtectionCoolOffMutation, ProtectionCoolOffMutationVariables>(
    COOL_OFF_DOC,
  );
  const [, exclude] = useMutation<ProtectionSelfExcludeMutation, ProtectionSelfExcludeMutationVariables>(
    SELF_EXCLUDE,
  );
  const [, setLimit] = useMutation<ProtectionSetLimitMutation, ProtectionSetLimitMutationVariables>(
    SET_LIMIT,
  );
  const v = view ?? data?.myProtection ?? null;
  // The server's clock minus the browser's: a raise is confirmable at the server's instant.
  const [skew, setSkew] = useState(0);
  useEffect(() => {
    if (v) setSkew(clockSkew(v.at, Date.now()));
  }, [v]);
  useEffect(() => {
    if (v && minutes === '') setMinutes(String(v.realityCheckMinutes));
  }, [v, minutes]);

  const answer = <T,>(
    result: { error?: Parameters<typeof refusalOf>[0]; data?: T | null },
    pick: (d: T) => ProtectionViewFragment,
    ok: string,
  ): string | null => {
    const refusal = refusalOf(result.error);
    if (refusal) {
      const text = codeText(refusal.code, refusal.details);
      setNotice({ kind: 'error', text });
      return text;
    }
    if (result.data) setView(pick(result.data));
    setNotice({ kind: 'success', text: ok });
    return null;
  };

  return (
    <div className="acc-page rg-page">
      <h1>{title}</h1>
      <p>{t('protection.intro')}</p>
      {loadError ? <Notice kind="error">{codeText('INTERNAL')}</Notice> : null}
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      {v?.coolingOffUntil ? (
        <Notice kind="info">{t('protection.coolingUntil', { at: formatEat(v.coolingOffUntil) })}</Notice>
      ) : null}
      {v?.selfExclusion ? (
        <Notice kind="info">
          {v.selfExclusion.permanent
            ? t('protection.excludedForever')
            : t('protection.excludedUntil', { at: formatEat(v.selfExclusion.until) })}
        </Notice>
      ) : null}

      <section className="acc-card" aria-labelledby="rg-limits">
        <h2 id="rg-limits">{t('protection.limits')}</h2>
        {v && v.limits.length === 0 ? <p>{t('protection.none')}</p> : null}
        <ul className="rg-list">
          {v?.limits.map((l) => (
            <li key={l.kind} data-kind={l.kind}>
              <strong>{t(`protection.kinds.${l.kind}`)}</strong>: {valueText(l.kind, l.limit)}
              {l.resetsAt ? (
                <>
                  <br />
                  {t('protection.used', {
                    used: formatTzs(Math.max(0, l.used)),
                    limit: formatTzs(l.limit),
                    left: formatTzs(l.left),
                  })}
                  {' · '}
                  {t('protection.resets', { at: formatEat(l.resetsAt) })}
                </>
              ) : null}{' '}
              <button
                type="button"
                className="acc-link"
                onClick={() =>
                  // A removal waits 24 hours like a raise.
                  void setLimit({ kind: l.kind, value: null }).then((r) => {
                    answer(r, (d) => d.setProtectionLimit, t('protection.pendingSaved'));
                    reload({ requestPolicy: 'network-only' });
                  })
                }
              >
                {t('protection.remove')}
              </button>
            </li>
          ))}
        </ul>
      </section>

      {v && v.pending.length > 0 ? (
        <section className="acc-card" aria-labelledby="rg-pending">
          <h2 id="rg-pending">{t('protection.pending')}</h2>
          <ul className="rg-list">
            {v.pending.map((p) => {
              const left = p.confirmable ? null : countdown(p.confirmableFrom, now + skew);
              return (
                <li key={p.kind} data-kind={p.kind}>
                  {t('protection.pendingValue', {
                    kind: t(`protection.kinds.${p.kind}`),
                    value:
                      p.value === null || p.value === undefined
                        ? t('protection.removal')
                        : valueText(p.kind, p.value),
                  })}
                  <br />
                  {left ? (
                    <span className="rg-countdown">{t('protection.confirmableIn', { time: left })}</span>
                  ) : (
                    <button
                      type="button"
                      className="acc-button"
                      onClick={() =>
                        void confirm({ kind: p.kind }).then((r) =>
                          answer(r, (d) => d.confirmProtectionLimit, t('protection.applied')),
                        )
                      }
                    >
                      {t('protection.confirm')}
                    </button>
                  )}{' '}
                  <button
                    type="button"
                    className="acc-button acc-button--secondary"
                    onClick={() =>
                      void cancel({ kind: p.kind }).then((r) =>
                        answer(r, (d) => d.cancelProtectionLimit, t('protection.applied')),
                      )
                    }
                  >
                    {t('protection.cancel')}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <LimitForm
        onDone={(next, pending) => {
          setView(next);
          setNotice({ kind: 'success', text: t(pending ? 'protection.pendingSaved' : 'protection.applied') });
        }}
      />

      <form
        className="acc-form acc-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void setReality({ minutes: Number(minutes) }).then((r) =>
            answer(r, (d) => d.setRealityCheck, t('protection.applied')),
          );
        }}
      >
        <h2>{t('protection.reality')}</h2>
        <Field id="rg-reality" label={t('protection.realityEvery')}>
          <input
            id="rg-reality"
            inputMode="numeric"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </Field>
        <button type="submit" className="acc-button">
          {t('protection.realitySave')}
        </button>
      </form>

      <Drastic
        id="rg-cool"
        title={t('protection.coolOff')}
        note={t('protection.coolOffNote')}
        lengths={COOL_OFF}
        labelOf={(l) => t(`protection.coolOffLengths.${l}`)}
        run={async (length) =>
          answer(await coolOff({ length }), (d) => d.startCoolOff, t('protection.coolOffStarted'))
        }
      />
      <Drastic
        id="rg-exclude"
        title={t('protection.exclude')}
        note={t('protection.excludeNote')}
        lengths={EXCLUSION}
        labelOf={(l) => t(`protection.excludeLengths.${l}`)}
        run={async (length) =>
          answer(await exclude({ length }), (d) => d.selfExclude, t('protection.excludeStarted'))
        }
      />
    </div>
  );
}
