/**
 * Storybook of the player site (issue 7 item 6): the stories next to the components
 * (`src/**\/*.stories.tsx`), built with the app's own Vite config. Offline: no telemetry, no update
 * check. `npm run storybook -w @bashiri/web-player` (port 6006); `src/stories.unit.test.ts` renders
 * every story in happy-dom so a broken story fails `npm test`.
 */
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.tsx'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
