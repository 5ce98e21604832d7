/**
 * The staff module (issue 5 item 3): back-office accounts with optional TOTP, roles holding a tree of
 * permission nodes, the manager list and the IP blacklist. Seeds the tree, the built-in roles and the
 * first administrator at start (docs/auth.md). Resolvers are typed from the schema (generated.ts).
 */
import { readFileSync } from 'node:fs';
import type { IResolvers } from 'mercurius';
import type { MutationResolvers, QueryResolvers } from '../../graphql/generated.ts';
import type { ApiModule } from '../module.ts';
import * as accounts from './accounts.ts';
import { seedStaff } from './first-admin.ts';
import type { FirstAdminOptions } from './first-admin.ts';
import * as roles from './roles.ts';

/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { permissionsOfStaff, staffSetupOf } from './permissions.ts';
export { totpCode } from './totp.ts';

const Query: QueryResolvers = {
  staffMe: async (_root, _args, ctx) => {
    if (ctx.viewer?.kind !== 'staff') return null;
    const staff = await accounts.loadMember(ctx.services.sql, ctx.viewer.staffId);
    return (
      staff && {
        staff,
        permissions: [...ctx.viewer.permissions].sort(),
        setupRequired: [...(ctx.viewer.setup ?? [])],
      }
    );
  },
  managers: (_root, _args, ctx) => accounts.listManagers(ctx),
  staffRoles: (_root, _args, ctx) => roles.listRoles(ctx),
  permissionTree: (_root, _args, ctx) => roles.listNodes(ctx),
  ipBlacklist: (_root, _args, ctx) => roles.listBlacklist(ctx),
};

const Mutation: MutationResolvers = {
  staffLogin: async (_root, args, ctx) => {
    const session = await accounts.staffLogin(ctx, args);
    return {
      token: session.token,
      expiresAt: session.expiresAt,
      staff: session.member,
      permissions: session.permissions,
      setupRequired: session.setupRequired,
    };
  },
  staffChangePassword: (_root, args, ctx) => accounts.staffChangePassword(ctx, args),
  beginTotpBinding: (_root, _args, ctx) => accounts.beginTotpBinding(ctx),
  confirmTotpBinding: (_root, { code }, ctx) => accounts.confirmTotpBinding(ctx, code),
  unbindTotp: (_root, { code }, ctx) => accounts.unbindTotp(ctx, code),
  unbindStaffTotp: (_root, { staffId, reason }, ctx) => accounts.unbindStaffTotp(ctx, staffId, reason),
  createManager: (_root, { input }, ctx) => accounts.createManager(ctx, input),
  updateManager: (_root, { id, input }, ctx) => accounts.updateManager(ctx, id, input),
  resetManagerPassword: (_root, args, ctx) => accounts.resetManagerPassword(ctx, args),
  createRole: (_root, { input }, ctx) => roles.createRole(ctx, input),
  updateRole: (_root, { id, input }, ctx) => roles.updateRole(ctx, id, input),
  deleteRole: (_root, { id }, ctx) => roles.deleteRole(ctx, id),
  createPermissionNode: (_root, { input }, ctx) => roles.createNode(ctx, input),
  updatePermissionNode: (_root, { id, input }, ctx) => roles.updateNode(ctx, id, input),
  deletePermissionNode: (_root, { id }, ctx) => roles.deleteNode(ctx, id),
  addBlacklistedIp: (_root, { ip, note }, ctx) => roles.addBlacklistedIp(ctx, ip, note),
  removeBlacklistedIp: (_root, { ip }, ctx) => roles.removeBlacklistedIp(ctx, ip),
};

/** The staff module; `firstAdmin` defaults to the process environment and the services' logger (warn). */
export const createStaffModule = (firstAdmin?: FirstAdminOptions): ApiModule => ({
  name: 'staff',
  typeDefs: readFileSync(new URL('./staff.graphql', import.meta.url), 'utf8'),
  resolvers: { Query, Mutation } as IResolvers,
  migrations: new URL('./migrations/', import.meta.url),
  start: async (services) => {
    await seedStaff(
      services.sql,
      firstAdmin ?? { env: process.env, log: (line) => services.logger.warn(line) },
    );
    return async () => undefined;
  },
});

export const staffModule: ApiModule = createStaffModule();
