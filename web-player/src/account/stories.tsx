/**
 * Story decorators of the account pages: texts in a chosen language, and whole routes over a fake API
 * (testing.tsx) so that forms and lists render exactly as on the site, without a server.
 */
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/index.ts';
import { memoryStorage } from '../storage.ts';
import { ACCOUNT_ROUTES_EAGER as ACCOUNT_ROUTES } from './eager-routes.tsx';
import { routeTree, type FakeHandlers } from './testing.tsx';

/** Children with the texts of `language` (default English). */
export function WithTexts({
  language = 'en-US',
  children,
}: {
  readonly language?: 'sw' | 'en-US' | 'zh-CN';
  readonly children: ReactNode;
}) {
  const i18n = createI18n(memoryStorage());
  void i18n.changeLanguage(language);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** An account route at `path` over fake handlers, logged in when `token` is given. */
export function AccountRoute({
  path,
  handlers = {},
  token,
  language = 'en-US',
}: {
  readonly path: string;
  readonly handlers?: FakeHandlers;
  readonly token?: string;
  readonly language?: 'sw' | 'en-US' | 'zh-CN';
}) {
  return routeTree(ACCOUNT_ROUTES, path, { handlers, language, ...(token ? { token } : {}) }).element;
}
