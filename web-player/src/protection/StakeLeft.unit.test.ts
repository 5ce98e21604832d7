// @vitest-environment happy-dom
/**
 * The betslip's "you can stake X more today" (issue 23; StakeLeft.tsx): rendered into the panel's slot
 * from `myStakeLeft`, asked again when the balance changes and after a refusal by a limit (the line then
 * says what is left), in Swahili and English; nothing without a limit.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Client } from 'urql';
import { afterEach, expect, it } from 'vitest';
import { memoryStorage } from '@bashiri/web-shared';
import type { ApiClient, SessionStore } from '@bashiri/web-shared';
import { ServicesProvider } from '../app/services.tsx';
import { BetslipPanel } from '../betslip/BetslipPanel.tsx';
import { offer, settle, startSlip } from '../betslip/testing.ts';
import { createI18n } from '../i18n/index.ts';
import StakeLeft from './StakeLeft.tsx';

afterEach(cleanup);

/** The panel and the line with a fake server answering `myStakeLeft` with `answer()`. */
const mount = (answer: () => number | null) => {
  const { actor } = startSlip({
    placeBet: () => Promise.resolve({ status: 'REJECTED', code: 'LIMIT_STAKE_DAY', nobetList: [] }),
  });
  const asked = { count: 0 };
  const client = {
    query: () => ({
      toPromise: async () => {
        asked.count++;
        return { data: { myStakeLeft: answer() } };
      },
    }),
  } as unknown as Client;
  const i18n = createI18n(memoryStorage());
  const services = {
    api: { client } as unknown as ApiClient,
    session: {} as SessionStore,
    storage: memoryStorage(),
    betslip: actor,
  };
  render(
    createElement(ServicesProvider, {
      services,
      children: createElement(
        I18nextProvider,
        { i18n },
        createElement(BetslipPanel, { actor }),
        createElement(StakeLeft),
      ),
    }),
  );
  return { actor, asked, i18n };
};

it('shows what the limits still allow; asks again after a bet changes the balance and after a refusal', async () => {
  let left = 3_000;
  const { actor, asked, i18n } = mount(() => left);
  expect((await screen.findByTestId('stake-left')).textContent).toBe(
    'Kwa vikomo vyako, unaweza kuweka dau la TZS 3,000 zaidi leo',
  );
  // the line is inside the betslip panel
  expect(screen.getByTestId('stake-left').closest('.betslip')).not.toBeNull();
  const first = asked.count;
  left = 2_000;
  act(() => actor.send({ type: 'SET_ACCOUNT', account: { loggedIn: true, balance: 999_000, credit: 0 } }));
  await waitFor(() => expect(screen.getByTestId('stake-left').textContent).toContain('TZS 2,000'));
  expect(asked.count).toBe(first + 1);
  // a bet over the room: the server refuses it; the slip shows the code's text and the line what is left
  left = 500;
  actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
  actor.send({ type: 'TOGGLE', offer: offer(1) });
  actor.send({ type: 'SET_AMOUNT', amount: 2_500 });
  await act(async () => {
    actor.send({ type: 'SUBMIT' });
    await settle();
  });
  expect(screen.getByRole('status').textContent).toBe(i18n.t('codes.LIMIT_STAKE_DAY'));
  await waitFor(() => expect(screen.getByTestId('stake-left').textContent).toContain('TZS 500'));
  await act(() => i18n.changeLanguage('en-US'));
  expect(screen.getByTestId('stake-left').textContent).toBe(
    'You can stake TZS 500 more today under your limits',
  );
  await act(() => i18n.changeLanguage('zh-CN'));
  expect(screen.getByTestId('stake-left').textContent).toBe('根据您的限额，今天您还可投注 TZS 500');
});

it('shows nothing for a player without limits', async () => {
  const { asked } = mount(() => null);
  await waitFor(() => expect(asked.count).toBeGreaterThan(0));
  await act(settle);
  expect(screen.queryByTestId('stake-left')).toBeNull();
});
