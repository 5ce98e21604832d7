import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WALLET_READ_MODELS_INTERVAL_MS, walletProjection } from './projection.ts';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe('wallet_read_models batches (decision 0198)', () => {
  it('runs its background batches at most every 250 ms', () => {
    expect(WALLET_READ_MODELS_INTERVAL_MS).toBe(250);
    expect(walletProjection.minIntervalMs).toBe(WALLET_READ_MODELS_INTERVAL_MS);
  });

  // The lag is harmless only while no money decision reads the bills or balances read model: the wallet
  // decides from its stream (money path), the casino's calls from the wallet and round streams.
  it('is read by no part of the money path or the casino wallet call', () => {
    for (const file of [
      './money-path.ts',
      './money-batch.ts',
      './service.ts',
      './protection-gate.ts',
      '../casino/wallet-api.ts',
      '../casino/wallet-facts.ts',
      '../casino/routes.ts',
    ])
      expect(source(file), file).not.toMatch(/\b(FROM|JOIN)\s+(bills|wallet_balances)\b/i);
  });
});
