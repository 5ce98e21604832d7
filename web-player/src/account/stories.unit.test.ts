// @vitest-environment happy-dom
/** Renders every story of the account pages (a broken story fails `npm test`). */
import { composeStories } from '@storybook/react';
import { cleanup, render, screen } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import * as betDetail from './BetDetail.stories.tsx';
import * as forms from './forms.stories.tsx';

afterEach(cleanup);

const stories = [...Object.entries(composeStories(betDetail)), ...Object.entries(composeStories(forms))];

describe('account stories', () => {
  it.each(stories)('%s renders', (_story, Story) => {
    const { container } = render(createElement(Story as () => ReactNode));
    expect(container.textContent?.trim().length).toBeGreaterThan(0);
  });
});

it('shows the rule text and outcomes of a settled multiple', () => {
  const { LostMultiple } = composeStories(betDetail);
  render(createElement(LostMultiple));
  expect(screen.getByText('Over/Under 2.5: 2 goals were scored, under wins.')).toBeTruthy();
  expect(screen.getByText('Refunded')).toBeTruthy();
  expect(screen.getAllByText('Lost').length).toBe(2);
});

it('offers to pay from the own number or a phone verified by SMS (issue 15 item 6)', async () => {
  const { Deposit } = composeStories(forms);
  render(createElement(Deposit));
  expect(await screen.findByText('+255713300002')).toBeTruthy();
  expect(screen.getByText(/\+255754123456 · My number/)).toBeTruthy();
  expect(screen.getByTestId('pay-from-add').textContent).toBe('Pay from another phone');
});
