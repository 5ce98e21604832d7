/** Sample bets and payments for tests and stories (spec §3 Order, Recharge). */
import type { AccountOrderDetailFragment, AccountPaymentFragment } from '../graphql/generated.ts';

/** A single pre-match bet on Simba v Yanga, open; `patch` changes any field. */
export const orderFixture = (
  patch: Partial<AccountOrderDetailFragment> = {},
): AccountOrderDetailFragment => ({
  id: 'o1',
  serial: 'B2611220001',
  status: 'awaiting',
  statusCode: 2,
  orderType: 'user',
  payType: 'BALANCE',
  stake: 10_000,
  payPayable: 10_000,
  virtualPayAmount: 0,
  totalOdds: '4.30',
  taxRate: 10,
  potentialProfit: 33_000,
  potentialReward: 0,
  rewardPercent: 0,
  potentialTax: 3_300,
  potentialReturn: 39_700,
  payout: null,
  reward: null,
  tax: null,
  credited: null,
  rejectCode: null,
  abnormalInfo: null,
  cancelReason: null,
  placedAt: '2026-11-22T09:15:00.000Z',
  settledAt: patch.status === 'settled' ? '2026-11-22T13:05:00.000Z' : null,
  lines: [
    {
      legIndex: 0,
      matchId: 'm1',
      selectionId: 's1',
      home: 'Simba SC',
      away: 'Young Africans',
      marketName: 'Full time 1X2',
      selectionName: 'Home',
      odds: '4.30',
      startTime: '2026-11-22T13:00:00.000Z',
      eventStatus: 1,
      outcome: patch.status === 'settled' ? 4 : 0,
      voidFactor: null,
      rule: patch.status === 'settled' ? 'Full time 1X2: the home team wins.' : null,
      facts:
        patch.status === 'settled' ? { status: 'PLAYED', score: '2-1', halfTime: '1-0', minute: null } : null,
      match:
        patch.status === 'settled'
          ? { statusId: 3, matchMinute: 'FT', homeScore: 2, awayScore: 1, htHomeScore: 1, htAwayScore: 0 }
          : { statusId: 2, matchMinute: '67', homeScore: 1, awayScore: 0, htHomeScore: 1, htAwayScore: 0 },
    },
  ],
  ...patch,
});

/** A multiple with a won, a lost and a refunded leg (settled, lost). */
export const multipleFixture = (): AccountOrderDetailFragment => {
  const base = orderFixture({ status: 'settled', statusCode: 4, payout: 0, tax: 0, credited: 0 });
  return {
    ...base,
    id: 'o2',
    serial: 'B2611220002',
    totalOdds: '7.98',
    lines: [
      { ...base.lines[0]!, legIndex: 0, outcome: 4, rule: 'Full time 1X2: the home team wins.' },
      {
        ...base.lines[0]!,
        legIndex: 1,
        matchId: 'm2',
        home: 'Azam FC',
        away: 'Coastal Union',
        marketName: 'Over/Under 2.5',
        selectionName: 'Over 2.5',
        odds: '1.90',
        eventStatus: 2,
        outcome: 3,
        rule: 'Over/Under 2.5: 2 goals were scored, under wins.',
        facts: { status: 'PLAYED', score: '1-1', halfTime: '0-1', minute: null },
      },
      {
        ...base.lines[0]!,
        legIndex: 2,
        matchId: 'm3',
        home: 'KMC',
        away: 'Namungo',
        marketName: 'Both teams to score',
        selectionName: 'Yes',
        odds: '1.00',
        outcome: 2,
        rule: 'Match abandoned before the end: the selection is refunded at odds 1.00.',
        facts: { status: 'ABANDONED', score: '0-0', halfTime: null, minute: 30 },
      },
    ],
  };
};

/** A deposit of 5,000 TZS on Vodacom; `patch` changes any field. */
export const paymentFixture = (patch: Partial<AccountPaymentFragment> = {}): AccountPaymentFragment => ({
  id: 'D0a1b2c3d4e5f60718293',
  kind: 'DEPOSIT',
  network: 6,
  phone: '+255754123456',
  amount: 5_000,
  status: 'pushed',
  payStatus: 1,
  providerRef: null,
  approval: 'NONE',
  review: false,
  createdAt: '2026-11-22T09:00:00.000Z',
  paidAt: null,
  ...patch,
});
