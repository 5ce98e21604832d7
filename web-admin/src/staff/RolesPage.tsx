/**
 * Roles and the permission tree (spec §2 admin "roles and permission tree", §3 Role and Permission node,
 * §5 "A role name and a permission node name are required", §6): choose a role, tick its nodes in the
 * tree, save (`updateRole`); create and delete roles; add, edit and delete nodes (route or button, code,
 * path, sort, icon, show-at-top, language variable, parent). The super-administrator role holds every
 * node and cannot be changed. Permission roles.edit.
 */
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Tabs,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import {
  StaffCreateNodeDocument,
  StaffCreateRoleDocument,
  StaffDeleteNodeDocument,
  StaffDeleteRoleDocument,
  StaffPermissionTreeDocument,
  StaffRolesDocument,
  StaffUpdateNodeDocument,
  StaffUpdateRoleDocument,
  type PermissionNodeInput,
  type StaffNodeFieldsFragment,
  type StaffRoleFieldsFragment,
} from '../graphql/generated.ts';
import { ActionModal } from '../components/ActionModal.tsx';
import { schemas, useErrorText, zodRule } from '../components/forms.ts';
import { PermissionTree } from '../components/PermissionTree.tsx';

function RoleEditor({
  role,
  nodes,
  onDeleted,
}: {
  readonly role: StaffRoleFieldsFragment;
  readonly nodes: readonly StaffNodeFieldsFragment[];
  readonly onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ name: string; remarks: string }>();
  const [checked, setChecked] = useState<string[]>([...role.nodeIds]);
  const [{ fetching }, save] = useMutation(StaffUpdateRoleDocument);
  const [, remove] = useMutation(StaffDeleteRoleDocument);
  useEffect(() => {
    form.setFieldsValue({ name: role.name, remarks: role.remarks });
    setChecked([...role.nodeIds]);
  }, [form, role]);

  const submit = async (values: { name: string; remarks: string }) => {
    const result = await save({
      id: role.id,
      input: { name: values.name.trim(), remarks: values.remarks ?? '', nodeIds: checked },
    });
    if (result.error) void message.error(errorText(result.error));
    else void message.success(t('common.saved'));
  };

  return (
    <Card
      title={role.name}
      extra={
        !role.isSuper && (
          <Popconfirm
            title={t('common.areYouSure')}
            onConfirm={async () => {
              const result = await remove({ id: role.id });
              if (result.error) void message.error(errorText(result.error));
              else onDeleted();
            }}
          >
            <Button danger size="small">
              {t('staff.deleteRole')}
            </Button>
          </Popconfirm>
        )
      }
    >
      {role.isSuper && (
        <Alert type="info" showIcon title={t('staff.superRole')} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} layout="vertical" onFinish={submit} disabled={role.isSuper}>
        <Form.Item name="name" label={t('staff.roleName')} rules={[zodRule(schemas.required, t)]}>
          <Input />
        </Form.Item>
        <Form.Item name="remarks" label={t('staff.remarks')}>
          <Input />
        </Form.Item>
        <Form.Item label={t('staff.nodes')}>
          <PermissionTree nodes={nodes} checked={checked} onChange={setChecked} disabled={role.isSuper} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={fetching}>
          {t('staff.saveRole')}
        </Button>
      </Form>
    </Card>
  );
}

function NodeFields({ nodes }: { readonly nodes: readonly StaffNodeFieldsFragment[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="name" label={t('staff.nodeName')} rules={[zodRule(schemas.required, t)]}>
        <Input />
      </Form.Item>
      <Form.Item name="type" label={t('staff.nodeType')}>
        <Select
          options={[
            { value: 'ROUTE', label: t('staff.route') },
            { value: 'BUTTON', label: t('staff.button') },
          ]}
        />
      </Form.Item>
      <Form.Item name="code" label={t('staff.nodeCode')}>
        <Input placeholder="users.view" />
      </Form.Item>
      <Form.Item name="path" label={t('staff.nodePath')}>
        <Input />
      </Form.Item>
      <Form.Item name="parentId" label={t('staff.parent')}>
        <Select
          allowClear
          options={nodes.filter((n) => n.type === 'ROUTE').map((n) => ({ value: n.id, label: n.name }))}
        />
      </Form.Item>
      <Space wrap>
        <Form.Item name="sort" label={t('staff.nodeSort')}>
          <InputNumber precision={0} />
        </Form.Item>
        <Form.Item name="icon" label={t('staff.nodeIcon')}>
          <Input />
        </Form.Item>
        <Form.Item name="languageVariable" label={t('staff.languageVariable')}>
          <Input />
        </Form.Item>
        <Form.Item name="showAtTop" label={t('staff.showAtTop')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </>
  );
}

type NodeValues = Omit<PermissionNodeInput, 'parentId'> & { parentId?: string | null };

const nodeInput = (values: NodeValues): PermissionNodeInput => ({
  name: values.name.trim(),
  type: values.type,
  code: values.code?.trim() || null,
  path: values.path ?? '',
  parentId: values.parentId ?? null,
  sort: values.sort ?? 0,
  icon: values.icon ?? '',
  languageVariable: values.languageVariable ?? '',
  showAtTop: values.showAtTop ?? false,
});

function NodesEditor({
  nodes,
  reload,
}: {
  readonly nodes: readonly StaffNodeFieldsFragment[];
  readonly reload: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [selected, setSelected] = useState<string | null>(null);
  const [, create] = useMutation(StaffCreateNodeDocument);
  const [, update] = useMutation(StaffUpdateNodeDocument);
  const [, remove] = useMutation(StaffDeleteNodeDocument);
  const node = nodes.find((n) => n.id === selected) ?? null;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Space style={{ marginBottom: 12 }}>
          <ActionModal<NodeValues>
            label={t('staff.newNode')}
            noReason
            button={{ type: 'primary' }}
            initialValues={{ type: 'BUTTON', sort: 0, parentId: node?.type === 'ROUTE' ? node.id : null }}
            onSubmit={async (values) => {
              const error = (await create({ input: nodeInput(values) })).error;
              if (!error) reload();
              return error;
            }}
          >
            <NodeFields nodes={nodes} />
          </ActionModal>
        </Space>
        <PermissionTree nodes={nodes} checked={[]} onSelect={setSelected} />
      </Col>
      <Col xs={24} lg={12}>
        {node ? (
          <Card
            title={node.name}
            extra={
              <Space>
                <ActionModal<NodeValues>
                  key={node.id}
                  label={t('staff.editNode')}
                  noReason
                  initialValues={{ ...node, code: node.code ?? '' }}
                  onSubmit={async (values) => {
                    const error = (await update({ id: node.id, input: nodeInput(values) })).error;
                    if (!error) reload();
                    return error;
                  }}
                >
                  <NodeFields nodes={nodes.filter((n) => n.id !== node.id)} />
                </ActionModal>
                <Popconfirm
                  title={t('common.areYouSure')}
                  onConfirm={async () => {
                    const result = await remove({ id: node.id });
                    if (result.error) return void message.error(errorText(result.error));
                    setSelected(null);
                    reload();
                  }}
                >
                  <Button size="small" danger>
                    {t('staff.deleteNode')}
                  </Button>
                </Popconfirm>
              </Space>
            }
          >
            <List
              size="small"
              dataSource={[
                [t('staff.nodeCode'), node.code ?? '—'],
                [t('staff.nodeType'), node.type === 'ROUTE' ? t('staff.route') : t('staff.button')],
                [t('staff.nodePath'), node.path || '—'],
                [t('staff.nodeSort'), String(node.sort)],
                [t('staff.languageVariable'), node.languageVariable || '—'],
              ]}
              renderItem={([label, value]) => (
                <List.Item>
                  {label}: <Tag>{value}</Tag>
                </List.Item>
              )}
            />
          </Card>
        ) : (
          <Empty description={t('staff.editNode')} />
        )}
      </Col>
    </Row>
  );
}

/** The roles screen. */
export function RolesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [roles, refreshRoles] = useQuery({ query: StaffRolesDocument });
  const [tree, refreshTree] = useQuery({ query: StaffPermissionTreeDocument });
  const [, create] = useMutation(StaffCreateRoleDocument);
  const [selected, setSelected] = useState<string | null>(null);
  const nodes = tree.data?.permissionTree ?? [];
  const role = roles.data?.staffRoles.find((r) => r.id === selected) ?? null;
  const reloadRoles = () => refreshRoles({ requestPolicy: 'network-only' });
  const error = roles.error ?? tree.error;

  return (
    <Tabs
      items={[
        {
          key: 'roles',
          label: t('staff.rolesTitle'),
          children: (
            <Row gutter={16}>
              {error && <Alert type="error" showIcon title={errorText(error)} />}
              <Col xs={24} lg={8}>
                <ActionModal<{ name: string; remarks?: string }>
                  label={t('staff.newRole')}
                  noReason
                  button={{ type: 'primary' }}
                  onSubmit={async ({ name, remarks }) => {
                    const result = await create({
                      input: { name: name.trim(), remarks: remarks ?? '', nodeIds: [] },
                    });
                    if (result.data) {
                      reloadRoles();
                      setSelected(result.data.createRole.id);
                    }
                    return result.error;
                  }}
                >
                  <Form.Item name="name" label={t('staff.roleName')} rules={[zodRule(schemas.required, t)]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="remarks" label={t('staff.remarks')}>
                    <Input />
                  </Form.Item>
                </ActionModal>
                <List
                  style={{ marginTop: 12 }}
                  bordered
                  loading={roles.fetching}
                  dataSource={roles.data?.staffRoles ?? []}
                  renderItem={(item) => (
                    <List.Item
                      onClick={() => setSelected(item.id)}
                      style={{ cursor: 'pointer', background: item.id === selected ? '#e6f4ee' : undefined }}
                    >
                      <List.Item.Meta title={item.name} description={item.remarks || undefined} />
                      {item.isSuper && <Tag color="gold">super</Tag>}
                    </List.Item>
                  )}
                />
              </Col>
              <Col xs={24} lg={16}>
                {role ? (
                  <RoleEditor
                    key={role.id}
                    role={role}
                    nodes={nodes}
                    onDeleted={() => {
                      setSelected(null);
                      reloadRoles();
                    }}
                  />
                ) : (
                  <Empty description={t('staff.chooseRole')} />
                )}
              </Col>
            </Row>
          ),
        },
        {
          key: 'nodes',
          label: t('staff.nodes'),
          children: (
            <NodesEditor nodes={nodes} reload={() => refreshTree({ requestPolicy: 'network-only' })} />
          ),
        },
      ]}
    />
  );
}
