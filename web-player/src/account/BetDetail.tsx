/**
 * One bet with its legs (spec §2 /order "order details"; §3 Order and Order detail line; §4 outcome
 * codes and order statuses). Presentational: the page passes `myBet`'s answer. Money in TZS (§9),
 * times in East Africa Time.
 */
import { EVENT_STATUS } from '@bashiri/domain';
import { useTranslation } from 'react-i18next';
import './account.css';
import type { AccountOrderDetailFragment, OrderStatus } from '../graphql/generated.ts';
import { formatMoney } from '@bashiri/web-shared';
import { useMarketNames } from '../matches/market-names.ts';
import { formatEat } from './common.tsx';

/** Spec §4 outcome codes → text keys and a colour class. */
export const OUTCOMES: Readonly<Record<number, { key: string; tone: string }>> = {
  0: { key: 'account.outcome.pending', tone: 'pending' },
  1: { key: 'account.outcome.abnormal', tone: 'pending' },
  2: { key: 'account.outcome.refunded', tone: 'void' },
  3: { key: 'account.outcome.lost', tone: 'lost' },
  4: { key: 'account.outcome.won', tone: 'won' },
  5: { key: 'account.outcome.halfWon', tone: 'won' },
  6: { key: 'account.outcome.halfLost', tone: 'lost' },
};

/** The label of a bet's status, with "won"/"lost" for settled bets by what they paid. */
export const useOrderStatusText = (): ((order: {
  status: OrderStatus;
  credited?: number | null;
  stake: number;
}) => { text: string; tone: string }) => {
  const { t } = useTranslation();
  return (order) => {
    if (order.status === 'settled') {
      const credited = order.credited ?? 0;
      if (credited > order.stake) return { text: t('account.status.won'), tone: 'won' };
      if (credited === order.stake) return { text: t('account.status.returned'), tone: 'void' };
      if (credited > 0) return { text: t('account.status.partlyWon'), tone: 'won' };
      return { text: t('account.status.lost'), tone: 'lost' };
    }
    return {
      text: t(`account.status.${order.status}`),
      tone: order.status === 'awaiting' ? 'pending' : 'void',
    };
  };
};

/** A leg's match now (issue 16 item 1). */
type LineMatch = NonNullable<AccountOrderDetailFragment['lines'][number]['match']>;

/**
 * The score of a bet line's match in the reader's language: live with its minute, at half time, or
 * final with the half-time score; null before kick-off or when the match did not finish (spec §4 match
 * status 1 not started, 2 in progress, 3 ended; the facts line tells the rest).
 */
export const lineScoreText = (
  match: LineMatch | null | undefined,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null => {
  if (!match || match.homeScore === null || match.awayScore === null) return null;
  const score = `${match.homeScore} - ${match.awayScore}`;
  if (match.statusId === 2)
    return match.matchMinute === 'HT'
      ? t('account.score.halfTime', { score })
      : t('account.score.live', { minute: match.matchMinute ? `${match.matchMinute}′` : '', score });
  if (match.statusId === 3)
    return match.htHomeScore !== null && match.htAwayScore !== null
      ? t('account.score.endedHalfTime', { score, halfTime: `${match.htHomeScore} - ${match.htAwayScore}` })
      : t('account.score.ended', { score });
  return null;
};

/** The bet's detail: header, money lines and the legs with outcome and settlement rule. */
type LegFacts = NonNullable<AccountOrderDetailFragment['lines'][number]['facts']>;

/**
 * The match facts a leg was settled on, in the reader's language (spec §4 "Outcome of a selection",
 * "Match status"): the result with the half-time score, or why the match did not finish.
 */
export const factsText = (
  facts: LegFacts,
  t: (key: string, options?: Record<string, unknown>) => string,
): string => {
  switch (facts.status) {
    case 'PLAYED':
      return facts.halfTime
        ? t('account.facts.playedHalfTime', { score: facts.score, halfTime: facts.halfTime })
        : t('account.facts.played', { score: facts.score });
    case 'ABANDONED':
      return t('account.facts.abandoned', { minute: facts.minute ?? '?', score: facts.score ?? '' });
    case 'POSTPONED':
      return t('account.facts.postponed');
    case 'CANCELLED':
      return t('account.facts.cancelled');
  }
};

export function BetDetail({ order }: { readonly order: AccountOrderDetailFragment }) {
  const { t, i18n } = useTranslation();
  const names = useMarketNames();
  const statusText = useOrderStatusText()(order);
  const settled = order.status === 'settled' || order.status === 'cashedOut';
  const rows: [string, string][] = [
    [t('account.bet.placedAt'), formatEat(order.placedAt)],
    [
      t('account.bet.payType'),
      order.payType === 'CREDIT' ? t('account.bet.payCredit') : t('account.bet.payBalance'),
    ],
    [t('account.bet.stake'), formatMoney(order.stake)],
    [t('account.bet.totalOdds'), order.totalOdds],
  ];
  if (settled) {
    rows.push([t('account.bet.payout'), formatMoney(order.payout ?? 0)]);
    if (order.reward) rows.push([t('account.bet.reward'), formatMoney(order.reward)]);
    rows.push([t('account.bet.tax'), formatMoney(order.tax ?? 0)]);
    rows.push([t('account.bet.credited'), formatMoney(order.credited ?? 0)]);
    if (order.settledAt) rows.push([t('account.bet.settledAt'), formatEat(order.settledAt)]);
  } else {
    rows.push([t('account.bet.potentialProfit'), formatMoney(order.potentialProfit)]);
    if (order.potentialReward > 0)
      rows.push([
        t('account.bet.potentialReward', { percent: order.rewardPercent }),
        formatMoney(order.potentialReward),
      ]);
    rows.push([t('account.bet.potentialTax', { percent: order.taxRate }), formatMoney(order.potentialTax)]);
    rows.push([t('account.bet.potentialReturn'), formatMoney(order.potentialReturn)]);
  }
  return (
    <article className="acc-bet" aria-label={t('account.bet.serial', { serial: order.serial })}>
      <header className="acc-bet__head">
        <span className="acc-bet__serial">{t('account.bet.serial', { serial: order.serial })}</span>
        <span className={`acc-tag acc-tag--${statusText.tone}`}>{statusText.text}</span>
      </header>
      {order.abnormalInfo ? (
        <p className="acc-muted">{t('account.bet.abnormal', { info: order.abnormalInfo })}</p>
      ) : null}
      {order.cancelReason ? <p className="acc-muted">{order.cancelReason}</p> : null}
      <dl className="acc-dl acc-dl--compact">
        {rows.map(([label, value]) => (
          <div key={label} className="acc-dl__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ol className="acc-legs">
        {order.lines.map((line) => {
          const outcome = OUTCOMES[line.outcome] ?? { key: 'account.outcome.pending', tone: 'pending' };
          return (
            <li key={line.legIndex} className="acc-leg">
              <div className="acc-leg__teams">
                {line.home} – {line.away}
                {line.eventStatus === EVENT_STATUS.LIVE ? (
                  <span className="acc-live">{t('account.bet.live')}</span>
                ) : null}
              </div>
              <div className="acc-leg__pick">
                <span>
                  {names.market(line.marketName)}: <strong>{names.outcome(line.selectionName)}</strong> @{' '}
                  {line.odds}
                </span>
                <span className={`acc-tag acc-tag--${outcome.tone}`}>{t(outcome.key)}</span>
              </div>
              <div className="acc-leg__meta">{formatEat(line.startTime)}</div>
              {line.facts ? (
                <div className="acc-leg__facts">{factsText(line.facts, t)}</div>
              ) : lineScoreText(line.match, t) ? (
                <div className="acc-leg__facts acc-leg__score">{lineScoreText(line.match, t)}</div>
              ) : null}
              {/* The settlement rule is the server's English audit text (domain settlement): shown to
                  English readers as the detail behind the facts line above. */}
              {line.rule && i18n.language.startsWith('en') ? (
                <div className="acc-leg__rule">{line.rule}</div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </article>
  );
}
