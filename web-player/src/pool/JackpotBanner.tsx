/**
 * The jackpot banner of the player site (spec §2 "jackpot banner"; spec §9 "the initial plus the current
 * jackpot"; issue 18 item 4): the displayed jackpot of the open jackpot issue, in TZS, linking to
 * `/string_ball`. Live: the small `PoolJackpotBanner` query draws it first, then the `PoolJackpotAmount`
 * subscription (GraphQL `jackpotAmount`, over the site's websocket) replaces it at once and after every
 * ticket bought or issue change, so the amount moves as tickets are bought (15% of each stake goes to
 * the pool, 40% of the pool is the top tier's fund: docs/pool-games.md "Live jackpot amount"). After a
 * lost connection the socket re-subscribes and the first answer brings the amount up to date.
 *
 * Kept off the first load (PREAMBLE rule 7): the layout draws it through `LazyJackpotBanner`
 * (site/SiteExtras.tsx), whose chunk (site/parts.tsx) loads after the first paint; this module brings
 * the pool texts it needs (`pool` namespace) into the languages already loaded, since the pool pages'
 * texts load on demand (i18n/registry-later.ts).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import type { i18n } from 'i18next';
import { formatTzs } from '@bashiri/web-shared';
import { LANGUAGES } from '@bashiri/web-shared';
import { eatStamp } from '../site/SiteExtras.tsx';
import {
  PoolJackpotAmountDocument,
  PoolJackpotBannerDocument,
  type PoolJackpotBannerQuery,
} from './generated.ts';
import { poolTexts } from './texts.ts';
import './banner.css';

/** The banner's data: the open jackpot issue (null when none is open). */
export type JackpotBannerData = PoolJackpotBannerQuery['jackpotBanner'];

/**
 * Adds the `pool` texts to every language bundle already loaded, without overwriting (languages loaded
 * later by the site's backend come with every feature's texts). Idempotent.
 */
export const addPoolTexts = (instance: i18n): void => {
  for (const language of LANGUAGES)
    if (instance.hasResourceBundle(language, 'translation'))
      instance.addResourceBundle(
        language,
        'translation',
        { [poolTexts.namespace]: poolTexts.texts[language] },
        true,
        false,
      );
};

/** The banner drawn from its data; nothing when no jackpot is open. */
export function JackpotBannerView({ banner }: { readonly banner: JackpotBannerData | undefined }) {
  const { t } = useTranslation();
  if (!banner) return null;
  const amount = `TZS ${formatTzs(banner.amount)}`;
  return (
    <Link
      to="/string_ball"
      className="jackpot-banner"
      data-testid="jackpot-banner"
      aria-label={t('pool.bannerLabel', {
        identifier: banner.identifier,
        amount,
        at: eatStamp(String(banner.closesAt)),
      })}
    >
      <span className="jackpot-banner__amount" data-testid="jackpot-banner-amount">
        {t('pool.banner', { amount })}
      </span>
      <span className="jackpot-banner__play">{t('pool.bannerPlay')}</span>
    </Link>
  );
}

/**
 * The live banner: the open jackpot's displayed amount, from the query until the `jackpotAmount`
 * subscription answers, then from the subscription (null there: no jackpot open, nothing drawn).
 */
export function JackpotBanner() {
  const { i18n: instance } = useTranslation();
  useMemo(() => addPoolTexts(instance), [instance]);
  const [{ data }] = useQuery({ query: PoolJackpotBannerDocument, requestPolicy: 'cache-and-network' });
  const [live] = useSubscription({ query: PoolJackpotAmountDocument });
  const banner = live.data ? live.data.jackpotAmount : data?.jackpotBanner;
  return <JackpotBannerView banner={banner} />;
}
