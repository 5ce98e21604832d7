// @vitest-environment happy-dom
/**
 * One render of the panel in Swahili (a .ts file with createElement: the unit tier matches
 * `*.unit.test.ts`). Behaviour is tested on the machine; this only checks the wiring.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.ts';
import { memoryStorage } from '@bashiri/web-shared';
import { BetslipPanel } from './BetslipPanel.tsx';
import { DEFAULT_BET_CONFIG } from '@bashiri/domain';
import { offer, PLACED, settle, startSlip } from './testing.ts';
import type { PlaceBetAnswer } from './types.ts';

afterEach(cleanup);

it('shows a selection and the totals in Swahili', () => {
  const { actor } = startSlip();
  actor.send({
    type: 'TOGGLE',
    offer: offer(1, 1, { home: 'Simba SC', away: 'Young Africans', selectionName: 'Simba SC', odds: '1.95' }),
  });
  actor.send({ type: 'TOGGLE', offer: offer(2, 2, { odds: '3.00' }) });
  actor.send({ type: 'SET_AMOUNT', amount: 10_000 });
  const i18n = createI18n(memoryStorage());

  render(createElement(I18nextProvider, { i18n }, createElement(BetslipPanel, { actor })));

  expect(screen.getByText(/Simba SC – Young Africans/)).toBeTruthy();
  expect(screen.getByText('Nyumbani')).toBeTruthy();
  expect(screen.getByText('Sare')).toBeTruthy();
  expect(screen.getByText('Odds jumla').nextElementSibling?.textContent).toBe('5.85');
  expect(screen.getByText('Faida').nextElementSibling?.textContent).toBe('48,500');
  expect(screen.getByText('Kodi').nextElementSibling?.textContent).toBe('4,850');
  expect(screen.getByText('Malipo baada ya kodi').nextElementSibling?.textContent).toBe('53,650');
  expect(screen.getByRole('button', { name: 'Weka dau' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Ondoa zote' })).toBeTruthy();
});

it('says a live bet awaits acceptance while the server holds it (sw), and stops when it is placed', async () => {
  let answer!: (value: PlaceBetAnswer) => void;
  const { actor } = startSlip({
    placeBet: () => new Promise<PlaceBetAnswer>((resolve) => (answer = resolve)),
  });
  actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
  actor.send({ type: 'TOGGLE', offer: offer(1, 1, { eventStatus: 2, isLive: true }) });
  const i18n = createI18n(memoryStorage());
  render(createElement(I18nextProvider, { i18n }, createElement(BetslipPanel, { actor })));
  expect(screen.queryByText('Dau la mubashara linasubiri kuthibitishwa…')).toBeNull();

  act(() => actor.send({ type: 'SUBMIT' }));
  expect(screen.getByText('Dau la mubashara linasubiri kuthibitishwa…').getAttribute('role')).toBe('status');
  await act(async () => {
    answer(PLACED);
    await settle();
  });
  expect(screen.queryByText('Dau la mubashara linasubiri kuthibitishwa…')).toBeNull();
});

it("shows the stake limits of the slip's channel (sw)", () => {
  const config = { minimumBetAmountMobile: 1_000, maximumBetAmountMobile: 20_000 };
  const i18n = createI18n(memoryStorage());
  const mobile = startSlip({}, { config, channel: () => 'MOBILE' });
  render(createElement(I18nextProvider, { i18n }, createElement(BetslipPanel, { actor: mobile.actor })));
  expect(screen.getByTestId('stake-limits').textContent).toBe('Dau kuanzia TZS 1,000 hadi 20,000');
  cleanup();
  const desktop = startSlip({}, { config, channel: () => 'DESKTOP' });
  render(createElement(I18nextProvider, { i18n }, createElement(BetslipPanel, { actor: desktop.actor })));
  expect(screen.getByTestId('stake-limits').textContent).toBe('Dau kuanzia TZS 300 hadi 900,000');
});

it('names the acca bonus tier as soon as it applies, with the number of selections (issue 16 item 5)', () => {
  const { actor } = startSlip();
  actor.send({
    type: 'SET_CONFIG',
    config: { ...DEFAULT_BET_CONFIG, stringRewards: [{ strings: 3, cashBackPercent: 10 }] },
  });
  actor.send({ type: 'TOGGLE', offer: offer(1, 1, { odds: '1.50' }) });
  actor.send({ type: 'TOGGLE', offer: offer(2, 1, { odds: '1.60' }) });
  const i18n = createI18n(memoryStorage());
  render(createElement(I18nextProvider, { i18n }, createElement(BetslipPanel, { actor })));
  expect(screen.queryByText(/Bonasi ya mkeka/)).toBeNull();
  act(() => actor.send({ type: 'TOGGLE', offer: offer(3, 1, { odds: '1.70' }) }));
  expect(screen.getByText('Bonasi ya mkeka: machaguo 3, +10%').nextElementSibling?.textContent).toMatch(
    /^\d/,
  );
});

it('asks about a duplicate in a dialog that says a change cancels it (sw)', async () => {
  const { actor } = startSlip();
  actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
  actor.send({ type: 'TOGGLE', offer: offer(1) });
  actor.send({ type: 'SET_AMOUNT', amount: 1_000 });
  const i18n = createI18n(memoryStorage());
  render(createElement(I18nextProvider, { i18n }, createElement(BetslipPanel, { actor })));
  await act(async () => {
    actor.send({ type: 'SUBMIT' });
    await settle();
  });
  await act(async () => {
    actor.send({ type: 'TOGGLE', offer: offer(1) });
    actor.send({ type: 'SUBMIT' });
  });
  const dialog = screen.getByRole('alertdialog', { name: 'Dau lilelile tena?' });
  expect(dialog.getAttribute('aria-modal')).toBe('true');
  expect(dialog.textContent).toContain('Ukibadilisha tiketi, swali hili linaghairiwa.');
  act(() => actor.send({ type: 'STEP_AMOUNT', direction: 1 }));
  expect(screen.queryByRole('alertdialog')).toBeNull();
});
