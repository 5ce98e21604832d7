/**
 * Server-side access checks every module calls at the top of its resolvers (issue 5 item 3;
 * spec §6): {@link requireStaff} for back-office operations, {@link requirePlayer} for a player's
 * own operations, and the {@link PERMISSIONS} catalogue of permission codes roles are built from.
 *
 * The signatures are stable: other modules import them.
 */
import { codedError } from '../graphql/errors.ts';
import type { GraphQLContext, Viewer } from '../graphql/context.ts';

/** One permission: its English label (the back office shows it; `labelKey` for translations). */
export interface PermissionInfo {
  readonly label: string;
}

/**
 * Every permission code of the back office (spec §6 "route or button permission"): dotted
 * `<area>.<action>`. The super-administrator role holds all of them; the permission tree of
 * roles is seeded from this catalogue (one route node per area, one button node per code).
 */
export const PERMISSIONS = {
  'users.view': { label: 'View users' },
  'users.edit': { label: 'Edit users (flags, notes, disable)' },
  'users.adjust_money': { label: 'Adjust user balances' },
  'users.phone': { label: "See players' full phone numbers in the SMS list" },
  'orders.view': { label: 'View orders and bets' },
  'orders.cancel': { label: 'Cancel orders' },
  'orders.place': { label: 'Place admin bets for a player' },
  'orders.random': { label: 'Set up and run random betting' },
  'bills.view': { label: 'View bills' },
  'payments.view': { label: 'View recharges and withdrawals' },
  'payments.approve': { label: 'Approve or refuse withdrawals' },
  'matches.view': { label: 'View matches' },
  'matches.edit': { label: 'Edit matches, leagues, countries, markets' },
  'odds.edit': { label: 'Edit odds and selections' },
  'results.enter': { label: 'Enter and correct results' },
  'config.edit': { label: 'Edit system configuration' },
  'roles.edit': { label: 'Edit roles and the permission tree' },
  'staff.view': { label: 'View managers' },
  'staff.edit': { label: 'Create and edit managers' },
  'ip_blacklist.edit': { label: 'Edit the IP blacklist' },
  'sms.view': { label: 'View SMS' },
  'content.view': { label: 'View content: messages sent, banners, articles, documents, pages' },
  'content.edit': { label: 'Edit messages, notifications, pictures, banners, documents' },
  'messages.send': { label: 'Send and withdraw internal messages to players; answer the message board' },
  'channels.edit': { label: 'Edit payment channels' },
  'agents.view': { label: 'View agent statistics' },
  'stats.view': { label: 'View statistics' },
  'audit.view': { label: 'View the system and audit logs' },
  'export.run': { label: 'Run and download exports' },
  'pool.view': { label: 'View jackpot and Lucky Six issues and tickets' },
  'pool.edit': { label: 'Edit jackpot types, create and cancel issues, approve large prizes' },
  'simulations.view': { label: "View the analysts' kept season simulations" },
  'simulations.run': { label: 'Start season simulations on the server from the back office' },
} as const satisfies Record<string, PermissionInfo>;

/** A permission code of {@link PERMISSIONS}. */
export type PermissionCode = keyof typeof PERMISSIONS;

/** The refusal of every permission while a staff account's setup is incomplete (issue 15 item 5). */
export const STAFF_SETUP_REQUIRED = 'STAFF_SETUP_REQUIRED';

/** Every permission code, in catalogue order. */
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

/** A logged-in staff member. */
export type StaffViewer = Viewer & { kind: 'staff' };
/** A logged-in player. */
export type PlayerViewer = Viewer & { kind: 'player' };

/**
 * The staff member calling, when they hold `permission` (a code of {@link PERMISSIONS}).
 * Throws `UNAUTHENTICATED` when nobody (or a player) is logged in, `STAFF_SETUP_REQUIRED` (details: the
 * steps) while the account must still change its password or bind an authenticator (issue 15 item 5),
 * `FORBIDDEN` without the permission.
 */
export const requireStaff = (
  ctx: GraphQLContext,
  permission: PermissionCode | (string & {}),
): StaffViewer => {
  const viewer = ctx.viewer;
  if (!viewer || viewer.kind !== 'staff') throw codedError('UNAUTHENTICATED', 'staff login required');
  if (viewer.setup && viewer.setup.length > 0)
    throw codedError(STAFF_SETUP_REQUIRED, 'change your password and bind Google Authenticator first', {
      details: { steps: [...viewer.setup] },
    });
  if (!viewer.permissions.has(permission))
    throw codedError('FORBIDDEN', `permission ${permission} required`, { details: { permission } });
  return viewer;
};

/** The player calling. Throws `UNAUTHENTICATED` when no player is logged in. */
export const requirePlayer = (ctx: GraphQLContext): PlayerViewer => {
  const viewer = ctx.viewer;
  if (!viewer || viewer.kind !== 'player') throw codedError('UNAUTHENTICATED', 'login required');
  return viewer;
};
