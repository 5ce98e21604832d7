/** The cash-out operations sent as text (api.ts): each is one operation with the fragments it uses. */
import { Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationText } from './api.ts';

describe('cash-out operations', () => {
  it.each([
    ['CashOutPrepare', 1],
    ['CashOutAccept', 1],
    ['CashOutSetAuto', 0],
    ['CashOutClearAuto', 0],
  ])('%s is one operation of cashout.graphql with %i fragment(s)', (name, fragments) => {
    const doc = parse(operationText(name));
    const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    expect(ops.map((d) => d.name?.value)).toEqual([name]);
    expect(doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)).toHaveLength(fragments);
  });

  it('refuses an unknown operation', () => {
    expect(() => operationText('Nope')).toThrow(/no operation Nope/);
  });
});
