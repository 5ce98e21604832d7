import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvSafeText, toCsv } from './csv.ts';

describe('back-office CSV (one rule for every list)', () => {
  it('quotes commas, quotes and line breaks, ends every record with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', 5000],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",5000\r\n');
  });

  it('neutralises formulas but keeps signed numbers', () => {
    expect(csvSafeText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvSafeText('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvSafeText('-1500')).toBe('-1500');
    expect(csvSafeText('+255712345678')).toBe('+255712345678');
    expect(toCsv(['v'], [[null], [undefined], [true]])).toBe('v\r\n\r\n\r\ntrue\r\n');
  });

  it('reads back what it wrote (any text that is not a formula)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.string().filter((s) => csvSafeText(s) === s),
            { minLength: 2, maxLength: 2 },
          ),
          {
            maxLength: 8,
          },
        ),
        (rows) => {
          const parsed = parse(toCsv(['a', 'b'], rows), { relax_column_count: true }) as string[][];
          expect(parsed).toEqual([['a', 'b'], ...rows]);
        },
      ),
    );
  });
});
