/**
 * Entry of the player site: storage, i18n in the stored language (default sw), the betslip actor
 * (restored from local storage; share links from this origin), the router.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { App, createAppRouter } from './app/App.tsx';
import { ServicesProvider, type AppServices } from './app/services.tsx';
import { connectedBetslipMachine } from './betslip/api.ts';
import { createApiClient } from './graphql/client.ts';
import { createI18n } from './i18n/index.ts';
import { createSessionStore } from './session/session.ts';
import { browserStorage } from './storage.ts';

const storage = browserStorage();
const i18n = createI18n(storage);
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
          <App router={createAppRouter()} />
        </ServicesProvider>
      </I18nextProvider>
    </StrictMode>,
  );
