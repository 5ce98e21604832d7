import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readCommandXml, writeCommandXml } from './tigo-xml.ts';

describe('Tigo REQMFCI XML', () => {
  it('writes and reads the fixed shape, escaping text', () => {
    const xml = writeCommandXml({ TYPE: 'REQMFCI', SENDERNAME: 'Bashiri & <Co> "x"', AMOUNT: 1500 });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><COMMAND><TYPE>REQMFCI</TYPE><SENDERNAME>Bashiri &amp; &lt;Co&gt; &quot;x&quot;</SENDERNAME><AMOUNT>1500</AMOUNT></COMMAND>',
    );
    expect(readCommandXml(xml)).toEqual({
      TYPE: 'REQMFCI',
      SENDERNAME: 'Bashiri & <Co> "x"',
      AMOUNT: '1500',
    });
  });

  it('reads whitespace between elements and empty elements', () => {
    expect(
      readCommandXml('<COMMAND>\n  <TYPE>RMFCI</TYPE>\n  <TXNID/>\n  <MESSAGE></MESSAGE>\n</COMMAND>'),
    ).toEqual({
      TYPE: 'RMFCI',
      TXNID: '',
      MESSAGE: '',
    });
  });

  it.each([
    ['<ROOT><A>1</A></ROOT>'],
    ['<COMMAND><A x="1">1</A></COMMAND>'],
    ['<COMMAND><A><B>1</B></A></COMMAND>'],
    ['<COMMAND><A>1</A><A>2</A></COMMAND>'],
    ['<COMMAND><A>&foo;</A></COMMAND>'],
    ['<COMMAND><A>1</B></COMMAND>'],
    ['<COMMAND>text<A>1</A></COMMAND>'],
    ['<COMMAND><!-- c --><A>1</A></COMMAND>'],
    ['<!DOCTYPE x><COMMAND></COMMAND>'],
  ])('refuses %s', (xml) => {
    expect(() => readCommandXml(xml)).toThrow(/tigo xml/);
  });

  it('round-trips any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(readCommandXml(writeCommandXml({ A: a, B_1: b }))).toEqual({ A: a, B_1: b });
      }),
    );
  });
});
