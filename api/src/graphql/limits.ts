/**
 * Limits on what one GraphQL request may ask (issue 15 item 1; decision 0013): a request is refused as
 * `BAD_INPUT` before any resolver runs when it has too many tokens, aliases, directives, too deep a
 * selection or too high a cost; its body is capped; and every top-level resolver is time-boxed. In
 * production introspection and "did you mean" suggestions are off.
 *
 * The rules are GraphQL Armor's (`@escape.tech/graphql-armor-*`) and graphql-js's own, given to
 * Mercurius as validation rules; the token cap is graphql-js's parser option `maxTokens`.
 * Every operation the player site and the back office send stays inside these limits (a unit test reads
 * their `.graphql` documents).
 */
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import type * as GraphQLModule from 'graphql';
import type { ValidationRule } from 'graphql';
import { createRequire } from 'node:module';
import { codedError } from './errors.ts';

/**
 * graphql-js as Mercurius and GraphQL Armor load it (CommonJS): a rule from the ESM build would not
 * recognise the schema's types (two copies of the package, each with its own classes).
 */
const { NoSchemaIntrospectionCustomRule } = createRequire(import.meta.url)('graphql') as typeof GraphQLModule;

/** The limits of one request (decision 0013 gives the reasons for each number). */
export const GRAPHQL_LIMITS = {
  /** Lexical tokens in the document; the parser stops at the next one (so a 20,000-deep query is cheap). */
  maxTokens: 3_000,
  /** Selection depth (fields inside fields), fragments flattened. */
  maxDepth: 12,
  /** Aliases in one operation, fragments included. */
  maxAliases: 15,
  /** Directives in one operation. */
  maxDirectives: 20,
  /** GraphQL Armor's cost (objects 2, scalars 1, times a depth factor of 1.5). */
  maxCost: 20_000,
  /** Bytes of a `/graphql` body from anyone but an authenticated staff member. */
  bodyBytes: 128 * 1024,
  /**
   * Bytes of a `/graphql` body from an authenticated staff member: `uploadFile` sends files as data
   * URLs (content uploads.ts); Fastify's own cap.
   */
  staffBodyBytes: 1024 * 1024,
} as const;

/** The validation rules Mercurius runs after graphql-js's specified ones. */
export const limitRules = (production: boolean): ValidationRule[] => {
  const reject = { exposeLimits: true, propagateOnRejection: true } as const;
  return [
    maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true, ...reject }),
    maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases, ...reject }),
    maxDirectivesRule({ n: GRAPHQL_LIMITS.maxDirectives, ...reject }),
    costLimitRule({ maxCost: GRAPHQL_LIMITS.maxCost, flattenFragments: true, ...reject }),
    ...(production ? [NoSchemaIntrospectionCustomRule] : []),
  ] as ValidationRule[];
};

/** graphql-js's "Did you mean …?" tail of a validation message. */
const SUGGESTION = /\s*Did you mean[^?]*\?/g;

/** `message` without its "Did you mean …?" suggestions (production hides the schema's names). */
export const withoutSuggestions = (message: string): string => message.replace(SUGGESTION, '');

/**
 * A resolver that answers within `ms` milliseconds or is refused with `TIMEOUT` (its work is not
 * cancelled, but the request ends and its connection is free). Only top-level Query fields are wrapped:
 * a mutation that moves money runs to its end (clients retry it with the same request id).
 */
export const timeBoxed =
  <A extends unknown[], R>(resolve: (...args: A) => R, ms: number) =>
  (...args: A): Promise<Awaited<R>> => {
    // A resolver that throws at once (bad input) rejects `work` here, before any timer is armed; an
    // armed timer whose promise nobody awaits would otherwise reject, unhandled, `ms` later.
    const work = new Promise<Awaited<R>>((ok) => ok(resolve(...args) as Awaited<R>));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(codedError('TIMEOUT', `the query did not answer within ${ms} ms`)), ms);
    });
    const answer = Promise.race([work, timeout]).finally(() => clearTimeout(timer));
    // graphql-js stops awaiting a query's other root fields once one of them fails: a TIMEOUT of a
    // field nobody awaits any more must not surface as an unhandled rejection (the caller still sees it).
    answer.catch(() => undefined);
    return answer;
  };
