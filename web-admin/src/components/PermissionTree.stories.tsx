/** Stories of the permission tree (issue 8 item 4): route nodes with their button nodes. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PermissionTree, type TreeNode } from './PermissionTree.tsx';

/** The tree the server seeds: one route per area, one button per permission code. */
const SAMPLE_NODES: readonly TreeNode[] = [
  { id: 'r-users', name: 'Users', code: 'users', type: 'ROUTE', parentId: null, sort: 1 },
  {
    id: 'b-users-view',
    name: 'View users',
    code: 'users.view',
    type: 'BUTTON',
    parentId: 'r-users',
    sort: 1,
  },
  {
    id: 'b-users-edit',
    name: 'Edit users',
    code: 'users.edit',
    type: 'BUTTON',
    parentId: 'r-users',
    sort: 2,
  },
  {
    id: 'b-users-money',
    name: 'Adjust user balances',
    code: 'users.adjust_money',
    type: 'BUTTON',
    parentId: 'r-users',
    sort: 3,
  },
  { id: 'r-payments', name: 'Payments', code: 'payments', type: 'ROUTE', parentId: null, sort: 2 },
  {
    id: 'b-payments-view',
    name: 'View recharges and withdrawals',
    code: 'payments.view',
    type: 'BUTTON',
    parentId: 'r-payments',
    sort: 1,
  },
  {
    id: 'b-payments-approve',
    name: 'Approve withdrawals',
    code: 'payments.approve',
    type: 'BUTTON',
    parentId: 'r-payments',
    sort: 2,
  },
];

function Editable({ initial }: { readonly initial: string[] }) {
  const [checked, setChecked] = useState(initial);
  return (
    <>
      <PermissionTree nodes={SAMPLE_NODES} checked={checked} onChange={setChecked} />
      <p data-testid="held">{checked.toSorted().join(' ')}</p>
    </>
  );
}

const meta: Meta<typeof Editable> = { title: 'Components/PermissionTree', component: Editable };
export default meta;

/** Customer service: views users and payments, no money actions. */
export const CustomerService: StoryObj<typeof Editable> = {
  args: { initial: ['r-users', 'b-users-view', 'r-payments', 'b-payments-view'] },
};

/** Nothing held yet (a new role). */
export const NewRole: StoryObj<typeof Editable> = { args: { initial: [] } };
