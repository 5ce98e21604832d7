/**
 * Story helpers of the account and content pages: texts in a chosen language, and a page over a fake
 * API (testing.tsx) so that forms and lists render exactly as on the site, without a server. Inside
 * Storybook's preview (which wraps stories in a memory router) the page uses that router; alone (the
 * unit test) it gets its own at `path`.
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useInRouterContext } from 'react-router';
import { ServicesProvider } from '../app/services.tsx';
import { createI18n } from '../i18n/index.ts';
import { memoryStorage } from '@bashiri/web-shared';
import { fakeServices, type FakeHandlers } from './testing.tsx';

/** Children with the texts of `language` (default English). */
export function WithTexts({
  language = 'en-US',
  children,
}: {
  readonly language?: 'sw' | 'en-US' | 'zh-CN';
  readonly children: ReactNode;
}) {
  const [i18n] = useState(() => {
    const instance = createI18n(memoryStorage());
    void instance.changeLanguage(language);
    return instance;
  });
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** An account or content page over fake handlers, logged in when `token` is given. */
export function AccountPage({
  page: Page,
  path = '/',
  handlers = {},
  token,
  language = 'en-US',
}: {
  readonly page: ComponentType;
  readonly path?: string;
  readonly handlers?: FakeHandlers;
  readonly token?: string;
  readonly language?: 'sw' | 'en-US' | 'zh-CN';
}) {
  const inRouter = useInRouterContext();
  const [{ services, i18n }] = useState(() =>
    fakeServices({ handlers, language, ...(token ? { token } : {}) }),
  );
  const content = (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <Page />
      </ServicesProvider>
    </I18nextProvider>
  );
  return inRouter ? content : <MemoryRouter initialEntries={[path]}>{content}</MemoryRouter>;
}
