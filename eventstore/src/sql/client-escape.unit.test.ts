/** The PGlite client's literal quoting writes exactly what `pg.escapeLiteral` writes, for any text. */
import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { escapeLiteral } from './client.ts';

describe('escapeLiteral', () => {
  it('equals pg.escapeLiteral on any text (quotes, backslashes, unicode)', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom("'", '\\', 'a', '"', '{', 'é', '漢', '\n') }),
      fc.string({ unit: 'grapheme' }),
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(escapeLiteral(s)).toBe(pg.escapeLiteral(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('prefixes E only with a backslash', () => {
    expect(escapeLiteral(`it's`)).toBe(`'it''s'`);
    expect(escapeLiteral('a\\b')).toBe(` E'a\\\\b'`);
  });
});
