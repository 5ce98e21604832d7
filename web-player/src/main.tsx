/**
 * Entry of the player site: storage, i18n in the stored language (default sw), the betslip actor
 * (restored from local storage; share links from this origin), the router.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { App } from './app/App.tsx';
import { ServicesProvider, type AppServices } from './app/services.tsx';
import { connectedBetslipMachine } from './betslip/api.ts';
import { createApiClient } from '@bashiri/web-shared';
import { createSiteI18n } from './i18n/site.ts';
import { createSessionStore } from '@bashiri/web-shared';
import { browserStorage, type StoragePort } from '@bashiri/web-shared';

/**
 * Starts the site once the stored language's texts are there (Swahili is bundled; another language is
 * one small chunk). Not a top-level await: the chunks loaded on demand import this entry's chunk, so
 * awaiting one of them while the entry evaluates would never end.
 */
const start = (storage: StoragePort, i18n: i18n) => {
  const session = createSessionStore(storage);
  const api = createApiClient({ origin: location.origin, session, language: () => i18n.language });
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (language) => (document.documentElement.lang = language));

  // The betslip with its GraphQL actors (placeBet, refreshAccount, loadBookingCode, shareSlip).
  const betslip = createActor(connectedBetslipMachine(api.client), {
    input: { storage, origin: location.origin },
  }).start();
  const code = new URLSearchParams(location.search).get('code');
  if (code) {
    // spec §2: ?code= on the app root loads a shared betslip, then the code is cleared
    betslip.send({ type: 'LOAD_CODE', code });
    history.replaceState(null, '', `${location.pathname}${location.hash}`);
  }

  const services: AppServices = { api, session, storage, betslip };

  const root = document.getElementById('root');
  if (root)
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <ServicesProvider services={services}>
            <App />
          </ServicesProvider>
        </I18nextProvider>
      </StrictMode>,
    );
};

const storage = browserStorage();
void createSiteI18n(storage).then((i18n) => start(storage, i18n));
