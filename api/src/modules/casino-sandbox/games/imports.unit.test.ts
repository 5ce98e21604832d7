/**
 * The sandbox is a separate provider: it talks to our wallet only over HTTP (issue 22 §4). It may take
 * from `@bashiri/domain` the provably fair helpers and the wallet protocol (shapes, signature), never the
 * wallet, the round aggregate or anything else, and no relative import may leave the sandbox folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SANDBOX = resolve(import.meta.dirname, '..');
const ALLOWED_FROM_DOMAIN = new Set([
  'isServerSeed',
  'roundStream',
  'seedHash',
  'casinoSignature',
  'signCasinoRequest',
  'CASINO_HEADERS',
  'CASINO_CURRENCY',
  'CasinoStatus',
  'type CasinoAnswer',
  'type CasinoRequest',
]);

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('casino sandbox imports', () => {
  it('takes only fairness and protocol helpers from the domain, and nothing from outside its folder', () => {
    const seen: string[] = [];
    for (const file of files(SANDBOX)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
        const from = m[3] as string;
        if (from === '@bashiri/domain')
          for (const name of (m[2] as string)
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)) {
            seen.push(name);
            expect(ALLOWED_FROM_DOMAIN.has(m[1] ? `type ${name}` : name), `${file}: ${name}`).toBe(true);
          }
        if (from.startsWith('.'))
          expect(resolve(join(file, '..'), from).startsWith(SANDBOX), `${file}: ${from}`).toBe(true);
        expect(from.startsWith('@bashiri/') && from !== '@bashiri/domain', `${file}: ${from}`).toBe(false);
      }
    }
    expect(seen).toContain('roundStream');
  });
});
