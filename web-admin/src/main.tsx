/**
 * Entry of the back office (issue 8), served by the API at `/admin/`: local storage under the `admin.`
 * prefix (a staff session and a player session in one browser stay apart), i18n in the stored language
 * (default sw), the API client with the staff bearer token, the routes of every feature.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AdminApp } from './app/App.tsx';
import { ROUTES } from './app/routes.ts';
import { ServicesProvider, type AdminServices } from './app/services.tsx';
import { createI18n } from './i18n/index.ts';
import { browserStorage, createApiClient, createSessionStore, prefixedStorage } from './shared.ts';

const storage = prefixedStorage(browserStorage(), 'admin.');
const i18n = createI18n(storage);
const session = createSessionStore(storage);
const api = createApiClient({ origin: location.origin, session, language: () => i18n.language });
document.documentElement.lang = i18n.language;
document.title = i18n.t('app.title');
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  document.title = i18n.t('app.title');
});

const services: AdminServices = { api, session, storage };

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServicesProvider services={services}>
          <AdminApp routes={ROUTES} />
        </ServicesProvider>
      </I18nextProvider>
    </StrictMode>,
  );
