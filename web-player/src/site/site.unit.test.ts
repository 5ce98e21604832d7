// @vitest-environment happy-dom
/**
 * The layout's extra pieces (issue 16 point 3; spec §2 Layout, Left menu, Footer, Other elements; §5
 * registration's phone region): notice bar, contact list and social links, footer app link and build
 * time, floating app and support-chat buttons with the unread badge, the support thread, the app page,
 * the phone region. Rendered in the real providers over a fake API (account/testing.tsx).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_ROUTES_EAGER } from '../account/eager-routes.tsx';
import { regionName, regionsOf } from '../account/region.tsx';
import { fakeApi, routeTree, type FakeAnswer, type RouteOptions } from '../account/testing.tsx';
import { ContactList, FloatButtons, Floats, FooterExtras } from './parts.tsx';
import { SupportThreadView } from './pages.tsx';
import { eatStamp, NoticeBar } from './SiteExtras.tsx';

afterEach(cleanup);

const at = (element: ReactElement, options: RouteOptions = {}) => {
  const tree = routeTree([{ path: 'x', element }], '/x', options);
  render(tree.element);
  return tree;
};
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const SOCIAL = [
  { id: '1', title: 'Facebook', note: 'facebook', link: 'https://www.facebook.com/' },
  { id: '2', title: 'Mastodon', note: 'mastodon', link: 'https://mastodon.social/' },
];

describe('notice bar (rotation type 18)', () => {
  it('scrolls every notice and shows nothing without one', () => {
    at(
      createElement(NoticeBar, {
        notices: [
          { id: '1', note: 'Karibu Bashiri' },
          { id: '2', note: ' ' },
          { id: '3', note: 'Cheza kwa uwajibikaji 18+' },
        ],
      }),
      { language: 'sw' },
    );
    const bar = screen.getByRole('region', { name: 'Tangazo' });
    // Two notices, twice (a seamless loop); the copy is hidden from screen readers.
    expect(bar.querySelectorAll('.noticebar__copy:not([aria-hidden]) > span')).toHaveLength(2);
    expect(bar.querySelectorAll('.noticebar__copy[aria-hidden] > span')).toHaveLength(2);
    expect(bar.textContent).toContain('Cheza kwa uwajibikaji 18+');
    cleanup();
    const { container } = render(
      routeTree([{ path: 'x', element: createElement(NoticeBar, { notices: [] }) }], '/x').element,
    );
    expect(container.querySelector('.noticebar')).toBeNull();
  });
});

describe('contact list and social links (left menu, footer)', () => {
  it('lists the numbers to call and the social links with their icons, in Chinese', () => {
    at(
      createElement(ContactList, {
        contacts: [{ id: '7', title: 'Customer service', note: '+255 700 000 101' }],
        social: SOCIAL,
      }),
      { language: 'zh-CN' },
    );
    expect(screen.getByText('联系我们')).toBeTruthy();
    const call = screen.getByRole('link', { name: '拨打 +255 700 000 101' });
    expect(call.getAttribute('href')).toBe('tel:+255700000101');
    const facebook = screen.getByRole('link', { name: 'Facebook' });
    expect(facebook.getAttribute('href')).toBe('https://www.facebook.com/');
    expect(facebook.getAttribute('rel')).toBe('noopener noreferrer');
    expect(facebook.querySelector('svg')).not.toBeNull();
    // A network without an icon of ours shows its initials.
    expect(screen.getByRole('link', { name: 'Mastodon' }).textContent).toBe('Ma');
  });

  it('puts the app link, social icons and the build time in East Africa Time in the footer', () => {
    at(createElement(FooterExtras, { social: SOCIAL, buildTime: '2026-11-25T21:30:00.000Z' }), {
      language: 'sw',
    });
    expect(screen.getByRole('link', { name: 'Pakua programu' }).getAttribute('href')).toBe(
      '/app_download.html',
    );
    expect(screen.getByText('Toleo la 2026-11-26 00:30 (EAT)')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Facebook' })).toHaveLength(1);
    expect(eatStamp('2026-01-01T00:00:00Z')).toBe('2026-01-01 03:00');
  });
});

describe('floating buttons', () => {
  it('sends a visitor to the message form and a player to the support chat, with the unread badge', () => {
    at(createElement(FloatButtons, { loggedIn: false, unread: 0 }), { language: 'en-US' });
    expect(screen.getByRole('link', { name: /Chat with customer service/ }).getAttribute('href')).toBe(
      '/SMS',
    );
    expect(screen.getByRole('link', { name: /Download the Bashiri app/ }).getAttribute('href')).toBe(
      '/app_download.html',
    );
    cleanup();
    at(createElement(FloatButtons, { loggedIn: true, unread: 3 }), { language: 'en-US' });
    const chat = screen.getByRole('link', { name: /Chat with customer service/ });
    expect(chat.getAttribute('href')).toBe('/support_chat');
    expect(screen.getByLabelText('3 unread').textContent).toBe('3');
  });

  it('reads the support answers not read yet for a player, again when the inbox count moves', async () => {
    let unread = 2;
    const api = fakeApi({
      SiteSupportThread: () => ({ data: { supportThread: { unread, entries: [] } } }),
    });
    const tree = routeTree(
      [{ path: 'x', element: createElement(Floats, { loggedIn: true, inboxUnread: 5 }) }],
      '/x',
      { api, token: 't' },
    );
    const { rerender } = render(tree.element);
    expect(await screen.findByLabelText('2 unread')).toBeTruthy();
    unread = 0;
    const again = routeTree(
      [{ path: 'x', element: createElement(Floats, { loggedIn: true, inboxUnread: 4 }) }],
      '/x',
      { api, token: 't' },
    );
    rerender(again.element);
    await waitFor(() => expect(screen.queryByLabelText(/unread/)).toBeNull());
    expect(api.calls.filter((c) => c.name === 'SiteSupportThread').length).toBeGreaterThanOrEqual(2);
  });
});

describe('support chat', () => {
  it('shows the thread and sends a message; a refusal is said in the player’s language', async () => {
    const sent: string[] = [];
    let answer: string | null = null;
    at(
      createElement(SupportThreadView, {
        entries: [
          {
            id: '1',
            from: 'PLAYER',
            title: '',
            text: 'Salio halijaongezeka',
            at: '2026-06-01T09:00:00Z',
            read: true,
          },
          {
            id: '9',
            from: 'SUPPORT',
            title: 'Huduma kwa wateja',
            text: 'Tumeliona',
            at: '2026-06-01T09:05:00Z',
            read: false,
          },
        ],
        onSend: async (text: string) => {
          sent.push(text);
          return answer;
        },
      }),
      { language: 'sw' },
    );
    await flush();
    expect(screen.getByText('Salio halijaongezeka')).toBeTruthy();
    expect(screen.getByText(/Wewe · 2026-06-01 12:00/)).toBeTruthy();
    expect(document.querySelectorAll('.chat__line--unread')).toHaveLength(1);
    const box = screen.getByRole('textbox', { name: 'Andika ujumbe…' });
    fireEvent.change(box, { target: { value: '  Asante  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tuma' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(sent).toEqual(['Asante']);
    answer = 'RATE_LIMITED';
    fireEvent.change(box, { target: { value: 'Tena' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tuma' }));
    expect(await screen.findByText('Umetuma ujumbe mwingi. Jaribu tena baadaye.')).toBeTruthy();
  });

  it('marks customer service’s unread answers read when the player opens the chat', async () => {
    const thread = (read: boolean): FakeAnswer => ({
      data: {
        supportThread: {
          unread: read ? 0 : 1,
          entries: [
            { id: '9', from: 'SUPPORT', title: '', text: 'Habari', at: '2026-06-01T09:05:00Z', read },
          ],
        },
      },
    });
    let read = false;
    const tree = routeTree(ACCOUNT_ROUTES_EAGER, '/support_chat', {
      token: 't',
      handlers: {
        SiteSupportThread: () => thread(read),
        SiteSupportRead: () => {
          read = true;
          return { data: { markMessageRead: 0 } };
        },
      },
    });
    render(tree.element);
    expect(await screen.findByText('Habari')).toBeTruthy();
    await waitFor(() =>
      expect(tree.api.calls.find((c) => c.name === 'SiteSupportRead')?.variables).toEqual({ id: '9' }),
    );
    await waitFor(() => expect(document.querySelectorAll('.chat__line--unread')).toHaveLength(0));
  });
});

describe('app download page (spec §2 /app_download.html)', () => {
  it('explains how to install the app in Chinese', async () => {
    const tree = routeTree(ACCOUNT_ROUTES_EAGER, '/app_download.html', { language: 'zh-CN' });
    render(tree.element);
    expect(await screen.findByRole('heading', { name: '手机上的 Bashiri' })).toBeTruthy();
    expect(screen.getAllByText(/添加到主屏幕/, { selector: 'li' })).toHaveLength(2);
  });
});

describe('registration phone region (spec §5, §9 +255)', () => {
  it('offers the shown regions with +255 first and chosen', async () => {
    expect(
      regionsOf([
        { areaCode: '+01', country: 'Test', shown: false },
        { areaCode: '+254', country: 'Kenya', shown: true },
        { areaCode: '+255', country: 'Tanzania', shown: true },
      ]),
    ).toEqual([
      { areaCode: '+255', country: 'Tanzania' },
      { areaCode: '+254', country: 'Kenya' },
    ]);
    expect(regionsOf(undefined)).toEqual([{ areaCode: '+255', country: 'Tanzania' }]);
    expect(regionName({ areaCode: '+255', country: 'Tanzania' }, 'zh-CN')).toBe('坦桑尼亚');
    expect(regionName({ areaCode: '+999', country: 'Atlantis' }, 'zh-CN')).toBe('Atlantis');
    const tree = routeTree(ACCOUNT_ROUTES_EAGER, '/register', {
      handlers: {
        AccountAreaCodes: () => ({
          data: {
            siteConfig: {
              areaCodes: [
                { country: 'Tanzania', areaCode: '+255', shown: true },
                { country: 'Kenya', areaCode: '+254', shown: true },
              ],
            },
          },
        }),
      },
    });
    render(tree.element);
    const select = (await screen.findByLabelText('Phone region')) as HTMLSelectElement;
    expect(select.value).toBe('+255');
    await waitFor(() => expect(select.options).toHaveLength(2));
    expect(document.querySelector('.acc-phone__code')?.textContent).toBe('+255');
    fireEvent.change(select, { target: { value: '+254' } });
    expect(document.querySelector('.acc-phone__code')?.textContent).toBe('+254');
  });
});
