/**
 * One match in a list (spec §2 home quick markets; §3 Match): kick-off time in East Africa Time or the
 * live minute and score, teams, league, the odds buttons of one quick market, and a link to all
 * markets. An odds button toggles its selection on the betslip; a closed one shows a lock (spec §2
 * pause overlay).
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SelectionOffer } from '../betslip/types.ts';
import { Icon } from '../layout/icons.tsx';
import {
  IN_PLAY,
  isOpen,
  kickOff,
  offerOf,
  quickCells,
  type Match,
  type Outcome,
  type QuickMarket,
} from './model.ts';

/** An odds button: label, odds, selected state; locked when the outcome cannot be bet now. */
export function OddsButton({
  match,
  outcome,
  label,
  selected,
  onToggle,
}: {
  readonly match: Pick<Match, 'id' | 'teamHome' | 'teamAway' | 'statusId' | 'suspended'>;
  readonly outcome: Outcome | null | undefined;
  readonly label: string;
  readonly selected: boolean;
  readonly onToggle: (offer: SelectionOffer) => void;
}) {
  const { t } = useTranslation();
  const open = isOpen(match, outcome);
  if (!outcome || !open)
    return (
      <span className="odds is-locked" aria-label={`${label} ${t('matches.locked')}`}>
        <span className="odds__label">{label}</span>
        <span className="odds__lock">
          <Icon name="lock" size={12} />
        </span>
      </span>
    );
  return (
    <button
      type="button"
      className={selected ? 'odds is-selected' : 'odds'}
      aria-pressed={selected}
      data-selection={outcome.id}
      onClick={() => onToggle(offerOf(match, outcome))}
    >
      <span className="odds__label">{label}</span>
      <span className="odds__value">{outcome.odds}</span>
    </button>
  );
}

/** The time column: kick-off (HH:mm, dd/MM) or, live, the minute and score. */
function MatchClock({ match }: { readonly match: Match }) {
  const { t } = useTranslation();
  if (match.statusId === IN_PLAY)
    return (
      <div className="match__clock is-live">
        <span className="match__minute">
          {match.matchMinute === 'HT' ? t('matches.halfTime') : `${match.matchMinute ?? ''}'`}
        </span>
        <span className="match__live">{t('matches.live')}</span>
      </div>
    );
  const { time, day } = kickOff(match.matchTime);
  return (
    <div className="match__clock">
      <span>{time}</span>
      <span className="match__day">{day}</span>
    </div>
  );
}

/** A match row with the odds of `market`. */
export const MatchRow = memo(function MatchRow({
  match,
  market,
  selected,
  onToggle,
}: {
  readonly match: Match;
  readonly market: QuickMarket;
  readonly selected: ReadonlySet<string>;
  readonly onToggle: (offer: SelectionOffer) => void;
}) {
  const { t } = useTranslation();
  const live = match.statusId === IN_PLAY;
  return (
    <article className="match" data-match={match.id}>
      <MatchClock match={match} />
      <Link className="match__teams" to={`/markets?id=${encodeURIComponent(match.id)}`}>
        <span className="match__league">{match.league}</span>
        <span className="match__team">
          <span className="match__name">{match.teamHome}</span>
          {live && <strong className="match__score">{match.homeScore ?? 0}</strong>}
        </span>
        <span className="match__team">
          <span className="match__name">{match.teamAway}</span>
          {live && <strong className="match__score">{match.awayScore ?? 0}</strong>}
        </span>
      </Link>
      <div className={`match__odds match__odds--${market}`}>
        {quickCells(match, market).map((cell, i) => {
          const label = cell.label ?? t(cell.labelKey ?? '');
          return (
            <OddsButton
              key={cell.outcome?.id ?? `${market}-${i}`}
              match={match}
              outcome={cell.outcome}
              label={label}
              selected={!!cell.outcome && selected.has(cell.outcome.id)}
              onToggle={onToggle}
            />
          );
        })}
      </div>
      <Link
        className="match__more"
        to={`/markets?id=${encodeURIComponent(match.id)}`}
        aria-label={t('matches.allMarkets')}
      >
        +{match.marketCount}
      </Link>
    </article>
  );
});

/** A grey row shown while a list loads (spec §9: three placeholder matches). */
export function MatchPlaceholder() {
  return (
    <div className="match match--placeholder" aria-hidden="true">
      <div className="match__clock" />
      <div className="match__teams">
        <span className="ph" />
        <span className="ph" />
      </div>
      <div className="match__odds">
        <span className="odds" />
        <span className="odds" />
        <span className="odds" />
      </div>
    </div>
  );
}
