/**
 * What every screen reaches through React context: the API client (urql), the session, local storage
 * and the betslip actor. Built once in `main.tsx`; tests and stories build their own with fakes.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { Provider as UrqlProvider } from 'urql';
import type { BetslipActor } from '../betslip/BetslipPanel.tsx';
import type { ApiClient } from '@bashiri/web-shared';
import type { SessionStore } from '@bashiri/web-shared';
import type { StoragePort } from '@bashiri/web-shared';

/** The app's services. */
export interface AppServices {
  readonly api: ApiClient;
  readonly session: SessionStore;
  readonly storage: StoragePort;
  readonly betslip: BetslipActor;
}

const ServicesContext = createContext<AppServices | null>(null);

/** Provides the services and the urql client to everything below. */
export function ServicesProvider({
  services,
  children,
}: {
  readonly services: AppServices;
  readonly children: ReactNode;
}) {
  return (
    <ServicesContext.Provider value={services}>
      <UrqlProvider value={services.api.client}>{children}</UrqlProvider>
    </ServicesContext.Provider>
  );
}

/** The app's services; throws outside {@link ServicesProvider}. */
export const useServices = (): AppServices => {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
};

/** The session token, re-rendering on login and logout (null = visitor). */
export const useSessionToken = (): string | null => {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.token, session.token);
};
