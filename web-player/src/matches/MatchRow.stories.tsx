/**
 * Stories of a match row with quick markets (issue 7 item 6; spec §2 home quick-market blocks): each
 * block, a live match, a selected odds button and a suspended (locked) match.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { SelectionOffer } from '../betslip/types.ts';
import './matches.css';
import { MatchRow } from './MatchRow.tsx';
import type { Match, QuickMarket } from './model.ts';
import { liveMatch, match } from './testing.ts';

/** A row whose odds buttons toggle a local selection (as the betslip would). */
function Row({ match: m, market, selectedId }: { match: Match; market: QuickMarket; selectedId?: string }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set(selectedId ? [selectedId] : []));
  const onToggle = (offer: SelectionOffer) =>
    setSelected((s) => (s.has(offer.selectionId ?? '') ? new Set() : new Set([offer.selectionId ?? ''])));
  return (
    <div style={{ maxWidth: 720, background: '#fff' }}>
      <MatchRow match={m} market={market} selected={selected} onToggle={onToggle} />
    </div>
  );
}

const meta = { title: 'Matches/Row', component: Row } satisfies Meta<typeof Row>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeWay: Story = { args: { match: match('1'), market: 'way3' } };
export const DoubleChance: Story = { args: { match: match('2'), market: 'doubleChance' } };
export const BothTeamsToScore: Story = { args: { match: match('3'), market: 'btts' } };
export const OverUnder: Story = { args: { match: match('4'), market: 'overUnder' } };
export const Selected: Story = { args: { match: match('5'), market: 'way3', selectedId: '5-x' } };
export const Live: Story = { args: { match: liveMatch('6', '67'), market: 'way3' } };
export const Suspended: Story = {
  args: { match: liveMatch('7', '89', { suspended: true }), market: 'way3' },
};
