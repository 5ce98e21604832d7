// @vitest-environment happy-dom
/**
 * The agent's salary list on `/agent` (spec §6 agent role "salary"; decision 0082) in Swahili, English
 * and Chinese, from its stories: the week in East Africa Time (Monday to Sunday), the players' net loss,
 * the percent, the amount and the paid bill; a week not paid or where the players won says so.
 */
import { composeStories, setProjectAnnotations } from '@storybook/react';
import { act, cleanup, render } from '@testing-library/react';
import { createElement, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview.tsx';
import * as stories from './Agent.stories.tsx';

setProjectAnnotations(preview);
afterEach(cleanup);

/** Renders a story in a language (the preview's `locale` global) and reads its salary cards. */
const salaryCards = async (name: 'WithSalaries' | 'NoSalary', locale: string) => {
  const composed = composeStories(stories, { initialGlobals: { locale } }) as Record<string, ComponentType>;
  const { container } = render(createElement(composed[name]!));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const text = (el: Element, id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent;
  return {
    container,
    cards: [...container.querySelectorAll('[data-testid="agent-salary"]')].map((li) => [
      text(li, 'agent-salary-week'),
      text(li, 'agent-salary-net'),
      text(li, 'agent-salary-percent'),
      text(li, 'agent-salary-amount'),
      text(li, 'agent-salary-bill'),
    ]),
  };
};

describe('the agent’s salaries (/agent)', () => {
  it('lists each week with net loss, percent, amount and the paid bill, in Swahili', async () => {
    const { cards, container } = await salaryCards('WithSalaries', 'sw');
    expect(cards).toEqual([
      ['Wiki 2026-11-16 – 2026-11-22', 'TZS 84,500', '10%', 'TZS 8,450', 'Bado haijalipwa'],
      ['Wiki 2026-11-09 – 2026-11-15', '-TZS 12,000', '10%', 'TZS 0', 'Hakuna wiki hii'],
      [
        'Wiki 2026-11-02 – 2026-11-08',
        'TZS 150,009',
        '10%',
        'TZS 15,000',
        expect.stringMatching(/^Imelipwa, bili #4812 \(/),
      ],
    ]);
    // The paid bill links to the balance bills.
    expect(container.querySelector('[data-testid="agent-salary-bill"] a')?.getAttribute('href')).toBe(
      '/user_bill?type=1',
    );
    expect(container.querySelector('[data-testid="agent-pnl"]')?.textContent).toBe('-TZS 120,250');
  });

  it('speaks English and Chinese', async () => {
    const en = await salaryCards('WithSalaries', 'en-US');
    expect(en.cards[0]).toEqual([
      'Week 2026-11-16 – 2026-11-22',
      'TZS 84,500',
      '10%',
      'TZS 8,450',
      'Not paid yet',
    ]);
    expect(en.cards[2]![4]).toMatch(/^Paid, bill #4812 \(/);
    cleanup();
    const zh = await salaryCards('WithSalaries', 'zh-CN');
    expect(zh.cards[1]![4]).toBe('本周无工资');
    expect(zh.cards[2]![4]).toMatch(/^已支付，账单 #4812/);
  });

  it('says when there is no salary yet', async () => {
    const { container, cards } = await salaryCards('NoSalary', 'sw');
    expect(cards).toEqual([]);
    expect(container.querySelector('[data-testid="agent-no-salary"]')?.textContent).toBe(
      'Bado hakuna mshahara.',
    );
  });
});
