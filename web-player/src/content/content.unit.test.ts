// @vitest-environment happy-dom
/** The content pages against a fake API (account/testing.tsx). */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routeTree, type RouteOptions } from '../account/testing.tsx';
import { CONTENT_ROUTES_EAGER as CONTENT_ROUTES } from './eager-routes.tsx';

afterEach(cleanup);

const show = (path: string, options: RouteOptions = {}) => {
  const tree = routeTree(CONTENT_ROUTES, path, options);
  render(tree.element);
  return tree;
};

describe('/message', () => {
  it('lists messages, opens one and marks it read, marks all read', async () => {
    let read = new Set<string>();
    const message = (id: string, title: string) => ({
      id,
      title,
      body: `${title} body.\n\nSecond paragraph.`,
      sentAt: '2026-11-22T07:00:00Z',
      read: read.has(id),
    });
    const { api } = show('/message', {
      token: 't',
      handlers: {
        ContentMessages: () => ({
          data: {
            myMessages: {
              content: [message('m1', 'Karibu Bashiri'), message('m2', 'Bonus')],
              page: 1,
              pageSize: 10,
              count: 2,
              unread: 2 - read.size,
            },
          },
        }),
        ContentMarkMessageRead: (v) => {
          read.add(String(v.id));
          return { data: { markMessageRead: 2 - read.size } };
        },
        ContentMarkAllMessagesRead: () => {
          read = new Set(['m1', 'm2']);
          return { data: { markAllMessagesRead: 0 } };
        },
      },
    });
    expect(document.title).toBe('Messages | Bashiri');
    expect(await screen.findByText('2 unread')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Karibu Bashiri/ }));
    expect(await screen.findByText('Second paragraph.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 unread')).toBeTruthy());
    expect(api.calls.find((c) => c.name === 'ContentMarkMessageRead')?.variables).toEqual({ id: 'm1' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' })));
    await waitFor(() => expect(screen.queryByText(/unread/)).toBeNull());
  });

  it('sends a visitor to /register', () => {
    show('/message');
    expect(screen.getByTestId('where').textContent).toBe('/register');
  });
});

describe('pages', () => {
  it('/rich_text?type=33 asks for the page of that type in the language shown, and shows its html', async () => {
    const { api } = show('/rich_text?type=33', {
      language: 'sw',
      handlers: {
        ContentRichText: () => ({
          data: {
            richTextPage: {
              slug: 'responsible-gambling',
              type: 33,
              language: 'sw',
              title: 'Kamari ya kuwajibika',
              html: '<p>Cheza kwa <strong>kiasi</strong>.</p>',
              updatedAt: '2026-11-01T00:00:00Z',
            },
          },
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Kamari ya kuwajibika' })).toBeTruthy();
    expect(screen.getByText('kiasi').tagName).toBe('STRONG');
    expect(api.calls[0]?.variables).toEqual({ slug: null, type: 33, language: 'sw' });
  });

  it('/privacy_policy shows "no data" when the page does not exist', async () => {
    show('/privacy_policy', { handlers: { ContentRichText: () => ({ data: { richTextPage: null } }) } });
    expect(await screen.findByText('No data')).toBeTruthy();
  });

  it('/artcol lists rules documents and opens one', async () => {
    show('/artcol?type=14', {
      handlers: {
        ContentDocuments: () => ({
          data: {
            documents: [
              {
                id: 'd1',
                title: 'Football rules',
                html: '<p>Full time means 90 minutes.</p>',
                fileUrl: null,
                updatedAt: '2026-11-01T00:00:00Z',
              },
            ],
          },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Football rules/ }));
    expect(screen.getByText('Full time means 90 minutes.')).toBeTruthy();
  });

  it('/SMS requires content, then sends it', async () => {
    const { api } = show('/SMS', {
      handlers: {
        ContentHelp: () => ({
          data: {
            richTextPage: null,
            contactList: [{ id: 'c1', title: 'Customer service', note: '+255 746 000 000', link: null }],
            siteConfig: {
              customerServiceNumbers: ['+255 746 000 000', '+255 746 000 001'],
              supportLinks: [],
            },
          },
        }),
        ContentPostBoardMessage: () => ({ data: { postBoardMessage: true } }),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Enter your message')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'My deposit is late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you. Customer service has received your message.')).toBeTruthy();
    expect(api.calls.find((c) => c.name === 'ContentPostBoardMessage')?.variables).toEqual({
      input: { content: 'My deposit is late' },
    });
    expect(screen.getByRole('link', { name: '+255 746 000 000' }).getAttribute('href')).toBe(
      'tel:+255746000000',
    );
  });

  it('/promotion shows banners and articles', async () => {
    show('/promotion', {
      handlers: {
        ContentPromotions: () => ({
          data: {
            rotations: [
              {
                id: 'r1',
                title: '1000% bonus',
                note: 'On your first deposit',
                imageUrl: '/uploads/p.svg',
                link: '/pay_recharge',
                jumpType: 1,
              },
            ],
            articles: { content: [] },
          },
        }),
      },
    });
    expect(await screen.findByText('1000% bonus')).toBeTruthy();
    expect(screen.getByRole('img', { name: '1000% bonus' }).getAttribute('src')).toBe('/uploads/p.svg');
  });
});
