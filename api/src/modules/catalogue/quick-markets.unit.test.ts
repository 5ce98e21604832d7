import { describe, expect, it } from 'vitest';
import { quickMarkets } from './quick-markets.ts';
import type { QuickOutcome } from './quick-markets.ts';

const o = (
  bettingTypeId: number,
  typeId: number,
  name: string,
  participantId: string | null = null,
  eventPartId = 3,
): QuickOutcome & { id: string } => ({
  id: `${bettingTypeId}:${name}:${eventPartId}`,
  bettingTypeId,
  eventPartId,
  typeId,
  participantId,
  name,
});

describe('home quick markets (spec §5)', () => {
  it('keeps half-goal full-time over/under lines only, split and sorted by line', () => {
    const q = quickMarkets(
      [
        o(47, 12, 'Over 3.5'),
        o(47, 13, 'Under 2.5'),
        o(47, 12, 'Over 2.25'),
        o(47, 12, 'Over 2.75'),
        o(47, 12, 'Over 2'),
        o(47, 12, 'Over 1.5'),
        o(47, 12, 'Over 0.5', null, 1),
        o(47, 13, 'Under 1.5'),
      ],
      '1',
      '2',
    );
    expect(q.overUnder.over.map((x) => x.name)).toEqual(['Over 1.5', 'Over 3.5']);
    expect(q.overUnder.under.map((x) => x.name)).toEqual(['Under 1.5', 'Under 2.5']);
  });

  it('maps 1X2 by participant id and typeId 11, double chance by participant, BTTS by name', () => {
    const q = quickMarkets(
      [
        o(69, 10, 'Away FC', '2'),
        o(69, 11, 'Draw'),
        o(69, 10, 'Home FC', '1'),
        o(9, 16, '1 / X', '1'),
        o(9, 16, 'X / 2', '2'),
        o(9, 16, '1 / 2'),
        o(76, 14, 'YES'),
        o(76, 15, 'no'),
      ],
      '1',
      '2',
    );
    expect([q.way3.w1?.name, q.way3.draw?.name, q.way3.w2?.name]).toEqual(['Home FC', 'Draw', 'Away FC']);
    expect([q.doubleChance.xOr1?.name, q.doubleChance.xOr2?.name, q.doubleChance.or12?.name]).toEqual([
      '1 / X',
      'X / 2',
      '1 / 2',
    ]);
    expect([q.bothTeamsToScore.yes?.name, q.bothTeamsToScore.no?.name]).toEqual(['YES', 'no']);
  });

  it('leaves blocks empty when the match has no such market', () => {
    expect(quickMarkets([], '1', '2')).toEqual({
      way3: { w1: null, draw: null, w2: null },
      doubleChance: { xOr1: null, xOr2: null, or12: null },
      bothTeamsToScore: { yes: null, no: null },
      overUnder: { over: [], under: [] },
    });
  });
});
