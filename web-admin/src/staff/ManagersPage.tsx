/**
 * Managers (spec §2 admin "manager list", §6): every staff account with role, status and authenticator;
 * create (account 3–32 characters, password ≥ 12 and not common — checked again on the server), edit name, role and disabled flag, reset the password,
 * unbind another manager's authenticator with a reason. Permissions staff.view / staff.edit.
 */
import { Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import {
  StaffCreateManagerDocument,
  StaffManagersDocument,
  StaffResetManagerPasswordDocument,
  StaffRolesDocument,
  StaffUnbindManagerTotpDocument,
  StaffUpdateManagerDocument,
  type StaffManagerFieldsFragment,
} from '../graphql/generated.ts';
import { useCan } from '../app/staff.tsx';
import { ActionModal } from '../components/ActionModal.tsx';
import { formatEat } from '../components/format.ts';
import { schemas, useErrorText, zodRule } from '../components/forms.ts';
import { Alert } from 'antd';

function PasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={t('staff.password')} rules={[zodRule(schemas.staffPassword, t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('staff.confirmPassword')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value?: string) => {
              if (value !== getFieldValue('password')) throw new Error(t('validation.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The managers screen. */
export function ManagersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const errorText = useErrorText();
  const [managers, refresh] = useQuery({ query: StaffManagersDocument });
  const [roles] = useQuery({ query: StaffRolesDocument, pause: !can('roles.edit') });
  const [, create] = useMutation(StaffCreateManagerDocument);
  const [, update] = useMutation(StaffUpdateManagerDocument);
  const [, resetPassword] = useMutation(StaffResetManagerPasswordDocument);
  const [, unbind] = useMutation(StaffUnbindManagerTotpDocument);
  const reload = () => refresh({ requestPolicy: 'network-only' });
  const roleOptions = (roles.data?.staffRoles ?? []).map((role) => ({ value: role.id, label: role.name }));
  const roleField = (
    <Form.Item name="roleId" label={t('staff.role')}>
      {roleOptions.length > 0 ? <Select options={roleOptions} allowClear /> : <Input />}
    </Form.Item>
  );

  const columns: ColumnsType<StaffManagerFieldsFragment> = [
    { key: 'account', title: t('staff.account'), dataIndex: 'account' },
    { key: 'name', title: t('staff.name'), dataIndex: 'name' },
    { key: 'role', title: t('staff.role'), render: (_, row) => row.role?.name ?? t('staff.noRole') },
    {
      key: 'status',
      title: t('staff.status'),
      render: (_, row) =>
        row.disabled ? (
          <Tag color="red">{t('staff.disabled')}</Tag>
        ) : (
          <Tag color="green">{t('staff.enabled')}</Tag>
        ),
    },
    {
      key: 'totp',
      title: t('staff.totp'),
      render: (_, row) =>
        row.totpBound ? <Tag color="blue">{t('staff.bound')}</Tag> : <Tag>{t('staff.unbound')}</Tag>,
    },
    { key: 'createdAt', title: t('staff.createdAt'), render: (_, row) => formatEat(row.createdAt) },
    {
      key: 'lastLogin',
      title: t('staff.lastLogin'),
      render: (_, row) => `${formatEat(row.lastLoginAt)}${row.lastLoginIp ? ` (${row.lastLoginIp})` : ''}`,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, row) => (
        <Space wrap>
          <ActionModal<{ name: string; roleId?: string; disabled: boolean }>
            label={t('common.edit')}
            title={t('staff.editManager')}
            permission="staff.edit"
            noReason
            initialValues={{ name: row.name, roleId: row.role?.id, disabled: row.disabled }}
            onSubmit={async ({ name, roleId, disabled }) =>
              (await update({ id: row.id, input: { name, roleId: roleId ?? null, disabled } })).error
            }
          >
            <Form.Item name="name" label={t('staff.name')} rules={[zodRule(schemas.required, t)]}>
              <Input />
            </Form.Item>
            {roleField}
            <Form.Item name="disabled" label={t('staff.disabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </ActionModal>
          <ActionModal<{ password: string; confirmPassword: string }>
            label={t('staff.resetPassword')}
            permission="staff.edit"
            noReason
            onSubmit={async (values) =>
              (
                await resetPassword({
                  id: row.id,
                  password: values.password,
                  confirmPassword: values.confirmPassword,
                })
              ).error
            }
          >
            <PasswordFields />
          </ActionModal>
          {row.totpBound && (
            <ActionModal<object>
              label={t('staff.unbindTotp')}
              permission="staff.edit"
              button={{ danger: true }}
              onSubmit={async ({ reason }) => {
                const error = (await unbind({ staffId: row.id, reason })).error;
                if (!error) reload();
                return error;
              }}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionModal<{
        account: string;
        name: string;
        roleId?: string;
        password: string;
        confirmPassword: string;
      }>
        label={t('staff.newManager')}
        permission="staff.edit"
        noReason
        button={{ type: 'primary', size: 'middle' }}
        onSubmit={async ({ account, name, roleId, password }) => {
          const error = (
            await create({ input: { account: account.trim(), name, roleId: roleId ?? null, password } })
          ).error;
          if (!error) reload();
          return error;
        }}
      >
        <Form.Item name="account" label={t('staff.account')} rules={[zodRule(schemas.account, t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('staff.name')} rules={[zodRule(schemas.required, t)]}>
          <Input />
        </Form.Item>
        {roleField}
        <PasswordFields />
      </ActionModal>
      {managers.error && <Alert type="error" showIcon title={errorText(managers.error)} />}
      <Table
        size="small"
        rowKey="id"
        loading={managers.fetching}
        columns={columns}
        dataSource={managers.data?.managers ?? []}
      />
    </Space>
  );
}
