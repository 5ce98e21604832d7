/**
 * Stories of the betslip panel (issue 7 item 6; spec §2 "Betslip panel"): empty (booking-code entry),
 * one selection, a multiple with a paused selection, and a slip the server rejected.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { BetslipActor } from './BetslipPanel.tsx';
import { BetslipPanel } from './BetslipPanel.tsx';
import { offer, startSlip } from './testing.ts';
import type { PlaceBetAnswer } from './types.ts';

const REJECTED: PlaceBetAnswer = {
  status: 'REJECTED',
  code: 'SELECTIONS_UNAVAILABLE',
  nobetList: [{ selectionId: 's2-3', code: 'MATCH_NOT_OPEN' }],
};

const TEAMS = [
  ['Simba SC', 'Young Africans'],
  ['Azam FC', 'Singida Black Stars'],
  ['Coastal Union', 'KMC FC'],
] as const;

/** An offer on one of the Tanzanian matches above (pick 1 home, 2 draw, 3 away). */
const pick = (match: 1 | 2 | 3, which: 1 | 2 | 3, odds: string) => {
  const [home, away] = TEAMS[match - 1] ?? TEAMS[0];
  return offer(match, which, {
    home,
    away,
    odds,
    selectionName: which === 1 ? home : which === 3 ? away : 'Draw',
  });
};

/** The panel over a betslip actor prepared by `setup` (made once per story render). */
function Slip({ setup }: { readonly setup: (actor: BetslipActor) => void }) {
  const [actor] = useState(() => {
    const { actor } = startSlip({ placeBet: () => Promise.resolve(REJECTED) });
    setup(actor);
    return actor;
  });
  return (
    <div style={{ maxWidth: 360, background: '#fff' }}>
      <BetslipPanel actor={actor} />
    </div>
  );
}

const meta = {
  title: 'Betslip/Panel',
  component: Slip,
} satisfies Meta<typeof Slip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { setup: () => undefined } };

export const Single: Story = {
  args: {
    setup: (actor) => {
      actor.send({ type: 'TOGGLE', offer: pick(1, 1, '1.95') });
      actor.send({ type: 'SET_AMOUNT', amount: 5_000 });
    },
  },
};

export const MultipleWithPausedSelection: Story = {
  args: {
    setup: (actor) => {
      actor.send({ type: 'TOGGLE', offer: pick(1, 1, '1.95') });
      actor.send({ type: 'TOGGLE', offer: pick(2, 2, '3.10') });
      actor.send({ type: 'TOGGLE', offer: pick(3, 3, '2.40') });
      actor.send({ type: 'SET_AMOUNT', amount: 2_000 });
      actor.send({
        type: 'LIVE_UPDATE',
        update: {
          selections: [{ selectionId: 's2-2', matchId: 'm2', odds: '3.10', statusId: 2, isLive: false }],
          matches: [],
        },
      });
    },
  },
};

export const Rejected: Story = {
  args: {
    setup: (actor) => {
      actor.send({ type: 'TOGGLE', offer: pick(1, 1, '1.95') });
      actor.send({ type: 'TOGGLE', offer: pick(2, 3, '4.20') });
      actor.send({ type: 'SET_ACCEPT_ODDS', accept: true });
      actor.send({ type: 'SET_AMOUNT', amount: 1_000 });
      actor.send({ type: 'SUBMIT' });
    },
  },
};
