/**
 * The IP blacklist (spec §2 admin "IP blacklist", §3): blocked addresses with note, who added them and
 * when; block (IPv4 or IPv6, checked here and by the server) and unblock. Permission ip_blacklist.edit.
 */
import { Alert, App, Button, Form, Input, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { StaffAddIpDocument, StaffIpBlacklistDocument, StaffRemoveIpDocument } from '../graphql/generated.ts';
import { ActionModal } from '../components/ActionModal.tsx';
import { formatEat } from '../components/format.ts';
import { schemas, useErrorText, zodRule } from '../components/forms.ts';

/** The IP blacklist screen. */
export function IpBlacklistPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [list, refresh] = useQuery({ query: StaffIpBlacklistDocument });
  const [, add] = useMutation(StaffAddIpDocument);
  const [, remove] = useMutation(StaffRemoveIpDocument);
  const reload = () => refresh({ requestPolicy: 'network-only' });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ActionModal<{ ip: string; note?: string }>
        label={t('staff.addIp')}
        noReason
        button={{ type: 'primary', size: 'middle' }}
        onSubmit={async ({ ip, note }) => {
          const error = (await add({ ip: ip.trim(), note: note ?? '' })).error;
          if (!error) reload();
          return error;
        }}
      >
        <Form.Item
          name="ip"
          label={t('staff.ip')}
          rules={[zodRule(schemas.ip, t)]}
          normalize={(v: string) => v.trim()}
        >
          <Input placeholder="203.0.113.7" />
        </Form.Item>
        <Form.Item name="note" label={t('staff.note')}>
          <Input />
        </Form.Item>
      </ActionModal>
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Table
        size="small"
        rowKey="ip"
        loading={list.fetching}
        dataSource={list.data?.ipBlacklist ?? []}
        columns={[
          { key: 'ip', title: t('staff.ip'), dataIndex: 'ip' },
          { key: 'note', title: t('staff.note'), dataIndex: 'note' },
          { key: 'createdBy', title: t('staff.createdBy'), dataIndex: 'createdBy' },
          { key: 'createdAt', title: t('staff.createdAt'), render: (_, row) => formatEat(row.createdAt) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, row) => (
              <Popconfirm
                title={t('common.areYouSure')}
                onConfirm={async () => {
                  const result = await remove({ ip: row.ip });
                  if (result.error) return void message.error(errorText(result.error));
                  reload();
                }}
              >
                <Button size="small" danger>
                  {t('staff.removeIp')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
