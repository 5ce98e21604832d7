/**
 * `/home` (spec §2), kept alive by the layout. Its own module so that the site's first load carries
 * the home list only; the other match screens (pages.tsx) load on first visit (issue 7 item 8).
 */
import { useTranslation } from 'react-i18next';
import { homeLoader } from './loaders.ts';
import { MatchList } from './MatchList.tsx';
import './matches.css';

/** `/home`: the home list with quick markets. */
export function HomePage() {
  const { t } = useTranslation();
  return <MatchList load={homeLoader} loadKey="home" title={t('matches.topMatches')} />;
}
