/**
 * Every story renders inside the app's i18n (Swahili by default; the toolbar's locale global switches)
 * and an in-memory router, with the site's base CSS.
 */
import type { Preview } from '@storybook/react-vite';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import '../src/app/app.css';
import '../src/layout/layout.css';
import { createI18n } from '../src/i18n/index.ts';
import { memoryStorage } from '@bashiri/web-shared';

const i18n = createI18n(memoryStorage());

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: { title: 'Language', items: ['sw', 'en-US', 'zh-CN'], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'sw' },
  decorators: [
    (Story, context) => {
      const locale = (context.globals['locale'] as string | undefined) ?? 'sw';
      if (i18n.language !== locale) void i18n.changeLanguage(locale);
      return (
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/home']}>
            <Story />
          </MemoryRouter>
        </I18nextProvider>
      );
    },
  ],
};

export default preview;
