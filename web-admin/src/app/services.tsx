/**
 * What every back-office screen reaches through React context (the player site's pattern,
 * web-player/src/app/services.tsx): the API client (urql), the staff session and local storage. Built
 * once in `main.tsx`; tests and stories build their own with fakes.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { Provider as UrqlProvider } from 'urql';
import type { ApiClient, SessionStore, StoragePort } from '../shared.ts';

/** The back office's services. */
export interface AdminServices {
  readonly api: Pick<ApiClient, 'client'> & Partial<ApiClient>;
  readonly session: SessionStore;
  readonly storage: StoragePort;
}

const ServicesContext = createContext<AdminServices | null>(null);

/** Provides the services and the urql client to everything below. */
export function ServicesProvider({
  services,
  children,
}: {
  readonly services: AdminServices;
  readonly children: ReactNode;
}) {
  return (
    <ServicesContext.Provider value={services}>
      <UrqlProvider value={services.api.client}>{children}</UrqlProvider>
    </ServicesContext.Provider>
  );
}

/** The services; throws outside {@link ServicesProvider}. */
export const useServices = (): AdminServices => {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
};

/** The staff session token, re-rendering on login and logout (null = logged out). */
export const useSessionToken = (): string | null => {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.token, session.token);
};
