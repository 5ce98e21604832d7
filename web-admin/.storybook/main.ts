/** Storybook for the back office's shared components (issue 8 item 4): `npm run storybook -w @bashiri/web-admin`. */
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};

export default config;
