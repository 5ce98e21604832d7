/**
 * A list of matches with quick-market tabs, live updates, placeholders while loading and "show more"
 * (spec §2 match lists, §4 "Match list filtering", §9 page size 10 and three placeholders).
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services.tsx';
import type { SelectionOffer } from '../betslip/types.ts';
import { useLiveState, usePagedMatches, useSlipSelections, type PageLoader } from './hooks.ts';
import { MatchPlaceholder, MatchRow } from './MatchRow.tsx';
import { applyLive, isListed, QUICK_MARKETS, type QuickMarket } from './model.ts';
import './matches.css';

/** The tabs choosing which quick market the rows show. */
export function QuickMarketTabs({
  value,
  onChange,
}: {
  readonly value: QuickMarket;
  readonly onChange: (market: QuickMarket) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tabs" role="tablist">
      {QUICK_MARKETS.map((market) => (
        <button
          key={market}
          type="button"
          role="tab"
          aria-selected={value === market}
          className={value === market ? 'tab is-active' : 'tab'}
          onClick={() => onChange(market)}
        >
          {t(`matches.quick.${market}`)}
        </button>
      ))}
    </div>
  );
}

/** A paged, live list of matches loaded by `load` (a new `loadKey` starts over). */
export function MatchList({
  load,
  loadKey,
  title,
  liveList = false,
}: {
  readonly load: PageLoader;
  readonly loadKey: string;
  readonly title?: string;
  readonly liveList?: boolean;
}) {
  const { t } = useTranslation();
  const { betslip } = useServices();
  const [market, setMarket] = useState<QuickMarket>('way3');
  const list = usePagedMatches(load, loadKey);
  const ids = useMemo(() => list.items.map((m) => m.id), [list.items]);
  const live = useLiveState(ids, liveList);
  const selected = useSlipSelections(betslip);
  const onToggle = useCallback((offer: SelectionOffer) => betslip.send({ type: 'TOGGLE', offer }), [betslip]);
  const rows = useMemo(
    () => list.items.map((m) => applyLive(m, live)).filter((m) => isListed(m, live)),
    [list.items, live],
  );
  return (
    <section className="matches">
      <div className="matches__head">
        {title && <h1 className="matches__title">{title}</h1>}
        <QuickMarketTabs value={market} onChange={setMarket} />
      </div>
      {rows.map((match) => (
        <MatchRow key={match.id} match={match} market={market} selected={selected} onToggle={onToggle} />
      ))}
      {list.loading && list.items.length === 0 && (
        <>
          <MatchPlaceholder />
          <MatchPlaceholder />
          <MatchPlaceholder />
        </>
      )}
      {!list.loading && list.failed && (
        <p className="matches__empty">
          {t('matches.loadFailed')}{' '}
          <button type="button" className="link" onClick={list.reload}>
            {t('matches.retry')}
          </button>
        </p>
      )}
      {!list.loading && !list.failed && rows.length === 0 && (
        <p className="matches__empty">{t('matches.noMatches')}</p>
      )}
      {list.hasMore ? (
        <button type="button" className="matches__more" onClick={list.more} disabled={list.loading}>
          {list.loading ? t('matches.loading') : t('matches.loadMore')}
        </button>
      ) : (
        rows.length > 0 && <p className="matches__end">{t('matches.noMore')}</p>
      )}
    </section>
  );
}
