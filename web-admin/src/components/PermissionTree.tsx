/**
 * The permission tree of roles (spec §3 Permission node, §6: a role holds a tree of route and button
 * nodes). Built from the flat `permissionTree` list (parent before child, by `sort`). Checking a route
 * node checks its buttons; a role is saved with the checked nodes and the half-checked parents, so that
 * a role holding one button of an area also holds the area's route (its menu entry).
 */
import { Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';

/** A node as the tree needs it (a subset of the `PermissionNode` GraphQL type). */
export interface TreeNode {
  readonly id: string;
  readonly name: string;
  readonly code?: string | null;
  readonly type: 'ROUTE' | 'BUTTON';
  readonly parentId?: string | null;
  readonly sort: number;
}

/** Builds antd tree data from the flat list; `render` may decorate titles. */
export const buildTree = (nodes: readonly TreeNode[]): DataNode[] => {
  const children = new Map<string | null, TreeNode[]>();
  const ids = new Set(nodes.map((node) => node.id));
  for (const node of nodes) {
    const parent = node.parentId && ids.has(node.parentId) ? node.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const build = (parent: string | null): DataNode[] =>
    (children.get(parent) ?? [])
      .toSorted((a, b) => a.sort - b.sort)
      .map((node) => {
        const below = build(node.id);
        return {
          key: node.id,
          title: (
            <span>
              {node.name}{' '}
              <Tag color={node.type === 'ROUTE' ? 'blue' : 'default'}>
                {node.type === 'ROUTE' ? 'route' : 'button'}
              </Tag>
              {node.code && <Typography.Text code>{node.code}</Typography.Text>}
            </span>
          ),
          ...(below.length > 0 ? { children: below } : { isLeaf: true }),
        };
      });
  return build(null);
};

/** A checkable permission tree; `checked` are the node ids a role holds. */
export function PermissionTree({
  nodes,
  checked,
  onChange,
  disabled = false,
  onSelect,
}: {
  readonly nodes: readonly TreeNode[];
  readonly checked: readonly string[];
  /** The ids to save: checked nodes and half-checked parents. */
  readonly onChange?: (ids: string[]) => void;
  readonly disabled?: boolean;
  /** Called with a node id when a node's title is clicked (editing the node). */
  readonly onSelect?: (id: string) => void;
}) {
  const data = useMemo(() => buildTree(nodes), [nodes]);
  const parents = useMemo(() => new Set(nodes.map((node) => node.parentId).filter(Boolean)), [nodes]);
  // antd derives a parent's state from its children: pass only the leaves held.
  const leaves = checked.filter((id) => !parents.has(id));
  return (
    <Tree
      checkable
      defaultExpandAll
      selectable={onSelect !== undefined}
      disabled={disabled}
      treeData={data}
      checkedKeys={leaves}
      onSelect={(keys) => keys[0] !== undefined && onSelect?.(String(keys[0]))}
      onCheck={(keys, info) => {
        const full = Array.isArray(keys) ? keys : keys.checked;
        onChange?.([...full, ...(info.halfCheckedKeys ?? [])].map(String));
      }}
    />
  );
}
