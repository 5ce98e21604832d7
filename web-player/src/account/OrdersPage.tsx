/**
 * `/order` "My bets" (spec §2: Open and Settled tabs, order details; logged-in only, a visitor goes to
 * /register; §9 page size 10, archive within 30 days or before). Bets that settle while the page is
 * open arrive through the `mySettledBets` subscription and the lists refresh.
 */
import { useCallback, useEffect, useState } from 'react';
import './account.css';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import {
  AccountMyBetDocument,
  AccountMyBetsDocument,
  AccountSettledBetsDocument,
  type BetsArchive,
  type BetsTab,
} from '../graphql/generated.ts';
import { formatMoney } from '@bashiri/web-shared';
import { CashOutPanel } from '../cashout/CashOutPanel.tsx';
import { BetDetail, lineScoreText, useOrderStatusText } from './BetDetail.tsx';
import { formatEat, Notice, Pager, refusalOf, useCodeText, usePageTitle } from './common.tsx';

const TABS: readonly BetsTab[] = ['OPEN', 'SETTLED'];
const ARCHIVES: readonly BetsArchive[] = ['RECENT', 'OLDER'];

/** The detail of one bet (`?id=`), refreshed when it settles. */
function BetDetailView({ id, version }: { readonly id: string; readonly version: number }) {
  const { t } = useTranslation();
  const codeText = useCodeText();
  const [{ data, error, fetching }, refetch] = useQuery({ query: AccountMyBetDocument, variables: { id } });
  useEffect(() => {
    if (version > 0) refetch({ requestPolicy: 'network-only' });
  }, [version, refetch]);
  const refusal = refusalOf(error);
  const onPaid = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const running = data?.myBet?.status === 'awaiting' || data?.myBet?.status === 'delayed';
  // The panel stays once shown, so a cash-out that ends the bet (by the player, or the automatic one)
  // is still told there after the bet refreshes to "cashed out".
  const [panelOf, setPanelOf] = useState<string | null>(null);
  useEffect(() => {
    if (running) setPanelOf(id);
  }, [running, id]);
  return (
    <section>
      <Link to="/order" className="acc-link">
        ← {t('titles.order')}
      </Link>
      {refusal ? <Notice kind="error">{codeText(refusal.code)}</Notice> : null}
      {!data && fetching ? <p className="acc-muted">{t('account.loading')}</p> : null}
      {data && !data.myBet ? <p className="acc-muted">{t('messages.noData')}</p> : null}
      {data?.myBet ? <BetDetail order={data.myBet} /> : null}
      {/* Cash-out of a running bet (issue 20): offer, partial, auto target. */}
      {data?.myBet && (running || panelOf === id) ? <CashOutPanel betId={id} onPaid={onPaid} /> : null}
    </section>
  );
}

/** `/order`. */
export function OrdersPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.order');
  const codeText = useCodeText();
  const statusText = useOrderStatusText();
  const [params, setParams] = useSearchParams();
  const tab: BetsTab = params.get('tab') === 'SETTLED' ? 'SETTLED' : 'OPEN';
  const archive: BetsArchive = params.get('archive') === 'OLDER' ? 'OLDER' : 'RECENT';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const detailId = params.get('id');
  const [version, setVersion] = useState(0);

  const [{ data, error, fetching }, refetch] = useQuery({
    query: AccountMyBetsDocument,
    variables: { tab, archive, page },
    requestPolicy: 'cache-and-network',
    pause: detailId !== null,
  });
  const onSettled = useCallback(() => setVersion((v) => v + 1), []);
  useSubscription({ query: AccountSettledBetsDocument }, (_previous, notice) => {
    onSettled();
    return notice;
  });
  useEffect(() => {
    if (version > 0 && detailId === null) refetch({ requestPolicy: 'network-only' });
  }, [version, detailId, refetch]);

  const go = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged);
  };
  const refusal = refusalOf(error);
  const orders = data?.myBets;

  return (
    <section className="acc-page">
      <h1>{title}</h1>
      {detailId ? (
        <BetDetailView id={detailId} version={version} />
      ) : (
        <>
          <div className="acc-tabs" role="tablist">
            {TABS.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                className={tab === value ? 'is-active' : ''}
                onClick={() => go({ tab: value, page: null })}
              >
                {t(`account.bets.tab.${value}`)}
              </button>
            ))}
          </div>
          <div className="acc-segment">
            {ARCHIVES.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="archive"
                  checked={archive === value}
                  onChange={() => go({ archive: value, page: null })}
                />
                {t(`account.bets.archive.${value}`)}
              </label>
            ))}
          </div>
          {refusal ? <Notice kind="error">{codeText(refusal.code)}</Notice> : null}
          {!orders && fetching ? <p className="acc-muted">{t('account.loading')}</p> : null}
          {orders && orders.items.length === 0 ? (
            <p className="acc-empty">{t('account.bets.empty')}</p>
          ) : null}
          <ul className="acc-list">
            {orders?.items.map((order) => {
              const status = statusText(order);
              return (
                <li key={order.id}>
                  <Link className="acc-row" to={`/order?id=${encodeURIComponent(order.id)}`}>
                    <div className="acc-row__main">
                      <div className="acc-row__title">
                        {order.lines.length === 1
                          ? `${order.lines[0]?.home} – ${order.lines[0]?.away}`
                          : t('account.bets.multiple', { count: order.lines.length })}
                      </div>
                      {/* Every line with its match's score, live or final (issue 16 item 1). */}
                      <ul className="acc-row__lines">
                        {order.lines.map((line) => {
                          const score = lineScoreText(line.match, t);
                          return (
                            <li key={line.legIndex} className="acc-row__line">
                              {order.lines.length > 1 ? (
                                <span className="acc-row__match">
                                  {line.home} – {line.away}
                                </span>
                              ) : null}
                              {score ? <span className="acc-row__score">{score}</span> : null}
                            </li>
                          );
                        })}
                      </ul>
                      <div className="acc-row__sub">
                        {formatEat(order.placedAt)} · {t('account.bet.serial', { serial: order.serial })}
                      </div>
                    </div>
                    <div className="acc-row__side">
                      <div>
                        {formatMoney(order.stake)} @ {order.totalOdds}
                      </div>
                      <div className={`acc-tag acc-tag--${status.tone}`}>
                        {status.text}
                        {order.status === 'settled' && order.credited
                          ? ` ${formatMoney(order.credited)}`
                          : ''}
                      </div>
                    </div>
                  </Link>
                  {order.status === 'awaiting' || order.status === 'delayed' ? (
                    <CashOutPanel betId={order.id} onPaid={onSettled} />
                  ) : null}
                </li>
              );
            })}
          </ul>
          {orders ? (
            <Pager
              page={orders.page}
              pageSize={orders.pageSize}
              total={orders.total}
              onPage={(p) => go({ page: String(p) })}
            />
          ) : null}
        </>
      )}
      {version > 0 ? <span className="acc-sr">{t('account.bets.settledLive')}</span> : null}
    </section>
  );
}
