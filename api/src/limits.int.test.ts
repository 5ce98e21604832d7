/**
 * GraphQL request limits (issue 15 item 1; graphql/limits.ts, decision 0013): what the probe sent —
 * thousands of aliases, a 20,000-deep query, a mutation by GET, a large body — is refused as
 * `BAD_INPUT` before any resolver runs; a slow query field is cut off as `TIMEOUT`; production hides
 * introspection and "did you mean" suggestions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from './graphql/limits.ts';
import { modules } from './modules/index.ts';
import type { ApiModule } from './modules/module.ts';
import { player, staff, startTestApp } from './testing/app.ts';
import type { TestApp } from './testing/app.ts';

/** A module whose one query never answers (the time-box's subject). */
const hanging: ApiModule = {
  name: 'hanging',
  typeDefs: 'extend type Query { hang: Boolean }',
  resolvers: { Query: { hang: () => new Promise<boolean>(() => undefined) } },
};

type Answer = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };

describe('GraphQL request limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ modules: [...modules, hanging], env: { GRAPHQL_RESOLVER_TIMEOUT_MS: '1000' } });
  });
  afterAll(async () => t.close());

  const post = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query } });
    return { status: response.statusCode, body: response.json<Answer>() };
  };

  it('refuses 5,000 aliases of upcomingMatches as BAD_INPUT without running them', async () => {
    const query = `{ ${Array.from({ length: 5_000 }, (_, i) => `a${i}: upcomingMatches { total }`).join(' ')} }`;
    const { status, body } = await post(query);
    expect(status).toBeLessThan(500);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('refuses more aliases than the limit even when the tokens fit', async () => {
    const n = GRAPHQL_LIMITS.maxAliases + 1;
    const query = `{ ${Array.from({ length: n }, (_, i) => `a${i}: health { status }`).join(' ')} }`;
    const { body } = await post(query);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(body.errors?.[0]?.message).toMatch(/alias/i);
  });

  it('accepts aliases up to the limit', async () => {
    const query = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases }, (_, i) => `a${i}: health { status }`).join(' ')} }`;
    const { body } = await post(query);
    expect(body.errors).toBeUndefined();
  });

  it('refuses a 20,000-deep query as BAD_INPUT, not INTERNAL', async () => {
    const depth = 20_000;
    const query = `${'{ a '.repeat(depth)}${'}'.repeat(depth)}`;
    const { status, body } = await post(query);
    expect(status).toBeLessThan(500);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('refuses a selection deeper than the limit, even within the token cap', async () => {
    const fields = Array.from({ length: GRAPHQL_LIMITS.maxDepth + 1 }, () => 'me');
    const query = `{ ${fields.join(' { ')} ${'}'.repeat(fields.length - 1)} }`;
    const { body } = await post(query);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(body.errors?.map((e) => e.message).join(' ')).toMatch(/depth/i);
  });

  it('refuses a mutation sent by GET as BAD_INPUT, not INTERNAL', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('mutation { logout }')}`,
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<Answer>().errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('refuses a body over the cap from a player or nobody with 413 BAD_INPUT', async () => {
    const padding = ' '.repeat(GRAPHQL_LIMITS.bodyBytes);
    for (const headers of [{}, { 'x-test-viewer': JSON.stringify(player('p1')) }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers,
        payload: { query: `{ health { status } ${padding}}` },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json<Answer>().errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    }
  });

  it('lets an authenticated staff member send a larger body (file uploads)', async () => {
    const padding = ' '.repeat(GRAPHQL_LIMITS.bodyBytes);
    const viewer = staff('1', []);
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'x-test-viewer': JSON.stringify({ ...viewer, permissions: [] }) },
      payload: { query: `{ health { status } ${padding}}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Answer>().errors).toBeUndefined();
  });

  it('cuts a query field off after the time-box with TIMEOUT', async () => {
    const { status, body } = await post('{ hang }');
    expect(status).toBe(200);
    expect(body.errors?.[0]?.extensions?.code).toBe('TIMEOUT');
  });

  it('answers introspection and suggestions outside production', async () => {
    expect((await post('{ __schema { queryType { name } } }')).body.errors).toBeUndefined();
    const { body } = await post('{ healt { status } }');
    expect(body.errors?.[0]?.message).toMatch(/Did you mean "health"/);
  });
});

describe('GraphQL in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => t.close());

  it('refuses introspection as BAD_INPUT', async () => {
    const answer = await t.gql('{ __schema { types { name } } }');
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('names no field in its refusals ("did you mean" is off)', async () => {
    const answer = await t.gql('{ healt { status } }');
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(answer.errors?.[0]?.message).not.toMatch(/Did you mean|"health"/);
  });
});
