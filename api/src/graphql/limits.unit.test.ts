/**
 * The request limits (limits.ts) leave every operation the player site and the back office send
 * untouched: each operation of their `.graphql` documents, with the file's fragments, parses within the
 * token cap and passes every limit rule against the server's schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type * as GraphQLModule from 'graphql';
import { schemaOf } from '../app.ts';
import { modules } from '../modules/index.ts';
import { GRAPHQL_LIMITS, limitRules, timeBoxed, withoutSuggestions } from './limits.ts';

/** graphql-js as the rules load it (CommonJS), so that schema, documents and rules share classes. */
const graphql = createRequire(import.meta.url)('graphql') as typeof GraphQLModule;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const documents = ['web-player', 'web-admin'].flatMap((app) =>
  readdirSync(join(ROOT, app, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.graphql'))
    .map((path) => [`${app}/src/${path}`, readFileSync(join(ROOT, app, 'src', path), 'utf8')] as const),
);

describe('client operations stay inside the GraphQL limits', () => {
  const schema = graphql.buildSchema(schemaOf(modules));

  it('finds the client documents', () => {
    expect(documents.length).toBeGreaterThan(5);
  });

  it.each(documents)('%s', (_path, text) => {
    const whole = graphql.parse(text);
    const fragments = whole.definitions.filter((d) => d.kind === graphql.Kind.FRAGMENT_DEFINITION);
    const operations = whole.definitions.filter((d) => d.kind === graphql.Kind.OPERATION_DEFINITION);
    for (const operation of operations) {
      const source = graphql.print({ kind: graphql.Kind.DOCUMENT, definitions: [operation, ...fragments] });
      const document = graphql.parse(source, { maxTokens: GRAPHQL_LIMITS.maxTokens });
      const errors = graphql.validate(schema, document, [
        // The file's other operations' fragments come along unused.
        ...graphql.specifiedRules.filter((rule) => rule !== graphql.NoUnusedFragmentsRule),
        ...limitRules(true),
      ]);
      expect(errors.map((e) => e.message).join('; ')).toBe('');
    }
  });
});

describe('limits helpers', () => {
  it('removes "did you mean" suggestions', () => {
    expect(withoutSuggestions('Cannot query field "healt" on type "Query". Did you mean "health"?')).toBe(
      'Cannot query field "healt" on type "Query".',
    );
  });

  it('passes a resolver answer through the time-box', async () => {
    await expect(timeBoxed(async (x: number) => x * 2, 1_000)(21)).resolves.toBe(42);
  });

  it('refuses a resolver that throws at once and leaves no timer behind', async () => {
    vi.useFakeTimers();
    try {
      const boxed = timeBoxed((): number => {
        throw new Error('bad input');
      }, 1_000);
      await expect(boxed()).rejects.toThrow('bad input');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers TIMEOUT when the resolver is slower than the box', async () => {
    vi.useFakeTimers();
    try {
      const answer = timeBoxed(() => new Promise<number>(() => undefined), 1_000)();
      vi.advanceTimersByTime(1_000);
      await expect(answer).rejects.toMatchObject({ extensions: { code: 'TIMEOUT' } });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
