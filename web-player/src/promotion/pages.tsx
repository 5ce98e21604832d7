/**
 * Promotion pages of the player site, loaded on demand (their own chunk; issue 21; spec §2):
 *
 * - `/event_page`: the player's invitation code and link, copy and share;
 * - `/my_referrals`: the same plus invited, qualified and earned, and each friend's progress towards the
 *   settled stakes that earn the inviter a free bet;
 * - `/promotion`: running promotions in the player's language (Banner type 19 list);
 * - `/super`: the week's big winners, phones masked;
 * - `/purse`: progress towards the purse bonus, with the purse icon only for the players the spec's rule
 *   names (a user with an id, superior not 1, registered before 2023-09-17).
 *
 * Amounts are whole TZS; dates in East Africa Time.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatTzs } from '@bashiri/web-shared';
import {
  BIG_WINNERS,
  MY_REFERRALS,
  PROMOTIONS,
  PURSE,
  type BigWinner,
  type MyReferrals,
  type PromotionItem,
  type Purse,
} from './documents.ts';
import { eatStamp } from '../site/SiteExtras.tsx';
import './promotion.css';

type Referrals = MyReferrals;

const Failed = () => {
  const { t } = useTranslation();
  return <p role="alert">{t('promotion.error')}</p>;
};

/** The code, the link with copy and share (used by /event_page and /my_referrals). */
export function InviteCard({ referrals }: { readonly referrals: Referrals }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  // The player site routes by hash (`/#/register?v=CODE`): the server serves no `/register` path.
  const url = `${window.location.origin}/#${referrals.link}`;
  const text = t('promotion.shareText', { code: referrals.invitationCode, url });
  return (
    <div className="promo-invite">
      <p className="promo-invite__label">{t('promotion.code')}</p>
      <p className="promo-invite__code" data-testid="invitation-code">
        {referrals.invitationCode}
      </p>
      <label className="promo-invite__label" htmlFor="promo-link">
        {t('promotion.link')}
      </label>
      <input
        id="promo-link"
        className="promo-invite__link"
        readOnly
        value={url}
        data-testid="invitation-link"
      />
      <div className="promo-invite__actions">
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(url)
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }
        >
          {copied ? t('promotion.copied') : t('promotion.copy')}
        </button>
        {typeof navigator.share === 'function' ? (
          <button type="button" onClick={() => void navigator.share({ text, url }).catch(() => undefined)}>
            {t('promotion.share')}
          </button>
        ) : (
          <a className="promo-invite__share" href={`https://wa.me/?text=${encodeURIComponent(text)}`}>
            {t('promotion.share')}
          </a>
        )}
      </div>
      <p className="promo-rule">
        {t('promotion.rule', {
          stakes: formatTzs(referrals.qualifyingStakes),
          reward: formatTzs(referrals.reward),
          percent: referrals.invitationBonusPercent,
          cap: formatTzs(referrals.invitationBonusCap),
        })}
      </p>
    </div>
  );
}

/** The friends' table (tests and stories render it directly). */
export function ReferralsView({ referrals }: { readonly referrals: Referrals }) {
  const { t } = useTranslation();
  return (
    <>
      <InviteCard referrals={referrals} />
      <dl className="promo-figures">
        <div>
          <dt>{t('promotion.invited')}</dt>
          <dd data-testid="referrals-invited">{referrals.invited}</dd>
        </div>
        <div>
          <dt>{t('promotion.qualifying')}</dt>
          <dd data-testid="referrals-qualifying">{referrals.qualifying}</dd>
        </div>
        <div>
          <dt>{t('promotion.earned')}</dt>
          <dd data-testid="referrals-earned">TZS {formatTzs(referrals.earned)}</dd>
        </div>
      </dl>
      <h2>{t('promotion.friends')}</h2>
      {referrals.friends.length === 0 ? (
        <p>{t('promotion.noFriends')}</p>
      ) : (
        <ul className="promo-friends">
          {referrals.friends.map((f) => {
            const percent = Math.min(100, Math.floor((f.settledStakes * 100) / referrals.qualifyingStakes));
            return (
              <li key={`${f.phone}-${String(f.registeredAt)}`} data-testid="referral-friend">
                <span className="promo-friends__phone">{f.phone}</span>
                <span className="promo-friends__status">{t(`promotion.status.${f.status}`)}</span>
                <progress
                  max={100}
                  value={f.status === 'REWARDED' ? 100 : percent}
                  aria-label={t('promotion.progress')}
                />
                <span className="promo-friends__stakes">
                  TZS {formatTzs(f.settledStakes)} / {formatTzs(referrals.qualifyingStakes)}
                </span>
                {f.reward > 0 && <span className="promo-friends__reward">+TZS {formatTzs(f.reward)}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <p className="promo-note">{t('promotion.creditNote')}</p>
    </>
  );
}

/** `/event_page`. */
export function EventPage() {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery<{ myReferrals: MyReferrals }>({
    query: MY_REFERRALS,
    requestPolicy: 'cache-and-network',
  });
  return (
    <section className="page promo-page">
      <h1>{t('promotion.titles.event')}</h1>
      {error && <Failed />}
      {data && <InviteCard referrals={data.myReferrals} />}
      <a href="/my_referrals">{t('promotion.more')}</a>
    </section>
  );
}

/** `/my_referrals`. */
export function MyReferralsPage() {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery<{ myReferrals: MyReferrals }>({
    query: MY_REFERRALS,
    requestPolicy: 'cache-and-network',
  });
  return (
    <section className="page promo-page">
      <h1>{t('promotion.titles.referrals')}</h1>
      {error && <Failed />}
      {data && <ReferralsView referrals={data.myReferrals} />}
      {/* The agent's statistics and salary (spec §6; decision 0082). */}
      <Link to="/agent">{t('promotion.titles.agent')}</Link>
    </section>
  );
}

/** `/promotion`. */
export function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const [{ data, error }] = useQuery<{ promotions: PromotionItem[] }>({
    query: PROMOTIONS,
    variables: { language: i18n.language.slice(0, 2) },
  });
  const list = data?.promotions ?? [];
  return (
    <section className="page promo-page">
      <h1>{t('promotion.titles.promotions')}</h1>
      {error && <Failed />}
      {data && list.length === 0 && <p>{t('promotion.noPromotions')}</p>}
      <ul className="promo-list">
        {list.map((p) => (
          <li key={p.id} className="promo-card" data-testid="promotion-card">
            {p.banner && <img src={p.banner} alt="" loading="lazy" />}
            <h2>{p.title}</h2>
            {p.body && <p>{p.body}</p>}
            {p.kind === 'ORDER' && p.minStake != null && (
              <p>{t('promotion.orderRule', { stake: formatTzs(p.minStake), odds: p.minOdds ?? '' })}</p>
            )}
            {p.amount != null && (
              <p className="promo-card__amount">{t('promotion.freeBet', { amount: formatTzs(p.amount) })}</p>
            )}
            <p className="promo-card__until">{t('promotion.until', { date: eatStamp(String(p.endsAt)) })}</p>
            {p.kind === 'REFERRAL' && <a href="/event_page">{t('promotion.titles.event')}</a>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/super`. */
export function SuperPage() {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery<{ bigWinners: BigWinner[] }>({ query: BIG_WINNERS });
  const list = data?.bigWinners ?? [];
  return (
    <section className="page promo-page">
      <h1>{t('promotion.titles.super')}</h1>
      {error && <Failed />}
      {data && list.length === 0 && <p>{t('promotion.noWinners')}</p>}
      {list.length > 0 && (
        <table className="promo-table">
          <thead>
            <tr>
              <th>{t('promotion.phone')}</th>
              <th>{t('promotion.amount')}</th>
              <th>{t('promotion.when')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((w, i) => (
              <tr key={i}>
                <td>{w.phone}</td>
                <td>TZS {formatTzs(w.amount)}</td>
                <td>{eatStamp(String(w.at))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The purse icon (spec §2 "purse icon"). */
export const PurseIcon = () => (
  <svg className="promo-purse__icon" viewBox="0 0 24 24" width={40} height={40} aria-hidden="true">
    <path d="M3 7h15a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z" fill="#f5b400" />
    <path d="M3 7l12-4 2 4" fill="none" stroke="#a66f00" strokeWidth="1.5" />
    <circle cx="17" cy="14" r="1.6" fill="#a66f00" />
  </svg>
);

/** `/purse`. */
export function PursePage() {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery<{ myPurse: Purse }>({
    query: PURSE,
    requestPolicy: 'cache-and-network',
  });
  const purse = data?.myPurse;
  return (
    <section className="page promo-page">
      <h1>{t('promotion.titles.purse')}</h1>
      {error && <Failed />}
      {purse && !purse.shown && <p data-testid="purse-hidden">{t('promotion.purse.notShown')}</p>}
      {purse?.shown && (
        <div className="promo-purse">
          <PurseIcon />
          <h2>{t('promotion.purse.title', { bonus: formatTzs(purse.bonus) })}</h2>
          <progress max={100} value={purse.percent} />
          <p>
            {t('promotion.purse.progress', {
              stakes: formatTzs(purse.settledStakes),
              target: formatTzs(purse.target),
              percent: purse.percent,
            })}
          </p>
          {purse.reached && <p role="status">{t('promotion.purse.reached')}</p>}
        </div>
      )}
    </section>
  );
}
