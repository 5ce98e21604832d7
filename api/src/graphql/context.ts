/**
 * The GraphQL context every resolver receives (architecture.md §5).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../services.ts';

/** Languages of the site (spec §9): Swahili by default. */
export type Locale = 'sw' | 'en-US' | 'zh-CN';

/** Who is calling: a logged-in player, a staff member with their permission codes, or nobody. */
export type Viewer =
  | { readonly kind: 'player'; readonly userId: string; readonly sessionId: string }
  | {
      readonly kind: 'staff';
      readonly staffId: string;
      readonly sessionId: string;
      readonly permissions: ReadonlySet<string>;
      /**
       * What the account must do before it may use any permission (issue 15 item 5): change a password
       * someone else chose, bind an authenticator where required. Absent or empty: nothing.
       */
      readonly setup?: readonly StaffSetupStep[];
    };

/** A step a staff account must take before the back office opens (staff.graphql `StaffSetupStep`). */
export type StaffSetupStep = 'CHANGE_PASSWORD' | 'BIND_TOTP';

export interface GraphQLContext {
  readonly services: AppServices;
  readonly viewer: Viewer | null;
  readonly locale: Locale;
  readonly requestId: string;
  /** The caller's IP (audit log, rate limits, IP blacklist). */
  readonly ip: string;
  readonly request?: FastifyRequest;
  readonly reply?: FastifyReply;
}

const LOCALES: readonly Locale[] = ['sw', 'en-US', 'zh-CN'];

/** The locale from the `locale` or `accept-language` header (spec §7: a locale header), `sw` otherwise. */
export const localeOf = (header: string | undefined): Locale => {
  if (!header) return 'sw';
  const wanted = header.split(',')[0]!.trim().toLowerCase();
  return (
    LOCALES.find(
      (l) => l.toLowerCase() === wanted || l.toLowerCase().split('-')[0] === wanted.split('-')[0],
    ) ?? 'sw'
  );
};

declare module 'mercurius' {
  // Resolvers receive our context as Mercurius's (declaration merging).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends Omit<GraphQLContext, 'reply' | 'request'> {}
}
