// @vitest-environment happy-dom
/**
 * Renders every story of the player site (issue 7 item 6) with the Storybook preview's decorators
 * (i18n in Swahili, memory router), so a broken story fails `npm test`. A `.ts` file with createElement:
 * the unit tier matches `*.unit.test.ts`.
 */
import { composeStories, setProjectAnnotations } from '@storybook/react';
import { act, cleanup, render } from '@testing-library/react';
import { createElement, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import preview from '../.storybook/preview.tsx';

setProjectAnnotations(preview);
afterEach(cleanup);

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

describe('stories', () => {
  it('finds the stories of the betslip, match row, header, menus, bet detail and account pages', () => {
    expect(Object.keys(modules).sort()).toEqual([
      './account/BetDetail.stories.tsx',
      './account/forms.stories.tsx',
      './betslip/BetslipPanel.stories.tsx',
      './layout/Header.stories.tsx',
      './layout/LeftMenu.stories.tsx',
      './matches/MatchRow.stories.tsx',
    ]);
  });

  for (const [path, module] of Object.entries(modules))
    for (const [name, Story] of Object.entries(composeStories(module)))
      it(`${path} ${name} renders`, async () => {
        const { container } = render(createElement(Story as ComponentType));
        await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
        expect(container.textContent?.trim().length).toBeGreaterThan(0);
        expect(container.textContent).not.toContain('Hitilafu ya rasilimali');
      });

  it('shows the rejected slip with the selection the server refused marked', async () => {
    const stories = composeStories(modules['./betslip/BetslipPanel.stories.tsx'] as StoryModule) as Record<
      string,
      ComponentType
    >;
    const { container } = render(createElement(stories['Rejected'] as ComponentType));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.querySelector('.betslip__tip')?.textContent).toBe('Mechi hii imefungwa kwa kubashiri');
    expect(container.querySelectorAll('.betslip__item.is-paused')).toHaveLength(1);
  });
});
