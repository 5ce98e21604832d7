/**
 * Half-time score, goal minutes and match statistics (issue 16 items 1, 2; spec §3 "Match statistics":
 * corners, cards, shots on and off target, half score). On the match page they follow the demo clock
 * through `watchMatches`; on the results view they are the final figures. A statistic the source does
 * not have is left out; with none, only the goals show.
 */
import { useTranslation } from 'react-i18next';
import { goalMinutes, STATISTICS, type MatchFacts as Facts } from './model.ts';

/** The facts block of one match. */
export function MatchFacts({ facts }: { readonly facts: Facts }) {
  const { t } = useTranslation();
  const ht =
    facts.htHomeScore !== null && facts.htHomeScore !== undefined
      ? `${facts.htHomeScore} - ${facts.htAwayScore ?? 0}`
      : null;
  const stats = facts.statistics;
  const rows = stats ? STATISTICS.flatMap((key) => (stats[key] ? [{ key, pair: stats[key] }] : [])) : [];
  return (
    <section className="facts" aria-label={t('matches.stats.title')}>
      {ht !== null && <p className="facts__ht">{t('matches.results.halfTime', { score: ht })}</p>}
      {facts.goals.length > 0 && (
        <div className="facts__goals" aria-label={t('matches.results.goals')}>
          <span className="facts__side">{goalMinutes(facts, 'home')}</span>
          <span className="facts__ball" aria-hidden="true">
            ⚽
          </span>
          <span className="facts__side facts__side--away">{goalMinutes(facts, 'away')}</span>
        </div>
      )}
      {rows.length > 0 && (
        <table className="facts__stats">
          <caption>{t('matches.stats.title')}</caption>
          <tbody>
            {rows.map(({ key, pair }) => {
              const total = pair.home + pair.away;
              const share = total === 0 ? 50 : Math.round((pair.home / total) * 100);
              return (
                <tr key={key} data-stat={key}>
                  <td className="facts__num">{pair.home}</td>
                  <td className="facts__label">
                    <span>{t(`matches.stats.${key}`)}</span>
                    <span className="facts__bar" aria-hidden="true">
                      <span style={{ width: `${share}%` }} />
                    </span>
                  </td>
                  <td className="facts__num">{pair.away}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
