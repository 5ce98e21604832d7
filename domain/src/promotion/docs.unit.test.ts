/** docs/promotions.md's defaults and worked examples are what the code computes (the document cannot drift). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as rules from './rules.ts';

const doc = readFileSync(new URL('../../../docs/promotions.md', import.meta.url), 'utf8');

/** Data rows of the table between `<!-- marker:start -->` and `<!-- marker:end -->`, as cells. */
const rows = (marker: string): string[][] => {
  const start = doc.indexOf(`<!-- ${marker}:start -->`);
  const end = doc.indexOf(`<!-- ${marker}:end -->`);
  expect(start).toBeGreaterThanOrEqual(0);
  return doc
    .slice(start, end)
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2)
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
};

describe('docs/promotions.md', () => {
  it('states the defaults the code uses', () => {
    const table = rows('defaults');
    expect(table).toHaveLength(7);
    for (const [, constant, value] of table) {
      const name = constant!.replaceAll('`', '');
      expect(rules[name as keyof typeof rules], name).toBe(Number(value));
    }
  });

  it('referral examples', () => {
    const table = rows('referral');
    expect(table.length).toBeGreaterThan(0);
    for (const [deliveries, counted, reward] of table) {
      let p = rules.startReferral('inv', 'fr');
      for (const d of deliveries!.split(' ')) {
        const [betId, stake] = d.split(':');
        p = rules.countSettledStake(p, { betId: betId!, stake: Number(stake) });
      }
      expect(p.settledStakes).toBe(Number(counted));
      expect(
        rules.referralReward(rules.DEFAULT_REFERRAL_CONFIG, p, '2026-12-10T00:00:00.000Z')?.amount ?? 0,
      ).toBe(Number(reward));
    }
  });

  it('invitation bonus examples', () => {
    const table = rows('invitation');
    expect(table.length).toBeGreaterThan(0);
    for (const [deposit, bonus] of table) {
      expect(rules.invitationBonusAmount(rules.DEFAULT_REFERRAL_CONFIG, Number(deposit))).toBe(Number(bonus));
    }
  });

  it('expiry examples', () => {
    const grants = [
      { movementId: 'welcome', amount: 1_000, at: '2026-12-01T00:00:00.000+03:00' },
      { movementId: 'referral', amount: 7_000, at: '2026-12-05T00:00:00.000+03:00' },
    ];
    const table = rows('expiry');
    expect(table.length).toBeGreaterThan(0);
    for (const [held, welcome, referral, expired] of table) {
      expect(rules.remainingOfGrants(grants, Number(held))).toEqual([Number(welcome), Number(referral)]);
      const due = rules.creditExpiries(
        'u1',
        grants,
        Number(held),
        rules.DEFAULT_CREDIT_EXPIRY_DAYS,
        '2026-12-08T00:00:00.000+03:00',
      );
      expect(due.reduce((s, e) => s + e.amount, 0)).toBe(Number(expired));
    }
  });
});
