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
      './matches/MatchFacts.stories.tsx',
      './matches/MatchRow.stories.tsx',
      './pool/pool.stories.tsx',
      './promotion/Agent.stories.tsx',
      './racing/Racing.stories.tsx',
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

  it('shows the match statistics in Swahili, each with its counts (issue 16 item 2)', async () => {
    const stories = composeStories(modules['./matches/MatchFacts.stories.tsx'] as StoryModule) as Record<
      string,
      ComponentType
    >;
    const { container } = render(createElement(stories['WithStatistics'] as ComponentType));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const rows = [...container.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['17', 'Mashuti', '8'],
      ['7', 'Mashuti yaliyolenga goli', '3'],
      ['9', 'Kona', '2'],
      ['1', 'Kadi za njano', '3'],
      ['0', 'Kadi nyekundu', '1'],
    ]);
    expect(container.textContent).toContain('Mapumziko 1 - 0');
    expect(container.textContent).toContain("45+1' 77'");
  });

  it('shows a pending withdrawal as reserved in the balance dropdown (issue 16 item 8)', async () => {
    const stories = composeStories(modules['./layout/Header.stories.tsx'] as StoryModule) as Record<
      string,
      ComponentType
    >;
    const { container } = render(createElement(stories['PendingWithdrawal'] as ComponentType));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.querySelector('[data-testid="reserved"]')?.textContent).toBe(
      'Inasubiri kutolewa (imeshatolewa kwenye salio): TZS 50,000',
    );
    cleanup();
    const player = render(createElement(stories['Player'] as ComponentType));
    expect(player.container.querySelector('[data-testid="reserved"]')).toBeNull();
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

  it('racing slip: two cars for the champion make 2 tickets; a placed order says so (issue 19)', async () => {
    const stories = composeStories(modules['./racing/Racing.stories.tsx'] as StoryModule) as Record<
      string,
      ComponentType
    >;
    const champion = render(createElement(stories['Champion'] as ComponentType));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(champion.container.querySelector('[data-testid="racing-tickets"]')?.textContent).toBe('2');
    cleanup();
    const done = render(createElement(stories['Placed'] as ComponentType));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(done.container.querySelector('[role="status"]')?.textContent).toBe(
      'Dau limewekwa: tiketi 1, chipu 100.',
    );
  });
});
