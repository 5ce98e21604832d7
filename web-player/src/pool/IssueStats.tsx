/**
 * The live statistics of a pool issue (issue 18 "live prize tracker"; spec §2 /string_ball, /guess_score):
 * tickets and lines sold, matches decided, how the players picked each match (share of lines per
 * outcome) and, per prize tier, the lines at it now, the lines that can still reach it and the prize a
 * line would get if the issue settled on today's lines. Figures exactly as the server computes them
 * (`poolIssueStats`); read again every 15 s. Loaded with the pool pages (on demand).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { formatTzs } from '@bashiri/web-shared';
import { PoolIssueStatsDocument, type PoolIssueStatsQuery } from './generated.ts';

/** How often the statistics are read again, ms. */
export const STATS_REFRESH_MS = 15_000;

/** The statistics of one issue as the server answers them. */
export type IssueStatsData = NonNullable<PoolIssueStatsQuery['poolIssueStats']>;

/** The statistics drawn from loaded data (stories and tests render this directly). */
export function IssueStatsView({ stats }: { readonly stats: IssueStatsData }) {
  const { t } = useTranslation();
  return (
    <section className="pool-stats" aria-label={t('pool.stats.title')} data-testid="pool-stats">
      <h2>{t('pool.stats.title')}</h2>
      <p>
        {t('pool.stats.summary', {
          tickets: stats.tickets,
          lines: stats.lines,
          decided: stats.matchesDecided,
          total: stats.matches.length,
        })}
      </p>
      <h3>{t('pool.stats.tracker')}</h3>
      <table className="pool-tracker">
        <thead>
          <tr>
            <th scope="col">{t('pool.stats.tier')}</th>
            <th scope="col">{t('pool.stats.linesNow')}</th>
            <th scope="col">{t('pool.stats.possible')}</th>
            <th scope="col">{t('pool.stats.projected')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.tiers.map((tier) => (
            <tr key={tier.hits} data-testid="pool-tracker-tier">
              <th scope="row">{tier.hits}</th>
              <td>{tier.linesNow}</td>
              <td>{tier.linesPossible}</td>
              <td>
                {tier.projectedPrizePerLine === null || tier.projectedPrizePerLine === undefined
                  ? t('pool.stats.noLine')
                  : formatTzs(tier.projectedPrizePerLine)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('pool.stats.picks')}</h3>
      <ol className="pool-picks">
        {stats.matches.map((m) => (
          <li key={m.matchId} data-testid="pool-picks-match">
            <span className="pool-picks__match">
              {t('pool.stats.picksOf', { home: m.home, away: m.away })}
              {m.result && <b> · {m.result.void ? t('pool.void') : m.result.outcome}</b>}
            </span>
            {m.picks.length === 0 ? (
              <span className="pool-picks__none">{t('pool.stats.none')}</span>
            ) : (
              <span
                className="pool-picks__bar"
                role="img"
                aria-label={m.picks.map((p) => t('pool.stats.share', p)).join(', ')}
              >
                {m.picks.map((p) => (
                  <span
                    key={p.outcome}
                    className={`pool-picks__part${m.result?.outcome === p.outcome ? ' pool-picks__part--won' : ''}`}
                    style={{ flexGrow: Math.max(p.percent, 1) }}
                    title={t('pool.stats.share', p)}
                  >
                    {p.outcome} {p.percent}%
                  </span>
                ))}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The statistics of issue `issueId`, read again every {@link STATS_REFRESH_MS}. */
export function IssueStats({ issueId }: { readonly issueId: string }) {
  const [{ data }, refresh] = useQuery({
    query: PoolIssueStatsDocument,
    variables: { issueId },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    const timer = setInterval(() => refresh({ requestPolicy: 'network-only' }), STATS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  const stats = data?.poolIssueStats;
  return stats ? <IssueStatsView stats={stats} /> : null;
}
