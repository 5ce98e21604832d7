// @vitest-environment happy-dom
/**
 * The keyword search (issue 16 item 4): spec §2 route table `/search_result` with query `key_word`;
 * §5 the keyword is trimmed and the box keeps it; §4 an empty page other than 1 resets to page 1.
 */
import type { Client } from '@urql/core';
import type { DocumentNode } from 'graphql';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.ts';
import { Search } from '../layout/Header.tsx';
import { memoryStorage } from '@bashiri/web-shared';
import { searchLoader } from './loaders.ts';
import { searchKeyword, searchPath } from './search.ts';

afterEach(cleanup);

describe('keyword search address', () => {
  it('uses key_word, trims, and refuses an empty keyword', () => {
    expect(searchPath('  Simba SC ')).toBe('/search_result?key_word=Simba%20SC');
    expect(searchPath('   ')).toBeNull();
    expect(searchKeyword(new URLSearchParams('key_word=%20Yanga%20'))).toBe('Yanga');
    expect(searchKeyword(new URLSearchParams('keyword=Azam'))).toBe('Azam');
  });

  it('resets to page 1 when a later page comes back empty', async () => {
    const calls: unknown[] = [];
    const page = (p: number, n: number) => ({
      data: {
        searchMatches: { content: Array.from({ length: n }, () => ({})), page: p, pageSize: 10, count: n },
      },
    });
    const client = {
      query: (_: DocumentNode, variables: { keyword: string; page: number }) => {
        calls.push(variables);
        return { toPromise: async () => (variables.page === 1 ? page(1, 4) : page(variables.page, 0)) };
      },
    } as unknown as Client;
    const answer = await searchLoader(' simba ')(client, 2);
    expect(answer.page).toBe(1);
    expect(answer.content).toHaveLength(4);
    expect(calls).toEqual([
      { keyword: 'simba', page: 2 },
      { keyword: 'simba', page: 1 },
    ]);
    expect((await searchLoader('simba')(client, 1)).content).toHaveLength(4);
  });
});

function Where() {
  const location = useLocation();
  return createElement('output', { 'data-testid': 'where' }, `${location.pathname}${location.search}`);
}

describe('the header search box', () => {
  it('goes to /search_result?key_word= with the trimmed keyword and keeps it in the box', async () => {
    const i18n = createI18n(memoryStorage());
    await i18n.changeLanguage('en-US');
    render(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(
          MemoryRouter,
          { initialEntries: ['/home'] },
          createElement(Search),
          createElement(Routes, null, createElement(Route, { path: '*', element: createElement(Where) })),
        ),
      ),
    );
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '  Young Africans  ' } });
    await act(async () => {
      fireEvent.submit(box.closest('form')!);
    });
    expect(screen.getByTestId('where').textContent).toBe('/search_result?key_word=Young%20Africans');
    expect(box.value).toBe('Young Africans');
  });
});
