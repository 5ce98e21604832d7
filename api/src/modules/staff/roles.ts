/**
 * Roles, the permission tree and the IP blacklist (spec §3 Role, Permission node, IP blacklist; §5 "a
 * role name and a permission node name are required"; §6). Permission `roles.edit` or
 * `ip_blacklist.edit`; every change is audited with before and after in its transaction.
 */
import { isIP } from 'node:net';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { audit } from '../audit/index.ts';
import { auditBase, loadRoles } from './accounts.ts';
import type { RoleObject } from './accounts.ts';
import { assertHolds } from './escalation.ts';
import { requireStaff } from '../../auth/guard.ts';

const ID = /^\d{1,18}$/;

/** Every role (permission `roles.edit`). */
export const listRoles = (ctx: GraphQLContext): Promise<RoleObject[]> => {
  requireStaff(ctx, 'roles.edit');
  return loadRoles(ctx.services.sql);
};

const checkNodes = async (tx: SqlExecutor, nodeIds: readonly string[]): Promise<string[]> => {
  const ids = [...new Set(nodeIds)];
  if (ids.some((id) => !ID.test(id)))
    throw codedError('NODE_NOT_FOUND', 'no such node', { field: 'nodeIds' });
  if (ids.length === 0) return ids;
  const found = await tx.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM staff_permission_nodes WHERE id = ANY($1::bigint[])',
    [ids],
  );
  if (Number(found.rows[0]!.n) !== ids.length)
    throw codedError('NODE_NOT_FOUND', 'no such node', { field: 'nodeIds' });
  return ids;
};

/** The permission codes of nodes `ids` (nodes without a code grant nothing). */
const codesOfNodes = async (tx: SqlExecutor, ids: readonly string[]): Promise<string[]> => {
  if (ids.length === 0) return [];
  const r = await tx.query<{ code: string }>(
    'SELECT code FROM staff_permission_nodes WHERE id = ANY($1::bigint[]) AND code IS NOT NULL',
    [ids],
  );
  return r.rows.map((row) => row.code);
};

/** The permission codes of node `id` and every node below it. */
const codesOfSubtree = async (tx: SqlExecutor, id: string): Promise<string[]> => {
  const r = await tx.query<{ code: string }>(
    `WITH RECURSIVE below AS (
       SELECT id, code FROM staff_permission_nodes WHERE id = $1::bigint
       UNION ALL
       SELECT n.id, n.code FROM staff_permission_nodes n JOIN below b ON n.parent_id = b.id
     )
     SELECT code FROM below WHERE code IS NOT NULL`,
    [id],
  );
  return r.rows.map((row) => row.code);
};

const roleName = (name: string): string => {
  const trimmed = name.trim();
  if (!trimmed) throw codedError('ROLE_NAME_REQUIRED', 'fill in the role name', { field: 'name' });
  if (trimmed.length > 64)
    throw codedError('BAD_INPUT', 'a role name has at most 64 characters', { field: 'name' });
  return trimmed;
};

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/** Creates a role holding `nodeIds`. */
export const createRole = async (
  ctx: GraphQLContext,
  input: { name: string; remarks?: string | null; nodeIds: readonly string[] },
): Promise<RoleObject> => {
  const viewer = requireStaff(ctx, 'roles.edit');
  const name = roleName(input.name);
  try {
    return await ctx.services.sql.transaction(async (tx) => {
      const nodeIds = await checkNodes(tx, input.nodeIds);
      await assertHolds(tx, viewer, await codesOfNodes(tx, nodeIds));
      const created = await tx.query<{ id: string }>(
        'INSERT INTO staff_roles (name, remarks) VALUES ($1, $2) RETURNING id::text',
        [name, (input.remarks ?? '').trim()],
      );
      const id = created.rows[0]!.id;
      await addRoleNodes(tx, id, nodeIds);
      const [after] = await loadRoles(tx, id);
      await audit(tx, {
        ...auditBase(ctx, viewer),
        action: 'role.create',
        entity: 'role',
        entityId: id,
        after,
      });
      return after!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw codedError('ROLE_NAME_TAKEN', 'a role has this name', { field: 'name' });
    throw error;
  }
};

/** Gives role `id` the permission nodes `nodeIds` (already checked by `checkNodes`). */
const addRoleNodes = async (tx: SqlExecutor, id: string, nodeIds: readonly string[]): Promise<void> => {
  if (nodeIds.length === 0) return;
  await tx.query('INSERT INTO staff_role_nodes (role_id, node_id) SELECT $1::bigint, unnest($2::bigint[])', [
    id,
    nodeIds,
  ]);
};

const lockRole = async (tx: SqlExecutor, id: string): Promise<RoleObject> => {
  if (!ID.test(id)) throw codedError('NOT_FOUND', 'no such role', { field: 'id' });
  await tx.query('SELECT 1 FROM staff_roles WHERE id = $1::bigint FOR UPDATE', [id]);
  const [role] = await loadRoles(tx, id);
  if (!role) throw codedError('NOT_FOUND', 'no such role', { field: 'id' });
  if (role.isSuper)
    throw codedError('ROLE_PROTECTED', 'the super administrator role cannot be changed', { field: 'id' });
  return role;
};

/** Renames a role and replaces its nodes (not the super role). */
export const updateRole = async (
  ctx: GraphQLContext,
  id: string,
  input: { name: string; remarks?: string | null; nodeIds: readonly string[] },
): Promise<RoleObject> => {
  const viewer = requireStaff(ctx, 'roles.edit');
  const name = roleName(input.name);
  try {
    return await ctx.services.sql.transaction(async (tx) => {
      const before = await lockRole(tx, id);
      const nodeIds = await checkNodes(tx, input.nodeIds);
      // Neither the role as it is (it may hold more than the caller) nor as it becomes may exceed the caller.
      await assertHolds(tx, viewer, await codesOfNodes(tx, before.nodeIds));
      await assertHolds(tx, viewer, await codesOfNodes(tx, nodeIds));
      await tx.query('UPDATE staff_roles SET name = $2, remarks = $3 WHERE id = $1::bigint', [
        id,
        name,
        input.remarks === undefined || input.remarks === null ? before.remarks : input.remarks.trim(),
      ]);
      await tx.query('DELETE FROM staff_role_nodes WHERE role_id = $1::bigint', [id]);
      await addRoleNodes(tx, id, nodeIds);
      const [after] = await loadRoles(tx, id);
      await audit(tx, {
        ...auditBase(ctx, viewer),
        action: 'role.update',
        entity: 'role',
        entityId: id,
        before,
        after,
      });
      return after!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw codedError('ROLE_NAME_TAKEN', 'a role has this name', { field: 'name' });
    throw error;
  }
};

/** Deletes a role (not the super role); its managers keep their accounts but lose every permission. */
export const deleteRole = async (ctx: GraphQLContext, id: string): Promise<boolean> => {
  const viewer = requireStaff(ctx, 'roles.edit');
  return ctx.services.sql.transaction(async (tx) => {
    const before = await lockRole(tx, id);
    await assertHolds(tx, viewer, await codesOfNodes(tx, before.nodeIds));
    await tx.query('DELETE FROM staff_roles WHERE id = $1::bigint', [id]);
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'role.delete',
      entity: 'role',
      entityId: id,
      before,
    });
    return true;
  });
};

interface NodeRow {
  id: string;
  code: string | null;
  name: string;
  path: string;
  type: 'route' | 'button';
  platform: string;
  icon: string;
  sort: number;
  show_at_top: boolean;
  language_variable: string;
  parent_id: string | null;
}

const nodeOf = (r: NodeRow) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  path: r.path,
  type: r.type === 'route' ? ('ROUTE' as const) : ('BUTTON' as const),
  platform: r.platform,
  icon: r.icon,
  sort: r.sort,
  showAtTop: r.show_at_top,
  languageVariable: r.language_variable,
  parentId: r.parent_id,
});
export type PermissionNodeObject = ReturnType<typeof nodeOf>;

const NODE_COLUMNS =
  'id::text, code, name, path, type, platform, icon, sort, show_at_top, language_variable, parent_id::text';

const loadNode = async (sql: SqlExecutor, id: string): Promise<PermissionNodeObject | null> => {
  if (!ID.test(id)) return null;
  const r = await sql.query<NodeRow>(
    `SELECT ${NODE_COLUMNS} FROM staff_permission_nodes WHERE id = $1::bigint`,
    [id],
  );
  return r.rows[0] ? nodeOf(r.rows[0]) : null;
};

/** The whole tree, parents before children, by sort (permission `roles.edit`). */
export const listNodes = async (ctx: GraphQLContext): Promise<PermissionNodeObject[]> => {
  requireStaff(ctx, 'roles.edit');
  const r = await ctx.services.sql.query<NodeRow>(
    `SELECT ${NODE_COLUMNS} FROM staff_permission_nodes ORDER BY parent_id NULLS FIRST, sort, id`,
  );
  return r.rows.map(nodeOf);
};

/** A node as GraphQL takes it. */
export interface NodeInput {
  name: string;
  code?: string | null;
  path?: string | null;
  type: 'ROUTE' | 'BUTTON';
  icon?: string | null;
  sort?: number | null;
  showAtTop?: boolean | null;
  languageVariable?: string | null;
  parentId?: string | null;
}

const nodeValues = async (tx: SqlExecutor, input: NodeInput, selfId?: string) => {
  const name = input.name.trim();
  if (!name) throw codedError('NODE_NAME_REQUIRED', 'fill in the node name', { field: 'name' });
  const code = input.code?.trim() || null;
  if (code !== null && !/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/.test(code))
    throw codedError('BAD_INPUT', 'a permission code is dotted lower case, e.g. users.view', {
      field: 'code',
    });
  const parentId = input.parentId ?? null;
  if (parentId !== null && (parentId === selfId || !(await loadNode(tx, parentId))))
    throw codedError('NOT_FOUND', 'no such parent node', { field: 'parentId' });
  return [
    code,
    name,
    (input.path ?? '').trim(),
    input.type === 'ROUTE' ? 'route' : 'button',
    (input.icon ?? '').trim(),
    input.sort ?? 0,
    input.showAtTop ?? false,
    (input.languageVariable ?? '').trim(),
    parentId,
  ];
};

/** Adds a node to the tree. */
export const createNode = async (ctx: GraphQLContext, input: NodeInput): Promise<PermissionNodeObject> => {
  const viewer = requireStaff(ctx, 'roles.edit');
  try {
    return await ctx.services.sql.transaction(async (tx) => {
      const values = await nodeValues(tx, input);
      await assertHolds(tx, viewer, [values[0] as string | null]);
      const r = await tx.query<{ id: string }>(
        `INSERT INTO staff_permission_nodes (code, name, path, type, icon, sort, show_at_top, language_variable, parent_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::bigint) RETURNING id::text`,
        values,
      );
      const after = (await loadNode(tx, r.rows[0]!.id))!;
      await audit(tx, {
        ...auditBase(ctx, viewer),
        action: 'permission_node.create',
        entity: 'permission_node',
        entityId: after.id,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw codedError('NODE_CODE_TAKEN', 'a node has this code', { field: 'code' });
    throw error;
  }
};

/** Edits a node (a parent may not be the node itself). */
export const updateNode = async (
  ctx: GraphQLContext,
  id: string,
  input: NodeInput,
): Promise<PermissionNodeObject> => {
  const viewer = requireStaff(ctx, 'roles.edit');
  try {
    return await ctx.services.sql.transaction(async (tx) => {
      const before = await loadNode(tx, id);
      if (!before) throw codedError('NOT_FOUND', 'no such node', { field: 'id' });
      const values = await nodeValues(tx, input, id);
      // Renaming a node's code changes what every role holding it grants: both codes must be the caller's.
      await assertHolds(tx, viewer, [before.code, values[0] as string | null]);
      await tx.query(
        `UPDATE staff_permission_nodes SET code = $1, name = $2, path = $3, type = $4, icon = $5, sort = $6,
           show_at_top = $7, language_variable = $8, parent_id = $9::bigint WHERE id = $10::bigint`,
        [...values, id],
      );
      const after = (await loadNode(tx, id))!;
      await audit(tx, {
        ...auditBase(ctx, viewer),
        action: 'permission_node.update',
        entity: 'permission_node',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw codedError('NODE_CODE_TAKEN', 'a node has this code', { field: 'code' });
    throw error;
  }
};

/** Deletes a node and its children (roles lose them). */
export const deleteNode = async (ctx: GraphQLContext, id: string): Promise<boolean> => {
  const viewer = requireStaff(ctx, 'roles.edit');
  return ctx.services.sql.transaction(async (tx) => {
    const before = await loadNode(tx, id);
    if (!before) throw codedError('NOT_FOUND', 'no such node', { field: 'id' });
    await assertHolds(tx, viewer, await codesOfSubtree(tx, id));
    await tx.query('DELETE FROM staff_permission_nodes WHERE id = $1::bigint', [id]);
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'permission_node.delete',
      entity: 'permission_node',
      entityId: id,
      before,
    });
    return true;
  });
};

interface BlacklistRow {
  ip: string;
  note: string;
  created_by: string;
  created_at: Date;
}
const blacklistOf = (r: BlacklistRow) => ({
  ip: r.ip,
  note: r.note,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

/** The blacklist, newest first (permission `ip_blacklist.edit`). */
export const listBlacklist = async (ctx: GraphQLContext) => {
  requireStaff(ctx, 'ip_blacklist.edit');
  const r = await ctx.services.sql.query<BlacklistRow>(
    'SELECT * FROM ip_blacklist ORDER BY created_at DESC, ip',
  );
  return r.rows.map(blacklistOf);
};

/** Blacklists `ip` (IPv4 or IPv6, normalised to lower case); never the caller's own address. */
export const addBlacklistedIp = async (
  ctx: GraphQLContext,
  ipInput: string,
  note: string | null | undefined,
) => {
  const viewer = requireStaff(ctx, 'ip_blacklist.edit');
  const ip = ipInput.trim().toLowerCase();
  if (!isIP(ip)) throw codedError('BAD_INPUT', 'an IPv4 or IPv6 address', { field: 'ip' });
  if (ip === ctx.ip) throw codedError('CONFLICT', 'you cannot blacklist your own address', { field: 'ip' });
  return ctx.services.sql.transaction(async (tx) => {
    const r = await tx.query<BlacklistRow>(
      `INSERT INTO ip_blacklist (ip, note, created_by) VALUES ($1, $2, $3)
       ON CONFLICT (ip) DO UPDATE SET note = EXCLUDED.note RETURNING *`,
      [ip, (note ?? '').trim(), `staff:${viewer.staffId}`],
    );
    const after = blacklistOf(r.rows[0]!);
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'ip_blacklist.add',
      entity: 'ip_blacklist',
      entityId: ip,
      after,
    });
    return after;
  });
};

/** Removes `ip` from the blacklist; false when it was not there. */
export const removeBlacklistedIp = async (ctx: GraphQLContext, ipInput: string): Promise<boolean> => {
  const viewer = requireStaff(ctx, 'ip_blacklist.edit');
  const ip = ipInput.trim().toLowerCase();
  return ctx.services.sql.transaction(async (tx) => {
    const r = await tx.query<BlacklistRow>('DELETE FROM ip_blacklist WHERE ip = $1 RETURNING *', [ip]);
    if (!r.rows[0]) return false;
    await audit(tx, {
      ...auditBase(ctx, viewer),
      action: 'ip_blacklist.remove',
      entity: 'ip_blacklist',
      entityId: ip,
      before: blacklistOf(r.rows[0]),
    });
    return true;
  });
};
