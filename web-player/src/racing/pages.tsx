/**
 * Virtual racing screens (spec §2 `racing_car/racing`: Racing, Results, Rules, chips exchange; issue 19;
 * docs/racing.md). Racing: the current round with its countdown and published seed hash, the last
 * result as a light CSS race of the drawn order, bet-type tabs (odds shown), the car picker, tickets,
 * amount, tax and possible win, the coin balance, hot and cold over the last 100 races, my racing bets.
 * Results: drawn rounds with seed and hash, verified in the browser with the same code as the server.
 * Rules: the limits and the exact RTP table. Exchange: balance ↔ racing coin with the quote (tax)
 * shown before confirming. Every racing screen runs the device-clock check of spec §5/§8.
 */
import { deviceClockError, exchangeQuote, verifyRound } from '@bashiri/domain';
import { formatTzs } from '@bashiri/web-shared';
import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useMutation, useQuery } from 'urql';
import '../account/account.css';
import './racing.css';
import { formatEat, newRequestId, refusalOf, useCodeText, usePageTitle } from '../account/common.tsx';
import { deviceClock, RacingSlip } from './RacingSlip.tsx';
import { useSessionToken } from '../app/services.tsx';
import {
  RacingClockDocument,
  RacingExchangeDocument,
  RacingHotColdDocument,
  RacingMyOrdersDocument,
  RacingResultsDocument,
  RacingRulesDocument,
  RacingWalletDocument,
  type RacingPeriodFieldsFragment,
} from './generated.ts';

/** Translation of an error code: the racing texts first, then the site's codes. */
const useRacingCodeText = () => {
  const { t, i18n } = useTranslation();
  const codeText = useCodeText();
  return (code: string) => (i18n.exists(`racing.codes.${code}`) ? t(`racing.codes.${code}`) : codeText(code));
};

/** The tabs of the racing screens. */
function RacingNav() {
  const { t } = useTranslation();
  return (
    <nav className="racing-tabs" aria-label={t('racing.title')}>
      <NavLink to="/racing_car/racing">{t('racing.tabs.racing')}</NavLink>
      <NavLink to="/racing_car/results">{t('racing.tabs.results')}</NavLink>
      <NavLink to="/racing_car/rules">{t('racing.tabs.rules')}</NavLink>
      <NavLink to="/racing_car/exchange">{t('racing.tabs.exchange')}</NavLink>
    </nav>
  );
}

/** A racing screen: title, tabs, and the device-clock warning (spec §8) when the device is off GMT+3. */
function RacingScreen({
  serverTime,
  children,
}: {
  readonly serverTime?: string;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = usePageTitle('racing.title');
  const clockError = useMemo(() => {
    if (!serverTime) return deviceClock().utcOffsetMinutes === 180 ? undefined : 'offset';
    return deviceClockError({
      deviceUtcOffsetMinutes: -new Date().getTimezoneOffset(),
      deviceNowMs: Date.now(),
      serverNowMs: Date.parse(serverTime),
      maxSkewMs: 120_000,
    });
  }, [serverTime]);
  return (
    <section className="acc-page racing">
      <h1 className="acc-title">{title}</h1>
      <RacingNav />
      {clockError && (
        <p className="acc-notice acc-notice--error racing-clock" role="alert">
          {t('racing.deviceClock')}
        </p>
      )}
      {children}
    </section>
  );
}

/** Seconds left until `iso` from a server clock that was `serverTime` when fetched at `fetchedAt`. */
const useCountdown = (iso: string | undefined, serverTime: string | undefined, fetchedAt: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  if (!iso || !serverTime) return null;
  const serverNow = Date.parse(serverTime) + (now - fetchedAt);
  return Math.max(0, Math.floor((Date.parse(iso) - serverNow) / 1000));
};

const CARS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** The drawn order as a light CSS race: each car's bar grows to its finishing place. */
export function Race({ period }: { readonly period: RacingPeriodFieldsFragment }) {
  const { t } = useTranslation();
  const order = (period.lotteryCombination ?? '').split(',').map(Number);
  return (
    <div className="racing-race" aria-label={t('racing.lastResult')}>
      {CARS.map((car) => {
        const place = order.indexOf(car) + 1;
        return (
          <div key={car} className="racing-lane">
            <span className={`racing-car racing-car--${car}`}>{car}</span>
            <span className="racing-track">
              <span className="racing-bar" style={{ width: `${(11 - place) * 10}%` }} />
            </span>
            <span className="racing-place">{place}</span>
          </div>
        );
      })}
    </div>
  );
}

/** The wallet's pockets (racing coin and balance). */
function Pockets({ loggedIn, stamp }: { readonly loggedIn: boolean; readonly stamp: number }) {
  const { t } = useTranslation();
  const [{ data }, refetch] = useQuery({
    query: RacingWalletDocument,
    pause: !loggedIn,
    requestPolicy: 'network-only',
  });
  useEffect(() => {
    if (loggedIn && stamp > 0) refetch({ requestPolicy: 'network-only' });
  }, [stamp, loggedIn, refetch]);
  if (!loggedIn) return <p className="acc-muted">{t('racing.login')}</p>;
  return (
    <p className="racing-pockets">
      <span>
        {t('racing.coin')}:{' '}
        <strong data-testid="racing-coin">{formatTzs(data?.myWallet.racingCoin ?? 0)}</strong>
      </span>{' '}
      <span>
        {t('racing.balance')}:{' '}
        <strong data-testid="racing-balance">{formatTzs(data?.myWallet.balance ?? 0)}</strong>
      </span>
    </p>
  );
}

/** `racing_car/racing`: the current round, the bet slip, hot and cold, my racing bets. */
export function RacingPage() {
  const { t } = useTranslation();
  const codeText = useRacingCodeText();
  const loggedIn = useSessionToken() !== null;
  const [{ data, fetching }, refetchClock] = useQuery({
    query: RacingClockDocument,
    requestPolicy: 'network-only',
  });
  const [fetchedAt, setFetchedAt] = useState(() => Date.now());
  const [{ data: rules }] = useQuery({ query: RacingRulesDocument });
  const [{ data: hot }, refetchHot] = useQuery({
    query: RacingHotColdDocument,
    requestPolicy: 'network-only',
  });
  const [{ data: mine }, refetchMine] = useQuery({
    query: RacingMyOrdersDocument,
    pause: !loggedIn,
    requestPolicy: 'network-only',
  });
  const [stamp, setStamp] = useState(0);
  const clock = data?.racingClock;
  const period = clock?.period ?? null;
  const config = rules?.racingConfig;

  useEffect(() => setFetchedAt(Date.now()), [clock?.serverTime]);
  // The round clock: poll every 3 s (a new round, the close and the draw show without a reload).
  useEffect(() => {
    const timer = setInterval(() => {
      refetchClock({ requestPolicy: 'network-only' });
    }, 3_000);
    return () => clearInterval(timer);
  }, [refetchClock]);
  const lastDrawn = clock?.lastDrawn?.id;
  useEffect(() => {
    if (!lastDrawn) return;
    refetchHot({ requestPolicy: 'network-only' });
    if (loggedIn) refetchMine({ requestPolicy: 'network-only' });
    setStamp((s) => s + 1);
  }, [lastDrawn, loggedIn, refetchHot, refetchMine]);

  // A bet of a round that is no longer open waits for its settlement: ask again on every clock poll
  // until it is settled, and refresh the coin balance when one is.
  const orders = mine?.myRacingOrders.items;
  const waitingOrder = orders?.some((o) => o.result === 1 && o.roundId !== period?.id) ?? false;
  const settledOrders = orders?.filter((o) => o.result !== 1).length ?? 0;
  useEffect(() => {
    if (waitingOrder && loggedIn) refetchMine({ requestPolicy: 'network-only' });
  }, [clock?.serverTime, waitingOrder, loggedIn, refetchMine]);
  useEffect(() => setStamp((s) => s + 1), [settledOrders]);

  const closesIn = useCountdown(period?.endBetTime, clock?.serverTime, fetchedAt);
  const drawIn = useCountdown(period?.drawTime, clock?.serverTime, fetchedAt);
  const open = period !== null && closesIn !== null && closesIn > 0 && period.status === 2;

  const onPlaced = useCallback(() => {
    setStamp((st) => st + 1);
    refetchMine({ requestPolicy: 'network-only' });
  }, [refetchMine]);

  const stats = hot?.racingHotCold;
  return (
    <RacingScreen {...(clock ? { serverTime: clock.serverTime } : {})}>
      {clock?.paused && <p className="acc-notice acc-notice--error">{t('racing.paused')}</p>}
      <div className="racing-round" aria-live="polite">
        {period ? (
          <>
            <h2 data-testid="racing-round">{t('racing.round', { id: period.id })}</h2>
            {period.voided ? (
              <p className="acc-notice acc-notice--error" data-testid="racing-voided">
                {t('racing.voided')}
              </p>
            ) : open ? (
              <p className="racing-countdown">
                {t('racing.closesIn')} <strong data-testid="racing-countdown">{mmss(closesIn ?? 0)}</strong>
              </p>
            ) : (
              <p className="racing-countdown">
                {t('racing.closed')} · {t('racing.drawIn')} <strong>{mmss(drawIn ?? 0)}</strong>
              </p>
            )}
            <p className="racing-hash">
              {t('racing.seedHash')}: <code>{period.seedHash}</code>
            </p>
          </>
        ) : (
          !fetching && <p>{t('racing.waiting')}</p>
        )}
      </div>
      {clock?.lastDrawn && (
        <div className="racing-last">
          <h3>
            {t('racing.lastResult')}: {clock.lastDrawn.id}{' '}
            <span data-testid="racing-last-result">{clock.lastDrawn.lotteryCombination}</span>
          </h3>
          <Race key={clock.lastDrawn.id} period={clock.lastDrawn} />
        </div>
      )}
      <Pockets loggedIn={loggedIn} stamp={stamp} />
      {config && (
        <RacingSlip
          config={config}
          roundId={open && period ? period.id : null}
          loggedIn={loggedIn}
          codeText={codeText}
          onPlaced={onPlaced}
        />
      )}
      {stats && (
        <div className="racing-hotcold">
          <h3>{t('racing.hotCold', { rounds: stats.rounds })}</h3>
          <p>
            {t('racing.hot')}: {stats.hot.join(', ')} · {t('racing.cold')}: {stats.cold.join(', ')}
          </p>
          <p>
            {t('racing.options.odd')} {stats.odd} · {t('racing.options.even')} {stats.even} ·{' '}
            {t('racing.options.big')} {stats.big} · {t('racing.options.small')} {stats.small}
          </p>
          {stats.oddEvenRun && (
            <p>
              {t('racing.run', {
                option: t(`racing.options.${stats.oddEvenRun.option}`),
                length: stats.oddEvenRun.length,
              })}
            </p>
          )}
          <table className="racing-table">
            <thead>
              <tr>
                {stats.cars.map((c) => (
                  <th key={c.car}>{c.car}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {stats.cars.map((c) => (
                  <td key={c.car}>{c.wins}</td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      {loggedIn && mine && (
        <div className="racing-mine">
          <h3>{t('racing.myBets')}</h3>
          <table className="racing-table" data-testid="racing-my-bets">
            <tbody>
              {mine.myRacingOrders.items.map((o) => (
                <tr key={o.id}>
                  <td>{o.roundId}</td>
                  <td>{t(`racing.betTypes.${o.betType}`)}</td>
                  <td>
                    {o.positions.length
                      ? o.positions.map((p) => p.join('/')).join(' · ')
                      : o.options.join('/')}
                  </td>
                  <td>{formatTzs(o.amount)}</td>
                  <td>{t(`racing.result.${o.result}`)}</td>
                  <td>{o.payout === null || o.payout === undefined ? '' : formatTzs(o.payout)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </RacingScreen>
  );
}

/** One drawn round with its seed, hash and an in-browser check of the draw (docs/racing.md "The draw"). */
export function ResultRow({ period }: { readonly period: RacingPeriodFieldsFragment }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<boolean | null>(null);
  const verify = () => {
    const order = (period.lotteryCombination ?? '').split(',').map(Number);
    setChecked(verifyRound(period.seed ?? '', period.seedHash, period.id, order).ok);
  };
  return (
    <li className="racing-result">
      <p>
        <strong>{period.id}</strong> · {formatEat(period.drawTime)} ·{' '}
        <span className="racing-order">{period.lotteryCombination}</span>
      </p>
      <p className="racing-hash">
        {t('racing.seedHash')}: <code>{period.seedHash}</code>
      </p>
      <p className="racing-hash">
        {t('racing.seed')}: <code>{period.seed}</code>
      </p>
      <button type="button" className="acc-button acc-button--small" onClick={verify}>
        {t('racing.verify')}
      </button>{' '}
      {checked !== null && (
        <span role="status" className={checked ? 'racing-ok' : 'racing-bad'}>
          {checked ? t('racing.verified') : t('racing.notVerified')}
        </span>
      )}
    </li>
  );
}

/** `racing_car/results`: drawn rounds, newest first, with seeds to verify. */
export function RacingResultsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [{ data }] = useQuery({
    query: RacingResultsDocument,
    variables: { page },
    requestPolicy: 'network-only',
  });
  const periods = data?.racingPeriods;
  return (
    <RacingScreen>
      <p className="acc-muted">{t('racing.verifyHow')}</p>
      {periods && periods.items.length === 0 && <p className="acc-empty">{t('racing.noResults')}</p>}
      <ul className="racing-results">
        {periods?.items.map((p) => (
          <ResultRow key={p.id} period={p} />
        ))}
      </ul>
      {periods && periods.total > page * 10 && (
        <button type="button" className="acc-button acc-button--small" onClick={() => setPage(page + 1)}>
          »
        </button>
      )}
    </RacingScreen>
  );
}

/** `racing_car/rules`: limits, the Luck Racing table and the exact RTP of every bet type. */
export function RacingRulesPage() {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: RacingRulesDocument });
  const c = data?.racingConfig;
  return (
    <RacingScreen>
      <p>{t('racing.rules.intro')}</p>
      {c && (
        <>
          <p>
            {t('racing.rules.limits', {
              min: formatTzs(c.minimumBetAmount),
              max: formatTzs(c.maxBetAmount),
              luck: formatTzs(c.jackpotBetAmount),
              tax: c.taxRate,
            })}
          </p>
          <p>{t('racing.luckTable')}</p>
          <h2>{t('racing.rules.rtp')}</h2>
          <table className="racing-table" data-testid="racing-rtp">
            <thead>
              <tr>
                <th>{t('racing.rules.betType')}</th>
                <th>Odds</th>
                <th>{t('racing.rules.chance')}</th>
                <th>RTP</th>
              </tr>
            </thead>
            <tbody>
              {c.rtp.map((row) => (
                <tr key={row.betType}>
                  <td>{t(`racing.betTypes.${row.betType}`)}</td>
                  <td>{row.odds ?? '—'}</td>
                  <td>{row.winningChance}</td>
                  <td>
                    {row.rtpPercent}%{row.poolRtpPercent !== '0.0000' ? ` + ${row.poolRtpPercent}%` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </RacingScreen>
  );
}

/** `racing_car/exchange`: the chips exchange, balance ↔ racing coin, quote shown before confirming. */
export function RacingExchangePage() {
  const { t } = useTranslation();
  const codeText = useRacingCodeText();
  const loggedIn = useSessionToken() !== null;
  const [direction, setDirection] = useState<'TO_RACING_COIN' | 'TO_BALANCE'>('TO_RACING_COIN');
  const [amount, setAmount] = useState(0);
  const [{ data: rules }] = useQuery({ query: RacingRulesDocument });
  const [{ data: clock }] = useQuery({ query: RacingClockDocument, requestPolicy: 'network-only' });
  const [{ data: wallet }, refetchWallet] = useQuery({
    query: RacingWalletDocument,
    pause: !loggedIn,
    requestPolicy: 'network-only',
  });
  const [state, exchange] = useMutation(RacingExchangeDocument);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const rate = rules?.racingConfig.convertTaxRate ?? '10';
  const available =
    direction === 'TO_RACING_COIN' ? (wallet?.myWallet.balance ?? 0) : (wallet?.myWallet.racingCoin ?? 0);
  const quoted = exchangeQuote(
    direction === 'TO_RACING_COIN' ? 'toRacingCoin' : 'toBalance',
    amount,
    available,
    rate,
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quoted.ok) {
      setMessage({ kind: 'error', text: codeText(quoted.error.code) });
      return;
    }
    const result = await exchange({
      input: { requestId: newRequestId(), direction, amount, device: deviceClock() },
    });
    const refusal = refusalOf(result.error);
    if (refusal || !result.data) {
      setMessage({ kind: 'error', text: codeText(refusal?.code ?? 'INTERNAL') });
      return;
    }
    const done = result.data.exchangeRacingCoin;
    setMessage({
      kind: 'ok',
      text: t('racing.exchange.done', { balance: formatTzs(done.balance), coin: formatTzs(done.racingCoin) }),
    });
    refetchWallet({ requestPolicy: 'network-only' });
  };
  return (
    <RacingScreen {...(clock ? { serverTime: clock.racingClock.serverTime } : {})}>
      <Pockets loggedIn={loggedIn} stamp={state.data ? 1 : 0} />
      <p className="acc-muted">{t('racing.exchange.taxNote', { rate })}</p>
      <form className="racing-slip" onSubmit={submit}>
        <div className="racing-types" role="radiogroup">
          {(['TO_RACING_COIN', 'TO_BALANCE'] as const).map((d) => (
            <label key={d}>
              <input
                type="radio"
                name="direction"
                checked={direction === d}
                onChange={() => setDirection(d)}
              />{' '}
              {t(d === 'TO_RACING_COIN' ? 'racing.exchange.toCoin' : 'racing.exchange.toBalance')}
            </label>
          ))}
        </div>
        <label className="racing-amount">
          {t('racing.exchange.amount')}{' '}
          <input
            type="number"
            inputMode="numeric"
            min={1}
            value={amount || ''}
            onChange={(e) => setAmount(Math.floor(Number(e.target.value) || 0))}
            data-testid="racing-exchange-amount"
          />
        </label>
        {quoted.ok && (
          <p data-testid="racing-exchange-quote">
            {t('racing.exchange.quote', {
              amount: formatTzs(quoted.quote.amount),
              tax: formatTzs(quoted.quote.tax),
              credited: formatTzs(quoted.quote.credited),
            })}
          </p>
        )}
        {message && (
          <p
            className={`acc-notice acc-notice--${message.kind === 'ok' ? 'success' : 'error'}`}
            role="status"
          >
            {message.text}
          </p>
        )}
        <button className="acc-button" type="submit" disabled={!loggedIn || state.fetching}>
          {t('racing.exchange.confirm')}
        </button>
      </form>
    </RacingScreen>
  );
}
