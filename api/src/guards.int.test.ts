/**
 * Every staff mutation refuses a staff member whose role lacks its permission, and an anonymous caller
 * (issue 5: "A staff role without the permission is refused on every staff mutation (test each)").
 * The list of mutations comes from the schema itself, so a new staff mutation that forgets its
 * `requireStaff` check fails here. The mutations that are NOT staff operations are named below.
 */
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import type { GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaOf } from './app.ts';
import { modules } from './modules/index.ts';
import { staff, startTestApp } from './testing/app.ts';
import type { TestApp } from './testing/app.ts';

/** Public or player operations, and the staff member's own account (needs only a login). */
const NOT_STAFF_OPERATIONS = new Set([
  'ping',
  'register',
  'login',
  'logout',
  'requestSmsCode',
  'resetPassword',
  'changePassword',
  'setDefaultBetAmount',
  'placeBet',
  'deposit',
  'withdraw',
  'shareSlip',
  'reportClientLog',
  'markMessageRead',
  'markAllMessagesRead',
  'clickRotation',
  'postBoardMessage',
  'staffLogin',
  'staffLogout',
  'staffChangePassword',
  'beginTotpBinding',
  'confirmTotpBinding',
  'unbindTotp',
]);

const SCALAR_SAMPLES: Record<string, unknown> = {
  ID: '1',
  Int: 1,
  Float: 1,
  String: 'x',
  Boolean: true,
  Tzs: 100,
  Odds: '2.00',
  DateTime: '2026-01-01T00:00:00Z',
};

/** A well-typed value for `type`, so the call passes coercion and reaches the resolver's guard. */
const sample = (type: GraphQLInputType): unknown => {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  const named = getNamedType(type);
  if (isScalarType(named)) return SCALAR_SAMPLES[named.name] ?? 'x';
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (isInputObjectType(named)) {
    return Object.fromEntries(
      Object.values(named.getFields()).map((field) => [field.name, sample(field.type)]),
    );
  }
  return null;
};

const schema = buildSchema(schemaOf(modules));
const mutations = Object.values(schema.getMutationType()!.getFields()).filter(
  (f) => !NOT_STAFF_OPERATIONS.has(f.name),
);

describe('staff mutations refuse callers without the permission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('covers a real list of staff mutations', () => {
    expect(mutations.length).toBeGreaterThan(20);
  });

  it.each(mutations.map((m) => [m.name, m] as const))('%s', async (_name, field) => {
    const variables = Object.fromEntries(field.args.map((arg) => [arg.name, sample(arg.type)]));
    const declarations = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
    const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
    const returns = getNamedType(field.type);
    const selection = 'getFields' in returns ? ' { __typename }' : '';
    const query = `mutation${declarations ? `(${declarations})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`;

    const noPermission = await t.gql(query, variables, staff('99', []));
    expect(noPermission.errors?.[0]?.extensions?.code, JSON.stringify(noPermission)).toBe('FORBIDDEN');
    const anonymous = await t.gql(query, variables, null);
    expect(anonymous.errors?.[0]?.extensions?.code, JSON.stringify(anonymous)).toBe('UNAUTHENTICATED');
  });
});

describe('staff mutations check the permission before the input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('refuses out-of-range input from a caller without the permission as FORBIDDEN, not BAD_INPUT', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['mutation { updateCountrySequence(countryId: "1", sequence: 500) { __typename } }', {}],
      ['mutation { updateBookmakerSequence(bookmakerId: "1", sequence: 500) { __typename } }', {}],
      ['mutation { updateCompetition(competitionId: "1", input: { sequence: 500 }) { __typename } }', {}],
      [
        'mutation { updateBettingType(bettingTypeId: 69, input: { marginPercent: "99" }) { __typename } }',
        {},
      ],
    ];
    for (const [query, variables] of calls) {
      expect((await t.gql(query, variables, staff('99', []))).errors?.[0]?.extensions?.code, query).toBe(
        'FORBIDDEN',
      );
    }
  });
});
