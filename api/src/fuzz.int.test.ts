/**
 * "No input crashes a resolver" (issue 5 "Bad input and load"): for EVERY Query and Mutation field of
 * the schema — walked from the built schema, so a new field is covered without touching this file —
 * random and malformed variables (wrong types, huge and negative numbers, 1e300, NaN-ish text, empty and
 * long strings, unicode, deeply nested objects, nulls for non-null arguments, unknown enum values) are
 * sent as nobody, as a player and as a staff member holding every permission. Every answer must be
 * below HTTP 500, and every error must carry a string `extensions.code` and no internals (no stack,
 * no JavaScript error names, no SQL, no file paths).
 *
 * Values go in as variables typed from the schema (never inline literals), so bad values reach the
 * scalars' and the resolvers' own checks. FUZZ_RUNS sets the runs per operation (default 20).
 */
import fc from 'fast-check';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import type { GraphQLField, GraphQLInputType, GraphQLOutputType, GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaOf } from './app.ts';
import type { Viewer } from './graphql/context.ts';
import { seedBettingConfig } from './modules/betting/index.ts';
import { modules } from './modules/index.ts';
import { PERMISSION_CODES } from './auth/guard.ts';
import { insertTestMatch } from './testing/catalogue-fixtures.ts';
import type { TestMatch } from './testing/catalogue-fixtures.ts';
import { player, staff, startTestApp } from './testing/app.ts';
import type { TestApp } from './testing/app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/** The schema the server serves, as graphql-js objects. */
const schema: GraphQLSchema = buildSchema(schemaOf(modules));

/** Every area and code, as the super-administrator role holds them. */
const ALL_PERMISSIONS = [...new Set([...PERMISSION_CODES, ...PERMISSION_CODES.map((c) => c.split('.')[0]!)])];

const VIEWERS: readonly (readonly [string, Viewer | null])[] = [
  ['anonymous', null],
  ['player', player('fuzz-player')],
  ['staff', staff('1', ALL_PERMISSIONS)],
];

/** What must never reach a client: JavaScript error names, stacks, SQL, file paths. */
const INTERNALS =
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|EvalError)\b|\n\s+at |node_modules|\/work\/|\.ts:\d+|\bSELECT\b|\bINSERT INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE FROM\b|\brelation "|\bcolumn "|violates|syntax error at|invalid input syntax|out of range for type|duplicate key|Cannot read propert|is not a function|undefined is not/;

// ---- values ----------------------------------------------------------------------------------------

/** A structure nested `depth` levels deep. */
const nested = (depth: number): unknown =>
  Array.from({ length: depth }).reduce<unknown>((inner, _, i) => (i % 2 ? [inner] : { a: inner }), 'x');

/** Values that are wrong for almost any type. */
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1.5,
    1e300,
    -1e300,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
    'NaN',
    'Infinity',
    '-Infinity',
    'null',
    'undefined',
    '',
    ' ',
    '0x1F',
    '1e300',
    '-1',
    '💥🦁 ñandú 中文 עברית \u202e',
    'a\u0000b',
    '\u0001\u001f',
    '\ud800',
    "'; DROP TABLE orders; --",
    '%s%n%x',
    '../../../../etc/passwd',
    'x'.repeat(20_000),
    [],
    [[[]]],
    {},
    JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
    nested(60),
    [null, 1, 'a', {}],
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
);

/** Plausible and edge values of a named scalar (`ids` are real ids of the test data). */
const scalarValue = (name: string, ids: readonly string[]): fc.Arbitrary<unknown> => {
  switch (name) {
    case 'Int':
      return fc.oneof(
        fc.integer({ min: -5, max: 100 }),
        fc.integer(),
        fc.constantFrom(2_147_483_647, 2_147_483_648, -2_147_483_648, 0, -1, 1e300, 1.5),
      );
    case 'Float':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1e300));
    case 'Boolean':
      return fc.boolean();
    case 'ID':
      return fc.oneof(
        fc.constantFrom(...ids, '0', '-1', '1', '99999999999999999999', 'not-an-id', ''),
        fc.uuid(),
        fc.integer({ min: -10, max: 1_000_000 }),
        fc.string({ maxLength: 12 }),
      );
    case 'Tzs':
      return fc.oneof(
        fc.integer({ min: -1_000, max: 1_000_000 }),
        fc.constantFrom(
          0,
          -1,
          -1_000_000,
          Number.MAX_SAFE_INTEGER,
          2 ** 53 + 2,
          1e300,
          0.5,
          '100',
          '-5',
          '1e3',
        ),
      );
    case 'Odds':
      return fc.oneof(
        fc.constantFrom(
          '1.00',
          '1.01',
          '1.95',
          '2.00',
          '3.40',
          '0',
          '0.00',
          '-1.5',
          '1e3',
          '9999999.9999',
          'NaN',
        ),
        fc.double({ min: -10, max: 1e9, noNaN: true }),
      );
    case 'DateTime':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom('2026-11-21T12:00:00Z', '2026-13-45', '', 'yesterday', 8.64e15 + 1, -8.64e15, 0),
      );
    default:
      return fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('', 'x'.repeat(5_000), '+255712345678', '0712345678', '255712345678', 'admin'),
      );
  }
};

/** Values for an argument or input field of `type`: mostly of the type, sometimes null or garbage. */
const valueOf = (type: GraphQLInputType, ids: readonly string[], depth = 0): fc.Arbitrary<unknown> => {
  if (isNonNullType(type)) {
    return fc.oneof(
      { weight: 8, arbitrary: valueOf(type.ofType, ids, depth) },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: garbage },
    );
  }
  const plain = (): fc.Arbitrary<unknown> => {
    if (isListType(type)) {
      const item = valueOf(type.ofType, ids, depth + 1);
      return fc.oneof(
        { weight: 6, arbitrary: fc.array(item, { maxLength: depth > 1 ? 2 : 5 }) },
        { weight: 1, arbitrary: fc.array(item, { minLength: 61, maxLength: 150 }) },
      );
    }
    if (isEnumType(type)) {
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) },
        { weight: 1, arbitrary: fc.constantFrom('NOPE', 'balance', '', '__proto__') },
      );
    }
    if (isInputObjectType(type)) {
      if (depth > 4) return fc.constant({});
      const fields = Object.values(type.getFields());
      const record = fc.record(
        Object.fromEntries(fields.map((f) => [f.name, valueOf(f.type, ids, depth + 1)])),
        { requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) },
      );
      return fc.oneof(
        { weight: 6, arbitrary: record },
        { weight: 1, arbitrary: record.map((r) => ({ ...r, unknownField: 1 })) },
        { weight: 1, arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f.name, garbage]))) },
      );
    }
    return scalarValue(isScalarType(type) ? type.name : 'String', ids);
  };
  return fc.oneof(
    { weight: 6, arbitrary: plain() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: garbage },
  );
};

// ---- documents -------------------------------------------------------------------------------------

/** A selection of `type`'s leaf fields, objects down to `depth` (fields needing arguments left out). */
const selectionOf = (type: GraphQLOutputType, depth = 0): string => {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named) || depth > 2) return '{ __typename }';
  const parts = Object.values(named.getFields())
    .filter((f) => f.args.every((a) => !isNonNullType(a.type)))
    .map((f) => {
      if (isLeafType(getNamedType(f.type))) return f.name;
      return depth < 2 ? `${f.name} ${selectionOf(f.type, depth + 1)}` : '';
    })
    .filter(Boolean);
  return `{ __typename ${parts.join(' ')} }`;
};

/** `query Fuzz($a: T!) { field(a: $a) { … } }` for one root field. */
const documentOf = (operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string => {
  const defs = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${operation} Fuzz${defs ? `(${defs})` : ''} { ${field.name}${args ? `(${args})` : ''} ${selectionOf(field.type)} }`;
};

const roots = [
  ['query', schema.getQueryType()],
  ['mutation', schema.getMutationType()],
] as const;
const operations = roots.flatMap(([operation, root]) =>
  Object.values(root?.getFields() ?? {}).map((field) => ({
    name: `${operation} ${field.name}`,
    document: documentOf(operation, field),
    field,
  })),
);

// ---- the test --------------------------------------------------------------------------------------

interface GqlError {
  message?: unknown;
  extensions?: { code?: unknown } & Record<string, unknown>;
  [key: string]: unknown;
}

let ipCounter = 0;
/** A fresh client address per request: neither the rate limit nor a fuzzed blacklist entry gets in the way. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const header = (viewer: Viewer): string =>
  JSON.stringify(viewer.kind === 'staff' ? { ...viewer, permissions: [...viewer.permissions] } : viewer);

describe('no input crashes a resolver', () => {
  let t: TestApp;
  let match: TestMatch;
  const ids: string[] = ['fuzz-player', '1'];

  beforeAll(async () => {
    t = await startTestApp();
    await seedBettingConfig(t.services.sql);
    match = await insertTestMatch(t.services.sql, {
      home: 'Simba SC',
      away: 'Young Africans',
      startTime: new Date(Date.now() + 3_600_000),
    });
    ids.push(match.matchId, ...Object.values(match.outcomes));
  });
  afterAll(async () => t?.close());

  it('covers every Query and Mutation field of the schema', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((o) => o.name)).toContain('mutation placeBet');
  });

  /** Sends one operation; returns what a client would see, and why it is wrong (or null). */
  const probe = async (document: string, variables: Record<string, unknown>, viewer: Viewer | null) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: freshIp(),
      headers: viewer ? { 'x-test-viewer': header(viewer) } : {},
      payload: { query: document, variables },
    });
    const problems: string[] = [];
    if (response.statusCode >= 500) problems.push(`HTTP ${response.statusCode}`);
    let body: { errors?: GqlError[] } = {};
    try {
      body = response.json();
    } catch {
      problems.push('body is not JSON');
    }
    for (const error of body.errors ?? []) {
      const message = String(error.message ?? '');
      if (typeof error.extensions?.code !== 'string') problems.push(`error without code: ${message}`);
      // INTERNAL is what the error formatter makes of an uncoded throw: a crash, politely hidden.
      if (error.extensions?.code === 'INTERNAL') problems.push(`resolver crashed (INTERNAL): ${message}`);
      if ('stack' in error || (error.extensions && 'stack' in error.extensions))
        problems.push(`stack trace: ${message}`);
      if (error.extensions && 'exception' in error.extensions) problems.push(`exception details: ${message}`);
      if (INTERNALS.test(message)) problems.push(`internal message: ${message}`);
    }
    return { status: response.statusCode, body: response.body.slice(0, 600), problems };
  };

  it('answers text the database cannot store (NUL) as BAD_INPUT', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: freshIp(),
      payload: {
        query: 'query ($k: String!) { searchMatches(keyword: $k) { count } }',
        variables: { k: 'a\u0000b' },
      },
    });
    expect(response.json().errors[0].extensions.code).toBe('BAD_INPUT');
  });

  describe('text with NUL is refused at the edge', () => {
    it('query wallet(userId: "\\u0000") as staff', async () => {
      const { problems } = await probe(
        'query ($userId: ID!) { wallet(userId: $userId) { balance } }',
        { userId: '\u0000' },
        staff('1', ['users.view']),
      );
      expect(problems).toEqual([]);
    });
  });

  describe.each(operations)('$name', ({ field, document }) => {
    it.each(VIEWERS)('as %s', async (_label, viewer) => {
      const variables = fc.record(Object.fromEntries(field.args.map((a) => [a.name, valueOf(a.type, ids)])), {
        requiredKeys: [],
      });
      await fc.assert(
        fc.asyncProperty(variables, async (vars) => {
          const { status, body, problems } = await probe(document, vars as Record<string, unknown>, viewer);
          if (problems.length > 0)
            throw new Error(`${problems.join('; ')}\nHTTP ${status} ${body}\ndocument: ${document}`);
        }),
        { numRuns: RUNS, endOnFailure: false, interruptAfterTimeLimit: 50_000 },
      );
    });
  });
});
