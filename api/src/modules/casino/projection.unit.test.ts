import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CASINO_TRANSACTIONS_INTERVAL_MS, casinoTransactionsProjection } from './projection.ts';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe('casino-transactions projection batches (decision 0195)', () => {
  it('runs its background batches at most every 250 ms, like the other back-office lists', () => {
    expect(CASINO_TRANSACTIONS_INTERVAL_MS).toBe(250);
    expect(casinoTransactionsProjection.minIntervalMs).toBe(CASINO_TRANSACTIONS_INTERVAL_MS);
  });

  // The lag is only harmless while no wallet call decides or answers from the read model: a repeat's
  // first result comes from the wallet stream (docs/casino.md "Speed"), the facts from memory or streams.
  it('is read by no part of the wallet call', () => {
    for (const file of ['./wallet-api.ts', './wallet-facts.ts', './routes.ts', '../wallet/money-path.ts'])
      expect(source(file), file).not.toMatch(/casino_transactions/);
  });
});
