// @vitest-environment happy-dom
/**
 * Renders every story of the back office (issue 8 item 4) with the Storybook preview's decorators, so a
 * broken story fails `npm test`; a few stories are checked for what they must show.
 */
import { composeStories, setProjectAnnotations } from '@storybook/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import preview from '../.storybook/preview.tsx';
import { installDomShims } from './testing/dom-shims.ts';

beforeAll(installDomShims);

setProjectAnnotations(preview);
afterEach(cleanup);

const modules = import.meta.glob<Record<string, unknown>>('./**/*.stories.tsx', { eager: true });

const stories = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(composeStories(module as never)).map(([name, Story]) => [`${file} ${name}`, Story] as const),
);

describe('every story renders', () => {
  it('finds the stories of the four shared components', () => {
    expect(stories.length).toBeGreaterThanOrEqual(10);
    for (const component of ['DataTable', 'FilterBar', 'PermissionTree', 'AuditTimeline'])
      expect(
        stories.some(([name]) => name.includes(component)),
        component,
      ).toBe(true);
  });

  it.each(stories)('%s', async (_name, Story) => {
    const { container } = render(createElement(Story as never));
    await waitFor(() => expect(container.textContent?.length ?? 0).toBeGreaterThan(0));
  });
});

describe('what the stories show', () => {
  const story = (file: string, name: string) => {
    const found = stories.find(([label]) => label === `./components/${file}.stories.tsx ${name}`);
    if (!found) throw new Error(`no story ${file} ${name}`);
    return found[1];
  };

  it('DataTable shows the first page of the answer and its total', async () => {
    render(createElement(story('DataTable', 'Paged') as never));
    expect(await screen.findByText('+255712345001')).toBeTruthy();
    expect(screen.queryByText('+255712345011')).toBeNull();
    expect(screen.getByText('42 rows')).toBeTruthy();
  });

  it('SetupPage asks first for a new password, in Swahili, then for the authenticator', async () => {
    const of = (name: string) =>
      stories.find(([label]) => label === `./shell/SetupPage.stories.tsx ${name}`)![1];
    render(createElement(of('ChangePasswordSwahili') as never));
    expect(await screen.findByText('Kamilisha usanidi wa akaunti yako')).toBeTruthy();
    expect(screen.getByText(/Nenosiri lako liliwekwa na mtu mwingine/)).toBeTruthy();
    cleanup();
    render(createElement(of('BindAuthenticatorChinese') as never));
    expect(await screen.findByText(/员工必须使用谷歌验证器登录/)).toBeTruthy();
  });

  it('DataTable shows a refusal in Swahili', async () => {
    render(createElement(story('DataTable', 'Failed') as never));
    expect(await screen.findByText('Huna ruhusa ya kitendo hiki')).toBeTruthy();
  });

  it('PermissionTree shows route and button nodes with their codes', async () => {
    render(createElement(story('PermissionTree', 'CustomerService') as never));
    expect(await screen.findByText('users.adjust_money')).toBeTruthy();
    expect(screen.getByTestId('held').textContent).toBe('b-payments-view b-users-view r-payments r-users');
  });

  it('MatchesTab lists hidden, awaiting, finished and cancelled matches with the actions they allow', async () => {
    const found = stories.find(([label]) => label === './catalogue/MatchesTab.stories.tsx English');
    const { container } = render(createElement(found![1] as never));
    expect(await screen.findByText('Simba SC – Young Africans')).toBeTruthy();
    const table = within(container.querySelector<HTMLElement>('.ant-table')!);
    expect(table.getByText('Hidden')).toBeTruthy();
    expect(table.getByText('No result 5 h after kick-off')).toBeTruthy();
    expect(table.getByText('2:1 (HT 0:1)')).toBeTruthy();
    expect(table.getByText('cancelled before start')).toBeTruthy();
    // a result is entered for undecided matches (3), corrected for the finished one (1)
    expect(table.getAllByText('Enter result')).toHaveLength(3);
    expect(table.getAllByText('Correct result')).toHaveLength(1);
    expect(table.getAllByText('Cancel match')).toHaveLength(3);
  });

  it('BetConfigPage shows the rolling-bet delays of the version in force and of every version', async () => {
    const found = stories.find(([label]) => label === './config/BetConfigPage.stories.tsx English');
    const { container } = render(createElement(found![1] as never));
    const mobile = await screen.findByLabelText('Live-bet delay, mobile');
    await waitFor(() => expect((mobile as HTMLInputElement).value).toBe('3'));
    expect((screen.getByLabelText('Live-bet delay, desktop') as HTMLInputElement).value).toBe('7');
    const table = within(container.querySelector<HTMLElement>('.ant-table')!);
    expect(table.getByRole('columnheader', { name: 'Live-bet delay (mobile / desktop)' })).toBeTruthy();
    expect(table.getByText('3 s / 7 s')).toBeTruthy();
    expect(table.getByText('5 s / 5 s')).toBeTruthy();
  });

  /** Renders the bet-configuration story of `language` and finds a field labelled `label`. */
  const expectBetConfigLabel = async (language: string, label: string) => {
    const found = stories.find(([story]) => story === `./config/BetConfigPage.stories.tsx ${language}`);
    render(createElement(found![1] as never));
    expect(await screen.findByLabelText(label)).toBeTruthy();
    cleanup();
  };

  it('BetConfigPage names the rolling-bet delays in Swahili and Chinese', async () => {
    for (const [name, label] of [
      ['Swahili', 'Muda wa kusubiri dau la mubashara, simu'],
      ['Chinese', '滚球投注延迟（电脑）'],
    ] as const)
      await expectBetConfigLabel(name, label);
  });

  it('BetConfigPage shows the stakes per channel of the version in force and of every version', async () => {
    const found = stories.find(([label]) => label === './config/BetConfigPage.stories.tsx English');
    const { container } = render(createElement(found![1] as never));
    const mobileMinimum = await screen.findByLabelText('Minimum stake, mobile');
    await waitFor(() => expect((mobileMinimum as HTMLInputElement).value).toBe('1000'));
    expect((screen.getByLabelText('Maximum stake, mobile') as HTMLInputElement).value).toBe('20000');
    expect((screen.getByLabelText('Minimum stake, desktop') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Maximum stake, desktop') as HTMLInputElement).value).toBe('2000000');
    const table = within(container.querySelector<HTMLElement>('.ant-table')!);
    expect(table.getByRole('columnheader', { name: 'Stakes, mobile (min – max)' })).toBeTruthy();
    expect(table.getByText('1,000 – 20,000')).toBeTruthy();
    expect(table.getByText('none – 2,000,000')).toBeTruthy();
    expect(table.getAllByText('none – none')).toHaveLength(2);
  });

  it('BetConfigPage names the stakes per channel in Swahili and Chinese', async () => {
    for (const [name, label] of [
      ['Swahili', 'Dau la juu, simu'],
      ['Chinese', '最低投注额（电脑）'],
    ] as const)
      await expectBetConfigLabel(name, label);
  });

  it('AuditTimeline shows each movement with the balance before and after', async () => {
    render(createElement(story('AuditTimeline', 'Wallet') as never));
    expect(await screen.findByText(/balance: 0 → 10,000 \(\+10,000\)/)).toBeTruthy();
    expect(screen.getByText(/Compensation for a failed deposit/)).toBeTruthy();
  });
});

/**
 * Issue 16 item 10: in Swahili no code is shown raw and nothing is left in English. Walks the text every
 * Swahili story renders (drawers and modals included: the whole document) and fails on a known code
 * pattern (a UUID, 'staff:<id>', a status code before its label) or an English-only string.
 */
describe('Swahili screens show labels, not codes or English', { timeout: 30_000 }, () => {
  const RAW = [
    { what: 'a UUID', pattern: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i },
    { what: 'an actor code', pattern: /\b(staff|player|system):\S/ },
    { what: 'an order status code', pattern: /\b[1-6] ?(haijalipwa|inasubiri matokeo|imelipwa|imechelewa)/ },
    { what: 'a match status code', pattern: /\b[1-8] ?(haijaanza|inaendelea|imekwisha|imefutwa)/ },
  ];
  const ENGLISH = [
    'Home Draw Away',
    'Over/Under',
    'Double Chance',
    'Both Teams To Score',
    'Customer service',
    'Draw',
    'Over 2.5',
    'draw wins',
  ];
  const swahili = stories.filter(([name]) => name.endsWith(' Swahili'));

  it('has Swahili stories of the order detail and the match list', () => {
    expect(swahili.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        './orders/OrderDetail.stories.tsx Swahili',
        './catalogue/MatchesTab.stories.tsx Swahili',
      ]),
    );
  });

  it('the Swahili order detail shows the staff member by name and every code as its label', async () => {
    const found = swahili.find(([name]) => name === './orders/OrderDetail.stories.tsx Swahili')!;
    render(createElement(found[1] as never));
    expect(await screen.findByText('cashier1 (Neema)')).toBeTruthy();
    expect(screen.getAllByText('imelipwa').length).toBeGreaterThan(0);
    expect(screen.getByText('Nyumbani Sare Ugenini')).toBeTruthy();
    expect(screen.getByText('Sare')).toBeTruthy();
    expect(screen.getByText('Juu/Chini ya magoli 2.5')).toBeTruthy();
    expect(screen.getByText('Juu 2.5')).toBeTruthy();
    expect(screen.getByText('imekwisha')).toBeTruthy();
    expect(screen.getByText('haijaanza')).toBeTruthy();
    expect(screen.getAllByText('imeshinda')).toHaveLength(2);
  });

  it.each(swahili)('%s', async (_name, Story) => {
    render(createElement(Story as never));
    await waitFor(() => expect(document.body.textContent?.length ?? 0).toBeGreaterThan(50));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && !node.parentElement?.closest('script, style')) texts.push(text);
    }
    const all = texts.join(' | ');
    for (const { what, pattern } of RAW) expect(all, what).not.toMatch(pattern);
    for (const english of ENGLISH) expect(texts, english).not.toContain(english);
  });
});
