/** docs/casino.md's signed examples are what the code signs (so the document cannot drift). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCasinoRequest, verifyCasinoSignature } from './protocol.ts';

const doc = readFileSync(new URL('../../../docs/casino.md', import.meta.url), 'utf8');
const SECRET = 'sandbox-secret-do-not-use';

const example = (marker: string) => {
  const block = doc.slice(doc.indexOf(`<!-- ${marker}:start -->`), doc.indexOf(`<!-- ${marker}:end -->`));
  const header = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(block)?.[1];
  const body = /^(\{.*\})$/m.exec(block)?.[1] ?? '';
  const method = /^POST \/casino\/wallet\/(\w+)$/m.exec(block)?.[1] ?? '';
  return { body, method, timestamp: header('x-casino-timestamp'), signature: header('x-casino-signature') };
};

describe('docs/casino.md signed examples', () => {
  for (const marker of ['signed-example', 'signed-win']) {
    it(`${marker}: the signature verifies and the body parses`, () => {
      const e = example(marker);
      expect(e.body).not.toBe('');
      expect(
        verifyCasinoSignature({
          secret: SECRET,
          body: e.body,
          timestamp: e.timestamp,
          signature: e.signature,
          nowMs: Number(e.timestamp) + 1_000,
        }),
      ).toBeUndefined();
      expect(parseCasinoRequest(e.method, JSON.parse(e.body)).ok).toBe(true);
    });
  }
});
