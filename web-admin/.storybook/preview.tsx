/**
 * Every story renders inside the fake frame (testing/StoryFrame.tsx): i18n, antd, router, a staff member
 * with every permission, and an urql client answered by the story's `parameters.answer`.
 */
import type { Preview } from '@storybook/react-vite';
import { StoryFrame, type StoryAnswer } from '../src/testing/StoryFrame.tsx';
import type { Language } from '../src/shared.ts';

const preview: Preview = {
  decorators: [
    (Story, context) => (
      <StoryFrame
        answer={context.parameters['answer'] as StoryAnswer | undefined}
        language={(context.parameters['language'] as Language | undefined) ?? 'en-US'}
        permissions={context.parameters['permissions'] as string[] | undefined}
        setupRequired={context.parameters['setupRequired'] as string[] | undefined}
      >
        <Story />
      </StoryFrame>
    ),
  ],
};

export default preview;
